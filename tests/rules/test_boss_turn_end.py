"""A Boss's Level Up that acts at the end of every turn from then on (R-CARD-EFFECT):
Shellda's "you may swap the placement of two Rooms in one dungeon", asked as the turn
would end. Each expectation comes from the card's printed effect (in our words in the
docstring), never from the engine's output."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import _in_build, plain
from test_coin_cards import _through

from rules import commands as c
from rules.models import GameState, RoomStack

SHELLDA = "TNL005"


def _at_turn_end(leveled_up: bool = True) -> GameState:
    """A (Boss Shellda) has a Monster Room then a Trap Room; B a Trap Room then a Monster
    Room; the Adventure is over, the turn about to end."""
    state = _in_build([plain("monster", 3), plain("trap", 1)], [t_hero("mage", 30)], SHELLDA)
    b = state.player("B")
    b = b.model_copy(update={"dungeon": (*b.dungeon, RoomStack(rooms=(plain("monster", 2),)))})
    a = state.player("A").model_copy(update={"leveled_up": leveled_up})
    state = state.model_copy(update={"players": (a, b)})
    return _through(run(state, c.RevealRooms(), c.ResolveBait()))


def _kinds(state: GameState, player: str) -> list[str]:
    return [s.top.kind for s in state.player(player).dungeon]


def test_boss_shellda_may_swap_two_rooms_of_any_dungeon_as_the_turn_ends() -> None:
    """TNL005 (printed: Level Up: for the rest of the game, at end of turn you may swap the
    placement of two Rooms in one dungeon): asked of A as the turn would end, the turn
    waits; B's two Rooms change places (an opponent's dungeon is "one dungeon"); the turn
    then ends. A move of three places is no swap, and refused."""
    state = _at_turn_end()
    turn = state.turn
    state = run(state, c.EndTurn())
    assert state.turn == turn
    assert [(o.player, o.card_id, o.offer) for o in state.offers] == [
        ("A", SHELLDA, "swap_any_dungeon")
    ]
    swap = c.AnswerCardEffect(player="A", card_id=SHELLDA, accept=True, target="B", order=(1, 0))
    refused(state, swap.model_copy(update={"order": (0, 1)}), "R-CARD-EFFECT")  # no swap
    state = run(state, swap)
    assert _kinds(state, "B") == ["monster", "trap"]
    assert _kinds(state, "A") == ["monster", "trap"]
    state = run(state, c.EndTurn())
    assert state.turn == turn + 1


def test_boss_shellda_declined_leaves_the_rooms_and_the_turn_ends() -> None:
    """A "may": No leaves every Room in place, and the turn ends at the next End turn."""
    state = run(_at_turn_end(), c.EndTurn())
    turn = state.turn
    state = run(state, c.AnswerCardEffect(player="A", card_id=SHELLDA, accept=False))
    state = run(state, c.EndTurn())
    assert state.turn == turn + 1
    assert _kinds(state, "A") == ["monster", "trap"] and _kinds(state, "B") == ["trap", "monster"]


def test_boss_shellda_asks_nothing_before_its_level_up() -> None:
    state = _at_turn_end(leveled_up=False)
    turn = state.turn
    assert run(state, c.EndTurn()).turn == turn + 1
