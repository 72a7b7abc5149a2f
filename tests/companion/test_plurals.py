"""Singular and plural by count in both languages, never "Hero(es)" or "Seele(n)"."""

from __future__ import annotations

import json
import re

import pytest

from companion.i18n import I18N_DIR, LANGS, Translator
from rules.plurals import choices, render
from rules.rulings import MESSAGES, explain

#: A word with its plural ending in brackets or after a slash: "Hero(es)", "Seele(n)",
#: "thing(s)", "Gegenstand/Gegenstände".
HEDGED_PLURAL = re.compile(r"\w\((?:s|es|n|en|e)\)|\b(\w{3,})/\1")


@pytest.mark.parametrize(("count", "text"), [(1, "1 Hero"), (2, "2 Heroes"), (0, "0 Heroes")])
def test_plural_choice_follows_the_count_in_english(count: int, text: str) -> None:
    assert render("{n} {n:Hero|Heroes}", {"n": count}) == text


def test_plural_choice_follows_the_count_in_german() -> None:
    de = Translator("de")
    assert de("table.reveal_heroes", count=1) == "1 Held aufdecken"
    assert de("table.reveal_heroes", count=3) == "3 Helden aufdecken"


def test_plural_choice_may_hold_the_number_and_a_verb() -> None:
    en = Translator("en")
    assert en("ruling.coins.covered", room="Crypt", room_n=2, coins=1).endswith(
        "the Coin on it is lost."
    )
    assert en("ruling.coins.covered", room="Crypt", room_n=2, coins=2).endswith(
        "the 2 Coins on it are lost."
    )


def test_engine_english_uses_the_same_plurals() -> None:
    assert explain(
        "adv.survive", {"hero": "H", "player": "Ann", "total": 1, "health": 4, "worth": 1}
    ).endswith("1 Wound.")
    assert explain(
        "adv.survive", {"hero": "H", "player": "Ann", "total": 1, "health": 4, "worth": 2}
    ).endswith("2 Wounds.")


def test_other_format_specs_still_work() -> None:
    assert render("{souls:+d}", {"souls": 2}) == "+2"


@pytest.mark.parametrize("value", ["three", 2.0, True])
def test_plural_choice_refuses_a_value_that_is_no_count(value: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        render("{n:one|other}", {"n": value})


def test_plural_choice_with_three_forms_is_refused() -> None:
    with pytest.raises(ValueError, match="two forms"):
        render("{n:a|b|c}", {"n": 1})


@pytest.mark.parametrize("lang", LANGS)
def test_no_hedged_plural_left_in_the_ui_strings(lang: str) -> None:
    strings = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    hedged = {key: text for key, text in strings.items() if HEDGED_PLURAL.search(text)}
    assert hedged == {}


def test_no_hedged_plural_left_in_the_engine_sentences() -> None:
    assert {key: t for key, t in MESSAGES.items() if HEDGED_PLURAL.search(t)} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_choice_in_the_catalogues_renders_for_one_and_many(lang: str) -> None:
    strings = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    tr = Translator(lang)
    found = 0
    for key, text in strings.items():
        for name, spec in choices(text):
            found += 1
            one, other = spec.split("|", 1)
            assert one and other, f"{lang}.json {key}: empty plural form in {spec!r}"
            args = {field: 1 for field in re.findall(r"\{(\w+)", text)}
            assert "{" not in tr(key, **args), f"{lang}.json {key} did not render for 1"
            args[name] = 5
            assert "{" not in tr(key, **args), f"{lang}.json {key} did not render for 5"
    assert found >= 10
