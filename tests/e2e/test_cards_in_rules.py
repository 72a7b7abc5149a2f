"""Cards in the Rules lookup: "what does this card do?" answered from the card's name, in
English and in German (the German edition's name), with the rules it touches linked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.conftest import AppPage, Server, _shots_dir, new_context

pytestmark = pytest.mark.e2e

GERMAN_PHONE = {"width": 360, "height": 740}


def look_up_card(phone: AppPage, query: str, card: str, then: str = "rules-card-facts") -> None:
    """Open the Rules lookup, type ``query``, open the card it finds, wait for ``then``."""
    phone.tap("open-rules")
    phone.wait_for("rules-search")
    phone.search_until("rules-search", query, shows=f"rules-card-{card}")
    phone.tap(f"rules-card-{card}")
    phone.wait_for(then)


def test_a_card_found_in_the_rules_lookup(phone: AppPage) -> None:
    look_up_card(phone, "gobln armory", "BMA015")  # a typo forgiven
    page = phone.snapshot()
    # Printed: a Monster Room, 1 damage, two fighter icons; its passive ability is
    # carried out by the referee (README: passive abilities apply by themselves).
    assert "Monster Room · Damage 1 · Treasure: Fighter, Fighter" in page
    assert "Monster Rooms next to this Room deal +1 damage" in page
    assert "Carried out" in page
    phone.screenshot("goblin-armory")
    phone.tap("rules-card-rule-R-BAIT-TOTAL")
    phone.wait_for("rules-entry-body")


@pytest.fixture
def german_phone(
    browser: object, server: Server, request: pytest.FixtureRequest
) -> Iterator[AppPage]:
    context = new_context(browser, GERMAN_PHONE, locale="de-DE")
    try:
        yield AppPage(context.new_page(), server.url, _shots_dir(request, "phone-de")).open("/")
    finally:
        context.close()


def test_a_german_card_name_finds_the_card(german_phone: AppPage) -> None:
    phone = german_phone
    # The German rulebook's own example card.
    look_up_card(phone, "Höhle des Zombiedrachen", "BMA013")
    page = phone.snapshot()
    assert "Höhle des Zombiedrachen (Dracolich Lair)" in page
    assert "Monsterraum · Erweitert · Schaden 3 · Schatz: Kleriker" in page
    assert "Von Hand" in page
    phone.screenshot("hoehle-des-zombiedrachen")


def test_a_card_given_its_german_name_on_this_device_is_found_by_it(
    german_phone: AppPage,
) -> None:
    phone = german_phone
    # No public source gives Goblin Armory's German name: the question finds no card...
    look_up_card(phone, "was macht die Goblin-Waffenkammer", "BMA015", then="rules-card-own-name")
    phone.type_into("rules-card-own-name", "Goblin-Waffenkammer")
    phone.tap("rules-card-own-name-save")
    phone.wait_text("Auf diesem Gerät gespeichert")
    phone.wait_text("Goblin-Waffenkammer (Goblin Armory)")  # the page names it so now
    phone.screenshot("own-name-saved")
    # A new visit on this device: another tab (a new session), the same browser storage.
    phone = phone.another_tab().open("/")
    phone.tap("open-rules")
    phone.wait_for("rules-search")
    phone.search_until("rules-search", "Goblin-Waffenkammer", shows="rules-card-BMA015")
    phone.wait_text("Goblin-Waffenkammer (Goblin Armory): was sie bewirkt")
    phone.screenshot("own-name-found")
