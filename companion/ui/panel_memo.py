"""Keep a part of the screen's controls while what it shows stays the same.

The game screen is drawn under Flet components (``screen_view.py``): each drawing builds
its panels and Flet's diff compares them with the ones on screen. For a six-player game
that is hundreds of controls per tap, in every tab showing the game, although a tap
changes one player's dungeon or the town, rarely all of them.

A part says what it shows as a small hashable key (its slice of the state, the language,
the errors shown in it, its own drafts); ``PanelMemo.view`` builds only when that key
differs from the last one, and otherwise hands back the very controls on screen, which
Flet's diff then skips (the same object in the old and the new drawing). Parts nest: a
dungeon built anew still reuses its unchanged Room tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import flet as ft


@dataclass
class Redraw:
    """What one drawing reused."""

    #: The ids of parts handed back unchanged.
    reused: set[int] = field(default_factory=set)
    #: The names of the parts drawn so far (``PanelMemos``): a name met twice in one
    #: drawing (a banner in every Room tile) is built anew the second time, since one
    #: control can't stand in two places.
    named: set[str] = field(default_factory=set)


class PanelMemo:
    """The last key a part was built for, and the controls built for it."""

    def __init__(self) -> None:
        self._key: Hashable | None = None
        self._control: ft.Control | None = None

    def view(
        self,
        key: Hashable,
        build: Callable[[], ft.Control],
        drawn: Redraw,
        sealed: bool = False,
    ) -> ft.Control:
        """The controls for ``key``: the ones already built if the key is unchanged (their
        id is added to ``drawn.reused``), else new ones from ``build``. ``sealed`` is no
        longer needed (it told the fold to skip a part's insides) and has no effect."""
        if self._control is not None and self._key == key:
            drawn.reused.add(id(self._control))
            return self._control
        self._control = build()
        self._key = key
        return self._control

    def forget(self) -> None:
        """Build anew next time (the page was sent whole: a reused control would belong
        to a view that is gone)."""
        self._key = None
        self._control = None


class PanelMemos:
    """One memo per named part of a screen (``"bottom-bar"``, ``"p1-room-3"``)."""

    def __init__(self) -> None:
        self._memos: dict[str, PanelMemo] = {}

    def view(
        self,
        name: str,
        key: Hashable,
        build: Callable[[], ft.Control],
        drawn: Redraw,
        sealed: bool = False,
    ) -> ft.Control:
        if name in drawn.named:
            return build()
        drawn.named.add(name)
        memo = self._memos.get(name)
        if memo is None:
            memo = self._memos[name] = PanelMemo()
        return memo.view(key, build, drawn, sealed)

    def forget(self) -> None:
        for memo in self._memos.values():
            memo.forget()
