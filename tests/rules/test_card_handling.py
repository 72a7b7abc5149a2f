"""How the referee handles each ability, and the rules a card touches
(``rules.card_handling``): what the rules lookup says of a card. Each expectation is read
off the card's facts and the app's reading of it, not off the function's output."""

from __future__ import annotations

import pytest

from rules.card_effects import effects_of
from rules.card_handling import handling, rules_touched
from rules.effects import CardEffects


def _card(card_id: str) -> CardEffects:
    card = effects_of(card_id)
    assert card is not None, card_id
    return card


@pytest.mark.parametrize(
    ("card_id", "expected"),
    [
        ("BMA038", "reminder.off_table"),  # Torture Chamber: a card from a hand
        ("RMB027", "spell"),  # Shrooman Aviary: a Room card played from the hand
        ("TNL057", "spell"),  # Another Castle: a Spell the panel asks about
        ("BMA015", "auto"),  # Goblin Armory: its neighbours' damage, carried out
    ],
)
def test_each_ability_is_handled_as_the_app_reads_it(card_id: str, expected: str) -> None:
    [ability] = _card(card_id).abilities
    assert handling(ability) == expected


def test_a_card_touches_its_effects_rules_then_its_kinds() -> None:
    """Cave-In destroys a Room and kills the Hero in it: R-CARD-EFFECT, then R-DESTROY and
    R-ADV-DEATH, then the Spell's R-PHASE."""
    assert rules_touched("spell", _card("BMA042")) == (
        "R-CARD-EFFECT",
        "R-DESTROY",
        "R-ADV-DEATH",
        "R-PHASE",
    )


def test_a_hybrid_hero_and_an_advanced_room_lead_with_their_own_rule() -> None:
    assert rules_touched("hero", None, hybrid=True)[0] == "R-BAIT-HYBRID"
    assert rules_touched("hero", None)[0] == "R-BAIT-HIGHEST"
    assert rules_touched("room", None, advanced=True) == (
        "R-BUILD-WHERE",
        "R-BAIT-TOTAL",
        "R-ADV-WALK",
    )
