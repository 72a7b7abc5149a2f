"""Keep a panel's controls while the part of the game it shows stays the same.

Each redraw of the game screen used to build every panel anew and fold the new tree into
the one on screen (``companion/ui/reconcile.py``): for a six-player game that is hundreds
of controls built, compared and thrown away per tap, in every tab showing the game,
although a tap changes one player's dungeon or the town, rarely all of them.

A panel says what it shows as a small frozen key (its slice of the state, the language,
the errors shown in it, its own drafts); ``PanelMemo.view`` builds only when that key
differs from the last one, and otherwise hands back the very controls on screen. The
screen lists those (``reused``) so the fold leaves them alone: nothing of them is
compared or sent.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import flet as ft


class PanelMemo:
    """The last key a panel was built for, and the controls built for it."""

    def __init__(self) -> None:
        self._key: Hashable | None = None
        self._control: ft.Control | None = None

    def view(self, key: Hashable, build: Callable[[], ft.Control], reused: set[int]) -> ft.Control:
        """The controls for ``key``: the ones already built if the key is unchanged (their
        id is added to ``reused``), else new ones from ``build``."""
        if self._control is not None and self._key == key:
            reused.add(id(self._control))
            return self._control
        self._control = build()
        self._key = key
        return self._control

    def forget(self) -> None:
        """Build anew next time (the page was sent whole: a reused control would belong
        to a view that is gone)."""
        self._key = None
        self._control = None
