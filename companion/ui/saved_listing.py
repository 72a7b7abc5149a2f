"""The saved games a screen lists, read off the event loop.

Listing reads every saved game's header that changed since the last listing (and, for
a device on the network, every game's join record): on the loop, a large or hostile
file would hold up every tab and phone the server answers. So a screen shows the games
as this screen last read them (or "Reading the saved games…" the first time), and reads
them again on a worker thread; if they changed, the screen is drawn again with them.
A page with no event loop (the screen tests' page) reads at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.store import GameSummary, StoreError, StoreProblem
from companion.ui.off_loop import read_off_loop
from companion.ui.redraw import page_loop
from companion.ui.store_problems import store_error_text
from companion.ui.sync_link import visible_games
from companion.ui.widgets import tagged

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp


@dataclass(frozen=True)
class Shown:
    """The saved games this device may see, most recently played first."""

    games: tuple[GameSummary, ...] = ()
    #: Problems with files that could not be listed (each screen decides who sees them).
    problems: tuple[StoreProblem, ...] = ()
    #: Why some games are not listed (their join record could not be written), if so.
    unsaved: str | None = None
    #: Why nothing could be listed (the data folder), if so.
    failed: str | None = None


def read_shown(app: TableApp) -> Shown:
    """The saved games as they are on disk now (runs on a worker thread)."""
    if app.sessions is None:
        return Shown()
    try:
        listing = app.sessions.store.list_games()
    except (StoreError, OSError) as error:  # the store reports, but never crash a tab
        return Shown(failed=store_error_text(app, None, error))  # it names the data folder
    games, unsaved = visible_games(app, listing.games)
    return Shown(tuple(games), listing.problems, unsaved)


class SavedListing:
    """One screen's saved games: as last read, and read again whenever it is drawn."""

    def __init__(self) -> None:
        self.last: Shown | None = None
        self._reading = False

    def shown(self, app: TableApp, changed: Callable[[], None]) -> Shown | None:
        """The games as last read (None before the first reading is done), and a new
        reading started off the loop; ``changed()`` is called on the loop if it found
        them changed."""
        if page_loop(app.page) is None:
            self.last = read_shown(app)
            return self.last
        if not self._reading:
            self._reading = True
            app.page.run_task(self._read, app, changed)
        return self.last

    async def _read(self, app: TableApp, changed: Callable[[], None]) -> None:
        try:
            fresh = await asyncio.to_thread(read_shown, app)
        finally:
            self._reading = False
        if fresh != self.last and page_loop(app.page) is not None:
            self.last = fresh
            changed()


def with_summary(
    app: TableApp, game_id: str, then: Callable[[GameSummary], None], gone: Callable[[], None]
) -> None:
    """``then(summary)`` with the game's summary as it is on disk now (another tab may
    have changed it), read off the loop; ``gone()`` if it is no longer listed."""
    store = app.sessions.store if app.sessions is not None else None
    if store is None:
        return

    def found() -> GameSummary | None:
        try:
            games = store.list_games().games
        except (StoreError, OSError):
            return None
        return next((s for s in games if s.game_id == game_id), None)

    def answer(outcome: Future[GameSummary | None]) -> None:
        summary = outcome.result()
        if summary is None:
            gone()
        else:
            then(summary)

    read_off_loop(app.page, found, answer)


def reading_note(app: TableApp, identifier: str) -> ft.Control:
    """'Reading the saved games…' with a spinning ring."""
    return tagged(
        identifier,
        ft.Row([ft.ProgressRing(width=24, height=24), ft.Text(app.tr("games.reading"), size=16)]),
        live_region=True,
    )
