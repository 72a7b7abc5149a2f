"""How the screens' Flet components get the table.

A part of a screen that is a component (``@ft.component``, ``ft.memo`` where its props
say all it shows) reads the tab's app (its words, the rule links, the dialogs) from
``TABLE``, a Flet context, rather than from its props: the props hold only what it shows,
so Flet skips drawing it again while they are the same (``ft.memo``), and a tap that
leaves them as they were sends nothing of it. The shell provides ``TABLE`` around every
screen drawn under components (``chrome.Chrome._body``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

# Re-exported: where the game screen's components find them. They live with the shell's
# drawing of a screen (``screen_view.py``), which provides ``TABLE``.
from companion.ui.screen_view import TABLE as TABLE
from companion.ui.screen_view import memo_component as memo_component

if TYPE_CHECKING:
    from companion.ui.shell import TableApp


def table_app() -> TableApp:
    """The tab's app, inside a component of the game screen (``TABLE``)."""
    app = ft.use_context(TABLE)
    if app is None:  # pragma: no cover - a component put on screen without ``part``
        raise RuntimeError("a game screen component needs the TABLE context")
    return app  # type: ignore[no-any-return]
