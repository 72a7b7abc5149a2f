"""From the new-game form to the first turn, on a phone, through the real server."""

import pytest

from tests.e2e.conftest import AppPage

pytestmark = pytest.mark.e2e


def test_new_game_to_first_turn_on_a_phone(phone: AppPage) -> None:
    # Every browser test but those marked ``motion`` asks for reduced motion (conftest).
    assert phone.page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    phone.tap("new-game")
    phone.wait_for("player-1-name")
    phone.tap("start-game")
    phone.wait_for("new-game-error")
    assert "Every player needs a name" in phone.snapshot()
    phone.screenshot("refused-empty-form")

    phone.type_into("player-1-name", "Ada")
    phone.type_into("player-1-boss", "dracu")
    phone.tap("player-1-boss-option-BMA001")
    phone.type_into("player-2-name", "Bert")
    phone.type_into("player-2-boss", "Homebrew Boss")
    phone.type_into("player-2-xp", "333")
    phone.tap("player-2-treasure-thief")
    phone.screenshot("form-filled")
    phone.tap("start-game")

    phone.wait_for("screen-setup")
    text = phone.snapshot()
    assert "Use 13 ordinary Heroes and 9 Epic Heroes" in text
    assert "5 Rooms and 2 Spells" in text
    assert "Ada · Draculord · 900 XP" in text
    phone.screenshot("setup")

    phone.type_into("first-room-1-name", "bottomless")
    phone.tap("first-room-1-option-BMA027")
    phone.tap("first-room-1-build")
    phone.wait_for("first-room-1-placed")
    phone.tap("reveal-first-rooms")
    phone.wait_for("screen-game")
    assert "Turn 1" in phone.snapshot()
    phone.screenshot("table")
