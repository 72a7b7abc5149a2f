"""A Flet component in a screen built as a tree of controls.

The app's screens build controls; a part that is a Flet component (``@ft.component``) is
made here (``part``) and stands in that tree like any control. Flet redraws a component
whose state or observable props changed from a task it starts only for pages made with
``page.render``, so ``part`` starts it (Flet keeps one per page session; starting it
again does nothing). A page without a session or a running loop (the screen tests' fake
page) has nothing to start.

It is started from a task of this page (``page.run_task``): the task takes its page from
the code that starts it, and a tab drawn while another tab's change is handled would
lend it that tab's page; every redraw of the component would then be sent to the other
tab's browser and never to its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft
from flet.components.component import Renderer

if TYPE_CHECKING:
    from companion.ui.shell import TableApp


def start_component_updates(app: TableApp) -> None:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    page = app.page
    session = getattr(page, "session", None)
    if session is None:
        return

    async def start() -> None:
        session.start_updates_scheduler()

    page.run_task(start)


def part(app: TableApp, make: Callable[[], ft.Control]) -> ft.Control:
    """The component ``make`` returns (``Panel(props, key=...)``), ready for a tree."""
    start_component_updates(app)
    renderer = Renderer()  # type: ignore[no-untyped-call]
    made: ft.Control = renderer.render(make)
    return made
