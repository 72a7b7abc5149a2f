"""A Miniboss card's Level 2 used at will, once per turn, with its own button (R-MINI with
R-CARD-EFFECT): from Level 2 on (Level 3 keeps it), while what it needs is there.

Each expectation comes from the printed level text (the Minibosses' card list), never
from the engine's output."""

from __future__ import annotations

import pytest

from rules import commands as c
from rules import events as ev
from rules.miniboss_level2 import usable
from rules.models import GameState, Miniboss, MinibossCard, RoomStack
from tests.rules.referee_fixtures import bait_state, events_of, refused, run, t_hero, t_player
from tests.rules.test_card_effects import plain
from tests.rules.test_item_cards import _item_id
from tests.rules.test_miniboss_level3 import _walking
from tests.rules.test_minibosses import mini_game


def _at(card_id: str, name: str, level: int, rooms: int = 2) -> GameState:
    """``_walking`` with the Miniboss at ``level``."""
    state = _walking(card_id, name, rooms)
    stacks = list(state.player("A").dungeon)
    mini = stacks[1].miniboss
    assert mini is not None
    stacks[1] = stacks[1].model_copy(update={"miniboss": mini.model_copy(update={"level": level})})
    return state.with_player("A", dungeon=tuple(stacks))


@pytest.mark.parametrize("level", [2, 3])
@pytest.mark.parametrize("rooms", [1, 2, 3])
def test_draculad_level_2_sends_a_hero_in_your_dungeon_to_town(level: int, rooms: int) -> None:
    """Draculad's Level 2: once per turn, a Hero in its owner's dungeon (any Room of it)
    goes back to town; at Level 3 too."""
    state = _at("RMB057", "Draculad", level, rooms)
    assert state.walk is not None
    hero = state.walk.hero
    state = run(state, c.UseMinibossLevel2(player="A", index=1))
    assert hero in state.town
    assert state.souls("A") == 0


def test_draculad_level_2_once_per_turn() -> None:
    """Once per turn: with the next Hero walking, no second use this turn."""
    state = run(_at("RMB057", "Draculad", 2), c.UseMinibossLevel2(player="A", index=1))
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and state.walk.player == "A"
    assert usable(state, "A", 1) is None
    refused(state, c.UseMinibossLevel2(player="A", index=1), "R-CARD-EFFECT")


def test_draculad_level_1_has_no_level_2() -> None:
    """At Level 1 the Level 2 is not on yet."""
    state = _at("RMB057", "Draculad", 1)
    assert usable(state, "A", 1) is None
    refused(state, c.UseMinibossLevel2(player="A", index=1), "R-CARD-EFFECT")


def test_spike_level_2_deals_two_damage_to_the_hero_in_its_room() -> None:
    """Spike's Level 2: once per turn (a card discarded: the player's word), 2 damage to
    the Hero in its Room: the thief has taken 1 + 2 (Room 1 with Spike's +1) = 3, now 5,
    and dies there as it would leave (Health 4): a Soul for A."""
    state = _at("RMB055", "Spike", 2)
    assert state.walk is not None and state.walk.damage == 3
    state = run(state, c.UseMinibossLevel2(player="A", index=1))
    assert state.walk is not None and state.walk.damage == 5
    assert run(state, c.AdvanceHero()).souls("A") == 1


def test_spike_level_2_needs_a_hero_in_its_room() -> None:
    """The Hero stands in Room 0: Spike's Level 2 may not be used."""
    state = _at("RMB055", "Spike", 2, rooms=1)
    assert usable(state, "A", 1) is None
    refused(state, c.UseMinibossLevel2(player="A", index=1), "R-CARD-EFFECT")


def _face_up(card_id: str, name: str, level: int) -> GameState:
    """The Miniboss face up at ``level`` on A's Room 1 (A's Rooms A2, A1, A0), Build
    phase."""
    state = mini_game()
    stacks = list(state.player("A").dungeon)
    card = MinibossCard(name=name, card_id=card_id)
    stacks[1] = stacks[1].model_copy(
        update={"miniboss": Miniboss(card=card, level=level, face_down=False)}
    )
    return state.with_player("A", dungeon=tuple(stacks))


def _paddywhack(level: int) -> GameState:
    return _face_up("RMB060", "Paddywhack", level)


@pytest.mark.parametrize("level", [2, 3])
def test_paddywhack_level_2_one_coin_more_once_per_turn(level: int) -> None:
    """Paddywhack's Level 2: once per turn, when its owner gains Coins, one more: 3 + 2
    + 1 = 6; a second gain that turn has no extra (6 + 1 = 7)."""
    state = _paddywhack(level)
    assert state.player("A").coins == 3
    state = run(state, c.GainCoins(player="A", amount=2))
    assert state.player("A").coins == 6
    state = run(state, c.GainCoins(player="A", amount=1))
    assert state.player("A").coins == 7


def test_paddywhack_level_1_and_an_opponents_coins_have_no_extra() -> None:
    """At Level 1 no extra Coin; B's Coins are B's: Paddywhack is A's."""
    state = run(_paddywhack(1), c.GainCoins(player="A", amount=2))
    assert state.player("A").coins == 5
    state = run(_paddywhack(2), c.GainCoins(player="B", amount=2))
    assert state.player("B").coins == 5


def _kid_croak(level: int = 2) -> GameState:
    return _face_up("RMB056", "Kid Croak", level)


def _names(state: GameState, player: str = "A") -> list[str]:
    return [s.top.name for s in state.player(player).dungeon]


def test_kid_croak_level_2_swaps_two_rooms_of_a_dungeon_in_the_build_phase() -> None:
    """Kid Croak's Level 2: once per turn in the Build phase, two Rooms of any dungeon
    change places: asked which dungeon and which two (A's first two: A1, A2, A0)."""
    state = _kid_croak()
    assert _names(state) == ["A2", "A1", "A0"]
    state = run(state, c.UseMinibossLevel2(player="A", index=1))
    swap = c.AnswerCardEffect(
        player="A", card_id="RMB056", accept=True, target="A", order=(1, 0, 2)
    )
    state = run(state, swap)
    assert _names(state) == ["A1", "A2", "A0"]
    assert usable(state, "A", 0) is None  # once per turn (Kid Croak now stands on Room 0)


def test_kid_croak_level_2_only_in_the_build_phase() -> None:
    """Outside the Build phase (the Bait phase) it may not be used."""
    state = run(_kid_croak(), c.RevealRooms())
    assert usable(state, "A", 1) is None
    refused(state, c.UseMinibossLevel2(player="A", index=1), "R-CARD-EFFECT")


def _sword_carrier(icicle_level: int) -> list[type]:
    """The kinds of events of a thief (Health 4) carrying Oversized Sword (Power-Up: +5
    Health) walking A's dungeon of two Trap Rooms of 3, Icicle Man at ``icicle_level`` on
    the first (its Level 1: that Room +1)."""
    hero = t_hero("fighter", 4, item={"name": "THK007", "treasure": ["any"]})
    state = bait_state([t_player("A", 900, boss_treasure=["fighter"]), t_player("B", 100)], [hero])
    state = _item_id(state, "THK007")
    icicle = MinibossCard(name="Icicle Man", card_id="RMB061")
    mini = Miniboss(card=icicle, level=icicle_level, face_down=False)
    stacks = (
        RoomStack(rooms=(plain("trap", 3),), miniboss=mini),
        RoomStack(rooms=(plain("trap", 3),)),
    )
    a = state.player("A").model_copy(update={"dungeon": stacks})
    b = state.player("B").model_copy(update={"dungeon": (RoomStack(rooms=(plain("trap", 1),)),)})
    state = state.model_copy(update={"players": (a, b), "ordinary_left": 10})
    state = run(state, c.ResolveBait())
    return [type(e) for e in events_of(state, c.FinishAdventure())]


def test_icicle_man_level_2_ignores_the_power_up_of_a_hero_in_its_dungeon() -> None:
    """Icicle Man's Level 2: the ability text of Heroes in its owner's dungeon is ignored:
    the Sword's +5 (the Power-Up its carrier has) does not count, so the Hero (4) dies
    in A's first Room (3 + 1 for Icicle Man's Level 1)."""
    kinds = _sword_carrier(2)
    assert ev.HeroKilled in kinds and ev.HeroSurvived not in kinds


def test_icicle_man_level_1_leaves_the_power_up() -> None:
    """At Level 1 the Sword's +5 counts: 9 Health survives 4 + 3 = 7."""
    kinds = _sword_carrier(1)
    assert ev.HeroSurvived in kinds and ev.HeroKilled not in kinds
