"""A Room whose ability text is ignored until end of turn (R-CARD-EFFECT): Sabotage!,
Meddling Kids! and Cheat Code's Reward. Each expected number comes from the printed
effects (in our words in the docstrings): the Room keeps its damage and its treasure (it is
not deactivated, R-DEACTIVATE), only its own abilities neither apply nor fire."""

from __future__ import annotations

from typing import Any

import pytest
from referee_fixtures import run, t_hero
from test_card_effects import _heal_state, _in_build, card_room, plain
from test_item_cards import _owning

from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.models import GameState, Miniboss, MinibossCard, Room
from rules.treasure import treasure_total

SABOTAGE, MEDDLING_KIDS, CHEAT_CODE = "RMB068", "TNL062", "THK014"
# Goblin Nursery: if the Room to its left is a Monster Room, that Room has +2 (1 damage,
# Fighter treasure). Vampire Bordello: when a Hero dies in it, you may heal a Wound.
GOBLIN_NURSERY, VAMPIRE_BORDELLO = "TNL023", "BMA014"


def _nursery_table(phase: str = "build") -> GameState:
    """A: a plain Monster Room (1 damage, Mage treasure) with Goblin Nursery behind it."""
    state = _in_build([plain("monster", 1, "mage"), card_room(GOBLIN_NURSERY)], [])
    return state.model_copy(update={"phase": phase})


def _damage(state: GameState) -> list[int]:
    return [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)]


def _sabotage(state: GameState) -> GameState:
    return run(state, c.CastSpell(player="A", card_id=SABOTAGE, target="A", room=1))


def _meddling(state: GameState) -> GameState:
    return run(state, c.CastSpell(player="A", card_id=MEDDLING_KIDS, target="A", room=1))


def _owns_cheat_code(state: GameState) -> GameState:
    """The same two Rooms, A owning Cheat Code face up."""
    return _owning(CHEAT_CODE, [s.top for s in state.player("A").dungeon], [])


def _cheat_code(state: GameState) -> GameState:
    """Cheat Code's Reward: a Room in any dungeon, asked, loses its text until end of turn."""
    state = run(state, c.UseItem(player="A", item=0))
    assert [o.offer for o in state.offers] == ["ability_off_room_any"]
    answer = c.AnswerCardEffect(player="A", card_id=CHEAT_CODE, accept=True, target="A", room=1)
    return run(state, answer)


@pytest.mark.parametrize(
    ("table", "play"),
    [(_nursery_table, _sabotage), (_nursery_table, _meddling), (_owns_cheat_code, _cheat_code)],
)
def test_ability_off_the_nursery_gives_no_more_but_deals_and_shows_its_own(
    table: Any, play: Any
) -> None:
    """Before: the plain Room deals 1 + 2 (Nursery) = 3, the Nursery 1. After: the plain
    Room 1; the Nursery still deals its printed 1 and shows its Fighter treasure (a
    deactivated Room would deal 0 and show none)."""
    state = table() if table is _nursery_table else table(_nursery_table())
    assert _damage(state) == [3, 1]
    fighter = treasure_total(state, "A", "fighter")
    after = play(state)
    assert _damage(after) == [1, 1]
    assert not after.player("A").dungeon[1].deactivated
    assert treasure_total(after, "A", "fighter") == fighter


def test_ability_off_a_hero_dying_there_fires_nothing() -> None:
    """Vampire Bordello's heal is offered when a Hero dies in it; with its ability text
    ignored (Sabotage!, an Adventure Spell too) nothing is offered, and the Hero still
    dies of its 3 damage."""
    state = _heal_state([card_room(VAMPIRE_BORDELLO)], [t_hero("cleric", 3)])
    plain_walk = run(state, c.FinishAdventure())
    assert [o.offer for o in plain_walk.offers] == ["heal_wound"]
    sabotaged = run(state, c.CastSpell(player="A", card_id=SABOTAGE, target="A", room=0))
    after = run(sabotaged, c.FinishAdventure())
    assert after.offers == ()
    assert state.walk is not None
    assert state.walk.hero in [s.hero for s in after.player("A").scored if not s.face_up]


def test_ability_off_sabotage_deactivates_with_more_minibosses() -> None:
    """Sabotage!'s other choice: with more Minibosses than the opponent, the Room is
    deactivated until end of turn instead (no damage at all, R-DEACTIVATE)."""
    state = _nursery_table()
    spike = Miniboss(card=MinibossCard(name="Spike", card_id="RMB055"), face_down=False)
    a = state.player("A")
    dungeon = (a.dungeon[0].model_copy(update={"miniboss": spike}), *a.dungeon[1:])
    state = state.with_player("A", dungeon=dungeon)
    after = _sabotage(state)
    assert after.player("A").dungeon[1].deactivated
    assert _damage(after)[1] == 0


def test_ability_off_lasts_until_end_of_turn() -> None:
    """ "Until end of turn": the next turn the Nursery gives its +2 again."""
    from rules import events as ev
    from rules.evolve import evolve
    from rules.rulings import Ruling

    state = _sabotage(_nursery_table())
    said = Ruling(rule="R-PHASE", key="turn.started", args={"turn": 2})
    after = evolve(state, ev.TurnStarted(turn=state.turn + 1, ruling=said))
    assert _damage(after) == [3, 1]


def test_ability_off_a_room_built_over_has_its_own_ability() -> None:
    """The Room built over a Room without ability text is another card: its own text
    applies (the mark was the covered Room's)."""
    state = _sabotage(_nursery_table())
    assert state.player("A").dungeon[1].ability_off
    hall = Room(name="Hall", treasure=("fighter",), damage=2, kind="monster", advanced=True)
    after = run(state, c.BuildRoom(player="A", room=hall, over=1), c.RevealRooms())
    assert after.player("A").dungeon[1].top == hall
    assert not after.player("A").dungeon[1].ability_off


def test_cheat_code_power_up_silences_the_dungeon_while_its_hero_walks() -> None:
    """Cheat Code's Power-Up: while its carrier is in A's dungeon, the Nursery gives no +2
    (the first Room deals its printed 1 to it); once it has left, the +2 is back."""
    from test_item_cards import _carrying

    from rules.models import RoomStack

    rooms = [plain("monster", 1, "mage"), card_room(GOBLIN_NURSERY)]
    state = _carrying(CHEAT_CODE, rooms, 30)
    assert _damage(state) == [1, 1]
    after = run(state, c.FinishAdventure())
    assert _damage(after) == [3, 1]
    assert RoomStack(rooms=(rooms[0],), ability_off_while=0).ability_ignored
