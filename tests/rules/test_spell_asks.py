"""What a card played from the hand asks its caster to name (``rules.spell_asks``): the
Spell panel puts these questions and reads no effect kind or target name itself."""

from __future__ import annotations

import pytest

from rules.spell_asks import SpellAsks, spell_asks

ASKS = [
    ("BMA040", "Annihilator", SpellAsks(aim="room")),
    ("CRL007", "Frostman Lander, a Room card played from the hand", SpellAsks(aim="room")),
    ("BMA051", "Princess in Peril", SpellAsks(aim="hero")),
    ("TNL071", "Undead Minion", SpellAsks(aim="soul")),
    ("TNL067", "Secret Stash", SpellAsks(aim="room", treasure=True)),
    ("TNL070", "Surprise Gift", SpellAsks(aim="room", gift=True)),
    ("TNL062", "Meddling Kids!", SpellAsks(aim="room", player_instead=True)),
    ("RMB078", "Traitor", SpellAsks(aim="room", over=True)),
    ("TNL057", "Another Castle", SpellAsks(names="opponent")),
    ("TPU013", "Agent of Evil", SpellAsks(aim="hero", names="opponent")),
    ("TNL064", "Party Up", SpellAsks(names="dungeon")),
    ("THK025", "Excavation", SpellAsks(item=True)),
]


@pytest.mark.parametrize(("card_id", "name", "asks"), ASKS, ids=[a[1] for a in ASKS])
def test_each_card_asks_what_its_ability_names(card_id: str, name: str, asks: SpellAsks) -> None:
    assert spell_asks(card_id) == asks, name


def test_a_card_not_played_from_the_hand_asks_nothing() -> None:
    assert spell_asks("BMA027") == SpellAsks()  # Bottomless Pit: built, never played
    assert spell_asks("no-such-card") == SpellAsks()
