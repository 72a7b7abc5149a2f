"""The card-effects data (data/cards/effects/): validated on load, covering the base set,
and described in English and German from its structure alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.catalogue import default_catalogue
from companion.i18n import Translator
from companion.ui.table.rulings import ruling_text
from rules.card_effects import EFFECTS_DIR, EffectsError, load_effects, registry
from rules.card_text import phrases
from rules.effect_kinds import ByHand
from rules.effects import CardEffects
from rules.rulings import describe

#: The cards whose abilities the referee needs: Heroes have none but their lure rule
#: (in the catalogue), so they are not counted.
ABILITY_KINDS = ("room", "boss", "spell", "miniboss", "item")
SETS = ("base", "tools_of_hero_kind", "promos", "next_level", "crash_landing", "minibosses")


def _uncovered(set_id: str) -> list[str]:
    known = registry()
    cards = default_catalogue().cards(kinds=ABILITY_KINDS, sets=(set_id,))
    return [f"{c.id} {c.name}" for c in cards if c.id not in known]


def coverage(set_id: str) -> dict[str, int]:
    """A set's cards by how the referee handles them: ``automated`` (applied or offered
    by the engine, or no ability at all), ``by_hand`` (an explicit flag: a reminder or an
    effect the players carry out), ``missing`` (no facts)."""
    known = registry()
    out = {"automated": 0, "by_hand": 0, "missing": 0}
    for card in default_catalogue().cards(kinds=ABILITY_KINDS, sets=(set_id,)):
        facts = known.get(card.id)
        if facts is None:
            out["missing"] += 1
        elif facts.handling == "reminder":
            out["by_hand"] += 1
        else:
            out["automated"] += 1
    return out


def test_card_effects_every_base_set_room_boss_and_spell_is_covered() -> None:
    """The issue's done-when: no base-set Room, Boss or Spell lacks effect data."""
    assert _uncovered("base") == []


@pytest.mark.parametrize("set_id", SETS)
def test_card_effects_every_card_of_each_set_has_facts_or_a_by_hand_flag(set_id: str) -> None:
    """A set is covered when every Room, Boss, Spell, Miniboss and Item has effect facts,
    or is flagged by hand with what the players do."""
    assert _uncovered(set_id) == []
    assert coverage(set_id)["missing"] == 0


def test_card_effects_each_entry_is_a_catalogue_card_of_the_same_kind() -> None:
    catalogue = default_catalogue()
    for card_id, card in registry().items():
        assert catalogue.card(card_id).kind == card.kind, card_id


def test_card_effects_issue_examples_match_the_official_app_data() -> None:
    """The structure of the issue's five cards, as read from the app's card data."""
    known = registry()
    armory = known["BMA015"].abilities[0]
    assert (armory.trigger, armory.effects[0].kind) == ("always", "room_damage_plus")
    assert armory.effects[0].model_dump() == {
        "kind": "room_damage_plus",
        "amount": 1,
        "rooms": "adjacent",
        "room_type": "monster",
        "until_end_of_turn": False,
        "advanced_only": False,
    }
    assert known["BMA020"].abilities[0].effects[0].kind == "damage_equals_count"
    maze = known["BMA017"].abilities[0]
    assert maze.trigger == "hero_enters_first" and maze.handling == "auto"
    assert known["BMA018"].abilities[0].effects[0].kind == "no_build_over"
    bordello = known["BMA014"].abilities[0]
    assert (bordello.trigger, bordello.once_per_turn, bordello.optional) == (
        "hero_dies_here",
        True,
        True,
    )
    assert bordello.effects[0].kind == "heal_wound" and bordello.handling == "prompt"
    base = [c for i, c in known.items() if i.startswith("BMA")]
    assert len(base) == 55 and all(c.source.data == "official-app" for c in base)


def test_card_effects_every_card_is_described_in_english_and_german() -> None:
    en, de = Translator("en"), Translator("de")
    for card in registry().values():
        for ability in phrases(card):
            for key, args in ability:
                assert en.has(f"ruling.{key}") and de.has(f"ruling.{key}"), (card.id, key)
                german = ruling_text(de, key, args)
                assert "{" not in german, (card.id, german)


def test_card_effects_goblin_armory_description_is_generated_in_both_languages() -> None:
    armory = registry()["BMA015"]
    assert describe(armory) == "Always: Monster Rooms next to this Room deal +1 damage."
    german = " ".join(ruling_text(Translator("de"), k, a) for k, a in phrases(armory)[0])
    assert german == "Immer: Monsterräume neben diesem Raum verursachen +1 Schaden."


@pytest.mark.parametrize("set_id", SETS)
def test_card_effects_data_file_holds_no_card_text(set_id: str) -> None:
    """Facts only: no field of the file carries a sentence from a card."""
    text = (EFFECTS_DIR / f"{set_id}.json").read_text(encoding="utf-8")
    phrases = ("adjacent to this room", "send it back one room", "Once per turn, if")
    phrases += ("When you build this Room, you may", "For the rest of the game", "Power-Up:")
    for phrase in phrases:
        assert phrase.lower() not in text.lower()


def _write(tmp_path: Path, cards: list[dict[str, object]]) -> Path:
    (tmp_path / "x.json").write_text(json.dumps({"set": "x", "cards": cards}), encoding="utf-8")
    return tmp_path


SOURCE = {"data": "official-app", "where": "test"}


@pytest.mark.parametrize(
    ("card", "problem"),
    [
        (
            {
                "id": "BMA015",
                "kind": "room",
                "source": SOURCE,
                "abilities": [{"trigger": "always", "effects": [{"kind": "heal_wound"}]}],
            },
            "passive",
        ),
        (
            {"id": "BMA040", "name": "X", "kind": "spell", "source": SOURCE, "abilities": []},
            "always has an ability",
        ),
        (
            {
                "id": "BMA015",
                "kind": "room",
                "source": SOURCE,
                "abilities": [
                    {
                        "trigger": "always",
                        "effects": [{"kind": "room_damage_plus", "amount": 0, "rooms": "adjacent"}],
                    }
                ],
            },
            "amount",
        ),
        ({"id": "bad", "name": "X", "kind": "room", "source": SOURCE}, "id"),
    ],
)
def test_card_effects_bad_file_is_refused_naming_the_file_and_problem(
    tmp_path: Path, card: dict[str, object], problem: str
) -> None:
    with pytest.raises(EffectsError) as info:
        load_effects(_write(tmp_path, [card]))
    assert "x.json" in str(info.value) and problem in str(info.value)


def test_card_effects_a_phrase_missing_from_the_messages_is_refused(tmp_path: Path) -> None:
    card = {
        "id": "BMA016",
        "name": "X",
        "kind": "room",
        "source": SOURCE,
        "abilities": [
            {
                "trigger": "at_will",
                "effects": [{"kind": "reminder", "action": "draw", "who": "opponent"}],
            }
        ],
    }
    with pytest.raises(EffectsError, match=r"card\.fx\.draw\.opponent"):
        load_effects(_write(tmp_path, [card]))


def test_card_effects_coverage_per_set_counts_automated_and_by_hand() -> None:
    """The numbers the data gives per set (automated, by hand, missing)."""
    got = {s: coverage(s) for s in SETS}
    # Bottomless Pit, Boulder Ramp and The Crushinator (their Room's button), Teleportation
    # and Cave-In (cast by the engine); Jackpot Stash (its button doubles the treasure),
    # Assassin (the walking Hero's Health, issue 29); Trepidation (a dungeon closed for
    # the turn).
    assert got["base"] == {"automated": 25, "by_hand": 30, "missing": 0}
    # Invasion Swarm's neighbours +1, Hypercube over any treasure; Reactor Core, Alien Ooze,
    # Imperiatrix's Level Up, Caged Gundarf, Decoy Garden, Meteorite, Healing Tank, Not
    # Dead Yet, Essence Transfer, Darkling Lair (issue 29); Mando and Alien Excavator
    # (covered Rooms brought to the top, asked); Finish Him! (a survivor taken); Frostman
    # Lander (discarded from the hand: an Advanced Room deactivated); The Omega 42 (another
    # Room's "when you build" fired again); Klonos (another Boss's Level Up, taken at its own)
    assert got["crash_landing"]["automated"] == 18
    assert all(c["missing"] == 0 for c in got.values())


def test_card_effects_handling_flags_what_players_do_by_hand() -> None:
    """Every card says how the referee handles it; reminders are carried out by hand."""
    cards: list[CardEffects] = list(registry().values())
    handling = {c.id: c.handling for c in cards}
    assert handling["BMA015"] == "auto" and handling["BMA035"] == "none"
    assert handling["BMA016"] == "reminder"  # Golem Factory: draw a Room card


@pytest.mark.parametrize(
    "what",
    ["rearrange_rooms", "room_counters", "items", "rules_change", "miniboss", "copies_ability"],
)
def test_card_effects_a_by_hand_reason_on_tracked_state_is_refused(what: str) -> None:
    """What the referee tracks is carried out, so the data model keeps only the reason a
    card may still be done by hand: hands and decks (every Miniboss level is carried out
    since Rocky's and Brassknuckle's Level 2, a copied ability since Klonos's)."""
    with pytest.raises(ValidationError, match="what"):
        ByHand.model_validate({"kind": "by_hand", "what": what})
    kept = ByHand.model_validate({"kind": "by_hand", "what": "hands_and_decks"})
    assert kept.what == "hands_and_decks"
