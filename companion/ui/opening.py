"""Opening a saved game off the event loop: its file read and its log replayed on a worker
thread, while the server goes on answering every other tab and phone.

A long game takes a while to replay, and a file from outside may be as large as the store
lets it be; on the loop, every tab would wait meanwhile. Here the game is opened on a
worker thread first (``Sessions.open`` keeps it open for the whole server), and only
then does the tab go to it: the screen built then finds it open and reads nothing. If
the opening takes more than a moment, the tab says "Opening the game…" meanwhile.

A game that cannot be opened is told to the caller, which says why. A page with no event
loop (the screen tests' page) opens at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

import flet as ft

from companion.i18n import Translator
from companion.session import Sessions
from companion.store import StoreError
from companion.sync.access import Access
from companion.sync.registry import JoinRecordNotSaved
from companion.ui.redraw import page_loop
from companion.ui.routes import GAME_ROUTES, route_game_id, route_name
from companion.ui.widgets import tagged


class _Sync(Protocol):
    """A tab's live sync, as far as opening a game needs it: this device's access."""

    def access(self, game_id: str) -> Access: ...


class TableApp(Protocol):
    """What opening a game needs of the tab (``sync_link.TableApp`` has it; named apart
    so that the screens that open games and this module do not import each other)."""

    @property
    def page(self) -> ft.Page: ...

    @property
    def sessions(self) -> Sessions | None: ...

    @property
    def sync(self) -> _Sync | None: ...

    @property
    def tr(self) -> Translator: ...


#: An opening shorter than this shows no notice (it would only flicker).
NOTICE_AFTER_S = 0.3


Then = Callable[[StoreError | None], None]
"""Called once the game is open, with None, or with why it could not be opened."""


def open_then(app: TableApp, game_id: str | None, then: Then) -> None:
    """Open ``game_id`` (None: no game) on a worker thread, then call ``then`` on the loop.

    ``then(None)`` is called at once when there is nothing to read: no game, no store,
    the game open already, or a page with no event loop (its screen opens it)."""
    if not _to_read(app, game_id):
        then(None)
        return

    async def run() -> None:
        reading = asyncio.ensure_future(_read(app, game_id))
        done, _pending = await asyncio.wait({reading}, timeout=NOTICE_AFTER_S)
        notice = None
        if not done:
            notice = opening_notice(app)
            app.page.show_dialog(notice)
        failed = await reading
        if page_loop(app.page) is None:
            return  # the tab closed meanwhile: nobody to show it to
        if notice is not None and notice.open:
            notice.open = False
            notice.update()
        then(failed)

    app.page.run_task(run)
    # Nothing changed yet: Flet need not compare the page after the tap's handler.
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]


def open_route_then(app: TableApp, route: str, then: Callable[[], None]) -> None:
    """``open_then`` for the game ``route`` shows, if this device may see it. A game that
    can't be opened is left to the route's screen, which says why (the store has moved a
    damaged file aside by then, so asking again reads nothing big)."""
    open_then(app, _route_game(app, route), lambda _failed: then())


async def open_route(app: TableApp, route: str) -> None:
    """Open the game ``route`` shows on a worker thread, if this device may see it (for a
    tab's first screen: the browser shows it loading meanwhile)."""
    game_id = _route_game(app, route)
    if _to_read(app, game_id):
        await _read(app, game_id)


def _route_game(app: TableApp, route: str) -> str | None:
    """The game ``route`` shows, if this device may see it: a game it may not see is not
    read for it (the join gate, ``join_screen.gate_route``, then shows another screen
    when the route's screen is made)."""
    game_id = route_game_id(route) if route_name(route) in GAME_ROUTES else None
    if game_id is None or app.sync is None:
        return game_id
    try:
        return game_id if app.sync.access(game_id).can_view else None
    except JoinRecordNotSaved:
        return None  # the screen says why


def _to_read(app: TableApp, game_id: str | None) -> bool:
    sessions = app.sessions
    return (
        game_id is not None
        and sessions is not None
        and sessions.opened(game_id) is None
        and page_loop(app.page) is not None
    )


async def _read(app: TableApp, game_id: str | None) -> StoreError | None:
    """Open the game on a worker thread; why it could not be opened, if so."""
    sessions = app.sessions
    if sessions is None or game_id is None:
        return None

    def read() -> StoreError | None:
        try:
            sessions.open(game_id)
        except StoreError as error:
            return error
        return None

    return await asyncio.to_thread(read)


def opening_notice(app: TableApp) -> ft.SnackBar:
    """'Opening the game…' with a spinning ring, until the game is open."""
    return ft.SnackBar(
        content=tagged(
            "opening-game",
            ft.Row(
                [
                    ft.ProgressRing(width=20, height=20, color=ft.Colors.INVERSE_PRIMARY),
                    ft.Text(app.tr("games.opening"), size=16),
                ],
                spacing=12,
            ),
            live_region=True,
        ),
        duration=ft.Duration(minutes=10),  # closed once the game is open
        behavior=ft.SnackBarBehavior.FLOATING,
    )
