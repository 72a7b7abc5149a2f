"""After a catalogue pick the keyboard moves on to the next name (issue 14: fewer taps per
turn): the next Hero's name, then the next player's Room name, with no tap to focus."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    keyboard_at,
    keyboard_in,
    open_game_with_first_rooms,
    said,
    tap,
    type_into,
)

pytestmark = pytest.mark.e2e


def _active(app: AppPage) -> str:
    """Where the keyboard is, for a failure message (and a screenshot of the moment)."""
    app.screenshot("keyboard-not-moved")
    return keyboard_at(app)


def test_the_keyboard_moves_to_the_next_name_after_a_catalogue_pick(phone: AppPage) -> None:
    open_game_with_first_rooms(phone)
    type_into(phone, "new-hero-1-name", "Nick")
    tap(phone, "new-hero-1-option-BMA056")
    assert keyboard_in(phone, "new-hero-2-name", 15.0), (
        f"the second Hero's name did not get the keyboard; it is on {_active(phone)}"
    )
    phone.page.keyboard.type("Boden", delay=15)  # typed with no tap on the field
    phone.wait_for("new-hero-2-option-BMA062")
    tap(phone, "new-hero-2-option-BMA062")  # the last Hero: they are revealed (R-FOLLOWS)
    phone.wait_for("reveal-rooms")
    type_into(phone, "build-p1-name", "Dark Altar")
    tap(phone, "build-p1-option-BMA009")
    phone.wait_for("build-p1-icon-2")  # the card's two cleric icons: the pick took
    tap(phone, "build-p1-go")
    phone.wait_for("p1-face-down")
    assert keyboard_in(phone, "build-p2-name", 15.0), (
        f"the next player's Room name did not get it; it is on {_active(phone)}"
    )
    phone.page.keyboard.type("Open Grave", delay=15)
    phone.wait_for("build-p2-option-BMA010")
    said(phone, "Open Grave")
    phone.screenshot("keyboard-moved-on")
