"""Fold a freshly built control tree into the one already on screen.

Screens describe what they show by building new controls from the state each time it
changes, which keeps them simple. Handing Flet a whole new tree, though, costs a full
re-send: every control is new to it, so it walks, encodes and ships them all (about
90 KB and 80 ms of server time per tab for a six-player game), and the browser rebuilds
the page from scratch, which also scrolls it back to the top.

``fold(old, new)`` instead keeps the controls already on screen and copies onto them
what changed in the new tree, so an update sends only the difference. Children
are matched by their test identifier (``tagged``), then by ``key``, then by type and
order. A control the screen keeps between builds (a half-typed text field) is never
overwritten: it is the same object in both trees and is left as it is.

It also says which controls changed (the topmost of each changed
branch, and every kept control, which its screen may have changed itself), so only
those need ``page.update(*changed)``: Flet then compares those branches, not the whole
page, against what it sent before.

A new control whose values were copied onto an old one is thrown away, but an event
handler built with it may still hold it (``lambda _e: field.value``). So the thrown-away
control is made to share its values with the one on screen: reading or setting its
properties reads or sets those of the control the browser shows.

This relies on how Flet 1.0 stores a control's properties (``_values``, ``_dirty`` and
the per-class ``_prop_defaults`` / ``_structural_fields``); ``PINNED_FLET`` guards an
upgrade.

Why not Flet's own diff (issue #31): outside components, Flet sends a control built anew
anew (new id: the whole screen re-sent per tap, and a tap made on the old picture lost);
inside a component it matches the new drawing to the old, but freezes every control it
adds there, so the forms the screens keep and change in place from their handlers (a
half-typed name, its catalogue matches, a switch) can no longer be changed
(``tests/companion/ui/test_flet_facts.py`` pins both). Putting the screens under
components first needs those forms to describe themselves from their state on each
drawing instead of being changed in place.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.version import flet_version

PINNED_FLET = "1.0.5"
if flet_version != PINNED_FLET:  # pragma: no cover - guards an upgrade
    raise RuntimeError(
        f"companion/ui/reconcile.py is written for Flet {PINNED_FLET}, found {flet_version}: "
        "check the private API it uses, then update PINNED_FLET"
    )

# Fields that are bookkeeping, not a description of what is shown.
_SKIP = frozenset({"data", "key"})


def seal(control: Any, sealed: bool = True) -> None:
    """Mark a control whose insides change only when it is built anew (``PanelMemo``):
    Flet's update of an ancestor then skips its children (Flet's "isolated" controls), so
    a part kept between taps costs nothing to diff. ``fold`` sends a change inside it
    from the control itself."""
    if sealed:
        object.__setattr__(control, "_isolated", True)
    elif getattr(control, "_isolated", False):
        object.__setattr__(control, "_isolated", False)


@dataclass
class Folded:
    """The result of ``fold``: what to show, and the branches of it that changed."""

    control: Any
    changed: list[Any] = field(default_factory=list)
    #: id of each new control whose values were copied onto one on screen, to that one.
    merged: dict[int, Any] = field(default_factory=dict)


def fold(old: Any, new: Any, unchanged: set[int] | frozenset[int] = frozenset()) -> Folded:
    """The control to show where ``old`` is now and ``new`` was built (``old`` with
    ``new``'s values copied onto it when the two are alike, else ``new`` itself), and the
    topmost controls whose branch changed (to update only them).

    ``unchanged``: ids of controls kept from the last build that nobody changed since
    (a panel whose part of the game is the same, ``PanelMemo``): they are neither walked
    nor compared nor sent."""
    folder = _Folder(in_new=_objects(new, unchanged), in_old=_objects(old, unchanged))
    folder.unchanged = unchanged
    control = folder.merge(old, new)
    touched = {id(node) for node, _above in folder.touched}
    changed = [node for node, above in folder.touched if not above & touched]
    return Folded(control, changed, folder.merged)


def _objects(root: Any, unchanged: set[int] | frozenset[int] = frozenset()) -> set[int]:
    """The ids of every control in a tree (to spot a control kept between builds); an
    unchanged branch counts by its top alone (nothing below it is folded)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, BaseControl) and id(node) not in seen:
            seen.add(id(node))
            if id(node) not in unchanged:
                stack.extend(_children(node))
    return seen


def _children(control: BaseControl) -> list[Any]:
    out: list[Any] = []
    for value in control._values.values():
        if isinstance(value, BaseControl | list):
            out.append(value)
    for name in getattr(type(control), "_structural_fields", ()):
        if not name.startswith("_"):
            value = getattr(control, name, None)
            if isinstance(value, BaseControl | list):
                out.append(value)
    return out


@dataclass
class _Folder:
    in_new: set[int]  # every control of the new tree
    in_old: set[int]  # every control on screen
    #: Controls changed in place (or kept as they were), with the ids of their ancestors.
    touched: list[tuple[Any, frozenset[int]]] = field(default_factory=list)
    _above: list[int] = field(default_factory=list)
    #: Where in ``_above`` the ancestors begin whose update also sends a change below them:
    #: Flet leaves a sealed control's children out when it diffs an ancestor.
    _cut: int = 0
    unchanged: set[int] | frozenset[int] = frozenset()
    merged: dict[int, Any] = field(default_factory=dict)

    def _alike(self, old: Any, new: Any) -> bool:
        """May ``new``'s values be copied onto ``old``?"""
        return (
            isinstance(old, BaseControl)
            and type(old) is type(new)
            and id(new) not in self.in_old  # a kept control: show that very object
            and id(old) not in self.in_new  # old is kept elsewhere in the new tree
            and old.key == new.key
            and not hasattr(old, "_frozen")
        )

    def _touch(self, control: Any) -> None:
        self.touched.append((control, frozenset(self._above[self._cut :])))

    def merge(self, old: Any, new: Any) -> Any:
        if old is new:
            if isinstance(old, BaseControl) and id(old) not in self.unchanged:
                self._touch(old)  # its screen may have changed it: let Flet look
            return new
        if not self._alike(old, new):
            return new
        sealed = new.is_isolated()
        seal(old, sealed)
        outer, before = self._cut, len(self.touched)
        self._above.append(id(old))
        if sealed:
            self._cut = len(self._above) - 1  # a change below is sent from here
        changed = self._copy(old, new)
        self._above.pop()
        self._cut = outer
        if changed:
            if sealed and len(self.touched) > before:
                # A change inside as well: only its own update reaches it (an ancestor's
                # update compares its own values and its list of children, not theirs).
                self.touched.append((old, frozenset()))
            else:
                self._touch(old)
        # Handlers built with `new` now read and write what the browser shows.
        object.__setattr__(new, "_values", old._values)
        object.__setattr__(new, "_dirty", old._dirty)
        self.merged[id(new)] = old
        return old

    def _copy(self, old: Any, new: Any) -> bool:
        """Copy ``new``'s values onto ``old``; True if any of ``old``'s own changed."""
        cls = type(old)
        defaults: dict[str, Any] = cls._prop_defaults
        events: frozenset[str] = cls._event_fields
        old_values, new_values = old._values, new._values
        changed = False
        for name in {**old_values, **new_values}:
            if name in _SKIP:
                continue
            default = defaults.get(name)
            before = old_values.get(name, default)
            after = new_values.get(name, default)
            if before is after:
                continue
            if name in events and before is not None and after is not None:
                # Same "has a handler" as far as the browser knows: swap it silently.
                old_values[name] = after
                continue
            changed |= self._put(old, name, before, after)
        for name in cls._structural_fields:
            if name.startswith("_") or name in _SKIP:
                continue
            before = getattr(old, name, None)
            after = getattr(new, name, None)
            if before is not after:
                changed |= self._put(old, name, before, after)
        old.data = new.data
        return changed

    def _put(self, old: Any, name: str, before: Any, after: Any) -> bool:
        if isinstance(before, list) and isinstance(after, list):
            merged = self._merge_list(before, after)
            same = len(merged) == len(before) and all(
                a is b for a, b in zip(merged, before, strict=True)
            )
            if not same:
                before[:] = merged  # the diff compares against its own snapshot of the list
            return not same
        if isinstance(before, BaseControl) and isinstance(after, BaseControl):
            after = self.merge(before, after)
            if after is before:
                return False
        if isinstance(before, BaseControl) or isinstance(after, BaseControl) or before != after:
            setattr(old, name, after)
            return True
        return False

    def _merge_list(self, before: list[Any], after: list[Any]) -> list[Any]:
        """``after``'s items, each folded into the old item it matches (if any)."""
        counts: defaultdict[Any, int] = defaultdict(int)
        olds: dict[Any, Any] = {}
        for item in before:
            olds.setdefault(_list_key(item, counts), item)
        counts.clear()
        merged: list[Any] = []
        for item in after:
            match = olds.pop(_list_key(item, counts), None)
            merged.append(item if match is None else self.merge(match, item))
        return merged


def _list_key(control: Any, ordinal: dict[Any, int]) -> Any:
    if isinstance(control, ft.Semantics) and control.identifier:
        return ("id", control.identifier)
    if isinstance(control, BaseControl) and control.key is not None:
        return ("key", control.key)
    kind = type(control)
    ordinal[kind] += 1
    return ("nth", kind, ordinal[kind])
