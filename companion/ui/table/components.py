"""How the game screen's Flet components get the table, and how they go on screen.

A part of the game screen that is a component (``@ft.component``, ``ft.memo`` where its
props say all it shows) reads the tab's app (its words, the rule links, the dialogs)
from ``TABLE``, a Flet context, rather than from its props: the props hold only what it
shows, so Flet skips drawing it again while they are the same (``ft.memo``), and a tap
that leaves them as they were sends nothing of it.

The game screen itself is still built as a tree of controls each time the game changes
(``game_screen.py``); a component stands in that tree in a ``Stand``, a control the screen
keeps between builds. The new component goes into it each time, and Flet's keyed diff
matches it to the one already there: its state moves over, and a memoized one with the
same props keeps the very controls the browser shows. Since the stand itself is the same
control each time, the screen's redraw sends from it alone, not from the whole screen
(a new control in the screen's own column made Flet compare all its ~300 controls).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from companion.ui import component_part

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


def part(app: TableApp, make: Callable[[], ft.Control]) -> ft.Control:
    """The component ``make`` returns (``Bait(rows, key=...)``), made with the tab's app
    in ``TABLE``, ready to stand in a tree of controls the screen builds
    (``component_part.part``). Give it a key: Flet matches it to the one on screen by
    that key."""
    return component_part.part(app, lambda: TABLE(app, make))


class Stand:
    """Where one component stands in the game screen (see the module's docstring)."""

    def __init__(self) -> None:
        # A Container takes the room its parent gives (stretched in the game's column,
        # its component's own size in a row).
        self.control = ft.Container()

    def show(self, app: TableApp, make: Callable[[], ft.Control]) -> ft.Control:
        """The stand, showing the component ``make`` returns now (give it a key)."""
        self.control.content = part(app, make)
        return self.control


class Stands:
    """The game screen's stands, by name."""

    def __init__(self) -> None:
        self._stands: dict[str, Stand] = {}

    def show(self, app: TableApp, name: str, make: Callable[[], ft.Control]) -> ft.Control:
        stand = self._stands.get(name)
        if stand is None:
            stand = self._stands[name] = Stand()
        return stand.show(app, make)


def memo_component(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``fn`` as a Flet component drawn again only when its props change (``ft.memo``);
    call it with its props and a ``key``."""
    return cast(Callable[..., ft.Control], ft.memo(ft.component(fn)))  # type: ignore[no-untyped-call]
