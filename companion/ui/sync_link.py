"""One tab's side of live sync: who this device is, redrawing when another device acts,
and what to say when a tap arrived too late.

``TabSync`` hangs off ``TableApp.sync``. Everything here reads it; a ``TableApp`` without
one (tests of single screens) behaves as the host of every game.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

import flet as ft

from companion.session import AlreadyApplied
from companion.sync.access import Access
from companion.sync.device import Device
from companion.sync.hub import SyncHub
from companion.sync.private_build import (
    may_build_for,
    may_reveal,
    may_see_face_down,
    waiting_for,
)
from companion.sync.registry import JoinRecordNotSaved
from companion.ui.opening import open_route, open_route_then
from companion.ui.redraw import later
from companion.ui.routes import route_name
from companion.ui.widgets import Refusal
from rules.commands import BuildRoom, Command, RevealRooms
from rules.models import GameState

if TYPE_CHECKING:
    from companion.i18n import Lang, Translator
    from companion.session import Sessions, TableSession
    from rules.game_kinds import AnySetup

log = logging.getLogger(__name__)


class _Settings(Protocol):
    @property
    def lang(self) -> Lang: ...


class _Routed(Protocol):
    @property
    def route(self) -> str: ...


class TableApp(Protocol):
    """One browser tab's app (``companion.ui.shell.TableApp``) as the helpers below, the
    join, redraw, off-loop, sending and store-problem modules, the rulings and the squad screens
    use it: named here, so that they need not import the shell that imports them (no
    import cycle, type-only imports included). mypy checks that the shell's app fits."""

    page: ft.Page
    tr: Translator
    sync: TabSync | None
    session: TableSession | None
    sessions: Sessions | None

    @property
    def current(self) -> _Routed: ...

    @property
    def stack(self) -> Sequence[_Routed]: ...

    @property
    def settings(self) -> _Settings: ...

    async def start_game(self, setup: AnySetup) -> None: ...

    def save_setting(self, key: str, value: str) -> None: ...

    def start(self, route: str = "/") -> None: ...

    def render(self) -> None: ...

    def redraw_all(self) -> None: ...

    def render_top(self, views_changed: bool = False) -> None: ...

    def go(self, route: str) -> None: ...

    def replace(self, route: str) -> None: ...

    def back_to(self, route: str) -> bool: ...

    def open_game(self, game_id: str) -> TableSession: ...

    def close(self) -> None: ...


class _HasGameId(Protocol):
    @property
    def game_id(self) -> str: ...


G = TypeVar("G", bound=_HasGameId)
#: The top-of-screen message slot of the game screen (neutral, not an error).
SYNC_SLOT = "sync"
#: A tap on a control that a redraw removed counts as "too late" for this long.
LATE_TAP_S = 5.0
#: Pauses between tries to read this device again when the browser's storage did not
#: answer in time (a loaded computer right after a server restart answers in seconds).
DEVICE_RETRY_S = (1.0, 2.0, 4.0, 8.0, 15.0)


@dataclass
class TabSync:
    hub: SyncHub
    device: Device
    client_ip: str | None = None
    page_url: str | None = None
    #: This tab, as the presence list knows it (a device may have several tabs).
    tab: str = field(default_factory=lambda: secrets.token_hex(8))
    #: Reads this device from the browser's storage again (after it did not answer).
    reload_device: Callable[[], Awaitable[Device]] | None = None
    #: Any cheap question to the browser: its answer comes after every patch sent before
    #: it has been applied, so it tells when the browser shows what was sent.
    ask_client: Callable[[], Awaitable[object]] | None = None
    #: The address the tab asked for when it opened, and the route it was shown then (the
    #: gate's Join screen, if its device was not known yet): once the device is read, a
    #: tab that has not moved since goes where it asked to be.
    asked_route: str | None = None
    shown_route: str | None = None
    #: A join-record write of this tab is under way on a worker thread (``off_loop``).
    writing: bool = False

    def access(self, game_id: str) -> Access:
        return self.hub.access(game_id, self.device, self.client_ip)


def access_of(app: TableApp) -> Access:
    if app.sync is None or app.session is None:
        return Access("host")
    return app.sync.access(app.session.game_id)


def builds_here(app: TableApp, player: str) -> bool:
    """Whether this device builds ``player``'s Room (``may_build_for``)."""
    if app.sync is None or app.session is None:
        return True
    game_id = app.session.game_id
    return may_build_for(
        access_of(app),
        app.sync.hub.registry.get(game_id),
        app.sync.hub.presence.online(game_id),
        player,
        app.sync.device.device_id,
    )


def sees_face_down(app: TableApp, player: str) -> bool:
    """Whether this device may see what ``player`` placed face down (``may_see_face_down``:
    the owner's seat, or a host or table device for a player without a phone)."""
    if app.sync is None or app.session is None:
        return True
    record = app.sync.hub.registry.get(app.session.game_id)
    return may_see_face_down(access_of(app), record, player)


def device_id(app: TableApp) -> str | None:
    return app.sync.device.device_id if app.sync is not None else None


def refusal_for(app: TableApp, command: Command | str) -> Refusal | None:
    """Why this device may not send ``command`` (None: it may). Spectators change
    nothing; Rooms are built by their owner's phone; a seat reveals once all are ready.
    The table's own arrangements, not rules: no rule to link to."""
    access = access_of(app)
    tr = app.tr
    if not access.can_change:
        return Refusal(tr("sync.watch_only"))
    if app.sync is None or app.session is None:
        return None
    state = app.session.state
    if not isinstance(state, GameState):  # the squad game: nothing is built in private
        return None
    if isinstance(command, BuildRoom) and not builds_here(app, command.player):
        return Refusal(tr("sync.builds_elsewhere", player=command.player))
    if isinstance(command, RevealRooms) and not may_reveal(access, state):
        return Refusal(tr("sync.waiting_for", players=", ".join(waiting_for(state))))
    return None


def stale_text(app: TableApp, error: Exception) -> str:
    if isinstance(error, AlreadyApplied):
        return app.tr("sync.already_applied")
    return app.tr("sync.stale")


def tap_missed(app: TableApp) -> None:
    """A tap reached the server for a control a redraw had already replaced: say why,
    so no tap is lost without a word. A redraw for another device's change means the
    table moved under the finger; a redraw for this device's own change means the same
    tap arrived twice (applied once)."""
    if app.sync is None or app.session is None:
        return
    changed_at, origin = app.session.last_change
    if time.monotonic() - changed_at > LATE_TAP_S:
        return
    errors = getattr(app.current, "errors", None)
    if not isinstance(errors, dict):
        return
    errors[SYNC_SLOT] = Refusal(app.tr("sync.already_applied" if origin is app else "sync.stale"))
    app.render_top()


def sync_banner(app: TableApp, message: str) -> ft.Control:
    """The neutral line at the top of the game screen that explains a resync."""
    from companion.ui.widgets import tagged

    return tagged(
        "sync-notice",
        ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.SYNC, color=ft.Colors.ON_TERTIARY_CONTAINER),
                    ft.Text(message, size=16, expand=True, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ]
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=12,
            border_radius=8,
        ),
        live_region=True,
        visible=bool(message),
    )


def disconnected(app: TableApp) -> None:
    """The browser went away (phone asleep, network blip, tab closed): stop drawing for
    it and let its seat show as away. Flet keeps the tab's session for a while."""
    if app.sync is not None:
        app.sync.hub.presence.leave(app.sync.tab)
    app.close()


def reconnected(app: TableApp) -> None:
    """The same tab is back: listen again and draw the game as it is now. If this tab
    never managed to read its device from storage (a client reconnecting to a restarted
    server does not answer), read it now and start again as that device."""
    sync = app.sync
    if sync is not None and not sync.device.known and sync.reload_device is not None:
        app.page.run_task(_reread_device, app)
        return
    asked = app.page.route
    if asked and asked != app.current.route:
        # The tab came back at another address (a join link opened in it): show that one.
        # Drawing the screens it had would send the browser back to their address while
        # Flet reports the new one, and the two addresses chased each other for good.
        start_at(app, asked)
        return
    if app.session is not None and app.sessions is not None:
        before = app.session.revision
        session = app.open_game(app.session.game_id)
        errors = getattr(app.current, "errors", None)
        if session.revision != before and isinstance(errors, dict):
            errors[SYNC_SLOT] = Refusal(app.tr("sync.stale"))
    app.render()


def visible_games(app: TableApp, games: Sequence[G]) -> tuple[list[G], str | None]:
    """The saved games this device may see (a game it has no code for is not listed,
    unless its host lets anyone watch), and what to say if some could not be decided (a
    join record that could not be written: those are left out, the others listed)."""
    if app.sync is None:
        return list(games), None
    shown: list[G] = []
    failed: JoinRecordNotSaved | None = None
    for game in games:
        try:
            if app.sync.access(game.game_id).can_view:
                shown.append(game)
        except JoinRecordNotSaved as error:
            failed = error
    return shown, unsaved_text(app, "sync.records_unsaved", failed) if failed else None


def unsaved_text(app: TableApp, key: str, error: JoinRecordNotSaved) -> str:
    """``key``'s message, saying why the join record could not be written."""
    return app.tr(key, why=app.tr(f"sync.why.{error.reason}"))


def join_button(app: TableApp) -> ft.Control:
    from companion.ui.widgets import big_button

    return big_button(
        "join-game",
        app.tr("sync.join_game"),
        lambda _e: app.go("/join"),
        icon=ft.Icons.QR_CODE_SCANNER,
        expand=True,
    )


def route_changed(app: TableApp, route: str) -> None:
    """The browser asked for another address in the same tab: its ← to a screen below
    (which comes back as it was, scrolled where the player left it), or a join link
    opened where the app already runs, a reconnect that lands elsewhere (that screen is
    opened anew)."""
    if route and route != app.current.route and not app.back_to(route):
        start_at(app, route)


def start_at(app: TableApp, route: str) -> None:
    """Start the tab again at ``route``, once the game it shows is read off the event
    loop (``companion.ui.opening``), unless the tab is there already by then.

    A tab sent to another address comes back with two calls (``reconnected`` and
    ``route_changed``), each before the other's reading is done: the second start would
    send every control of the screen again, and a tap made on the first drawing would be
    lost (its control gone)."""

    def start() -> None:
        if app.current.route != route:
            app.start(route)

    open_route_then(app, route, start)


def presence_changed(app: TableApp) -> None:
    """A device arrived at or left this tab's game: the game screen is drawn again, the
    line counting them (and the Invite tab's seats: a phone that just took one) drawn
    from the count now. Flet's diff sends what changed; every other control stays the
    one under the player's finger."""

    def update() -> None:
        if app.sync is None or app.session is None:
            return
        if route_name(app.current.route) in ("game", "table"):
            app.render_top()

    later(app.page, update)


def here_text(app: TableApp, count: int) -> str:
    tr = app.tr
    access = access_of(app)
    if access.role == "spectator":
        role = tr("sync.role_spectator")
    elif access.seat is not None:
        role = tr("sync.role_seat", player=access.seat)
    elif access.role == "host":
        role = tr("sync.role_host")
    else:
        role = tr("sync.role_table")
    return f"{role} · {tr('sync.devices_here', count=count)}"


def started(app: TableApp, asked_route: str) -> None:
    """The tab has drawn its first screen. If its device could not be read from the
    browser's storage, it is a stranger for now: keep asking in the background."""
    sync = app.sync
    if sync is None:
        return
    sync.asked_route = asked_route
    sync.shown_route = app.current.route
    if not sync.device.known and sync.reload_device is not None:
        app.page.run_task(_recover_device, app)


async def _recover_device(app: TableApp) -> None:
    for pause in DEVICE_RETRY_S:
        sync = app.sync
        if sync is None or sync.device.known:
            return
        await asyncio.sleep(pause)
        try:
            if await _reread_device(app):
                return
        except Exception:  # a tab that closed meanwhile: nothing to recover
            log.debug("reading the device again failed", exc_info=True)
            return
    log.warning("this tab's device was never read from the browser's storage")


def _device_free(app: TableApp) -> bool:
    """No screen on this tab's stack depends on which device it is: no game is open
    (the join gate decided whether it may be seen, and how; a game's screen opens it),
    no Join screen, and the gate sent the tab where it asked to go."""
    sync = app.sync
    if app.session is not None or sync is None or sync.asked_route != sync.shown_route:
        return False
    return all(route_name(screen.route) != "join" for screen in app.stack)


async def _reread_device(app: TableApp) -> bool:
    """Read this device again; if the browser answers, start again as that device (at
    the address the tab asked for, unless it has moved since). True once known."""
    sync = app.sync
    if sync is None or sync.reload_device is None:
        return False
    device = await sync.reload_device()
    if sync.device.known:  # another try got there first
        return True
    if not device.known:
        return False
    sync.device = device
    if _device_free(app):
        # Nothing on screen was decided by the device: keep the screens (a word typed in
        # the Rules search, a form half filled) and draw them again for what this device
        # may see (its games on Home). Started anew, a field just typed into was drawn
        # empty under the typed text, and the typing was lost.
        app.redraw_all()
        return True
    route = app.page.route or app.current.route
    if sync.asked_route and app.current.route == sync.shown_route:
        route = sync.asked_route  # the gate sent it to Join only for want of its device
    app.close()
    app.session = None
    await open_route(app, route)  # its game read off the event loop
    app.start(route)
    return True
