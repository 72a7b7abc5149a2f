"""A Miniboss card's Level 3 used with what it aims at (R-MINI with R-CARD-EFFECT): the
player names the Hero, the Room or the dungeon on the Level 3 button, the engine carries
the level out and sets the Miniboss back to Level 1.

Each expectation comes from the printed level text (the Minibosses' card list), never
from the engine's output."""

from __future__ import annotations

import pytest

from rules import commands as c
from rules.card_effects import hit
from rules.miniboss_level3 import uses
from rules.models import GameState, Miniboss, MinibossCard
from rules.treasure import treasure_total
from tests.rules.referee_fixtures import refused, run
from tests.rules.test_miniboss_levels import _at_level_3
from tests.rules.test_minibosses import mini_game, next_build


def test_jinx_level_3_puts_a_town_hero_at_your_entrance() -> None:
    """Jinx's Level 3: a Hero in town, the one named, goes to the entrance of Jinx's
    owner's dungeon; Jinx is back on Level 1."""
    state = _at_level_3("RMB064", "Jinx")
    hero = state.town[0]
    state = run(state, c.UseMinibossLevel3(player="A", index=1, hero=hero))
    assert hero in state.entrance("A") and hero not in state.town
    assert state.player("A").dungeon[1].miniboss.level == 1  # type: ignore[union-attr]


def test_jinx_level_3_needs_a_hero_in_town() -> None:
    """No Hero named (or one not in town): refused, Jinx stays on Level 3."""
    state = _at_level_3("RMB064", "Jinx")
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-CARD-EFFECT")
    refused(state, c.UseMinibossLevel3(player="A", index=1, hero=99), "R-CARD-EFFECT")


def test_jinx_level_3_is_offered_once_per_town_hero() -> None:
    """The Level 3 button is one per Hero in town (two thieves there)."""
    state = _at_level_3("RMB064", "Jinx")
    assert [u.hero for u in uses(state, "A", 1)] == list(state.town)


def test_cerebella_level_3_silences_the_dungeon_named_this_turn() -> None:
    """Cerebella's Level 3: every ability text in the dungeon named is ignored until end
    of turn. Aimed at A's own dungeon, Cerebella's own Level 1 (+1 Mage) is gone too: the
    dungeon counts its three printed mage icons, not four; the next turn four again."""
    state = _at_level_3("RMB059", "Cerebella")
    assert treasure_total(state, "A", "mage") == 4
    state = run(state, c.UseMinibossLevel3(player="A", index=1, target="A"))
    assert all(s.ability_ignored for s in state.player("A").dungeon)
    assert treasure_total(state, "A", "mage") == 3
    assert treasure_total(next_build(state), "A", "mage") == 4


def test_cerebella_level_3_needs_a_dungeon() -> None:
    """No dungeon named: refused."""
    state = _at_level_3("RMB059", "Cerebella")
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-CARD-EFFECT")
    assert sorted(u.target or "" for u in uses(state, "A", 1)) == ["A", "B"]


def test_icicle_man_level_3_deactivates_a_room_in_any_dungeon() -> None:
    """Icicle Man's Level 3: a Room in any dungeon, the one named, is deactivated until
    end of turn (A's Room 1, damage 1, deals none; the next turn it deals 1 again)."""
    state = _at_level_3("RMB061", "Icicle Man")
    assert hit(state, "A", 0).damage == 1
    state = run(state, c.UseMinibossLevel3(player="A", index=1, target="A", room=0))
    assert state.player("A").dungeon[0].deactivated
    assert hit(state, "A", 0).damage == 0
    assert hit(next_build(state), "A", 0).damage == 1


def test_icicle_man_level_3_needs_a_room() -> None:
    """No Room named: refused; a button per active Room (A's three)."""
    state = _at_level_3("RMB061", "Icicle Man")
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-CARD-EFFECT")
    assert [(u.target, u.room) for u in uses(state, "A", 1)] == [("A", 0), ("A", 1), ("A", 2)]


def _lured(card_id: str, name: str) -> GameState:
    """A's Miniboss at Level 3 on Room 1 (a mage Room of damage 1; its card's Level 1
    counts), in a Build phase, with a thief icon given A's Room 2: the thieves in town
    (Health 4) come to A's dungeon."""
    state = mini_game()
    stacks = list(state.player("A").dungeon)
    card = MinibossCard(name=name, card_id=card_id)
    stacks[1] = stacks[1].model_copy(
        update={"miniboss": Miniboss(card=card, level=3, face_down=False)}
    )
    stacks[2] = stacks[2].model_copy(update={"extra_treasure": ("thief",)})  # the lure
    return state.with_player("A", dungeon=tuple(stacks))


def _walking(card_id: str, name: str, rooms: int = 2) -> GameState:
    """``_lured``, then the first thief walking A's dungeon in its Adventure phase,
    standing in Room ``rooms - 1``."""
    state = run(_lured(card_id, name), c.RevealRooms(), c.ResolveBait())
    for _ in range(rooms):
        state = run(state, c.AdvanceHero())
    return state


def test_paddywhack_level_3_kills_the_hero_in_its_room() -> None:
    """Paddywhack's Level 3: the Hero in its Room is killed (a Soul for A); Paddywhack is
    back on Level 1."""
    state = _walking("RMB060", "Paddywhack")
    assert state.walk is not None and state.walk.room == 1
    assert uses(state, "A", 1) == (c.UseMinibossLevel3(player="A", index=1),)
    state = run(state, c.UseMinibossLevel3(player="A", index=1))
    assert state.souls("A") == 1
    assert state.player("A").dungeon[1].miniboss.level == 1  # type: ignore[union-attr]


def test_paddywhack_level_3_needs_a_hero_in_its_room() -> None:
    """The Hero stands in Room 0, not Paddywhack's: no button, and refused."""
    state = _walking("RMB060", "Paddywhack", rooms=1)
    assert uses(state, "A", 1) == ()
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-CARD-EFFECT")


def test_rocky_level_3_gives_a_walking_hero_five_more_health() -> None:
    """Rocky's Level 3: a Hero in any dungeon +5 until end of turn: the walking thief
    (Health 4) has 9, and A's three Rooms (3 damage) do not kill it."""
    state = _walking("RMB058", "Rocky", rooms=1)
    state = run(state, c.UseMinibossLevel3(player="A", index=1))
    assert state.walk is not None and state.walk.extra_health == 5
    state = run(state, c.FinishAdventure())
    assert state.souls("A") == 0


def test_rocky_level_3_needs_a_walking_hero() -> None:
    """No Hero walks a dungeon (the Build phase): no button, and refused."""
    state = _at_level_3("RMB058", "Rocky")
    assert uses(state, "A", 1) == ()
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-CARD-EFFECT")


def _spike_and_jinx() -> GameState:
    """Spike at Level 3 on A's Room 1 and Jinx (face up, Level 1) on A's Room 0."""
    state = _at_level_3("RMB055", "Spike")
    stacks = list(state.player("A").dungeon)
    jinx = Miniboss(card=MinibossCard(name="Jinx", card_id="RMB064"), level=1, face_down=False)
    stacks[0] = stacks[0].model_copy(update={"miniboss": jinx})
    return state.with_player("A", dungeon=tuple(stacks))


def test_spike_level_3_returns_a_miniboss_to_its_owners_hand() -> None:
    """Spike's Level 3: a Miniboss chosen (Jinx on Room 0) goes back to its owner's hand:
    off the table; Spike is back on Level 1."""
    state = run(_spike_and_jinx(), c.UseMinibossLevel3(player="A", index=1, target="A", room=0))
    assert state.player("A").dungeon[0].miniboss is None
    assert state.player("A").dungeon[1].miniboss.level == 1  # type: ignore[union-attr]


def test_spike_level_3_aims_only_at_rooms_with_a_miniboss() -> None:
    """A button per Room with a Miniboss (Jinx's and Spike's own); a Room without one
    (Room 2) is refused."""
    state = _spike_and_jinx()
    assert [(u.target, u.room) for u in uses(state, "A", 1)] == [("A", 0), ("A", 1)]
    refused(state, c.UseMinibossLevel3(player="A", index=1, target="A", room=2), "R-MINI")


@pytest.mark.parametrize("amount", [1, -1])
def test_kid_croak_level_3_gives_a_dungeons_monster_rooms_one_more_or_less(amount: int) -> None:
    """Kid Croak's Level 3: every Monster Room of the dungeon named +1 or -1 (the player's
    pick) until end of turn: A's three Monster Rooms of damage 1 deal 2 (or 0)."""
    state = _at_level_3("RMB056", "Kid Croak")
    command = c.UseMinibossLevel3(player="A", index=1, target="A", amount=amount)
    assert command in uses(state, "A", 1)
    state = run(state, command)
    assert [hit(state, "A", i).damage for i in range(3)] == [1 + amount] * 3
    assert [hit(next_build(state), "A", i).damage for i in range(3)] == [1] * 3


def test_kid_croak_level_3_needs_a_dungeon_and_plus_or_minus_one() -> None:
    """A dungeon and +1 or -1 must be named: a button per dungeon and sign (A's, B's)."""
    state = _at_level_3("RMB056", "Kid Croak")
    refused(state, c.UseMinibossLevel3(player="A", index=1, target="A"), "R-CARD-EFFECT")
    refused(state, c.UseMinibossLevel3(player="A", index=1, amount=1), "R-CARD-EFFECT")
    assert sorted((u.target or "", u.amount or 0) for u in uses(state, "A", 1)) == [
        ("A", -1),
        ("A", 1),
        ("B", -1),
        ("B", 1),
    ]


def test_mageseeker_level_3_heroes_entering_the_dungeon_skip_its_first_room() -> None:
    """Mageseeker's Level 3: until end of turn, Heroes entering the dungeon named skip its
    first Room: the thief walks into Room 1 first (Mageseeker's Room: 1 + 1 for its mage
    icon = 2 damage), never Room 0."""
    state = _lured("RMB062", "Mageseeker")
    state = run(state, c.UseMinibossLevel3(player="A", index=1, target="A"))
    state = run(state, c.RevealRooms(), c.ResolveBait(), c.AdvanceHero())
    assert state.walk is not None and state.walk.player == "A"
    assert (state.walk.room, state.walk.damage) == (0, 0)  # passed, not entered
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and (state.walk.room, state.walk.damage) == (1, 2)


def test_mageseeker_level_3_needs_a_dungeon() -> None:
    """No dungeon named: refused; a button per player's dungeon."""
    state = _lured("RMB062", "Mageseeker")
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-CARD-EFFECT")
    assert sorted(u.target or "" for u in uses(state, "A", 1)) == ["A", "B"]
