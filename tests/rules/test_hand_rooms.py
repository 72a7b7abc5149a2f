"""Room cards discarded from the hand for their ability, never built (R-CARD-EFFECT):
played with the table's "Play a Spell" (``CastSpell``) and carried out by the engine, but
no Spell for what watches Spells.

Shrooman Aviary (RMB027): the Hero walking any dungeon +3 Health until end of turn.
Frostman Lander (CRL007): an Advanced Room in any dungeon deactivated until end of turn.
Cursed Well (RMB035): 2 Coins (or a Spell card drawn instead: hands only).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import card_room, plain, walking
from test_coin_cards import _coins, _in_room, _table

from rules import commands as c
from rules import events as ev
from rules.card_effects import effects_of
from rules.effects import CardEffects
from rules.played_cards import is_spell, playable_now
from rules.turn_bars import TAX

SHROOMAN_AVIARY, FROSTMAN_LANDER, CURSED_WELL = "RMB027", "CRL007", "RMB035"
FREEZE = "BMA046"  # a Spell: deactivate a Room
LIGERS_DEN = "BMA026"  # "when you play a Spell": a reminder to draw
DRACOLICH_LAIR = "BMA013"  # an Advanced Monster Room


def _keys(events: tuple[ev.EventBase, ...]) -> list[str]:
    """The rulings' keys of the events that carry one: noted, or an ability fired."""
    return [e.ruling.key for e in events if isinstance(e, ev.Noted | ev.CardEffectFired)]


def test_shrooman_aviary_gives_the_walking_hero_three_health_until_end_of_turn() -> None:
    """B discards it while A's 4-Health Hero is in A's first Room: 7 Health, so 6 damage
    leaves it standing; at the entrance (no Room yet) it has no Hero to aim at."""
    state = walking([plain("monster", 1), plain("monster", 5)], [t_hero("fighter", 4)])
    refused(state, c.CastSpell(player="B", card_id=SHROOMAN_AVIARY), "R-CARD-EFFECT")
    state = run(state, c.AdvanceHero())
    events = events_of(state, c.CastSpell(player="B", card_id=SHROOMAN_AVIARY))
    assert "card.hand_room_played" in _keys(events)
    state = run(state, c.CastSpell(player="B", card_id=SHROOMAN_AVIARY))
    assert state.walk is not None and state.health_of(state.walk) == 4 + 3
    state = run(state, c.AdvanceHero())  # Room 2: 1 + 5 = 6 damage of 7
    assert state.walk is not None and state.walk.damage == 6 and not state.walk_lethal


def test_frostman_lander_deactivates_an_advanced_room_only() -> None:
    """A's Advanced Dracolich Lair is deactivated until end of turn; a plain Room is refused
    (wrong kind of Room), and the refusal changes nothing."""
    rooms = [card_room(DRACOLICH_LAIR), plain("monster", 1)]
    state = walking(rooms, [t_hero("fighter", 20)])
    refused(
        state, c.CastSpell(player="B", card_id=FROSTMAN_LANDER, target="A", room=1), "R-CARD-EFFECT"
    )
    state = run(state, c.CastSpell(player="B", card_id=FROSTMAN_LANDER, target="A", room=0))
    assert state.player("A").dungeon[0].deactivated
    state = run(state, c.FinishAdventure(), c.EndTurn())
    assert not state.player("A").dungeon[0].deactivated


def test_a_room_card_from_the_hand_is_no_spell_for_what_watches_spells() -> None:
    """A's Liger's Den reminds A to draw when A plays a Spell (Freeze), not when A discards
    Frostman Lander from the hand."""
    rooms = [card_room(LIGERS_DEN), card_room(DRACOLICH_LAIR)]
    state = walking(rooms, [t_hero("fighter", 20)])
    spell = _keys(events_of(state, c.CastSpell(player="A", card_id=FREEZE, target="A", room=1)))
    room = _keys(
        events_of(state, c.CastSpell(player="A", card_id=FROSTMAN_LANDER, target="A", room=1))
    )
    assert "card.spell_cast" in spell and "card.spell_played" in spell
    assert "card.hand_room_played" in room and "card.spell_played" not in room


def test_a_room_card_from_the_hand_pays_no_spell_price() -> None:
    """Short Circuit's price (a Coin per Spell; with none the Spell is cancelled) is a
    Spell's: A, with no Coin, has Freeze cancelled, and Frostman Lander carried out."""
    rooms = [card_room(DRACOLICH_LAIR), plain("monster", 1)]
    state = walking(rooms, [t_hero("fighter", 20)])
    state = state.model_copy(update={"card_uses": (f"{TAX}A",)})
    frozen = run(state, c.CastSpell(player="A", card_id=FREEZE, target="A", room=0))
    assert not frozen.player("A").dungeon[0].deactivated
    state = run(state, c.CastSpell(player="A", card_id=FROSTMAN_LANDER, target="A", room=0))
    assert state.player("A").dungeon[0].deactivated


def test_cursed_well_gains_two_coins_in_a_game_with_coins() -> None:
    state = _in_room([plain("monster", 0)], 4, coins=1)
    state = run(state, c.CastSpell(player="A", card_id=CURSED_WELL))
    assert _coins(state) == 3


def test_cursed_well_without_coins_in_the_game_changes_nothing() -> None:
    state = walking([plain("monster", 1)], [t_hero("fighter", 20)])
    after = run(state, c.CastSpell(player="A", card_id=CURSED_WELL))
    assert after.player("A").coins == state.player("A").coins == 0


def test_what_may_be_played_from_the_hand_now() -> None:
    """Spells of this phase and Room cards discarded for their ability; never a Room built
    for its ability in the dungeon, and a Room card played is not a Spell."""
    build = _table([plain("monster", 1)], [t_hero("mage", 4)])
    adventure = walking([plain("monster", 1)], [t_hero("fighter", 4)])
    for card in (SHROOMAN_AVIARY, FROSTMAN_LANDER, CURSED_WELL, FREEZE):
        assert playable_now(build, card) and playable_now(adventure, card)
    assert playable_now(build, "BMA051") and not playable_now(adventure, "BMA051")  # Build
    assert not playable_now(build, LIGERS_DEN) and not playable_now(build, "BMA015")
    assert is_spell(FREEZE) and not is_spell(SHROOMAN_AVIARY)
    refused(adventure, c.CastSpell(player="A", card_id=LIGERS_DEN), "R-CARD-EFFECT")


def test_only_a_room_card_is_discarded_from_the_hand_for_its_ability() -> None:
    """A Boss (Klonos) with an ability from the hand is refused as the card table loads; a
    Spell with one is refused as a Spell that is not cast."""
    for card_id, why in (("CRL002", "only a Room card"), (FREEZE, "only Spells are cast")):
        card = effects_of(card_id)
        assert card is not None
        data = card.model_dump()
        data["abilities"][0]["trigger"] = "from_hand"
        with pytest.raises(ValidationError, match=why):
            CardEffects.model_validate(data)
