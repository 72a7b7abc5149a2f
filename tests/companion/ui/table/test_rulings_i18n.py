"""Rulings in the player's language: every engine message has both translations."""

from __future__ import annotations

from companion.i18n import Translator, catalogues, placeholders
from companion.ui.table.rulings import refused_by_rule, ruling_text
from companion.ui.widgets import Refusal
from rules.errors import BuildError
from rules.rulings import MESSAGES


def test_every_engine_message_has_a_ruling_string_in_both_languages() -> None:
    strings = catalogues()
    for key in MESSAGES:
        assert f"ruling.{key}" in strings["en"], key
        assert f"ruling.{key}" in strings["de"], key


def test_english_ruling_strings_are_the_engine_s_own_words() -> None:
    """The catalogue copy may not drift from the engine (English comes from the engine)."""
    en = catalogues()["en"]
    for key, text in MESSAGES.items():
        assert en[f"ruling.{key}"] == text, key


def test_german_rulings_keep_every_placeholder_of_the_engine_message() -> None:
    de = catalogues()["de"]
    for key, text in MESSAGES.items():
        assert placeholders(de[f"ruling.{key}"]) == placeholders(text), key


def test_a_german_bait_ruling_names_the_treasure_in_german() -> None:
    text = ruling_text(
        Translator("de"),
        "bait.tie",
        {"treasure": "cleric", "total": 1, "players": "Ada and Bert"},
    )
    assert "Kleriker" in text and "bleibt der Held in der Stadt" in text


def test_a_refusal_says_why_in_either_language_and_keeps_its_rule_for_the_link() -> None:
    error = BuildError("R-BUILD-MAX", "err.build_max", player="Ada")
    assert refused_by_rule(Translator("en"), error) == Refusal(
        "Ada's dungeon already has five Rooms: build over one of them instead.", "R-BUILD-MAX"
    )
    german = refused_by_rule(Translator("de"), error)
    assert german.text.startswith("Adas Dungeon hat schon fünf Räume")
    assert german.rule == "R-BUILD-MAX"


def test_a_german_ruling_names_cards_without_a_name_in_german() -> None:
    """The engine labels a card without a name in English ("fighter Hero #2"); German
    rulings say it in German. A card's own name is left as it is."""
    de = Translator("de")
    walk = {"damage": 2, "total": 2, "health": 4, "room_n": 1}
    text = ruling_text(de, "adv.enter", {"hero": "fighter Hero #2", "room": "trap Room", **walk})
    assert text.startswith("Held (Krieger) #2") and "Fallenraum" in text
    assert "Hero" not in text and "trap" not in text
    epic = ruling_text(de, "turn.revealed", {"hero": "Epic cleric/mage Hero #7"})
    assert epic.startswith("Epischer Held (Kleriker/Magier) #7")
    item = ruling_text(de, "item.revealed", {"item": "universal Item #1"})
    assert item.startswith("Universale Ausrüstung #1")
    item = ruling_text(de, "item.revealed", {"item": "thief/mage Item #2"})
    assert item.startswith("Ausrüstung für Dieb/Magier #2")
    named = ruling_text(de, "adv.enter", {"hero": "Sir Gawain #1", "room": "Goblin Hut", **walk})
    assert named.startswith("Sir Gawain #1") and "Goblin Hut" in named
    # English is the engine's own sentence, labels and all.
    english = ruling_text(Translator("en"), "turn.revealed", {"hero": "fighter Hero #2"})
    assert english.startswith("Fighter Hero #2 is revealed")  # a sentence starts with a capital


def test_a_german_bait_tie_joins_the_players_with_und() -> None:
    text = ruling_text(
        Translator("de"),
        "bait.tie",
        {"treasure": "cleric", "total": 1, "players": "Ada and Bert"},
    )
    assert "Ada und Bert" in text and " and " not in text


def test_a_german_ruling_that_opens_with_a_name_starts_with_a_capital() -> None:
    de = Translator("de")
    assert ruling_text(de, "build.placed_end", {"player": "ann"}).startswith("Ann ")
    fragment = ruling_text(de, "card.fx.room_damage_plus.adjacent", {"rooms": "x", "amount": 1})
    assert fragment.startswith("x ")  # part of a card's text, joined after "Immer:"
