"""Text a player typed that the server has not handled yet, for the forms drawn anew.

The browser reports each key in two messages: the field's new text, which Flet writes
into the field's control as soon as it arrives, and the change event, handled in its
turn after the taps before it. A form drawn from its draft (a Hero, a Room, an Item, a
Miniboss) is drawn anew when a tap changes it; on a busy server the tap on a treasure
tile can be handled after the Health typed right behind it has arrived, but before that
Health's change event. Drawn from the draft then, the field would send the browser its
older text over what the player typed. So the form first takes that text into its
draft (``TypedAhead.ahead``), and its field is drawn as the player left it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

ChangeHandler = Callable[[ft.Event[ft.TextField]], None]


class TypedAhead:
    """The text fields a form drew last, each with the text the server has handled."""

    def __init__(self) -> None:
        self._fields: dict[str, tuple[ft.TextField, str]] = {}

    def field(self, name: str, value: str, on_change: ChangeHandler, **props: Any) -> ft.TextField:
        """A text field showing ``value``, known as ``name`` in this form; ``on_change``
        is handed its change events."""

        def changed(event: ft.Event[ft.TextField]) -> None:
            drawn, _handled = self._fields.get(name, (event.control, ""))
            self._fields[name] = (drawn, event.control.value or "")
            on_change(event)

        field = ft.TextField(value=value, on_change=changed, **props)
        self._fields[name] = (field, value)
        return field

    def name_field(
        self, value: str, on_change: ChangeHandler, label: str, hint: str, **props: Any
    ) -> ft.TextField:
        """The card's name, searched in the catalogue as it is typed (``field`` "name")."""
        return self.field(
            "name",
            value,
            on_change,
            label=label,
            hint_text=hint,
            prefix_icon=ft.Icons.SEARCH,
            text_size=18,
            **props,
        )

    def ahead(self) -> dict[str, str]:
        """Each field whose text the browser reported but whose change is still to be
        handled, with that text (to take into the draft before drawing the form)."""
        return {
            name: field.value or ""
            for name, (field, handled) in self._fields.items()
            if (field.value or "") != handled
        }
