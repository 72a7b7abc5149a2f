"""How the screens' Flet components get the table.

A part of a screen that is a component (``@ft.component``, ``ft.memo`` where its props
say all it shows) reads the tab's app (its words, the rule links, the dialogs) from
``TABLE``, a Flet context, rather than from its props: the props hold only what it shows,
so Flet skips drawing it again while they are the same (``ft.memo``), and a tap that
leaves them as they were sends nothing of it. The shell provides ``TABLE`` around every
screen drawn under components (``chrome.Chrome._body``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import flet as ft

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

#: The tab's app, for the components of its game screen.
TABLE: ft.ContextProvider[Any] = ft.create_context(None)


def table_app() -> TableApp:
    """The tab's app, inside a component of the game screen (``TABLE``)."""
    app = ft.use_context(TABLE)
    if app is None:  # pragma: no cover - a component put on screen without ``part``
        raise RuntimeError("a game screen component needs the TABLE context")
    return app  # type: ignore[no-any-return]


def memo_component(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``fn`` as a Flet component drawn again only when its props change (``ft.memo``);
    call it with its props and a ``key``."""
    return cast(Callable[..., ft.Control], ft.memo(ft.component(fn)))  # type: ignore[no-untyped-call]
