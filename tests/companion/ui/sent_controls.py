"""How many controls a tap sends to the browser, and from which part of the screen.

Every control Flet sends whole (a new one, or one moved under a new parent) is a map with
its type (``_c``) and id (``_i``) in the encoded message; the browser builds a widget for
each. A tap's cost grows with their number on the server (walked, encoded) and in the
browser (built, laid out, given a semantics node): ``bench/page_size.py`` measures what
90 of them cost a bare Flet page. Reads the messages the harness's connection recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import decode_ext_from_msgpack

from tests.companion.ui.flet_harness import Harness


def controls_sent(harness: Harness, act: Callable[[], None]) -> list[int]:
    """The ids of the controls sent whole while ``act`` ran (a tap), one per control."""
    first = len(harness.conn.encoded)
    act()
    ids: list[int] = []
    for body in harness.conn.encoded[first:]:
        _collect(msgpack.unpackb(body, ext_hook=decode_ext_from_msgpack, strict_map_key=False), ids)
    return ids


def _collect(node: Any, ids: list[int]) -> None:
    if isinstance(node, dict):
        if "_c" in node and "_i" in node:
            ids.append(node["_i"])
        for value in node.values():
            _collect(value, ids)
    elif isinstance(node, list | tuple):
        for value in node:
            _collect(value, ids)


def ids_within(harness: Harness, identifier: str) -> set[int]:
    """The ids of the control tagged ``identifier`` (its wrapper too) and all below it."""
    top = next(c for c in harness.walk() if getattr(c, "identifier", None) == identifier)
    found: set[int] = set()
    stack: list[Any] = [top]
    while stack:  # as ``controls_in``, spans too (a Text's spans are sent as controls)
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, BaseControl) and node._i not in found:
            found.add(node._i)
            for name in getattr(type(node), "__dataclass_fields__", {}):
                if not name.startswith("on_") and name not in ("parent", "page", "_parent"):
                    stack.append(getattr(node, name, None))
    return found
