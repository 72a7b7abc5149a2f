"""A Flet component in a screen built as a tree of controls.

The app's screens build controls; a part that is a Flet component (``@ft.component``) is
made here (``part``) and stands in that tree like any control. Flet redraws a component
whose state or observable props changed from a task it starts only for pages made with
``page.render``, so ``part`` starts it (Flet keeps one per page session; starting it
again does nothing). A page without a session or a running loop (the screen tests' fake
page) has nothing to start.
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
    session = getattr(app.page, "session", None)
    if session is not None:
        session.start_updates_scheduler()


def part(app: TableApp, make: Callable[[], ft.Control]) -> ft.Control:
    """The component ``make`` returns (``Panel(props, key=...)``), ready for a tree."""
    start_component_updates(app)
    renderer = Renderer()  # type: ignore[no-untyped-call]
    made: ft.Control = renderer.render(make)
    return made
