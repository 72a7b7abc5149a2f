"""Text typed while the server is still busy with the tap before it stays as typed.

The browser reports each key in two messages: the field's new text, which Flet applies
to the control as soon as it arrives, and the change event, handled in its turn after
the events before it. On a busy server a player can tap a treasure tile and type a
Health or a damage right after: the tile's tap is handled (and the form drawn again)
while the text typed since has arrived but its change event has not. The form drawn
again must show that text, not its older draft, or the browser is sent the older text
over what the player typed."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from tests.companion.ui.conftest import AppFactory, saved_at
from tests.companion.ui.flet_harness import Harness


def typed_ahead(harness: Harness, identifier: str, text: str) -> ft.TextField:
    """The browser shows ``text`` in the field and has told the server, whose change
    event for it is still to be handled (``handled`` does that)."""
    field: ft.TextField = harness.find(identifier, ft.TextField)
    harness.session.apply_patch(field._i, {"value": text})  # as Flet applies it on arrival
    harness.conn.client.controls[field._i]["value"] = text  # as the browser shows it
    return field


def handled(harness: Harness, field: ft.TextField, text: str) -> None:
    """The change event of the text typed comes in its turn."""
    harness.run(harness.session.dispatch_event(field._i, "change", text))
    harness.assert_not_crashed()


def shown(harness: Harness, field: ft.TextField) -> str:
    """The field's text as the browser holds it now."""
    return str(harness.conn.client.controls[field._i].get("value") or "")


@pytest.mark.parametrize(
    ("phase", "field", "text", "tap"),
    [
        ("beginning", "new-hero-1-health", "12", "new-hero-1-treasure-fighter"),
        ("beginning", "new-hero-1-name", "Hildegard", "new-hero-1-treasure-thief"),
        ("build", "build-p1-damage", "3", "build-p1-treasure-fighter"),
        ("build", "build-p1-name", "Crypt", "build-p1-treasure-mage"),
    ],
)
def test_text_typed_before_a_tap_is_handled_stays_as_typed(
    table_app: AppFactory, tmp_path: Path, phase: str, field: str, text: str, tap: str
) -> None:
    game_id = saved_at(tmp_path / "data", phase)
    harness, _app = table_app(route=f"/game/{game_id}")
    typed = typed_ahead(harness, field, text)
    harness.tap(tap)  # handled before the text's change event
    assert shown(harness, typed) == text, "the browser was sent older text"
    handled(harness, typed, text)
    now = harness.find(field, ft.TextField)
    assert now._i == typed._i and now.value == text
    assert shown(harness, typed) == text
