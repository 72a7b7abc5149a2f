"""The app starts from the console command and opens the new-game screen."""

import pytest

from tests.e2e.conftest import AppPage

# Driven with Flutter's animations on, as most phones show the app (conftest.MOTION).
pytestmark = [pytest.mark.e2e, pytest.mark.motion]


def test_app_starts_and_new_game_screen_shows_on_a_phone(phone: AppPage) -> None:
    phone.wait_for("screen-home")
    # The ``motion`` mark reached the browser: this page keeps its animations.
    assert not phone.page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    phone.screenshot("home")
    phone.tap("new-game")
    phone.wait_for("screen-new")
    phone.wait_for("player-1-name")
    phone.wait_for("start-game")
    assert "Player 1" in phone.snapshot()
    phone.screenshot("new-game")


def test_new_game_screen_reads_well_on_a_desktop(desktop: AppPage) -> None:
    desktop.tap("new-game")
    desktop.wait_for("player-2-name")
    desktop.screenshot("new-game")
