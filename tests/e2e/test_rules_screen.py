"""The Rules screen: one tap from anywhere, search as you type, entries in both languages."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import AppPage

# Driven with Flutter's animations on, as most phones show the app (conftest.MOTION).
pytestmark = [pytest.mark.e2e, pytest.mark.motion]


def test_rules_search_opens_an_entry_then_german_finds_wunde(phone: AppPage) -> None:
    phone.tap("new-game")
    phone.wait_for("screen-new")
    phone.tap("open-rules")
    phone.wait_for("rules-search")
    phone.type_into("rules-search", "deactivate")
    first_hit = phone.page.locator('[flt-semantics-identifier^="rules-hit-"]').first
    first_hit.wait_for(state="attached", timeout=10_000)
    hit_id = first_hit.get_attribute("flt-semantics-identifier")
    assert hit_id is not None and "deactivat" in hit_id
    phone.tap(hit_id)
    phone.wait_for("rules-entry-body")
    phone.screenshot("entry-deactivate")

    phone.tap("open-settings")
    phone.page.get_by_role("button", name="Deutsch").click()
    phone.wait_text("Sprache")
    phone.page.get_by_role("button", name="Zurück").click()
    phone.wait_for("rules-search")
    hits = phone.page.locator('[flt-semantics-identifier^="rules-hit-"]').first
    phone.type_into("rules-search", "Wunde")
    try:
        hits.wait_for(state="attached", timeout=5_000)
    except PlaywrightTimeout:
        # Known, left open: ← draws the screen below with new controls, and a word typed
        # before that redraw lands goes to the field it replaced (the search keeps its
        # old text; seen under load, and from a script typing at once). A player types
        # again; so does the test.
        print("typed 'Wunde' again: the first typing went to a replaced field")
        phone.type_into("rules-search", "Wunde")
        hits.wait_for(state="attached", timeout=10_000)
    assert "Wunde" in phone.snapshot()
    phone.screenshot("german-wunde")
