"""Conditions, counters and lasting Level Up changes of card abilities (R-CARD-EFFECT).

Each expectation is the card's printed effect, in our words (numbers worked out by hand
from the printed damage), never the engine's output.
"""

from __future__ import annotations

import pytest
from referee_fixtures import refused, run, t_hero
from test_card_effects import _dungeon, _in_build, card_room, entered, plain, walking

from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.models import GameState, PlayerState, Room, RoomStack

REACTOR_CORE = "CRL009"  # Advanced Rooms in your dungeon have +1
ALIEN_OOZE = "CRL005"  # +1 if another Room of your dungeon shows Explorer treasure
SCYTHE = "KSA005"  # Level Up: for the rest of the game, the last Room has +3 damage
IMPERIATRIX = "CRL001"  # Level Up: for the rest of the game, +1 per Explorer icon
JARIN = "KSA006"  # Level Up: for the rest of the game, you have +1 Soul
ELDER_PORTAL = "TPU004"  # when built, two +1 counters
CLOCK_TOWER = "TPU007"  # when built, four +1 counters; each end of turn, remove one
SPELLSLIME_INCUBATOR = "TPU006"  # once per turn when you cast a Spell, a +1 counter
HYDRAS_MIRE = "TPU005"  # once per turn a Hero survives it: +1 counter; 4 at end: destroyed
CAGED_GUNDARF = "CRL014"  # when uncovered, its damage is doubled until end of turn
GOBLIN_ARMORY = "BMA015"  # adjacent Monster Rooms +1
FREEZE = "BMA046"  # a Spell the engine casts: deactivate a Room


def advanced(damage: int) -> Room:
    return Room(
        name=f"advanced monster {damage}",
        treasure=("fighter",),
        damage=damage,
        kind="monster",
        advanced=True,
    )


def explorer(kind: str = "trap", damage: int = 1) -> Room:
    return plain(kind, damage, "explorer")


def _boss(player: PlayerState, boss: str, leveled: bool = True) -> PlayerState:
    return player.model_copy(update={"boss_card_id": boss, "leveled_up": leveled})


def _damage(player: PlayerState) -> list[int]:
    return [d.damage for d in dungeon_damage(player)]


PASSIVE = [
    # card, the dungeon (entrance first), deactivated places, expected damage per Room
    (REACTOR_CORE, [advanced(3), card_room(REACTOR_CORE), plain("monster", 2)], (), [4, 2, 2]),
    (REACTOR_CORE, [advanced(3), card_room(REACTOR_CORE)], (1,), [3, 0]),
    (ALIEN_OOZE, [card_room(ALIEN_OOZE), explorer()], (), [2, 1]),
    (ALIEN_OOZE, [card_room(ALIEN_OOZE), plain("trap", 1)], (), [1, 1]),
    (ALIEN_OOZE, [card_room(ALIEN_OOZE), explorer()], (1,), [1, 0]),  # a blank space
]


@pytest.mark.parametrize(("card", "rooms", "off", "expected"), PASSIVE)
def test_passive_conditions_give_the_printed_damage(
    card: str, rooms: list[Room], off: tuple[int, ...], expected: list[int]
) -> None:
    assert _damage(_dungeon(rooms, deactivated=off)) == expected, card


KILLA = "TNL004"  # Level Up: for the rest of the game, with 3 Wounds, the last Room +3

BOSSES = [
    # Boss, levelled up?, the owner's Wounds, the dungeon, expected damage per Room
    (SCYTHE, True, 0, [plain("monster", 1)] * 5, [1, 1, 1, 1, 4]),
    (SCYTHE, False, 0, [plain("monster", 1)] * 4, [1, 1, 1, 1]),
    (IMPERIATRIX, True, 0, [explorer(), plain("trap", 2), card_room(CAGED_GUNDARF)], [2, 2, 2]),
    (IMPERIATRIX, False, 0, [explorer(), plain("trap", 2)], [1, 2]),
    (KILLA, True, 3, [plain("trap", 2)] * 5, [2, 2, 2, 2, 5]),
    (KILLA, True, 2, [plain("trap", 2)] * 5, [2, 2, 2, 2, 2]),
]


@pytest.mark.parametrize(("boss", "leveled", "wounds", "rooms", "expected"), BOSSES)
def test_a_bosss_lasting_level_up_changes_its_rooms_damage(
    boss: str, leveled: bool, wounds: int, rooms: list[Room], expected: list[int]
) -> None:
    player = _boss(_dungeon(rooms), boss, leveled)
    assert [d.damage for d in dungeon_damage(player, (), wounds)] == expected, boss


def test_killa_s_bonus_counts_the_wounds_the_walk_sees() -> None:
    """TNL004 in a walk: Killa has levelled up and 3 Wounds (entered by hand): the Hero
    takes 1+1+1+1 and 1+3 in the last Room: 8 damage in all."""
    rooms = [plain("trap", 1)] * 5
    state = walking(rooms, [t_hero("fighter", 20)])
    a = _boss(state.player("A"), KILLA).model_copy(update={"wounds_adjust": 3})
    state = state.model_copy(update={"players": (a, *state.players[1:])})
    assert [d for _, d in entered(state)] == [1, 1, 1, 1, 4]


def _with_boss(state: GameState, boss: str) -> GameState:
    a = state.player("A").model_copy(update={"boss_card_id": boss})
    return state.model_copy(update={"players": (a, *state.players[1:])})


def test_jarin_levels_up_with_one_more_soul() -> None:
    """KSA006: Level Up, for the rest of the game you have +1 Soul."""
    state = _in_build([plain("monster", 1)] * 4, [t_hero("fighter", 9)], boss=JARIN)
    before = state.souls("A")
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1)), c.RevealRooms())
    assert state.player("A").leveled_up
    assert state.souls("A") == before + 1


def test_scythe_levels_up_and_its_last_room_deals_three_more_from_then_on() -> None:
    """KSA005 through a real Build: the fifth Room levels Scythe up; the Room next to the
    Boss (the last of the dungeon) deals +3 from then on."""
    state = _with_boss(
        _in_build([plain("monster", 1)] * 4, [t_hero("fighter", 9)], boss=SCYTHE), SCYTHE
    )
    assert _damage(state.player("A")) == [1, 1, 1, 1]
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 2)), c.RevealRooms())
    assert _damage(state.player("A")) == [2, 1, 1, 1, 4]


BUILT = [
    (ELDER_PORTAL, 2),  # printed 0, two +1 counters
    (CLOCK_TOWER, 4),  # printed 0, four +1 counters
]


@pytest.mark.parametrize(("card", "expected"), BUILT)
def test_counters_put_on_a_room_when_built_add_to_its_damage(card: str, expected: int) -> None:
    state = _in_build([plain("monster", 1)], [t_hero("fighter", 9)])
    state = run(state, c.BuildRoom(player="A", room=card_room(card)), c.RevealRooms())
    assert state.player("A").dungeon[0].counters == expected
    assert _damage(state.player("A")) == [expected, 1]


def _over_turn(state: GameState) -> GameState:
    return run(state, c.ResolveBait(), c.FinishAdventure(), c.EndTurn())


def test_clock_tower_loses_one_counter_at_each_end_of_turn() -> None:
    """TPU007: four counters when built; at the end of each turn, remove one (none left:
    nothing to remove)."""
    tower = RoomStack(rooms=(card_room(CLOCK_TOWER),), counters=4)
    state = walking([plain("monster", 1), card_room(CLOCK_TOWER)], [t_hero("fighter", 20)])
    a = state.player("A")
    a = a.model_copy(update={"dungeon": (a.dungeon[0], tower)})
    state = state.model_copy(update={"players": (a, *state.players[1:])})
    state = run(state, c.FinishAdventure(), c.EndTurn())
    assert state.player("A").dungeon[1].counters == 3
    assert _damage(state.player("A")) == [1, 3]


def test_spellslime_incubator_gets_one_counter_per_turn_for_spells_cast() -> None:
    """TPU006: once per turn, when you cast a Spell, give this Room a +1 counter."""
    state = _in_build([card_room(SPELLSLIME_INCUBATOR), plain()], [t_hero("fighter", 9)])
    freeze = c.CastSpell(player="A", card_id=FREEZE, target="B", room=0)
    state = run(state, freeze)
    assert state.player("A").dungeon[0].counters == 1
    state = run(state, freeze.model_copy(update={"target": "A", "room": 1}))
    assert state.player("A").dungeon[0].counters == 1  # the second Spell: once per turn
    assert _damage(state.player("A")) == [1, 0]


def test_hydras_mire_counts_heroes_surviving_it_and_goes_at_four() -> None:
    """TPU005: once per turn when a Hero survives it, a +1 counter; at the end of the turn,
    destroyed if it has four counters."""
    state = walking([card_room(HYDRAS_MIRE), plain("trap", 1)], [t_hero("fighter", 20)] * 2)
    after = run(state, c.FinishAdventure())
    assert after.player("A").dungeon[0].counters == 1  # two Heroes survived: once per turn
    a = state.player("A")
    mire = a.dungeon[0].model_copy(update={"counters": 3})
    state = state.model_copy(
        update={
            "players": (a.model_copy(update={"dungeon": (mire, a.dungeon[1])}), *state.players[1:])
        }
    )
    after = run(state, c.FinishAdventure())
    assert after.player("A").dungeon[0].counters == 4
    after = run(after, c.EndTurn())
    assert [s.top.label() for s in after.player("A").dungeon] == ["plain trap 1"]


def test_caged_gundarf_uncovered_deals_double_damage_until_end_of_turn() -> None:
    """CRL014: uncovered (the Room over it destroyed), its damage is doubled: printed 1,
    +1 from the Goblin Armory beside it = 2, doubled = 4."""
    gundarf = RoomStack(rooms=(card_room(CAGED_GUNDARF), plain("trap", 1)))
    state = _in_build([card_room(GOBLIN_ARMORY), card_room(CAGED_GUNDARF)], [t_hero("fighter", 9)])
    a = state.player("A")
    a = a.model_copy(update={"dungeon": (a.dungeon[0], gundarf)})
    state = state.model_copy(update={"players": (a, *state.players[1:])})
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert _damage(state.player("A")) == [1, 4]


def test_elder_portal_pays_a_counter_to_make_an_opponent_discard_a_spell() -> None:
    """TPU004: once per turn, remove one counter to make an opponent discard a Spell card
    (the discard is the players'; the counter is the referee's): 2 counters, then 1."""
    state = _in_build([card_room(ELDER_PORTAL), plain("monster", 1)], [t_hero("fighter", 9)])
    a = state.player("A")
    portal = a.dungeon[0].model_copy(update={"counters": 2})
    a = a.model_copy(update={"dungeon": (portal, a.dungeon[1])})
    state = state.model_copy(update={"players": (a, *state.players[1:])})
    use = c.UseRoomAbility(player="A", index=0)
    state = run(state, use)
    assert state.player("A").dungeon[0].counters == 1
    assert _damage(state.player("A")) == [1, 1]
    refused(state, use, "R-CARD-EFFECT")  # once per turn


CHUMP_CHOMPER = "TNL046"  # once per turn, destroy another of your Rooms: this Room +4


def test_chump_chomper_destroys_another_room_for_four_more_until_end_of_turn() -> None:
    """TNL046 (printed 2): destroy another Room of your dungeon, this Room +4 until end of
    turn: 6; once per turn."""
    state = _in_build([plain("trap", 1), card_room(CHUMP_CHOMPER)], [t_hero("fighter", 9)])
    use = c.UseRoomAbility(player="A", index=1, other=0)
    state = run(state, use)
    assert _damage(state.player("A")) == [6]
    refused(state, c.UseRoomAbility(player="A", index=0, other=0), "R-CARD-EFFECT")


GREG = "TPU002"  # Level Up: for the rest of the game, a built Monster Room may get a counter


def test_greg_levelled_up_may_put_a_counter_on_each_monster_room_built() -> None:
    """TPU002: once Greg has levelled up, building a Monster Room asks whether it gets a
    +1 counter (a "may"): Yes, the new Monster Room printed 2 deals 3; a Trap Room built,
    or Greg not levelled up, asks nothing."""
    for leveled, built, asked in (
        (True, plain("monster", 2), True),
        (True, plain("trap", 2), False),
        (False, plain("monster", 2), False),
    ):
        state = _in_build([plain("trap", 1)], [t_hero("fighter", 9)], boss=GREG)
        a = _boss(state.player("A"), GREG, leveled)
        state = state.model_copy(update={"players": (a, *state.players[1:])})
        state = run(state, c.BuildRoom(player="A", room=built), c.RevealRooms())
        offers = [(o.card_id, o.offer, o.mandatory) for o in state.offers]
        assert offers == ([(GREG, "counter_on_built", False)] if asked else []), (leveled, built)
    state = _in_build([plain("trap", 1)], [t_hero("fighter", 9)], boss=GREG)
    state = state.model_copy(
        update={"players": (_boss(state.player("A"), GREG), *state.players[1:])}
    )
    state = run(state, c.BuildRoom(player="A", room=plain("monster", 2)), c.RevealRooms())
    state = run(state, c.AnswerCardEffect(player="A", card_id=GREG, accept=True))
    assert _damage(state.player("A")) == [3, 1]
