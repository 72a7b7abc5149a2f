"""Keep a tab connected when its browser answers a question its session never asked.

The browser queues what it sends while it reconnects, and sends the queue as soon as the
server has answered its handshake. After a server restart that is a new session: the
queue holds answers to method calls of the old session's controls (its browser storage,
its device questions), and an answer can also come after the app gave up waiting and let
that control go. Flet 1.0.5 raises "Control with ID … is not registered" for such an
answer inside the socket's receive loop, which ends the connection; the tab then came
back only after a reload. Nobody waits for such an answer any more: it is dropped here.

This wraps Flet's session object directly (``Session.handle_invoke_method_results`` and
``Session.index``) and is pinned to the Flet version below. It must be installed before
the server reads the browser's next message, so it runs in ``before_main``.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft
from flet.version import flet_version

log = logging.getLogger(__name__)
PINNED_FLET = "1.0.5"


def drop_stray_answers(page: ft.Page) -> bool:
    """Install the filter on this page's session; False if this Flet can't have it."""
    if flet_version != PINNED_FLET:
        log.warning("stray answers are not filtered: written for Flet %s", PINNED_FLET)
        return False
    session: Any = getattr(page, "session", None)
    if session is None or not hasattr(session, "handle_invoke_method_results"):
        return False
    original = session.handle_invoke_method_results

    def handle(control_id: int, call_id: str, result: Any, error: str | None) -> None:
        if session.index.get(control_id) is None:
            log.info("dropped an answer for control %s, unknown to this session", control_id)
            return
        original(control_id, call_id, result, error)

    session.handle_invoke_method_results = handle
    return True
