"""Each way a Room's own ability may be used now (``rules.room_uses``), as the commands
the table's Room buttons send: none when it may not be used, one per thing it may aim at,
and every one of them taken by the engine's own dry run (``flow.why_not``)."""

from __future__ import annotations

from referee_fixtures import run, t_hero
from test_card_effects import _in_build, card_room, plain, walking

from rules import commands as c
from rules import flow
from rules.models import GameState
from rules.room_uses import room_ability_uses

BOTTOMLESS_PIT, BOULDER_RAMP, FROSTBAT_CAVE = "BMA027", "BMA028", "TNL033"


def _hero_in(state: GameState, index: int) -> GameState:
    while state.walk is not None and state.walk.room != index:
        state = run(state, c.AdvanceHero())
    return state


def _all_taken(state: GameState, uses: tuple[c.UseRoomAbility, ...]) -> None:
    for use in uses:
        assert flow.why_not(state, use) is None, use


def test_a_room_aimed_at_the_hero_in_it_has_one_use_once_the_hero_stands_there() -> None:
    state = walking([plain("monster", 1), card_room(BOTTOMLESS_PIT)], [t_hero("fighter", 30)])
    assert room_ability_uses(state, "A", 1) == ()  # the Hero is at the entrance
    state = _hero_in(state, 1)
    uses = room_ability_uses(state, "A", 1)
    assert uses == (c.UseRoomAbility(player="A", index=1),)
    _all_taken(state, uses)
    assert room_ability_uses(state, "A", 0) == ()  # a Room with no ability


def test_a_cost_that_destroys_another_room_has_a_use_per_room_it_may_take() -> None:
    ramp = card_room(BOULDER_RAMP)
    state = walking([plain("monster", 1), ramp, plain("trap", 1)], [t_hero("fighter", 30)])
    state = _hero_in(state, 1)
    uses = room_ability_uses(state, "A", 1)
    assert [u.other for u in uses] == [0, 2]
    _all_taken(state, uses)


def test_a_room_aimed_at_any_dungeon_has_a_use_per_room_but_itself() -> None:
    state = _in_build([card_room(FROSTBAT_CAVE), plain("monster", 1)], [t_hero("fighter", 9)])
    uses = room_ability_uses(state, "A", 0)
    assert {(u.target, u.room) for u in uses} == {("A", 1), ("B", 0)}
    _all_taken(state, uses)
    assert room_ability_uses(state, "no one", 0) == ()
