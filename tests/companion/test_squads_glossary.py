"""The squad game's rule ids are explained in the glossary and found by its search."""

from __future__ import annotations

import pytest

from companion.glossary import load_glossary
from companion.glossary_search import search
from rules.rulings import MESSAGES

SQUAD_RULES = {
    "R-SQ-SETUP": "squads-game",
    "R-SQ-STRONGEST": "squads-victorious",
    "R-SQ-TIE": "squads-victorious",
    "R-SQ-PAIRS": "squads-score",
    "R-SQ-IWIN": "squads-i-win",
    "R-SQ-BULLYHULK": "squads-map-cards",
}


@pytest.mark.parametrize(("rule", "entry"), SQUAD_RULES.items())
def test_a_squad_rule_id_leads_to_its_entry(rule: str, entry: str) -> None:
    assert load_glossary().for_rule(rule).id == entry
    assert search(rule)[0].entry_id == entry


@pytest.mark.parametrize(
    ("query", "lang", "entry"),
    [
        ("Megagrump", "en", "squads-recruits"),
        ("Katapult", "de", "squads-recruits"),
        ("Bullyhulk", "en", "squads-map-cards"),
        ("Auswertungsphase", "de", "squads-turn"),
        ("strongest squad", "en", "squads-victorious"),
    ],
)
def test_squad_words_are_found_in_both_languages(query: str, lang: str, entry: str) -> None:
    assert search(query, lang)[0].entry_id == entry  # type: ignore[arg-type]


def test_every_rule_id_the_squad_engine_cites_has_an_entry() -> None:
    glossary = load_glossary()
    squad_ids = {r for r in glossary.rule_ids if r.startswith("R-SQ-")}
    assert len(squad_ids) == 21
    assert any(key.startswith("sq.") for key in MESSAGES)
