"""Spells that act on a player's scorekeeping area or on every Room of the caster's
(R-CARD-EFFECT): T.P.K.'s two extra Souls for a full party scored, Respawn's Rooms treated
as just built. Each expectation comes from the card's printed effect (in our words in the
docstring), never from the engine's output."""

from __future__ import annotations

import pytest
from referee_fixtures import refused, run, t_hero
from test_card_effects import card_room, plain
from test_coin_cards import _table

from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.models import GameState, Room, ScoredHero

TPK, RESPAWN = "KSA013", "RMB075"
SPIKED_PIT, ELDER_PORTAL = "TNL044", "TPU004"


def _scored(classes: list[str], face_up: tuple[int, ...] = ()) -> GameState:
    """A has scored one Hero of each of ``classes`` (4 Health, 1 Soul each), face down
    (Souls) except the places in ``face_up`` (Wounds)."""
    state = _table([plain("monster", 1)], [t_hero(k, 4) for k in classes])
    scored = tuple(ScoredHero(hero=i, face_up=i in face_up) for i in range(len(classes)))
    a = state.player("A").model_copy(update={"scored": scored})
    return state.model_copy(update={"players": (a, state.players[1]), "town": ()})


@pytest.mark.parametrize(
    ("classes", "face_up", "extra"),
    [
        # a face-down Cleric, Fighter, Mage and Thief: the card is worth 2 more Souls
        (["cleric", "fighter", "mage", "thief"], (), 2),
        # two Fighters do not stand in for the missing Thief: no extra Souls
        (["cleric", "fighter", "mage", "fighter"], (), 0),
        # the Thief is face up (a Wound), not face down in the scorekeeping area
        (["cleric", "fighter", "mage", "thief"], (3,), 0),
    ],
)
def test_spell_tpk_is_worth_two_souls_with_a_full_party_face_down(
    classes: list[str], face_up: tuple[int, ...], extra: int
) -> None:
    """KSA013 (printed: place this card in your scorekeeping area; if you also have at least
    one Fighter, one Mage, one Cleric and one Thief face down there, it is worth two extra
    Souls). Without the full party the cast is refused: the card would add nothing."""
    state = _scored(classes, face_up)
    souls = len(classes) - len(face_up)  # one Soul per face-down Hero
    assert state.souls("A") == souls
    cast = c.CastSpell(player="A", card_id=TPK)
    if extra:
        assert run(state, cast).souls("A") == souls + extra
    else:
        refused(state, cast, "R-CARD-EFFECT")


def _rooms(*rooms: Room) -> GameState:
    return _table(list(rooms), [t_hero("mage", 30)], phase="bait")


def test_spell_respawn_fires_each_rooms_build_ability_again() -> None:
    """RMB075 (printed: treat all of your Rooms as if they were just built): Spiked Pit
    (when built: +3 until end of turn) deals 1 + 3 = 4; Elder Portal (when built: two +1
    counters) gets 2 counters; the plain Room deals what it did."""
    state = _rooms(card_room(SPIKED_PIT), card_room(ELDER_PORTAL), plain("monster", 2))
    before = [d.damage for d in dungeon_damage(state.player("A"))]
    state = run(state, c.CastSpell(player="A", card_id=RESPAWN))
    after = [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)]
    assert after == [before[0] + 3, before[1] + 2, 2]
    assert state.player("A").dungeon[1].counters == 2


def test_spell_respawn_skips_a_deactivated_room() -> None:
    """A deactivated Room's abilities do not apply (R-DEACTIVATE): Spiked Pit deactivated
    gets nothing from Respawn."""
    state = _rooms(card_room(SPIKED_PIT), plain("monster", 2))
    state = run(state, c.DeactivateRoom(player="A", index=0))
    state = run(state, c.CastSpell(player="A", card_id=RESPAWN))
    pit = state.player("A").dungeon[0]
    assert pit.deactivated and pit.boost == 0


def test_spell_respawn_skips_a_room_whose_ability_text_is_ignored() -> None:
    """Sabotage! (RMB068: that Room has no ability text until end of turn) on Spiked Pit:
    Respawn finds no "when you build" on it, so it gets nothing (its own 1 damage stays)."""
    state = _rooms(card_room(SPIKED_PIT), plain("monster", 2))
    state = run(state, c.CastSpell(player="A", card_id="RMB068", target="A", room=0))
    state = run(state, c.CastSpell(player="A", card_id=RESPAWN))
    pit = state.player("A").dungeon[0]
    assert pit.ability_ignored and not pit.deactivated and pit.boost == 0


INTERNSHIP = "RMB066"


def _intern(coins: int = 1) -> GameState:
    """Build phase: A has a Monster Room then a Trap Room and ``coins`` Coins."""
    return _table([plain("monster", 3), plain("trap", 1)], [t_hero("mage", 30)], coins=coins)


def test_spell_internship_builds_a_found_miniboss_at_once_besides_the_build() -> None:
    """RMB066 (printed: place the top three cards of the Room deck in the discard pile; if
    one of them is a Miniboss, you may immediately build it, in addition to your normal
    build): the Miniboss found (the player's word) stands on the Trap Room named, face up
    at Level 1, its Coin paid (1 -> 0, R-MINI); A may still build a Room this phase."""
    state = run(_intern(), c.CastSpell(player="A", card_id=INTERNSHIP, target="A", room=1))
    mini = state.player("A").dungeon[1].miniboss
    assert mini is not None and not mini.face_down and mini.level == 1
    assert state.player("A").coins == 0
    assert not state.player("A").has_built
    state = run(state, c.BuildRoom(player="A", room=plain("monster", 2)))
    assert state.player("A").has_built


def test_spell_internship_with_no_miniboss_found_builds_nothing() -> None:
    """No Room named (no Miniboss among the three cards): the Spell is played, nothing is
    built, the Coin stays."""
    state = run(_intern(), c.CastSpell(player="A", card_id=INTERNSHIP))
    assert all(s.miniboss is None for s in state.player("A").dungeon)
    assert state.player("A").coins == 1


def test_spell_internship_refused_without_a_coin_or_next_to_a_miniboss() -> None:
    """A Miniboss built is paid 1 Coin and never stands next to another (R-MINI)."""
    cast = c.CastSpell(player="A", card_id=INTERNSHIP, target="A", room=1)
    refused(_intern(coins=0), cast, "R-MINI")
    state = run(_intern(coins=2), cast)
    refused(state, cast.model_copy(update={"room": 0}), "R-MINI")
