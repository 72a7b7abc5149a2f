"""From the new-game form to the first turn, on a phone, through the real server."""

import pytest

from tests.e2e.conftest import AppPage

pytestmark = pytest.mark.e2e

#: The refusal when only an XP typed went unheard (any other refusal fails the test).
UNHEARD_XP = "Please fix 1 thing: Enter the Boss's XP"


def start_heard(phone: AppPage, typed: dict[str, str]) -> None:
    """Tap Start and wait for the set-up screen. A field typed right after a redraw can go
    unheard on a loaded machine (the browser shows the text, the server never hears of it:
    traced in f3f071c; a fresh-clone CI run refused 'Enter the Boss's XP' for the 333 typed
    after the Boss's search redrew the form). If the form refuses only for such a field, it
    is typed again, as a player would, and said; any other refusal fails the test."""
    phone.tap("start-game")
    try:
        phone.wait_for("screen-setup", timeout=15_000)
        return
    except AssertionError:  # wait_for turns Playwright's timeout into this
        if UNHEARD_XP not in phone.snapshot():
            raise
    for identifier, text in typed.items():
        print(f"typed {text!r} into {identifier} again: the form said {UNHEARD_XP!r}")
        phone.type_into(identifier, "")  # the same text again is no change to the browser
        phone.type_into(identifier, text)
    phone.tap("start-game")
    phone.wait_for("screen-setup")


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
    start_heard(phone, {"player-2-xp": "333"})
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
