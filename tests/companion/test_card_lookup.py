"""Cards in the rules lookup: a card's name (either language, typos forgiven) finds it,
with its printed facts, what it does, how the referee handles it and the rules it touches."""

from __future__ import annotations

import pytest

from companion.card_lookup import CARDS, card_answer, card_hits
from companion.catalogue import default_catalogue
from companion.glossary_search import lookup_main, search
from companion.i18n import Translator


def _strong(query: str) -> list[str]:
    return [h.card.name for h in card_hits(query, default_catalogue()) if h.strong]


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("goblin armory", "Goblin Armory"),
        ("gobln armry", "Goblin Armory"),
        ("what does goblin armory do", "Goblin Armory"),
        ("was macht die Folterkammer", "Torture Chamber"),
        ("Höhle des Zombiedrachen", "Dracolich Lair"),
    ],
)
def test_a_cards_name_finds_it(query: str, card: str) -> None:
    assert _strong(query)[:1] == [card]


def test_every_card_is_found_by_each_of_its_names() -> None:
    """Each name a card is known by (English, the German edition's) finds it first, also
    one with the words a question is asked with: "The Fool", "Cave-In", "Trophy Room",
    "Liger's Den", "It's On!" (these were not found)."""
    catalogue = default_catalogue()
    missed = []
    for card in catalogue.cards():
        known = [
            card.name,
            *(names[card.id] for names in catalogue.names.values() if card.id in names),
        ]
        missed += [name for name in known if _strong(name)[:1] != [card.name]]
    assert missed == []


@pytest.mark.parametrize("query", ["bait", "level up", "deactivate", "trap", "tie", "spell"])
def test_a_rules_question_names_no_card(query: str) -> None:
    assert _strong(query) == []


def test_a_word_of_a_name_offers_the_cards_without_leading() -> None:
    # No German name is known for Goblin Armory: its German-speaking table still gets
    # the Goblin cards offered, and the glossary's "Tot" (from the article "die") no more.
    hits = card_hits("was macht die Goblin-Waffenkammer", default_catalogue())
    assert "Goblin Armory" in [h.card.name for h in hits]
    assert not any(h.strong for h in hits)
    assert [h.entry_id for h in search("was macht die Goblin-Waffenkammer", "de")] == []


def test_a_name_the_players_gave_finds_the_card() -> None:
    own = {"BMA015": "Goblin-Waffenkammer"}
    hits = card_hits("was macht die Goblin-Waffenkammer", default_catalogue(), own=own)
    assert hits[0].card.name == "Goblin Armory" and hits[0].strong


def test_goblin_armory_answer_in_english() -> None:
    catalogue = default_catalogue()
    answer = card_answer(catalogue.card("BMA015"), catalogue, Translator("en"))
    # Printed: a Monster Room, 1 damage, two fighter icons (R-BAIT-TOTAL counts each).
    assert answer.facts.startswith("Monster Room · Damage 1 · Treasure: Fighter, Fighter")
    [(does, handled)] = answer.abilities
    assert "Monster Rooms next to this Room deal +1 damage" in does
    assert handled.startswith("Carried out")  # a passive ability applies by itself
    assert "R-CARD-EFFECT" in answer.rules and "R-BAIT-TOTAL" in answer.rules


def test_torture_chamber_answer_in_german_is_by_hand_and_says_why() -> None:
    catalogue = default_catalogue()
    answer = card_answer(catalogue.card("BMA038"), catalogue, Translator("de"))
    assert answer.title == "Folterkammer (Torture Chamber)"
    assert answer.facts.startswith("Fallenraum · Schaden 1 · Schatz: Kleriker, Dieb")
    [(_does, handled)] = answer.abilities
    # A random card from an opponent's hand: off the table, so by hand.
    assert handled.startswith("Von Hand") and "nicht verfolgt" in handled


def test_an_advanced_room_touches_where_it_may_be_built() -> None:
    catalogue = default_catalogue()
    answer = card_answer(catalogue.card("BMA013"), catalogue, Translator("en"))
    assert "Advanced" in answer.facts and answer.rules[0] == "R-BUILD-WHERE"


def test_a_hybrid_hero_touches_the_hybrid_bait_rule() -> None:
    catalogue = default_catalogue()
    hybrid = next(c for c in catalogue.cards(kinds=["hero"]) if len(c.treasure) == 2)  # type: ignore[union-attr]
    assert "R-BAIT-HYBRID" in card_answer(hybrid, catalogue, Translator("en")).rules


def test_cli_lookup_finds_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert lookup_main(["goblin", "armory"], cards=CARDS) == 0
    out = capsys.readouterr().out
    assert out.startswith("card:BMA015\tGoblin Armory\n")
    assert "Damage 1" in out and "R-CARD-EFFECT" in out


def test_cli_lookup_finds_a_card_by_its_german_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert lookup_main(["was", "macht", "die", "Folterkammer", "--lang", "de"], cards=CARDS) == 0
    assert capsys.readouterr().out.startswith("card:BMA038\tFolterkammer (Torture Chamber)\n")


def test_cli_lookup_offers_cards_sharing_a_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        lookup_main(["was macht die Goblin-Waffenkammer", "--lang", "de", "--list"], cards=CARDS)
        == 0
    )
    out = capsys.readouterr().out
    assert "card:BMA015\tGoblin Armory" in out and "Tot" not in out


def test_play_lookup_finds_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    from companion import cli

    assert cli.main(["lookup", "goblin armory"]) == 0
    assert capsys.readouterr().out.startswith("card:BMA015\tGoblin Armory\n")


def test_a_room_card_discarded_from_the_hand_is_played_as_a_spell_is() -> None:
    """Shrooman Aviary (RMB027): discarded from the hand, never built; the lookup says so
    and sends the players to "Play a Spell", not to a question that never comes."""
    catalogue = default_catalogue()
    answer = card_answer(catalogue.card("RMB027"), catalogue, Translator("en"))
    [(does, handled)] = answer.abilities
    assert does.startswith("Discarded from your hand (not built)")
    assert handled == "Carried out: play it with “Play a Spell” (caster, card, target)."
