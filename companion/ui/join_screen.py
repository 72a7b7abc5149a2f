"""The Join screen (route ``/join``): type or scan a game's join code, then pick a seat.

``/join?code=K7M2QX`` is what the Invite QR code opens: the code is checked at once and
the seats are shown. ``/join?game=<id>`` is where a device lands when it opens a game it
has no code for ("ask the host for the join code"), or when it wants another seat.
``gate_route`` sends a device that may not see a game here instead.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.store import StoreError
from companion.sync.access import Join
from companion.sync.codes import BadJoinCode, display_code
from companion.sync.device import PREF_JOINS
from companion.sync.hub import TooManyGuesses, WrongCode
from companion.sync.registry import JoinRecordNotSaved, SeatTaken, UnknownPlayer
from companion.ui.off_loop import write_off_loop
from companion.ui.opening import open_then
from companion.ui.redraw import page_loop
from companion.ui.routes import GAME_ROUTES, route_game_id, route_name
from companion.ui.store_problems import not_opened_text
from companion.ui.sync_link import unsaved_text
from companion.ui.widgets import ErrorBanner, big_button, heading, note, tagged
from rules.game_kinds import player_names

if TYPE_CHECKING:
    from companion.sync.access import GameAccess
    from companion.ui.sync_link import TableApp


def _query(route: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(route).query).items() if v}


def gate_route(app: TableApp, route: str) -> str:
    """The route this device is shown instead of ``route``: a game it may not see opens
    the Join screen; a game it may only watch opens the game screen, never set-up.

    Every route that shows a game passes here (``GAME_ROUTES``, with or without the id:
    '/table' alone shows the tab's own game), so no address opens a game around it."""
    name = route_name(route)
    if app.sync is None or name not in GAME_ROUTES:
        return route
    game_id = route_game_id(route) or (app.session.game_id if app.session else None)
    if game_id is None:
        return route
    if not app.sync.hub.game_exists(game_id):
        return route  # the store says what is wrong with it
    app.sync.hub.claim(game_id, app.sync.device)  # opened: a game with no host is this one's
    access = app.sync.access(game_id)
    if not access.can_view:
        return f"/join?game={game_id}"
    if name == "setup" and not access.can_change:
        return f"/game/{game_id}"
    return route


class GameUnavailable:
    """What the gate shows when it could not decide: the game's join record had to be
    written first and could not be (a full disk). The route stays the game's, so a
    reload once there is space opens it; every other page and game keeps working."""

    def __init__(self, app: TableApp, route: str, error: JoinRecordNotSaved) -> None:
        self.app = app
        self.route = route
        self.error = error

    def title(self) -> str:
        return self.app.tr("sync.unavailable_title")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        return [
            heading(self.title()),
            tagged(
                "game-unavailable",
                note(unsaved_text(self.app, "sync.record_unsaved", self.error)),
                live_region=True,
            ),
        ]


class JoinScreen:
    def __init__(self, app: TableApp, route: str = "/join") -> None:
        self.app = app
        self.route = route
        query = _query(route)
        self.game_id = query.get("game")
        self.code = ""
        self.found: GameAccess | None = None
        self.field = ft.TextField(
            capitalization=ft.TextCapitalization.CHARACTERS,
            autocorrect=False,
            text_size=22,
            on_change=self._typed,
            on_submit=lambda _e: self._check(),
        )
        self.error = ErrorBanner("join-error")
        self.opening = False  # the game is being read for its seats
        self.failed: StoreError | None = None  # why it could not be read
        if app.sync is not None and self.game_id and app.sync.hub.game_exists(self.game_id):
            access = app.sync.access(self.game_id)
            if access.can_change:  # host, or a code this device remembers: pick a seat
                self.found = app.sync.hub.record(self.game_id, app.sync.device)
            elif access.stale_code:
                self.error.show(app.tr("sync.code_changed"))
        if "code" in query and self.found is None:
            self.code = query["code"]
            self.field.value = self.code
            self._check(redraw=False)

    def title(self) -> str:
        return self.app.tr("sync.join_title")

    def phase(self) -> str | None:
        return None

    # --- steps ----------------------------------------------------------------------

    def _typed(self, _event: object) -> None:
        self.code = str(self.field.value or "")

    def _check(self, redraw: bool = True) -> None:
        app = self.app
        tr = app.tr
        if app.sync is None:
            return
        try:
            found = app.sync.hub.check_code(self.code, app.sync.device, app.sync.client_ip)
        except BadJoinCode as exc:
            self.error.show(tr("sync.bad_code", why=str(exc)))
        except WrongCode as exc:
            self.error.show(tr("sync.wrong_code", code=display_code(str(exc))))
        except TooManyGuesses as exc:
            self.error.show(tr("sync.too_many", seconds=exc.wait))
        else:
            self.found = found
            self.game_id = found.game_id
            self.error.show("")
            # Remember the code at once: even before a seat is picked, it is this device's.
            self._remember(None)
        if redraw:
            app.render_top()

    def _remember(self, seat: str | None) -> None:
        app = self.app
        assert app.sync is not None and self.found is not None
        joins = app.sync.device.remember(self.found.game_id, Join(code=self.found.code, seat=seat))
        app.save_setting(PREF_JOINS, joins)

    def _sit(self, player: str | None) -> None:
        """Take the seat of ``player`` (None: watch from no seat). The record is written off
        the event loop (``write_off_loop``); the game opens once it is saved."""
        app = self.app
        assert app.sync is not None and self.found is not None and app.sessions is not None
        game_id = self.found.game_id
        try:
            players = tuple(p.name for p in app.sessions.open(game_id).state.players)
        except StoreError as exc:
            self.error.show(not_opened_text(app, game_id, exc))
            app.render_top()
            return
        registry = app.sync.hub.registry
        device = app.sync.device.device_id
        online = app.sync.hub.presence.online(game_id)
        write_off_loop(
            app,
            lambda: registry.sit(game_id, player, device, players=players, online=online),
            lambda outcome: self._sat(game_id, player, outcome),
        )

    def _sat(self, game_id: str, player: str | None, outcome: Future[GameAccess]) -> None:
        app = self.app
        tr = app.tr
        try:
            self.found = outcome.result()
        except SeatTaken as exc:
            self.error.show(tr("sync.seat_taken", player=exc.player))
            app.render_top()
            return
        except UnknownPlayer as exc:
            self.error.show(str(exc))
            app.render_top()
            return
        except StoreError as exc:
            self.error.show(not_opened_text(app, game_id, exc))
            app.render_top()
            return
        except JoinRecordNotSaved as exc:  # the seat is not taken: nothing changed
            self.error.show(unsaved_text(app, "sync.seat_unsaved", exc))
            app.render_top()
            return
        self._remember(player)
        app.replace(f"/game/{game_id}")

    def _opened(self, failed: StoreError | None) -> None:
        """The game is open, or ``failed`` says why not: the seats, or why not."""
        self.opening = False
        self.failed = failed
        if self.app.current is self:
            self.app.render_top()

    # --- drawing --------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.found is None:
            return self._ask_code()
        return self._seats()

    def _ask_code(self) -> list[ft.Control]:
        tr = self.app.tr
        out: list[ft.Control] = [heading(tr("sync.join_title"))]
        if self.game_id:
            out.append(tagged("join-locked", note(tr("sync.ask_host"))))
        else:
            out.append(note(tr("sync.join_note")))
        self.field.label = tr("sync.code_label")  # kept with what was typed; in today's words
        out += [
            tagged("join-code", self.field),
            big_button(
                "join-go",
                tr("sync.join"),
                lambda _e: self._check(),
                icon=ft.Icons.LOGIN,
                primary=True,
            ),
            self.error.control,
        ]
        return out

    def _seats(self) -> list[ft.Control]:
        app = self.app
        tr = app.tr
        assert self.found is not None and app.sync is not None and app.sessions is not None
        game_id = self.found.game_id
        unread = app.sessions.opened(game_id) is None and self.failed is None
        if unread and page_loop(app.page) is not None:
            # The seats are the game's players: the game is read off the event loop first
            # (once: if it can't be opened, ``failed`` says why).
            if not self.opening:
                self.opening = True
                open_then(app, game_id, self._opened)
            return [
                heading(tr("sync.pick_seat")),
                tagged("join-opening", note(tr("games.opening")), live_region=True),
            ]
        try:
            if self.failed is not None:
                raise self.failed
            names = player_names(app.sessions.open(game_id).game.setup)
        except StoreError as exc:
            return [tagged("join-not-opened", note(not_opened_text(app, game_id, exc)))]
        online = app.sync.hub.presence.online(game_id)
        me = app.sync.device.device_id
        out: list[ft.Control] = [
            heading(tr("sync.pick_seat")),
            note(tr("sync.seat_note")),
        ]
        for number, seat in enumerate(names, 1):
            holder = self.found.holder(seat)
            taken = holder is not None and holder != me and holder in online
            label = tr("sync.sit_as", player=seat)
            if holder == me:
                label += f" ({tr('sync.seat_mine')})"
            elif taken:
                label += f" ({tr('sync.seat_here')})"
            button = big_button(
                f"join-seat-{number}",
                label,
                (lambda name: lambda _e: self._sit(name))(seat),
                icon=ft.Icons.EVENT_SEAT,
                primary=holder == me,
                expand=True,
            )
            out.append(button)
        out += [
            big_button(
                "join-seat-none",
                tr("sync.no_seat"),
                lambda _e: self._sit(None),
                icon=ft.Icons.TABLE_RESTAURANT,
                expand=True,
            ),
            self.error.control,
        ]
        return out
