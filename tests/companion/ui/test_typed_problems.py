"""The squad models' refusals of what was typed, worded for the player (``typed_problems``)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.i18n import Translator
from companion.ui.squads.typed_problems import field_label, typed_problems
from rules.squads.models import SquadSetup


def refused(data: dict[str, object]) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        SquadSetup.model_validate(data)
    return caught.value


def seat(name: str = "Ann", boss: str = "Grumpus", princess: str = "red") -> dict[str, str]:
    return {"name": name, "boss": boss, "princess": princess}


def test_a_length_is_worded_and_the_field_named_by_its_label_in_either_language() -> None:
    """Said once: pydantic also finds the players' list too short, the refused one left
    out of it; that is no problem of its own."""
    error = refused(
        {
            "players": [seat(), seat("B" * 41, "Hexlord")],
            "slot1": {"kind": "kidnap", "color": "red"},
            "slot2": {"kind": "bullyhulk", "color": "blue"},
        }
    )
    assert typed_problems(Translator("en"), error) == "Player 2, Name: at most 40 characters"
    assert typed_problems(Translator("de"), error) == "Spieler 2, Name: höchstens 40 Zeichen"


def test_a_problem_no_form_expects_keeps_the_models_words_under_the_label() -> None:
    """A pasted line break in a colour: pydantic's own message, the field by its label."""
    error = refused(
        {
            "players": [seat(), seat("Bob", "Hexlord", "bl\nue")],
            "slot1": {"kind": "kidnap", "color": "red"},
            "slot2": {"kind": "bullyhulk", "color": "blue"},
        }
    )
    said = typed_problems(Translator("en"), error)
    assert said.startswith("Player 2, Colour of the highest army card: a colour must not hold")


def test_past_three_problems_the_rest_are_counted() -> None:
    long = "x" * 41
    error = refused(
        {
            "players": [seat(long, long, long), seat(long, long)],
            "slot1": {"kind": "kidnap", "color": "red"},
            "slot2": {"kind": "bullyhulk", "color": "blue"},
        }
    )
    said = typed_problems(Translator("de"), error)
    assert said.count(": höchstens") == 3 and said.endswith(" (und 2 weitere)")


def test_a_field_no_form_shows_is_named_by_its_place() -> None:
    tr = Translator("en")
    assert field_label(tr, ("slot1", "color")) == "SLOT1, Colour"
    assert field_label(tr, ("color",)) == "Colour"
    assert field_label(tr, ("parasols", 0, "owner")) == "parasols.0.owner"
