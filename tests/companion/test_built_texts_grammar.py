"""Texts the app builds from parts read correctly in English and German: a count is
followed by a singular or plural as the count says ("1 Wound", "2 Wunden"), never a fixed
plural, and a German separable verb is not split around a second "auf"."""

from __future__ import annotations

import re

import pytest

from companion.i18n import Translator, load_strings
from rules.plurals import render
from rules.rulings import explain

PLURALS = {
    "en": ("Souls", "Wounds", "Coins", "Rooms", "Spells", "Heroes", "steps", "levels"),
    "de": (
        "Seelen",
        "Wunden",
        "Münzen",
        "Raumkarten",
        "Zauberspruchkarten",
        "Helden",
        "Schritte",
        "Stufen",
        "Spielern",
    ),
}
#: Keys whose number is never 1, by the rule they state.
NEVER_ONE = {
    "ruling.end.eliminated",  # 5 or more Wounds (R-END-ELIM)
    "ruling.end.win",  # 10 or more Souls (R-END-WIN)
    "ruling.end.no_elim_fivesix",  # 5 or more Wounds
    "ruling.end.no_elim_unlimited",  # 5 or more Wounds
    "lookup.min_players",  # a Hero for 3 or 4 players ("from 3 players")
    "ruling.err.item_count",  # a game has 2 players or more
    "ruling.err.town_full",  # the town's ceiling is 200 Heroes
}
#: A placeholder printed as a number, right before a plural noun (not a verb: "steps up").
_COUNT_THEN = r"\{(\w+)(?::[^}|]*)?\} (?:%s)\b(?! up)"


def _without_choices(text: str) -> str:
    """The text without its plural choices ("{n:one|other}", nested fields and all): the
    plural arm of a choice is where a plural belongs."""
    out, depth, i = [], 0, 0
    while i < len(text):
        if depth == 0 and re.match(r"\{\w+:[^}]*\|", text[i:]):
            depth = 1
            i += 1
            continue
        if depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
        else:
            out.append(text[i])
        i += 1
    return "".join(out)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_count_chooses_its_noun(lang: str) -> None:
    pattern = re.compile(_COUNT_THEN % "|".join(PLURALS[lang]))
    fixed = [
        f"{key}: {text}"
        for key, text in load_strings(lang).items()  # type: ignore[arg-type]
        if key not in NEVER_ONE and pattern.search(_without_choices(text))
    ]
    assert fixed == []


@pytest.mark.parametrize(
    ("lang", "key", "args", "said"),
    [
        ("en", "coins.count", {"coins": 1}, "1 Coin"),
        ("de", "coins.count", {"coins": 1}, "1 Münze"),
        ("de", "coins.count", {"coins": 3}, "3 Münzen"),
        ("de", "setup.hand", {"rooms": 1, "spells": 1}, "1 Raumkarte und 1 Zauberspruchkarte"),
    ],
)
def test_counts_in_ui_texts(lang: str, key: str, args: dict[str, int], said: str) -> None:
    assert said in Translator(lang)(key, **args)  # type: ignore[arg-type]


def test_a_score_corrected_by_one_says_one_soul() -> None:
    args = {"player": "Ann", "souls": 1, "wounds": -1, "reason": "forgot"}
    assert "(+1 Soul, -1 Wound)" in explain("score.corrected", args)
    german = Translator("de")("ruling.score.corrected", **args)
    assert "(+1 Seele, -1 Wunde)" in german


def test_german_reveal_keeps_its_separable_verb_together() -> None:
    # "aufdecken" splits: "deckt X auf". A second "auf" for where it lies ("deckt
    # Centipede Tunnel auf Haunted Library … auf") reads as a slip.
    tr = Translator("de")
    over = tr(
        "ruling.build.revealed_over",
        player="Ann",
        room="Centipede Tunnel",
        under="Haunted Library",
        under_n=2,
    )
    assert over.count(" auf") == 1 and over.startswith("Ann deckt Centipede Tunnel auf")
    mini = tr("ruling.mini.revealed", player="Ann", miniboss="Grumpy", room="Pit", room_n=1)
    assert "deckt Grumpy bei Pit (Raum 1) auf" in mini
    for key, text in load_strings("de").items():
        if " deckt " in text:
            assert not re.search(r"deckt \{\w+\} auf \{", text), key


def test_plural_choice_renders_signed_numbers() -> None:
    assert render("{n:+d} {n:Seele|Seelen}", {"n": -1}) == "-1 Seele"


def test_treasure_letters_follow_the_language_of_their_name() -> None:
    from companion.theme import treasure_letter

    de, en = Translator("de"), Translator("en")
    # Kleriker and Krieger share a K: each its own two letters, never the English C/F.
    assert [treasure_letter(t, de(f"treasure.{t}")) for t in ("cleric", "fighter", "thief")] == [
        "Kl",
        "Kr",
        "D",
    ]
    assert [treasure_letter(t, en(f"treasure.{t}")) for t in ("cleric", "fighter", "thief")] == [
        "C",
        "F",
        "T",
    ]
