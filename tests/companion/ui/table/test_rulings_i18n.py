"""Rulings in the player's language: every engine message has both translations."""

from __future__ import annotations

from companion.i18n import Translator, catalogues, placeholders
from companion.ui.table.rulings import refusal_text, ruling_text
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


def test_a_refusal_ends_with_its_rule_id_in_either_language() -> None:
    error = BuildError("R-BUILD-MAX", "err.build_max", player="Ada")
    assert refusal_text(Translator("en"), error) == (
        "Ada's dungeon already has five Rooms: build over one of them instead. (R-BUILD-MAX)"
    )
    german = refusal_text(Translator("de"), error)
    assert german.startswith("Adas Dungeon hat schon fünf Räume") and german.endswith(
        "(R-BUILD-MAX)"
    )
