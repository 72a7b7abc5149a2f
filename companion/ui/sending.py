"""A screen hands a change to the game's session, and hears back once it is saved.

On a server the request runs on its own task (``TableSession.submit``: the save runs off
the event loop, so the other tabs and phones are served meanwhile) and the screen hears
back when the change is saved or refused; the tap's own handler returns at once. A page
with no event loop (the screen tests' page) is answered before ``send`` returns.

Every refusal a player can meet comes back as the error, to be shown where the tap was
(``refusal``): a rule, a table another device changed first, a device that may
only watch, a save that failed. Anything else is a bug and is raised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.session import Request
from companion.store import StoreError
from companion.sync.hub import WatchOnly
from companion.ui.redraw import page_loop
from companion.ui.store_problems import store_error_text
from companion.ui.sync_link import access_of, stale_text
from companion.ui.table.rulings import refused_by_rule
from companion.ui.widgets import Refusal
from rules.errors import RulesError, StaleCommand

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp

#: The errors a request may be answered with (shown to the player, nothing changed).
REFUSALS = (RulesError, StoreError, WatchOnly)
Answer = Callable[[Exception | None], None]


def send(app: TableApp, request: Request, answer: Answer) -> None:
    """Hand ``request`` to the app's game; ``answer(None)`` once it is saved and every
    screen has heard of it, or ``answer(error)`` with one of ``REFUSALS``."""
    session = app.session
    if session is None:
        raise RuntimeError("no game has been started")
    if not access_of(app).can_change:  # a device that only watches changes nothing
        answer(WatchOnly(app.tr("sync.watch_only")))
        return
    if page_loop(app.page) is None:
        try:
            session.apply(request, app)
        except REFUSALS as error:
            answer(error)
            return
        answer(None)
        return

    async def submit() -> None:
        try:
            await session.submit(request, app)
        except REFUSALS as error:
            answer(error)
            return
        answer(None)

    app.page.run_task(submit)
    # Nothing changed yet: Flet need not compare the page after the tap's handler.
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]


def refusal(app: TableApp, error: Exception) -> Refusal:
    """What the player is told about one of ``REFUSALS``: why, and the rule or the file."""
    if isinstance(error, StaleCommand):  # another device was first
        return Refusal(stale_text(app, error))
    if isinstance(error, WatchOnly):
        return Refusal(str(error))
    if isinstance(error, RulesError):
        return refused_by_rule(app.tr, error)
    game_id = app.session.game_id if app.session is not None else None
    reason = store_error_text(app, game_id, error)  # names the file where it may
    return Refusal(app.tr("table.save_failed", reason=reason))
