"""Flet's update scheduler, started for a tab whose screen holds components that redraw
themselves.

A component made while another one draws (``HistoryView`` in the History screen's body, the
Bait forecast in a build form, the squad game's screens: ``screen_view.py``) is part of
that drawing: Flet's diff matches it to the one on screen and hands it that one's state.
When its own state or an observable prop changes, Flet redraws it from a task it starts
only for pages made with ``page.render``; the app starts that task here, from the screen
that holds such a component (Flet keeps one per page session: starting it again does
nothing). A page without a session or a running loop (the screen tests' fake page) has
nothing to start.

The task is started from a task of this page (``page.run_task``), in a copy of the
caller's context: the task takes its page from the code that starts it (a tab drawn while
another tab's change is handled would lend it that tab's page, and every redraw would be
sent to the other tab's browser), and a screen calls this while it draws, where ``tagged``
keys what it wraps (``KEYED``): a scheduler started there would key every component's
redraw, and a control drawn unkeyed before would be made anew (a text typed ahead in it
lost).
"""

from __future__ import annotations

import asyncio
import contextvars
from typing import TYPE_CHECKING

from companion.ui.widgets import KEYED

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp


def loop_running() -> bool:
    """Is this code running on an event loop (a served tab), not a test's direct call?"""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def start_component_updates(app: TableApp) -> None:
    """Start the scheduler that redraws this tab's components (once per tab)."""
    if not loop_running():
        return
    page = app.page
    session = getattr(page, "session", None)
    if session is None:
        return

    async def start() -> None:
        session.start_updates_scheduler()

    def from_outside_a_drawing() -> None:
        KEYED.set(False)
        page.run_task(start)

    contextvars.copy_context().run(from_outside_a_drawing)
