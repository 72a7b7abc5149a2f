"""Bait: which dungeon lures each Hero in town, and in which order they line up."""

from __future__ import annotations

from typing import Any

import pytest
from referee_fixtures import bait_state, events_of, run, t_hero, t_player, t_room

from rules import bait
from rules import commands as c
from rules import events as ev
from rules.evolve import evolve
from rules.models import GameState
from rules.table import Table
from rules.treasure import treasure_total


def lures(state: GameState) -> list[tuple[str | None, str]]:
    """(player or None, rule) per town Hero, in town order."""
    return [(lure.player, lure.ruling.rule) for lure in bait.resolve(state)]


def after_bait(state: GameState) -> GameState:
    """The state right after the Bait phase (before anyone walks)."""
    events = [e for e in events_of(state, c.ResolveBait()) if not isinstance(e, ev.WalkStarted)]
    for event in events:
        state = evolve(state, event)
    return state


def two(a_rooms: list[dict[str, Any]], b_rooms: list[dict[str, Any]], **b: Any) -> list[Any]:
    return [t_player("A", 900, a_rooms), t_player("B", 400, b_rooms, **b)]


def test_bait_rulebook_example_three_heroes() -> None:
    """R-BAIT-HIGHEST, rulebook example: P1 has 1 cleric, 2 mage, 0 fighter, 2 thief; P2 has
    3 cleric, 0 mage, 1 fighter, 2 thief: Mage to P1, Cleric to P2, Thief stays."""
    state = bait_state(
        [
            t_player("P1", 900, [t_room("cleric"), t_room("mage mage"), t_room("thief thief")]),
            t_player(
                "P2",
                400,
                [t_room("cleric cleric"), t_room("cleric fighter"), t_room("thief thief")],
            ),
        ],
        [t_hero("mage"), t_hero("cleric"), t_hero("thief")],
    )
    assert lures(state) == [
        ("P1", "R-BAIT-HIGHEST"),
        ("P2", "R-BAIT-HIGHEST"),
        (None, "R-BAIT-HIGHEST"),
    ]
    assert after_bait(state).town == (2,)


def test_bait_total_counts_rooms_boss_and_bonuses() -> None:
    """R-BAIT-TOTAL: icons on active Rooms + the Boss card + bonuses."""
    state = bait_state(
        two(
            [t_room("mage")],
            [t_room("mage")],
            boss_treasure=["mage"],
        ),
        [t_hero("mage")],
    )
    assert treasure_total(state, "B", "mage") == 2
    assert lures(state) == [("B", "R-BAIT-HIGHEST")]
    bonus = run(state, c.SetTreasureBonus(player="A", treasure="mage", amount=2))
    assert treasure_total(bonus, "A", "mage") == 3
    assert lures(bonus) == [("A", "R-BAIT-HIGHEST")]


def test_bait_total_bonus_may_be_negative() -> None:
    """R-BAIT-TOTAL: a negative bonus lowers the total (here below the rival's)."""
    state = bait_state(two([t_room("thief thief")], [t_room("thief")]), [t_hero("thief")])
    (event,) = events_of(state, c.SetTreasureBonus(player="A", treasure="thief", amount=-2))
    assert event.ruling.rule == "R-BAIT-TOTAL"
    state = run(state, c.SetTreasureBonus(player="A", treasure="thief", amount=-2))
    assert treasure_total(state, "A", "thief") == 0
    assert lures(state) == [("B", "R-BAIT-HIGHEST")]


def test_bait_total_boss_counts_without_rooms() -> None:
    """R-BAIT-TOTAL: a Boss is not a Room, but its treasure lures."""
    state = bait_state(two([], [], boss_treasure=["fighter"]), [t_hero("fighter")])
    assert lures(state) == [("B", "R-BAIT-HIGHEST")]


def test_bait_total_deactivated_rooms_count_nothing() -> None:
    """R-BAIT-TOTAL / R-DEACTIVATE: a deactivated Room counts no treasure."""
    state = bait_state(
        two([t_room("cleric cleric", deactivated=True)], [t_room("cleric")]), [t_hero("cleric")]
    )
    assert treasure_total(state, "A", "cleric") == 0
    assert lures(state) == [("B", "R-BAIT-HIGHEST")]


def test_bait_highest_tie_at_top_stays_in_town() -> None:
    """R-BAIT-HIGHEST: the highest total shared by two dungeons: the Hero stays."""
    state = bait_state(two([t_room("mage")], [t_room("mage")]), [t_hero("mage")])
    [lure] = bait.resolve(state)
    assert (lure.player, lure.ruling.rule, lure.ruling.key) == (None, "R-BAIT-HIGHEST", "bait.tie")
    assert "A and B" in lure.ruling.why
    assert after_bait(state).town == (0,)


def test_bait_highest_three_players_two_two_one_stays() -> None:
    """R-BAIT-HIGHEST: 2, 2, 1: nobody has the single highest, the Hero stays."""
    state = bait_state(
        [
            t_player("A", 900, [t_room("mage mage")]),
            t_player("B", 500, [t_room("mage mage")]),
            t_player("C", 100, [t_room("mage")]),
        ],
        [t_hero("mage")],
    )
    assert lures(state) == [(None, "R-BAIT-HIGHEST")]


def test_bait_highest_all_zero_stays_in_town() -> None:
    """R-BAIT-HIGHEST: every total zero: the Hero stays."""
    state = bait_state(two([t_room("mage")], [t_room("thief")]), [t_hero("cleric")])
    [lure] = bait.resolve(state)
    assert (lure.player, lure.ruling.key) == (None, "bait.none")


def test_bait_highest_negative_totals_lure_nobody() -> None:
    """R-BAIT-HIGHEST: the single highest must be above zero (0 beats -1 but lures nothing)."""
    state = bait_state(
        two([t_room("mage")], [], treasure_bonus={"mage": -1}),
        [t_hero("mage")],
        # A's mage bonus of -1 cancels its Room: totals 0 and -1.
    )
    state = run(state, c.SetTreasureBonus(player="A", treasure="mage", amount=-1))
    assert (treasure_total(state, "A", "mage"), treasure_total(state, "B", "mage")) == (0, -1)
    assert lures(state) == [(None, "R-BAIT-HIGHEST")]


def test_bait_highest_single_highest_lures() -> None:
    """R-BAIT-HIGHEST: one dungeon above every other lures the Hero."""
    state = bait_state(two([t_room("thief thief")], [t_room("thief")]), [t_hero("thief")])
    [lure] = bait.resolve(state)
    assert (lure.player, lure.ruling.rule) == ("A", "R-BAIT-HIGHEST")
    assert "(2; others: B 1)" in lure.ruling.why


def test_bait_hybrid_compares_combined_totals() -> None:
    """R-BAIT-HYBRID: a mage/thief Hero goes to B (1+2 = 3) over A (2 mage + 0 thief)."""
    state = bait_state(
        two([t_room("mage mage")], [t_room("mage"), t_room("thief thief")]),
        [t_hero("mage thief", 6), t_hero("mage")],
    )
    assert lures(state) == [("B", "R-BAIT-HYBRID"), ("A", "R-BAIT-HIGHEST")]


def test_bait_hybrid_tie_on_combined_total_stays() -> None:
    """R-BAIT-HYBRID: equal combined totals (2+0 and 1+1): the Hybrid stays in town."""
    state = bait_state(
        two([t_room("mage mage")], [t_room("mage thief")]), [t_hero("mage thief", 6)]
    )
    assert lures(state) == [(None, "R-BAIT-HIGHEST")]


def test_bait_order_totals_fixed_and_entrance_in_reveal_order() -> None:
    """R-BAIT-ORDER: every Hero is judged on the same totals; those reaching one entrance
    line up oldest first; Heroes left in town keep their order."""
    state = bait_state(
        two([t_room("mage mage")], [t_room("thief")]),
        [t_hero("mage"), t_hero("cleric"), t_hero("mage"), t_hero("thief"), t_hero("fighter")],
    )
    after = after_bait(state)
    assert after.entrance("A") == (0, 2)
    assert after.entrance("B") == (3,)
    assert after.town == (1, 4)
    queued = [e for e in events_of(state, c.ResolveBait()) if isinstance(e, ev.WalkStarted)]
    assert queued[0].hero == 0  # A (highest XP) walks its oldest Hero first


def test_bait_order_new_heroes_join_behind_those_left_in_town() -> None:
    """R-BAIT-ORDER: first in, first out: next turn's Heroes line up behind the stayers."""
    state = bait_state(two([t_room("mage")], [t_room("mage")]), [t_hero("mage"), t_hero("thief")])
    state = run(state.model_copy(update={"ordinary_left": 10}), c.ResolveBait())
    assert state.phase == "end"
    state = run(state, c.EndTurn())
    state = run(state, c.RevealHeroes(heroes=(state.hero(0).card, state.hero(1).card)))
    assert state.town == (0, 1, 2, 3)


def test_bait_order_returning_hero_goes_to_the_end_of_the_line() -> None:
    """R-BAIT-ORDER / R-ADV-RESET, FAQ: a Hero sent back to town rejoins behind the others."""
    state = bait_state(
        two([t_room("mage", 1)], [t_room("thief")]),
        [t_hero("mage", 6), t_hero("cleric")],
    )
    state = state.model_copy(update={"ordinary_left": 10})
    state = run(state, c.ResolveBait(), c.AdvanceHero(), c.SendHeroBack(to="town"))
    assert state.town == (1, 0)
    state = run(state, c.EndTurn())
    state = run(state, c.RevealHeroes(heroes=(state.hero(1).card, state.hero(1).card)))
    assert state.town == (1, 0, 2, 3)


def test_bait_out_eliminated_dungeon_lures_nobody() -> None:
    """R-BAIT-OUT: an eliminated player's dungeon lures no Hero, however rich."""
    state = bait_state(
        [
            t_player("A", 900, [t_room("mage mage mage")], eliminated=True),
            t_player("B", 500, [t_room("mage")]),
            t_player("C", 100, [t_room("mage")]),
        ],
        [t_hero("mage"), t_hero("thief")],
    )
    # B and C tie once A is ignored; the thief goes nowhere either.
    assert lures(state) == [(None, "R-BAIT-HIGHEST"), (None, "R-BAIT-HIGHEST")]
    state = bait_state(
        [
            t_player("A", 900, [t_room("mage mage mage")], eliminated=True),
            t_player("B", 500, [t_room("mage")]),
            t_player("C", 100, []),
        ],
        [t_hero("mage")],
    )
    assert lures(state) == [("B", "R-BAIT-HIGHEST")]


def six_players(explorer: dict[str, int]) -> list[Any]:
    """Six dungeons; ``explorer`` gives named players that many explorer icons."""
    xps = {"P1": 600, "P2": 500, "P3": 400, "P4": 300, "P5": 200, "P6": 100}
    return [
        t_player(n, xp, [t_room(" ".join(["explorer"] * explorer.get(n, 0)) or "cleric")])
        for n, xp in xps.items()
    ]


def test_bait_split_seven_explorers_worked_example() -> None:
    """R-BAIT-SPLIT, worked example: three dungeons tied at 2 Explorer, seven Explorers in
    town: highest XP gets the 1st and 4th, middle the 2nd and 5th, lowest the 3rd and 6th,
    the 7th stays."""
    state = bait_state(six_players({"P5": 2, "P2": 2, "P4": 2, "P1": 1}), [t_hero("explorer")] * 7)
    got = lures(state)
    assert [p for p, _ in got] == ["P2", "P4", "P5", "P2", "P4", "P5", None]
    assert {rule for _, rule in got} == {"R-BAIT-SPLIT"}
    after = after_bait(state)
    assert after.entrance("P2") == (0, 3)
    assert after.entrance("P4") == (1, 4)
    assert after.entrance("P5") == (2, 5)
    assert after.town == (6,)


def test_bait_split_too_few_heroes_all_stay() -> None:
    """R-BAIT-SPLIT: fewer Heroes of the type than tied dungeons: they all stay."""
    state = bait_state(six_players({"P1": 1, "P2": 1, "P3": 1}), [t_hero("explorer")] * 2)
    assert lures(state) == [(None, "R-BAIT-SPLIT"), (None, "R-BAIT-SPLIT")]


def test_bait_split_only_among_heroes_of_the_tied_type() -> None:
    """R-BAIT-SPLIT: other Heroes in between don't disturb the split; a single highest still
    lures normally in a 5–6 player game."""
    players = six_players({"P1": 1, "P6": 1})
    players[2]["rooms"] = [t_room("thief")]
    state = bait_state(
        players, [t_hero("explorer"), t_hero("thief"), t_hero("explorer"), t_hero("explorer")]
    )
    assert lures(state) == [
        ("P1", "R-BAIT-SPLIT"),
        ("P3", "R-BAIT-HIGHEST"),
        ("P6", "R-BAIT-SPLIT"),
        (None, "R-BAIT-SPLIT"),
    ]


def test_bait_split_not_in_games_of_four() -> None:
    """R-BAIT-SPLIT applies to 5–6 players only: with four, a tie stays in town."""
    state = bait_state(
        [t_player(f"P{i}", 100 * i, [t_room("explorer")]) for i in range(1, 5)],
        [t_hero("explorer")] * 4,
    )
    assert lures(state) == [(None, "R-BAIT-HIGHEST")] * 4


def test_bait_phase_resolves_once_and_only_in_bait() -> None:
    """R-PHASE: Bait resolves in the Bait phase only."""
    from referee_fixtures import refused

    state = bait_state(two([t_room("mage")], []), [t_hero("mage")])
    state = run(state, c.ResolveBait())
    refused(state, c.ResolveBait(), "R-PHASE")


# --- Bait costs as much per Hero with a crowded town as with a small one ------------------


def _crowded_table(heroes: int) -> Table:
    """A table with ``heroes`` Heroes in town, half of them lured (built past the table's
    ceiling on purpose: this times the engine)."""
    from rules.table import Table, TableHero

    kinds = ["cleric", "fighter", "thief", "mage"]
    table = Table.model_validate(
        {
            "players": [
                {"name": "Ann", "xp": 900, "rooms": [{"treasure": ["cleric"], "damage": 1}]},
                {"name": "Bob", "xp": 400, "rooms": [{"treasure": ["fighter"], "damage": 3}]},
            ],
        }
    )
    town = [TableHero(treasure=[kinds[i % 4]], health=4) for i in range(heroes)]
    return table.model_copy(update={"town": town})


def _turn_seconds(table: Table) -> float:
    """One Bait-to-end-of-turn run, in the CPU time of this thread: on a loaded machine
    the wall clock also counts the time spent waiting for a core (the whole suite on two
    workers, beside browser tests, once read 10x for 4x the Heroes). The garbage
    collector's passes cost in proportion to everything the test process holds, not to
    the Bait: they are left out."""
    import gc
    import time

    from rules.table_turn import referee_turn

    gc.collect()
    gc.disable()
    try:
        start = time.thread_time()
        referee_turn(table)
        return time.thread_time() - start
    finally:
        gc.enable()


def test_bait_time_grows_with_the_heroes_not_faster() -> None:
    """Four times the Heroes cost about four times as long (8,000 Heroes once took 8.9 s:
    each lured Hero copied the whole town and the whole entrance queue, one by one). The
    two sizes are timed in turn, and the fastest run of each kept, so that a busy machine
    slows both alike."""
    small_table, large_table = _crowded_table(1_000), _crowded_table(4_000)
    small = large = float("inf")
    for _ in range(4):
        small = min(small, _turn_seconds(small_table))
        large = min(large, _turn_seconds(large_table))
    assert large / small < 7, f"4x the Heroes took {large / small:.1f}x as long"


def test_each_dungeons_totals_are_counted_once_per_bait_not_once_per_hero(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every Hero is baited against the same totals (R-BAIT-ORDER): with 40 Heroes in town
    each dungeon's total of each treasure type is counted once, not 40 times (a long game
    with a crowded town spent most of its replay here)."""
    from rules.models import TREASURES
    from rules.table import Table, TableHero, state_from_table

    table = Table.model_validate(
        {
            "players": [
                {"name": n, "xp": 10, "rooms": [{"treasure": ["cleric", "mage"], "damage": 1}]}
                for n in ("Ann", "Bob", "Cyd", "Dee")
            ]
        }
    )
    town = [
        TableHero(treasure=[TREASURES[i % 4], TREASURES[(i + 1) % 4]], health=4) for i in range(40)
    ]
    state = state_from_table(table.model_copy(update={"town": town}))
    counted: list[tuple[str, str]] = []
    real = bait.treasure_total

    def counting(state: GameState, name: str, treasure: Any) -> int:
        counted.append((name, treasure))
        return real(state, name, treasure)

    monkeypatch.setattr(bait, "treasure_total", counting)
    lures = bait.resolve(state)
    assert len(lures) == 40
    assert len(counted) == len(set(counted)) <= 4 * len(TREASURES), len(counted)
