"""A card's ability read in German is German: the cost comes first and the effect after it
as a main clause ("wirf eine Zauberspruchkarte ab und ziehe 1 Zauberspruchkarte"), so the
cost never ends in "um" (which would need a "zu" infinitive: "…, um nimm" is wrong) and an
effect is never worded as a "zu" infinitive that only reads after "um"."""

from __future__ import annotations

import re

import pytest

from companion.i18n import Translator, catalogues
from companion.ui.table.rulings import ruling_text
from rules import card_table
from rules.card_effects import load_effects
from rules.card_text import ability_phrases

#: An effect phrase worded as a "zu" infinitive: "…hinzuzufügen.", "dafür zu sorgen, …".
ZU_INFINITIVE = re.compile(r"^(\w+ ){0,3}zu \w+en\b|^[^,:]*\w+zu\w{2,}en[.)]?$")


def _costly_abilities() -> list[tuple[str, str]]:
    card_table.use(load_effects())
    german = Translator("de")
    return [
        (
            card_id,
            " ".join(ruling_text(german, key, args) for key, args in ability_phrases(ability)),
        )
        for card_id, card in sorted(card_table.table().items())
        for ability in card.abilities
        if ability.cost != "none"
    ]


@pytest.mark.parametrize(("card_id", "words"), _costly_abilities())
def test_a_cost_is_followed_by_a_main_clause(card_id: str, words: str) -> None:
    assert ", um " not in words, words


def test_no_effect_phrase_is_a_zu_infinitive() -> None:
    german = catalogues()["de"]
    odd = {
        key: text
        for key, text in german.items()
        if key.startswith("ruling.card.fx.") and ".by_hand." not in key
        if ZU_INFINITIVE.search(text)
    }
    assert not odd
