"""Rise of the Minibosses (R-MINI): Coins in the hoard and on Rooms, Minibosses built on
Rooms, revealed for a Coin, promoted once per turn, reset after Level 3, lost with their
Room; the mixed-sets Coin for a Room card."""

from __future__ import annotations

from typing import Any

import pytest

from rules import commands as c
from rules import engine, flow
from rules import events as ev
from rules.game import Game
from rules.models import GameState, Miniboss, MinibossCard, Room
from tests.rules.referee_fixtures import events_of, hero, new, refused, room, run, started

SPIKE = MinibossCard(name="Spike", card_id="RMB055")
JINX = MinibossCard(name="Jinx", card_id="RMB064")


def mini_game(rooms: int = 3, **rules: Any) -> GameState:
    """Minibosses on; A has ``rooms`` Rooms (A0, A1, …), B one; turn 1's Build phase."""
    state = started(new(minibosses=True, **rules), {"A": room("mage", 1, "A0")})
    state = run(state, c.RevealHeroes(heroes=(hero("thief"),) * 2))
    for i in range(1, rooms):
        state = run(state, c.BuildRoom(player="A", room=room("mage", 1, f"A{i}")), c.RevealRooms())
        state = next_build(state)
    return state


def next_build(state: GameState) -> GameState:
    """From the Bait phase (or Build) to the next turn's Build phase."""
    if state.phase == "build":
        state = run(state, c.RevealRooms())
    state = run(state, c.ResolveBait())
    if state.walk is not None:
        state = run(state, c.FinishAdventure())
    state = run(state, c.EndTurn())
    return run(state, c.RevealHeroes(heroes=(hero("thief"),) * 2))


def mini(state: GameState, index: int, player: str = "A") -> Miniboss | None:
    return state.player(player).dungeon[index].miniboss


def revealed_mini(index: int = 1, card: MinibossCard = SPIKE, **rules: Any) -> GameState:
    """A's Miniboss (Spike) at Level 1 on Room ``index``, in the next turn's Build phase."""
    state = mini_game(**rules)
    state = run(state, c.BuildMiniboss(player="A", over=index, miniboss=card), c.RevealRooms())
    return next_build(state)


# --- Coins ---------------------------------------------------------------------------------


def test_mini_each_boss_starts_with_three_coins() -> None:
    """R-MINI: every Boss starts with 3 Coins in the hoard; none without the expansion."""
    assert [p.coins for p in new(minibosses=True).players] == [3, 3]
    assert [p.coins for p in new().players] == [0, 0]


def test_mini_gain_and_pay_coins() -> None:
    """R-MINI: Coins are gained and paid from the hoard, at any time of the turn."""
    state = mini_game(rooms=1)
    state = run(state, c.GainCoins(player="A", amount=2), c.PayCoins(player="A", amount=4))
    assert state.player("A").coins == 1
    events = events_of(state, c.PayCoins(player="A"))
    assert [(e.ruling.rule, e.ruling.key) for e in events] == [("R-MINI", "coins.paid")]


def test_mini_pay_more_than_the_hoard_is_refused() -> None:
    """R-MINI: a player who can't pay is refused, naming the player and the hoard."""
    error = refused(mini_game(rooms=1), c.PayCoins(player="B", amount=4), "R-MINI")
    assert "B has 3 Coins and can't pay 4" in str(error)


def test_mini_coins_on_a_room_are_lost_when_it_is_covered() -> None:
    """R-MINI: Coins placed on a Room are lost when a Room is built over it."""
    state = run(mini_game(), c.PlaceCoinOnRoom(player="A", index=1, amount=2))
    assert (state.player("A").coins, state.player("A").dungeon[1].coins) == (1, 2)
    state = run(state, c.BuildRoom(player="A", room=room("fighter", 2), over=1))
    events = events_of(state, c.RevealRooms())
    lost = [e for e in events if isinstance(e, ev.CoinsLost)]
    assert lost and lost[0].ruling.rule == "R-MINI"
    assert events.index(lost[0]) < next(
        i for i, e in enumerate(events) if isinstance(e, ev.RoomRevealed)
    )
    state = run(state, c.RevealRooms())
    assert state.player("A").dungeon[1].coins == 0 and state.player("A").coins == 1


def test_mini_coins_on_a_room_are_lost_when_it_is_destroyed() -> None:
    """R-MINI: Coins on a destroyed Room are lost, not returned."""
    state = run(
        mini_game(), c.PlaceCoinOnRoom(player="A", index=0), c.DestroyRoom(player="A", index=0)
    )
    assert len(state.player("A").dungeon) == 2
    assert all(s.coins == 0 for s in state.player("A").dungeon)
    assert state.player("A").coins == 2


def test_mini_coins_taken_back_from_a_room() -> None:
    """R-MINI: Coins on a Room can go back to the hoard; not more than lie there."""
    state = run(mini_game(), c.PlaceCoinOnRoom(player="A", index=2, amount=2))
    refused(state, c.TakeCoinsFromRoom(player="A", index=2, amount=3), "R-MINI")
    state = run(state, c.TakeCoinsFromRoom(player="A", index=2, amount=2))
    assert (state.player("A").coins, state.player("A").dungeon[2].coins) == (3, 0)


def test_mini_coin_on_a_missing_room_or_short_hoard_is_refused() -> None:
    """R-MINI: no Room there, or not enough Coins in the hoard."""
    refused(mini_game(), c.PlaceCoinOnRoom(player="A", index=7), "R-MINI")
    refused(mini_game(), c.PlaceCoinOnRoom(player="A", index=0, amount=4), "R-MINI")


@pytest.mark.parametrize(
    "command",
    [
        c.GainCoins(player="A"),
        c.PayCoins(player="A"),
        c.PlaceCoinOnRoom(player="A", index=0),
        c.TakeCoinsFromRoom(player="A", index=0),
        c.BuildMiniboss(player="A", over=0),
        c.DeclineMiniboss(player="A"),
        c.PromoteMiniboss(player="A", index=0),
        c.UseMinibossLevel3(player="A", index=0),
        c.DiscardRoomForCoin(player="A"),
    ],
    ids=lambda cmd: cmd.type,
)
def test_mini_commands_refused_when_minibosses_are_off(command: c.Command) -> None:
    """R-MINI: a game without Rise of the Minibosses refuses Coins and Minibosses."""
    state = started(new(), {"A": room("mage")})
    state = run(state, c.RevealHeroes(heroes=(hero("thief"),) * 2))
    error = refused(state, command, "R-MINI")
    assert "without Minibosses" in str(error)
    assert command.__class__ not in flow.legal(state)


# --- building and revealing ------------------------------------------------------------------


def test_mini_built_face_down_instead_of_a_room() -> None:
    """R-MINI / R-BUILD-ONE: a Miniboss goes face down on a Room and is the player's one
    build this phase."""
    state = run(mini_game(), c.BuildMiniboss(player="A", over=1, miniboss=SPIKE))
    placed = mini(state, 1)
    assert placed is not None and placed.face_down and placed.card == SPIKE
    refused(state, c.BuildRoom(player="A", room=room("mage")), "R-BUILD-ONE")
    other = run(mini_game(), c.BuildRoom(player="A", room=room("mage")))
    refused(other, c.BuildMiniboss(player="A", over=1), "R-BUILD-ONE")


def test_mini_reveal_pays_one_coin_and_shows_level_one() -> None:
    """R-MINI: when the Rooms are revealed the Miniboss costs 1 Coin and shows Level 1."""
    state = run(mini_game(), c.BuildMiniboss(player="A", over=1, miniboss=SPIKE))
    events = events_of(state, c.RevealRooms())
    assert any(isinstance(e, ev.MinibossRevealed) and e.ruling.rule == "R-MINI" for e in events)
    state = run(state, c.RevealRooms())
    assert mini(state, 1) == Miniboss(card=SPIKE, level=1, face_down=False)
    assert state.player("A").coins == 2


def test_mini_reveal_without_a_coin_discards_it() -> None:
    """R-MINI: a player who can't pay the Coin at the reveal discards the Miniboss."""
    state = run(
        mini_game(),
        c.PayCoins(player="A", amount=3),
        c.BuildMiniboss(player="A", over=1, miniboss=SPIKE),
    )
    events = events_of(state, c.RevealRooms())
    assert [e.ruling.key for e in events if isinstance(e, ev.MinibossDiscarded)] == ["mini.unpaid"]
    state = run(state, c.RevealRooms())
    assert mini(state, 1) is None and state.player("A").coins == 0


def test_mini_declined_is_discarded_and_keeps_the_coins() -> None:
    """R-MINI (our reading): a player may refuse to pay; the Miniboss is discarded and the
    build is spent."""
    state = run(mini_game(), c.BuildMiniboss(player="A", over=1, miniboss=SPIKE))
    state = run(state, c.DeclineMiniboss(player="A"))
    assert mini(state, 1) is None
    refused(state, c.BuildRoom(player="A", room=room("mage")), "R-BUILD-ONE")
    state = run(state, c.RevealRooms())
    assert state.player("A").coins == 3


def test_mini_decline_without_a_face_down_miniboss_is_refused() -> None:
    """R-MINI: there must be a face-down Miniboss to decline."""
    refused(mini_game(), c.DeclineMiniboss(player="A"), "R-MINI")


def test_mini_needs_a_room_under_it() -> None:
    """R-MINI: a Miniboss goes on a Room of the dungeon."""
    refused(mini_game(), c.BuildMiniboss(player="A", over=3), "R-MINI")
    refused(mini_game(), c.BuildMiniboss(player="B", over=0), "R-MINI")  # B has no Room


def test_mini_not_on_a_deactivated_room() -> None:
    """R-MINI / R-BUILD-WHERE: nothing is built on a deactivated Room."""
    state = run(mini_game(), c.DeactivateRoom(player="A", index=1))
    refused(state, c.BuildMiniboss(player="A", over=1), "R-BUILD-WHERE")


def test_mini_not_next_to_another_room_with_a_miniboss() -> None:
    """R-MINI: a Miniboss can't go next to a Room that has one, nor on the same Room."""
    state = revealed_mini(index=1)
    for over in (0, 1, 2):
        error = refused(state, c.BuildMiniboss(player="A", over=over, miniboss=JINX), "R-MINI")
        assert "Miniboss" in str(error)


def test_mini_next_to_a_deactivated_room_with_a_miniboss_is_allowed() -> None:
    """R-MINI with R-DEACTIVATE: a deactivated Room is not adjacent to its neighbours."""
    state = run(revealed_mini(index=1), c.DeactivateRoom(player="A", index=1))
    state = run(state, c.BuildMiniboss(player="A", over=2, miniboss=JINX))
    assert mini(state, 2) is not None


def test_mini_two_rooms_apart_is_allowed() -> None:
    """R-MINI: only adjacent Rooms are barred."""
    state = revealed_mini(index=0)
    state = run(state, c.BuildMiniboss(player="A", over=2, miniboss=JINX), c.RevealRooms())
    assert [s.miniboss is not None for s in state.player("A").dungeon] == [True, False, True]


def test_mini_build_is_a_build_phase_command() -> None:
    """R-MINI / R-PHASE: Minibosses are built in the Build phase only."""
    state = run(mini_game(), c.RevealRooms())
    refused(state, c.BuildMiniboss(player="A", over=0), "R-PHASE")
    refused(state, c.PromoteMiniboss(player="A", index=0), "R-PHASE")


# --- promotion and Level 3 -----------------------------------------------------------------


def test_mini_promote_costs_one_coin_once_per_turn() -> None:
    """R-MINI: in the Build phase 1 Coin promotes one Miniboss one level, once per turn."""
    state = revealed_mini()
    state = run(state, c.PromoteMiniboss(player="A", index=1))
    assert mini(state, 1) == Miniboss(card=SPIKE, level=2, face_down=False)
    assert state.player("A").coins == 1
    error = refused(state, c.PromoteMiniboss(player="A", index=1), "R-MINI")
    assert "this turn" in str(error)
    state = next_build(state)
    state = run(state, c.PromoteMiniboss(player="A", index=1))
    assert mini(state, 1) == Miniboss(card=SPIKE, level=3, face_down=False)
    assert state.player("A").coins == 0


def test_mini_promote_refused_at_the_top_level() -> None:
    """R-MINI: Level 3 is the top."""
    state = run(revealed_mini(), c.GainCoins(player="A", amount=3))
    state = next_build(run(state, c.PromoteMiniboss(player="A", index=1)))
    state = next_build(run(state, c.PromoteMiniboss(player="A", index=1)))
    refused(state, c.PromoteMiniboss(player="A", index=1), "R-MINI")


def test_mini_promote_refused_without_a_coin_or_a_miniboss() -> None:
    """R-MINI: promotion needs a Coin and a revealed Miniboss on that Room."""
    state = run(revealed_mini(), c.PayCoins(player="A", amount=2))
    refused(state, c.PromoteMiniboss(player="A", index=1), "R-MINI")
    refused(revealed_mini(), c.PromoteMiniboss(player="A", index=0), "R-MINI")
    face_down = run(mini_game(), c.BuildMiniboss(player="A", over=1))
    refused(face_down, c.PromoteMiniboss(player="A", index=1), "R-MINI")


# A Miniboss named by hand, not picked from the catalogue: no card data, so using its
# Level 3 is the bare R-MINI reset (a catalogue card's Level 3 may need a target).
MAGESEEKER = MinibossCard(name="Mageseeker")


def level3() -> GameState:
    """A's Miniboss (named by hand) at Level 3 on Room 2 (promoted on two turns), in a
    Build phase."""
    state = revealed_mini(card=MAGESEEKER)
    state = next_build(run(state, c.PromoteMiniboss(player="A", index=1)))
    return run(state, c.PromoteMiniboss(player="A", index=1))


def test_mini_using_level_three_resets_it_to_level_one() -> None:
    """R-MINI: using the Level 3 ability sends the Miniboss back to Level 1 (no Coin:
    the Coin paid for reaching Level 3)."""
    state = level3()
    coins = state.player("A").coins
    events = events_of(state, c.UseMinibossLevel3(player="A", index=1))
    assert [e.ruling.rule for e in events] == ["R-MINI"]
    state = run(state, c.UseMinibossLevel3(player="A", index=1))
    assert mini(state, 1) == Miniboss(card=MAGESEEKER, level=1, face_down=False)
    assert state.player("A").coins == coins


def test_mini_level_three_usable_in_the_adventure_phase() -> None:
    """R-MINI: Level 3 may be used at any time, not only in the Build phase."""
    state = run(level3(), c.RevealRooms())
    state = run(state, c.UseMinibossLevel3(player="A", index=1))
    mb = mini(state, 1)
    assert mb is not None and mb.level == 1


def test_mini_level_three_refused_below_level_three_or_deactivated() -> None:
    """R-MINI / R-DEACTIVATE: only a Level 3 Miniboss on an upright Room can use it."""
    refused(revealed_mini(), c.UseMinibossLevel3(player="A", index=1), "R-MINI")
    state = run(level3(), c.DeactivateRoom(player="A", index=1))
    refused(state, c.UseMinibossLevel3(player="A", index=1), "R-DEACTIVATE")


# --- lost with the Room --------------------------------------------------------------------


def test_mini_lost_when_its_room_is_destroyed() -> None:
    """R-MINI: a destroyed Room's Miniboss is discarded."""
    state = revealed_mini()
    events = events_of(state, c.DestroyRoom(player="A", index=1))
    assert [e.ruling.key for e in events if isinstance(e, ev.MinibossDiscarded)] == [
        "mini.destroyed"
    ]
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert [s.miniboss for s in state.player("A").dungeon] == [None, None]


def test_mini_lost_when_its_room_is_destroyed_and_uncovers_another() -> None:
    """R-MINI / R-DESTROY: the Room uncovered beneath does not inherit the Miniboss."""
    state = mini_game()
    state = run(state, c.BuildRoom(player="A", room=room("mage", 3, "Top"), over=1))
    state = next_build(state)
    state = run(state, c.BuildMiniboss(player="A", over=1, miniboss=SPIKE), c.RevealRooms())
    state = run(next_build(state), c.DestroyRoom(player="A", index=1))
    stack = state.player("A").dungeon[1]
    assert stack.top.name == "A1" and stack.miniboss is None


def test_mini_lost_when_its_room_is_covered() -> None:
    """R-MINI: a Room built over loses its Miniboss (rulings.md; not moved to the new Room)."""
    state = run(revealed_mini(), c.BuildRoom(player="A", room=room("fighter", 2), over=1))
    events = events_of(state, c.RevealRooms())
    keys = [e.ruling.key for e in events if isinstance(e, ev.MinibossDiscarded)]
    assert keys == ["mini.covered"]
    state = run(state, c.RevealRooms())
    assert mini(state, 1) is None and state.player("A").dungeon[1].top.treasure == ("fighter",)


def test_mini_face_down_miniboss_lost_when_its_room_is_destroyed() -> None:
    """R-MINI: a face-down Miniboss on a destroyed Room is discarded before the reveal."""
    state = run(
        mini_game(), c.BuildMiniboss(player="A", over=2), c.DestroyRoom(player="A", index=2)
    )
    assert all(s.miniboss is None for s in state.player("A").dungeon)
    assert not any(isinstance(e, ev.MinibossRevealed) for e in events_of(state, c.RevealRooms()))


def test_mini_follows_its_room_when_an_earlier_room_vanishes() -> None:
    """R-MINI / R-DESTROY: Rooms slide toward the Boss and the Miniboss slides with its Room."""
    state = run(revealed_mini(index=2), c.DestroyRoom(player="A", index=0))
    # Entrance first: A2 was built last, at the entrance end; Spike sits on A0.
    assert [s.top.name for s in state.player("A").dungeon] == ["A1", "A0"]
    assert mini(state, 1) is not None


# --- mixed sets ---------------------------------------------------------------------------


def test_mini_discard_a_room_card_for_a_coin_once_per_turn() -> None:
    """R-MINI: with the mixed-sets option a Room card is discarded for a Coin, once per
    turn, in the Build phase."""
    state = mini_game(rooms=1, coin_for_room=True)
    state = run(state, c.DiscardRoomForCoin(player="A"))
    assert state.player("A").coins == 4
    refused(state, c.DiscardRoomForCoin(player="A"), "R-MINI")
    state = run(state, c.DiscardRoomForCoin(player="B"))
    state = next_build(state)
    state = run(state, c.DiscardRoomForCoin(player="A"))
    assert state.player("A").coins == 5


def test_mini_discard_a_room_for_a_coin_needs_the_option() -> None:
    """R-MINI: without the mixed-sets option the swap is refused."""
    state = mini_game(rooms=1)
    error = refused(state, c.DiscardRoomForCoin(player="A"), "R-MINI")
    assert "mixed-sets" in str(error)
    assert c.DiscardRoomForCoin not in flow.legal(state)


def test_mini_game_replays_and_undoes() -> None:
    """R-MINI: a game with Minibosses is its commands: replay and undo/redo agree."""
    setup = new(minibosses=True).setup
    game = Game.new(setup)
    script: list[c.Command] = [
        c.BuildRoom(player="A", room=room("mage", 1)),
        c.RevealRooms(),
        c.RevealHeroes(heroes=(hero("thief"),) * 2),
        c.BuildMiniboss(player="A", over=0, miniboss=SPIKE),
        c.RevealRooms(),
        c.PlaceCoinOnRoom(player="A", index=0),
    ]
    for command in script:
        game, _ = game.play(command)
    assert game.state.player("A").coins == 1
    assert game.undo().redo().state == game.state
    assert engine.replay(setup, game.log) == game.state


def test_mini_room_model_defaults_keep_old_data_valid() -> None:
    """R-MINI: a Room place without Miniboss or Coins reads as before."""
    from rules.models import RoomStack

    stack = RoomStack.model_validate({"rooms": [Room().model_dump()]})
    assert (stack.miniboss, stack.coins) == (None, 0)


def test_mini_and_item_commands_round_trip_through_json() -> None:
    """R-MINI / R-ITEM: the expansions' commands are plain data in a saved log."""
    from rules.commands import COMMAND_LIST
    from rules.models import ItemCard

    log: list[c.Command] = [
        c.RevealItems(items=(ItemCard(name="Rod", treasure=("mage",), card_id="THK010"),)),
        c.UseItem(player="A", item=0),
        c.ChooseFaceUpItem(player="A", item=1),
        c.GainCoins(player="A", amount=2),
        c.PayCoins(player="A"),
        c.PlaceCoinOnRoom(player="A", index=1),
        c.TakeCoinsFromRoom(player="A", index=1),
        c.BuildMiniboss(player="A", over=0, miniboss=SPIKE),
        c.DeclineMiniboss(player="A"),
        c.PromoteMiniboss(player="A", index=0),
        c.UseMinibossLevel3(player="A", index=0),
        c.DiscardRoomForCoin(player="A"),
    ]
    assert COMMAND_LIST.validate_json(COMMAND_LIST.dump_json(log)) == log
