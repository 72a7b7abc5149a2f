"""The Log: the whole game, grouped by turn (the newest open), filterable by player."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.commands import (
    BuildRoom,
    EndTurn,
    FinishAdventure,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
    SetTreasureBonus,
)
from tests.companion.ui.table.conftest import IN_BUILD, FakePage, has, hero, room, start, tap, texts

#: Turn 1 played through, turn 2's Heroes revealed; then a treasure bonus for Bo.
TWO_TURNS = [
    *IN_BUILD,
    BuildRoom(player="Ann", room=room("mage", 1, "Library")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Armory")),
    RevealRooms(),
    ResolveBait(),
    FinishAdventure(),
    EndTurn(),
    RevealHeroes(heroes=(hero("cleric"), hero("cleric"))),
    SetTreasureBonus(player="Bo", treasure="cleric", amount=1),
]


def test_every_step_is_in_the_log_grouped_by_turn_newest_open(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, TWO_TURNS)
    assert screen.state.turn == 2
    tap(page, "tab-log")
    # Set-up (the first Rooms), turn 1 and turn 2: each a heading.
    assert has(page, "log-turn-0") and has(page, "log-turn-1") and has(page, "log-turn-2")
    total = len(TWO_TURNS)
    assert has(page, f"log-{total}")  # the newest turn is open: its newest step shows
    assert not has(page, "log-1")  # set-up is closed...
    tap(page, "log-turn-0")
    assert has(page, "log-1")  # ...and a tap opens it: nothing of the game is left out
    assert "older steps" not in texts(page)


def test_the_log_shows_one_players_steps(app: TableApp, sessions: Sessions, page: FakePage) -> None:
    start(app, sessions, TWO_TURNS)
    tap(page, "tab-log")
    total = len(TWO_TURNS)
    assert has(page, f"log-{total}")  # Bo's treasure bonus
    tap(page, "log-filter-p1")  # Ann
    assert not has(page, f"log-{total}")
    assert "Treasure bonus (Bo)" not in texts(page)
    tap(page, "log-filter-p2")  # Bo
    assert has(page, f"log-{total}") and "Treasure bonus (Bo)" in texts(page)
    tap(page, "log-filter-all")
    assert has(page, f"log-{total}")


def test_the_tap_that_ends_a_turn_is_logged_in_that_turn(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """End the turn is the last step of turn 1, where the table made it (its scoring and
    eliminations are turn 1's), though its events start turn 2."""
    start(app, sessions, TWO_TURNS)
    tap(page, "tab-log")
    end_turn = TWO_TURNS.index(EndTurn()) + 1  # steps are numbered from 1
    assert not has(page, f"log-{end_turn}")  # not in turn 2, the one open
    assert has(page, f"log-{end_turn + 1}")  # turn 2's Heroes are
    tap(page, "log-turn-1")
    assert has(page, f"log-{end_turn}")
