"""Dark mode and German, chosen in settings, stay chosen after a reload; 360 px still reads."""

import pytest

from tests.e2e.conftest import AppPage

# Driven with Flutter's animations on, as most phones show the app (conftest.MOTION).
pytestmark = [pytest.mark.e2e, pytest.mark.motion]


def test_dark_german_is_remembered_after_reload_on_a_small_phone(phone: AppPage) -> None:
    phone.page.set_viewport_size({"width": 360, "height": 740})
    phone.tap("open-settings")
    phone.wait_for("settings-theme")
    phone.page.get_by_role("button", name="Dark").click()
    phone.page.get_by_role("button", name="Deutsch").click()
    phone.wait_text("Sprache")
    phone.screenshot("settings-dark-german")

    # A reload reconnects to the same server session; a new tab is a new session, which
    # must read the choice back from the browser's storage.
    tab = phone.another_tab()
    tab.page.set_viewport_size({"width": 360, "height": 740})
    tab.open("/")
    tab.wait_text("Bereit für eine Partie?")
    tab.tap("new-game")
    tab.wait_for("player-1-name")
    assert "Spieler 1" in tab.snapshot()
    tab.screenshot("new-game-dark-german-360")
