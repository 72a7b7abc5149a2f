"""Notice taps that arrive for controls a redraw already replaced.

When another device changes the game, this tab is redrawn with new controls; a tap the
player made on the old screen can reach the server a moment later, for a control that is
gone. Flet drops such an event without a word. This wraps the session's event dispatch
to call ``on_late`` first, so the screen can say what happened instead of swallowing the
tap. It uses Flet's session object directly (``Session.dispatch_event`` and
``Session.index``) and is pinned to the Flet version below.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.version import flet_version

log = logging.getLogger(__name__)
PINNED_FLET = "1.0.5"
TAP_EVENTS = frozenset({"click", "tap", "select", "long_press", "submit"})


def watch_late_taps(page: ft.Page, on_late: Callable[[], None]) -> bool:
    """Install the watch on this page's session; False if this Flet can't have it."""
    if flet_version != PINNED_FLET:
        log.warning("late-tap notices are off: written for Flet %s", PINNED_FLET)
        return False
    session: Any = getattr(page, "session", None)
    if session is None or not hasattr(session, "dispatch_event"):
        return False
    original = session.dispatch_event

    async def dispatch(control_id: int, event_name: str, event_data: Any) -> None:
        if event_name in TAP_EVENTS and session.index.get(control_id) is None:
            try:
                on_late()
            except Exception:
                log.warning("late-tap notice failed", exc_info=True)
        await original(control_id, event_name, event_data)

    session.dispatch_event = dispatch
    return True
