"""Which Rooms a card played from the hand may be aimed at (R-CARD-EFFECT): the engine
refuses a Room of the wrong owner or kind before any effect (``spell_effects.check_aim``),
and ``flow.spell_rooms`` offers the Spell panel only the Rooms its dry run does not refuse
for being that Room."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import _in_build, plain, walking

from rules import commands as c
from rules import flow
from rules.models import GameState, RoomStack

ANNIHILATOR = "BMA040"  # Adventure: a Trap Room +N
SECRET_STASH = "TNL067"  # Build: a Room of yours, one more treasure of the type named
SUPER_EFFECTIVE = "TNL069"  # Adventure: a Room of yours +2 (or +4)
SURPRISE_GIFT = "TNL070"  # Build: your build, face down over an opponent's Room


def _b_builds(state: GameState) -> GameState:
    """B gets a Monster Room and a Trap Room (``walking`` leaves B none)."""
    rooms = (RoomStack(rooms=(plain("monster", 1),)), RoomStack(rooms=(plain("trap", 1),)))
    b = state.player("B").model_copy(update={"dungeon": rooms})
    return state.model_copy(update={"players": (state.players[0], b)})


def test_a_spell_for_a_room_of_yours_is_refused_on_an_opponents_room() -> None:
    """Super Effective! aimed at B's Room by A: refused, nothing boosted; on A's own, +2."""
    state = _b_builds(walking([plain("monster", 1)], [t_hero("fighter", 20)] * 2))
    error = refused(
        state, c.CastSpell(player="A", card_id=SUPER_EFFECTIVE, target="B", room=0), "R-CARD-EFFECT"
    )
    assert error.key == "err.spell_own_room"
    state = run(state, c.CastSpell(player="A", card_id=SUPER_EFFECTIVE, target="A", room=0))
    assert state.player("A").dungeon[0].boost == 2


def test_a_gift_for_an_opponents_room_is_refused_on_ones_own() -> None:
    """Surprise Gift aimed at A's own Room by A: refused for the owner, before the Room
    card it would place is even asked for."""
    state = _in_build([plain("monster", 1)], [])
    command = c.CastSpell(player="A", card_id=SURPRISE_GIFT, target="A", room=0)
    assert refused(state, command, "R-CARD-EFFECT").key == "err.spell_opponent_room"


def test_spell_rooms_are_the_casters_own_for_a_room_of_yours() -> None:
    """Secret Stash (no treasure named yet: that refusal leaves the Rooms in): A's two
    Rooms for A, B's one for B, all three while nobody is named as the caster."""
    state = _in_build([plain("monster", 1), plain("trap", 2)], [])
    assert flow.spell_rooms(state, "A", SECRET_STASH) == [("A", 0), ("A", 1)]
    assert flow.spell_rooms(state, "B", SECRET_STASH) == [("B", 0)]
    assert flow.spell_rooms(state, None, SECRET_STASH) == [("A", 0), ("A", 1), ("B", 0)]


def test_spell_rooms_for_a_gift_are_the_opponents() -> None:
    state = _in_build([plain("monster", 1), plain("trap", 2)], [])
    assert flow.spell_rooms(state, "A", SURPRISE_GIFT) == [("B", 0)]
    assert flow.spell_rooms(state, "B", SURPRISE_GIFT) == [("A", 0), ("A", 1)]


def test_spell_rooms_leave_out_another_kind_and_a_deactivated_room() -> None:
    """Annihilator takes an active Trap Room in any dungeon: A's Monster Room and A's
    deactivated Trap are left out; A's other Trap and B's Trap are offered."""
    rooms = [plain("monster", 1), plain("trap", 1), plain("trap", 1)]
    state = _b_builds(walking(rooms, [t_hero("fighter", 20)], deactivated=(2,)))
    assert flow.spell_rooms(state, "A", ANNIHILATOR) == [("A", 1), ("B", 1)]
