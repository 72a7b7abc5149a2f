"""A text field drawn from a component's draft that keeps text typed ahead of a redraw.

The browser reports each key in two messages: the field's new text, which Flet writes into
the field's control as soon as it arrives, and the change event, handled later in its turn
(after any tap before it). A component drawn again in between, from its older draft, would
send the browser that older text over what the player typed: a letter typed right after a
tap is lost. So the box remembers the text its last change event brought; while the browser
holds other text (reported, not yet handled), that text is drawn, not the draft.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft


@dataclass
class _Drawn:
    """The field drawn last and the text the server has handled for it."""

    field: ft.TextField
    handled: str


@ft.component
def TextBox(value: str, on_text: Callable[[str], None], **props: Any) -> ft.Control:
    """A ``ft.TextField`` showing the draft ``value``; ``on_text`` is handed each change.
    ``props`` go to the field (label, keyboard type, width...)."""
    drawn: ft.MutableRef[_Drawn] = ft.use_ref()
    last = drawn.current
    if last is not None and (last.field.value or "") != last.handled:
        shown, handled = last.field.value or "", last.handled  # typed ahead: keep it
    else:
        shown = handled = value

    def changed(event: ft.Event[ft.TextField]) -> None:
        text = event.control.value or ""
        if drawn.current is not None:
            drawn.current.handled = text
        on_text(text)

    field = ft.TextField(value=shown, on_change=changed, **props)
    drawn.current = _Drawn(field, handled)
    return field
