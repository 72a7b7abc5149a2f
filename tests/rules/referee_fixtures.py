"""Small builders for the engine's tests: Rooms, Heroes, tables and games in a few words.

Treasure is written as a space-separated string ("cleric mage"), the way a player reads
the icons off a card.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from rules import commands as c
from rules import engine
from rules import events as ev
from rules.errors import RulesError
from rules.models import GameSetup, GameState, HeroCard, PlayerSetup, Room, Ruleset, Treasure
from rules.table import Table, state_from_table


def treasures(text: str) -> tuple[Treasure, ...]:
    out: list[Treasure] = []
    for word in text.split():
        assert word in ("cleric", "fighter", "mage", "thief", "explorer"), word
        out.append(word)  # type: ignore[arg-type]
    return tuple(out)


def room(treasure: str = "", damage: int = 1, name: str = "", advanced: bool = False) -> Room:
    return Room(name=name, treasure=treasures(treasure), damage=damage, advanced=advanced)


def hero(treasure: str, health: int = 4, epic: bool = False, name: str = "") -> HeroCard:
    return HeroCard(name=name, treasure=treasures(treasure), health=health, epic=epic)


# --- tables (the command-line format), for Bait, Adventure and End of turn -----------------


def t_room(treasure: str = "", damage: int = 1, **extra: Any) -> dict[str, Any]:
    return {"treasure": treasure.split(), "damage": damage, **extra}


def t_hero(treasure: str, health: int = 4, **extra: Any) -> dict[str, Any]:
    return {"treasure": treasure.split(), "health": health, **extra}


def t_player(name: str, xp: int, rooms: list[dict[str, Any]] | None = None, **extra: Any) -> Any:
    return {"name": name, "xp": xp, "rooms": rooms or [], **extra}


def table(
    players: list[dict[str, Any]], town: list[dict[str, Any]] | None = None, **extra: Any
) -> Table:
    return Table.model_validate({"players": players, "town": town or [], **extra})


def bait_state(
    players: list[dict[str, Any]], town: list[dict[str, Any]] | None = None, **extra: Any
) -> GameState:
    """The state a table describes, at the start of its Bait phase."""
    return state_from_table(table(players, town, **extra))


# --- playing commands ---------------------------------------------------------------------


def run(state: GameState, *commands: BaseModel) -> GameState:
    for command in commands:
        state, _ = engine.apply(state, command)
    return state


def events_of(state: GameState, command: BaseModel) -> tuple[ev.EventBase, ...]:
    return engine.apply(state, command)[1]


def refused(state: GameState, command: BaseModel, rule: str) -> RulesError:
    """Assert ``command`` is refused naming ``rule``, and that the state did not change."""
    before = state.model_dump()
    with pytest.raises(RulesError) as info:
        engine.apply(state, command)
    assert info.value.rule == rule, str(info.value)
    assert state.model_dump() == before
    return info.value


def new(players: tuple[tuple[str, int], ...] = (("A", 900), ("B", 400)), **rules: Any) -> GameState:
    setup = GameSetup(
        players=tuple(PlayerSetup(name=n, xp=xp) for n, xp in players),
        ruleset=Ruleset(**rules),
    )
    return engine.new_game(setup)


def started(state: GameState, first: dict[str, Room] | None = None) -> GameState:
    """Set-up done: each named player built the given first Room; turn 1 begins."""
    for name, r in (first or {}).items():
        state = run(state, c.BuildRoom(player=name, room=r))
    return run(state, c.RevealRooms())


def build_turn(
    state: GameState, heroes: tuple[HeroCard, ...], builds: dict[str, tuple[Room, int | None]]
) -> GameState:
    """Reveal ``heroes`` at the beginning of a turn, build, and reveal: the Bait phase."""
    state = run(state, c.RevealHeroes(heroes=heroes))
    for name, (r, over) in builds.items():
        state = run(state, c.BuildRoom(player=name, room=r, over=over))
    return run(state, c.RevealRooms())


def through_adventure(state: GameState) -> GameState:
    """From the Bait phase: bait, walk every Hero without interventions; End phase."""
    state = run(state, c.ResolveBait())
    if state.walk is not None:
        state = run(state, c.FinishAdventure())
    assert state.phase == "end"
    return state


def end_events(state: GameState) -> tuple[ev.EventBase, ...]:
    return events_of(state, c.EndTurn())


def ended(state: GameState) -> ev.GameEnded | None:
    return next((e for e in end_events(state) if isinstance(e, ev.GameEnded)), None)


def scored_state(
    scores: list[tuple[str, int, int, int]],
    *,
    town: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> GameState:
    """A table at the End phase with (name, xp, souls, wounds) per player and no Heroes."""
    state = bait_state(
        [t_player(n, xp, souls=s, wounds=w) for n, xp, s, w in scores], town, **extra
    )
    return through_adventure(state)
