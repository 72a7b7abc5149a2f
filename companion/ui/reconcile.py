"""Fold a freshly built control tree into the one already on screen.

Screens describe what they show by building new controls from the state each time it
changes, which keeps them simple. Handing Flet a whole new tree, though, costs a full
re-send: every control is new to it, so it walks, encodes and ships them all (about
90 KB and 80 ms of server time per tab for a six-player game), and the browser rebuilds
the page from scratch, which also scrolls it back to the top.

``reconcile(old, new)`` instead keeps the controls already on screen and copies onto them
what changed in the new tree, so ``page.update()`` sends only the difference. Children
are matched by their test identifier (``tagged``), then by ``key``, then by type and
order. A control the screen keeps between builds (a half-typed text field) is never
overwritten: it is the same object in both trees and is left as it is.

A new control whose values were copied onto an old one is thrown away, but an event
handler built with it may still hold it (``lambda _e: field.value``). So the thrown-away
control is made to share its values with the one on screen: reading or setting its
properties reads or sets those of the control the browser shows.

This relies on how Flet 1.0 stores a control's properties (``_values``, ``_dirty`` and
the per-class ``_prop_defaults`` / ``_structural_fields``); ``PINNED_FLET`` guards an
upgrade.
"""

from __future__ import annotations

from collections import defaultdict
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


def reconcile(old: Any, new: Any) -> Any:
    """The control to show where ``old`` is now and ``new`` was built: ``old`` with
    ``new``'s values copied onto it when the two are alike, else ``new`` itself."""
    kept = _objects(new)
    return _merge(old, new, kept, _objects(old))


def _objects(root: Any) -> set[int]:
    """The ids of every control in a tree (to spot a control kept between builds)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, BaseControl) and id(node) not in seen:
            seen.add(id(node))
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


def _alike(old: Any, new: Any, in_new: set[int], in_old: set[int]) -> bool:
    """May ``new``'s values be copied onto ``old``?"""
    return (
        isinstance(old, BaseControl)
        and type(old) is type(new)
        and id(new) not in in_old  # a kept control: show that very object
        and id(old) not in in_new  # old is kept elsewhere in the new tree: don't touch it
        and old.key == new.key
        and not hasattr(old, "_frozen")
    )


def _merge(old: Any, new: Any, in_new: set[int], in_old: set[int]) -> Any:
    if old is new or not _alike(old, new, in_new, in_old):
        return new
    cls = type(old)
    defaults: dict[str, Any] = cls._prop_defaults
    events: frozenset[str] = cls._event_fields
    old_values, new_values = old._values, new._values
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
        _put(old, name, before, after, in_new, in_old)
    for name in cls._structural_fields:
        if name.startswith("_") or name in _SKIP:
            continue
        before = getattr(old, name, None)
        after = getattr(new, name, None)
        if before is not after:
            _put(old, name, before, after, in_new, in_old)
    old.data = new.data
    # Handlers built with `new` now read and write what the browser shows.
    object.__setattr__(new, "_values", old._values)
    object.__setattr__(new, "_dirty", old._dirty)
    return old


def _put(old: Any, name: str, before: Any, after: Any, in_new: set[int], in_old: set[int]) -> None:
    if isinstance(before, list) and isinstance(after, list):
        merged = _merge_list(before, after, in_new, in_old)
        if len(merged) != len(before) or any(
            a is not b for a, b in zip(merged, before, strict=True)
        ):
            before[:] = merged  # the diff compares against its own snapshot of the list
        return
    if isinstance(before, BaseControl) and isinstance(after, BaseControl):
        after = _merge(before, after, in_new, in_old)
        if after is before:
            return
    if before != after:
        setattr(old, name, after)


def _list_key(control: Any, ordinal: dict[Any, int]) -> Any:
    if isinstance(control, ft.Semantics) and control.identifier:
        return ("id", control.identifier)
    if isinstance(control, BaseControl) and control.key is not None:
        return ("key", control.key)
    kind = type(control)
    ordinal[kind] += 1
    return ("nth", kind, ordinal[kind])


def _merge_list(
    before: list[Any], after: list[Any], in_new: set[int], in_old: set[int]
) -> list[Any]:
    """``after``'s items, each folded into the old item it matches (if any)."""
    counts: defaultdict[Any, int] = defaultdict(int)
    olds: dict[Any, Any] = {}
    for item in before:
        olds.setdefault(_list_key(item, counts), item)
    counts.clear()
    merged: list[Any] = []
    for item in after:
        match = olds.pop(_list_key(item, counts), None)
        merged.append(item if match is None else _merge(match, item, in_new, in_old))
    return merged
