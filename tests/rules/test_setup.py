"""Set-up: Hero counts, hands and mulligans, the first Room, the Heroes revealed each turn."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from referee_fixtures import hero, new, refused, room, run, started

from rules import commands as c
from rules import engine
from rules import events as ev
from rules.models import GameSetup, PlayerSetup, Ruleset
from rules.setup import hero_counts, mulligan_reason, starting_hand


@pytest.mark.parametrize(
    ("printing", "players", "counts"),
    [
        ("next_level", 2, (13, 9)),
        ("next_level", 3, (17, 13)),
        ("next_level", 4, (25, 17)),
        ("original", 2, (13, 8)),
        ("original", 3, (17, 12)),
        ("original", 4, (25, 16)),
    ],
)
def test_setup_heroes_counts_per_player_count_and_printing(
    printing: str, players: int, counts: tuple[int, int]
) -> None:
    """R-SETUP-HEROES: ordinary and Epic Heroes used by player count and printing."""
    ruleset = Ruleset(printing=printing)  # type: ignore[arg-type]
    assert hero_counts(players, ruleset) == counts
    names = tuple((f"P{i}", 100 * i) for i in range(players))
    state = new(names, printing=printing)
    assert (state.ordinary_left, state.epic_left) == counts


@pytest.mark.parametrize(("players", "epic"), [(5, 21), (6, 22)])
@pytest.mark.parametrize("printing", ["next_level", "original"])
def test_setup_heroes_five_six_players_use_crash_landing_counts(
    players: int, epic: int, printing: str
) -> None:
    """R-SETUP-HEROES: 5–6 players mix in Crash Landing: 32 ordinary, 21 (5p) / 22 (6p) Epic."""
    assert hero_counts(players, Ruleset(printing=printing)) == (32, epic)  # type: ignore[arg-type]


def test_setup_heroes_counts_can_be_set_by_hand() -> None:
    """R-SETUP-HEROES: a table may state its own deck sizes (house decks)."""
    setup = GameSetup(
        players=(PlayerSetup(name="A", xp=1), PlayerSetup(name="B", xp=2)),
        ordinary_heroes=3,
        epic_heroes=1,
    )
    state = engine.new_game(setup)
    assert (state.ordinary_left, state.epic_left) == (3, 1)


def test_setup_heroes_epic_refused_while_ordinary_heroes_remain() -> None:
    """R-SETUP-HEROES: Epic Heroes come only after every ordinary Hero was revealed."""
    state = started(new())
    error = refused(
        state, c.RevealHeroes(heroes=(hero("mage", 11, epic=True), hero("thief"))), "R-SETUP-HEROES"
    )
    assert "13 ordinary" in str(error)


def test_setup_heroes_epic_follows_the_last_ordinary_in_the_same_reveal() -> None:
    """R-SETUP-HEROES: the last ordinary Hero, then the first Epic, in one turn's reveal."""
    setup = GameSetup(
        players=(PlayerSetup(name="A", xp=1), PlayerSetup(name="B", xp=2)),
        ordinary_heroes=1,
        epic_heroes=4,
    )
    state = started(engine.new_game(setup))
    refused(
        state, c.RevealHeroes(heroes=(hero("mage", 11, epic=True), hero("thief"))), "R-SETUP-HEROES"
    )
    after = run(state, c.RevealHeroes(heroes=(hero("thief"), hero("mage", 11, epic=True))))
    assert (after.ordinary_left, after.epic_left) == (0, 3)
    refused(
        run(after, c.RevealRooms(), c.ResolveBait(), c.EndTurn()),
        c.RevealHeroes(heroes=(hero("thief"), hero("mage", 11, epic=True))),
        "R-SETUP-HEROES",
    )


def test_setup_heroes_hard_mode_refuses_ordinary_health_four() -> None:
    """R-SETUP-HEROES: Hard Mode removes ordinary Heroes of Health 4."""
    state = started(new(hard_mode=True))
    error = refused(
        state, c.RevealHeroes(heroes=(hero("mage", 4), hero("thief", 6))), "R-SETUP-HEROES"
    )
    assert "Hard Mode" in str(error)
    after = run(state, c.RevealHeroes(heroes=(hero("mage", 6), hero("thief", 8))))
    assert len(after.town) == 2


def test_setup_heroes_without_hard_mode_health_four_is_revealed() -> None:
    """R-SETUP-HEROES: outside Hard Mode a Health 4 Hero is an ordinary Hero like any other."""
    state = run(started(new()), c.RevealHeroes(heroes=(hero("mage", 4), hero("thief", 4))))
    assert [state.hero(h).card.health for h in state.town] == [4, 4]


def test_setup_hand_next_level_draws_five_rooms_two_spells_no_discard() -> None:
    """R-SETUP-HAND: Next Level default: 5 Rooms + 2 Spells, keep all."""
    hand = starting_hand(Ruleset())
    assert (hand.rooms, hand.spells, hand.discard) == (5, 2, 0)


@pytest.mark.parametrize(
    "ruleset", [Ruleset(classic_mode=True), Ruleset(printing="original")], ids=["classic", "orig"]
)
def test_setup_hand_classic_and_original_discard_two(ruleset: Ruleset) -> None:
    """R-SETUP-HAND: Classic mode and the original printing discard 2 of the 7 cards."""
    hand = starting_hand(ruleset)
    assert (hand.rooms, hand.spells, hand.discard) == (5, 2, 2)


def test_setup_hand_mulligan_with_four_advanced_rooms() -> None:
    """R-SETUP-HAND: four Advanced Rooms allow a mulligan."""
    hand = (
        *tuple(room(t, advanced=True) for t in ("cleric", "mage", "thief", "fighter")),
        room("cleric"),
    )
    assert mulligan_reason(hand) == "four_advanced"


def test_setup_hand_mulligan_with_four_rooms_of_one_treasure() -> None:
    """R-SETUP-HAND: four Rooms sharing one treasure type allow a mulligan (a two-type Room
    counts for both of its types)."""
    hand = (room("mage"), room("mage thief"), room("mage"), room("cleric mage"), room("fighter"))
    assert mulligan_reason(hand) == "four_of_a_treasure"


def test_setup_hand_no_mulligan_with_three_of_each() -> None:
    """R-SETUP-HAND: three Advanced Rooms and at most three of a type: keep the hand."""
    hand = (
        room("mage", advanced=True),
        room("mage mage", advanced=True),  # two icons on one card count once
        room("mage", advanced=True),
        room("thief"),
        room("fighter"),
    )
    assert mulligan_reason(hand) is None


def test_setup_first_each_player_builds_one_room_face_down_then_all_reveal() -> None:
    """R-SETUP-FIRST: before turn one each player may build one Room, face down; all reveal
    together, in XP order."""
    state = new((("Low", 300), ("High", 900)))
    state = run(state, c.BuildRoom(player="Low", room=room("mage", name="L1")))
    assert state.player("Low").dungeon == ()  # face down: not in the dungeon yet
    refused(state, c.BuildRoom(player="Low", room=room("thief")), "R-BUILD-ONE")
    placed = run(state, c.BuildRoom(player="High", room=room("cleric", name="H1")))
    state, events = engine.apply(placed, c.RevealRooms())
    revealed = [e for e in events if isinstance(e, ev.RoomRevealed)]
    assert [e.player for e in revealed] == ["High", "Low"]
    assert all(e.ruling.rule == "R-SETUP-FIRST" for e in revealed)
    assert state.player("Low").dungeon[0].top.name == "L1"
    assert state.player("High").dungeon[0].top.name == "H1"
    assert (state.turn, state.phase) == (1, "beginning")


def test_setup_first_placing_is_ruled_by_setup_first() -> None:
    """R-SETUP-FIRST: the placement during set-up cites the set-up rule."""
    (event,) = engine.decide(new(), c.BuildRoom(player="A", room=room("mage")))
    assert event.ruling.rule == "R-SETUP-FIRST"


def test_setup_first_a_player_may_build_nothing() -> None:
    """R-SETUP-FIRST: building the first Room is optional."""
    state = started(new(), {"A": room("mage")})
    assert len(state.player("A").dungeon) == 1
    assert state.player("B").dungeon == ()


def test_setup_first_advanced_room_cannot_open_a_dungeon() -> None:
    """R-BUILD-WHERE during set-up: an Advanced Room has nothing to cover."""
    refused(new(), c.BuildRoom(player="A", room=room("mage", advanced=True)), "R-BUILD-WHERE")


def test_turn_reveal_one_hero_per_player() -> None:
    """R-TURN-REVEAL: each turn reveals one Hero per player; another count is refused."""
    state = started(new((("A", 1), ("B", 2), ("C", 3))))
    error = refused(state, c.RevealHeroes(heroes=(hero("mage"), hero("thief"))), "R-TURN-REVEAL")
    assert "3 Hero" in str(error)
    after = run(state, c.RevealHeroes(heroes=(hero("mage"), hero("thief"), hero("cleric"))))
    assert after.town == (0, 1, 2)
    assert after.phase == "build"


def test_turn_reveal_fewer_when_the_deck_runs_out() -> None:
    """R-TURN-REVEAL: fewer Heroes only when the deck holds fewer than the players."""
    setup = GameSetup(
        players=tuple(PlayerSetup(name=n, xp=i) for i, n in enumerate("ABC")),
        ordinary_heroes=1,
        epic_heroes=0,
    )
    state = started(engine.new_game(setup))
    refused(state, c.RevealHeroes(heroes=(hero("mage"), hero("thief"))), "R-TURN-REVEAL")
    after = run(state, c.RevealHeroes(heroes=(hero("mage"),)))
    assert after.deck_empty and after.deck_emptied_turn == 1


def test_setup_refuses_two_players_with_one_name() -> None:
    """Set-up validation: player names must differ (case-insensitively)."""
    with pytest.raises(ValidationError, match="names must differ"):
        GameSetup(players=(PlayerSetup(name="Ann", xp=1), PlayerSetup(name="ann", xp=2)))


@pytest.mark.parametrize("count", [1, 7])
def test_setup_refuses_fewer_than_two_or_more_than_six_players(count: int) -> None:
    """Set-up validation: 2–6 players."""
    with pytest.raises(ValidationError):
        GameSetup(players=tuple(PlayerSetup(name=f"P{i}", xp=i) for i in range(count)))
