"""Keep a part of the screen's controls while what it shows stays the same.

Each redraw of the game screen used to build every panel anew and fold the new tree into
the one on screen (``companion/ui/reconcile.py``): for a six-player game that is hundreds
of controls built, compared and thrown away per tap, in every tab showing the game,
although a tap changes one player's dungeon or the town, rarely all of them.

A part says what it shows as a small hashable key (its slice of the state, the language,
the errors shown in it, its own drafts); ``PanelMemo.view`` builds only when that key
differs from the last one, and otherwise hands back the very controls on screen. The
redraw lists those (``Redraw.reused``) so the fold leaves them alone: nothing of them is
compared or sent. Parts nest: a dungeon built anew still reuses its unchanged Room tiles.

A part built anew is folded into the controls already on screen, so the new controls are
thrown away and the old ones show the new values. ``Redraw.adopt`` then makes the memo
keep the controls on screen, not the thrown-away copy, so the next redraw hands back the
very object the page shows (a copy would be compared all over again).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.ui.reconcile import seal


@dataclass
class Redraw:
    """What one redraw reused and built anew, for the fold and for ``adopt``."""

    #: The ids of parts handed back unchanged (the fold leaves them alone).
    reused: set[int] = field(default_factory=set)
    #: The memos that built their part anew in this redraw.
    fresh: list[PanelMemo] = field(default_factory=list)
    #: The names of the parts drawn so far (``PanelMemos``): a name met twice in one
    #: redraw (a banner in every Room tile) is built anew the second time, since one
    #: control can't stand in two places.
    named: set[str] = field(default_factory=set)

    def adopt(self, merged: Mapping[int, Any]) -> None:
        """The fold copied some new controls onto the ones on screen (``merged``: id of the
        new control to the one on screen): the memos keep those on screen."""
        for memo in self.fresh:
            memo.adopt(merged)
        self.fresh.clear()


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
        id is added to ``drawn.reused``), else new ones from ``build``. ``sealed``: nothing
        inside changes but by a new build (no field kept between builds, no handler that
        changes a control in place), so Flet may skip its insides when it diffs the page
        (``reconcile.seal``)."""
        if self._control is not None and self._key == key:
            drawn.reused.add(id(self._control))
            return self._control
        self._control = build()
        seal(self._control, sealed)
        self._key = key
        drawn.fresh.append(self)
        return self._control

    def adopt(self, merged: Mapping[int, Any]) -> None:
        if self._control is not None:
            self._control = merged.get(id(self._control), self._control)

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
            control = build()
            seal(control, sealed)
            return control
        drawn.named.add(name)
        memo = self._memos.get(name)
        if memo is None:
            memo = self._memos[name] = PanelMemo()
        return memo.view(key, build, drawn, sealed)

    def forget(self) -> None:
        for memo in self._memos.values():
            memo.forget()
