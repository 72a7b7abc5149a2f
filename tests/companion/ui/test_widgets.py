"""Shared widgets: a switch on a 48 px row whose label wraps, and a tap anywhere toggles."""

from __future__ import annotations

import flet as ft

from companion.theme import TOUCH
from companion.ui.widgets import switch_row


def _parts(row: ft.Semantics) -> tuple[ft.Container, ft.Switch, ft.Text]:
    container = row.content
    assert isinstance(container, ft.Container) and isinstance(container.content, ft.Row)
    switch, text = container.content.controls
    assert isinstance(switch, ft.Switch) and isinstance(text, ft.Text)
    return container, switch, text


def test_switch_label_wraps_beside_the_switch_instead_of_running_off_screen() -> None:
    row = switch_row("x", ft.Switch(label="old", value=False), "Ausrüstungskarten (Werkzeuge)")
    _container, switch, text = _parts(row)
    assert switch.label is None, "a Switch's own label never wraps"
    assert text.value == "Ausrüstungskarten (Werkzeuge)" and text.expand


def test_a_tap_on_the_row_toggles_the_switch_and_tells_its_handler() -> None:
    seen: list[object] = []
    row = switch_row(
        "x", ft.Switch(value=False, on_change=lambda e: seen.append(e.control.value)), "L"
    )
    container, switch, _text = _parts(row)
    assert container.on_click is not None
    container.on_click(None)
    assert switch.value is True and seen == [True]
    container.on_click(None)
    assert switch.value is False and seen == [True, False]


def test_the_row_is_at_least_a_touch_target_high() -> None:
    container, _switch, _text = _parts(switch_row("x", ft.Switch(), "L"))
    padding = container.padding
    assert isinstance(padding, ft.Padding)
    switch_px = 40  # a Switch's height in the browser
    assert switch_px + padding.top + padding.bottom >= TOUCH
