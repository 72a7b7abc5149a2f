"""How much the referee costs: a full 6-player turn, replaying a 40-turn game, and one
tap, undo and redo at 35 and at 1,000 commands with 2 and 6 players.

Each figure is also given as a ratio to a plain ``json.loads`` of the same input (the
table, or the game log's JSON), measured in the same run as a floor that accounts for the
machine's speed. Measurements are interleaved and the medians of many repeats reported.

The tap figures (``Game.play``, then the history a redraw reads; ``Game.undo``, then its
state; ``Game.redo``) are given as the ratio of the cost at 1,000 commands to the cost at
35 in the same run: a tap whose cost does not grow with the game's length is near 1x.

Run: ``python bench/engine.py`` (``--repeats N`` to change the number of repeats).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rules import card_table, engine
from rules import commands as c
from rules.card_effects import load_effects
from rules.errors import RulesError
from rules.game import Game
from rules.models import TREASURES, GameSetup, GameState, HeroCard, PlayerSetup, Room, Ruleset
from rules.table import Table
from rules.table_turn import referee_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "companion" / "store"))
from sample_play import command_stream, next_commands, sample_setup  # type: ignore[import-not-found]

LENGTHS = (35, 1000)
PLAYERS = (2, 6)

SIX_PLAYER_TABLE: dict[str, object] = {
    "players": [
        {
            "name": f"Boss {i + 1}",
            "xp": 900 - 100 * i,
            "boss_treasure": [TREASURES[i % 5]],
            "rooms": [
                {
                    "name": f"Room {i}.{j}",
                    "treasure": [TREASURES[(i + j) % 5]] * (1 + (i + j) % 2),
                    "damage": 1 + (i * j) % 4,
                    "kind": "trap" if j % 2 else "monster",
                }
                for j in range(5)
            ],
            "souls": i,
            "wounds": i % 4,
        }
        for i in range(6)
    ],
    "town": [
        {"name": f"Hero {k}", "treasure": [TREASURES[k % 5]], "health": 4 + 2 * (k % 3)}
        for k in range(9)
    ],
}


def forty_turn_game(seed: int = 7) -> tuple[GameSetup, list[c.Command]]:
    """A scripted-by-seed 4-player game of 40 turns (Unlimited Lives keeps it going)."""
    rng = random.Random(seed)
    setup = GameSetup(
        players=tuple(
            PlayerSetup(name=f"P{i}", xp=200 + 150 * i, boss_treasure=(TREASURES[i],))
            for i in range(4)
        ),
        ruleset=Ruleset(variant="unlimited_lives"),
        ordinary_heroes=100,
        epic_heroes=60,
    )
    state: GameState = engine.new_game(setup)
    log: list[c.Command] = []

    def do(command: c.Command) -> bool:
        nonlocal state
        try:
            state, _ = engine.apply(state, command)
        except RulesError:
            return False
        log.append(command)
        return True

    def room() -> Room:
        return Room(
            treasure=tuple(rng.choice(TREASURES[:4]) for _ in range(rng.choice((1, 2)))),
            damage=rng.randrange(1, 5),
        )

    for p in setup.players:
        do(c.BuildRoom(player=p.name, room=room()))
    do(c.RevealRooms())
    while state.turn <= 40 and not state.game_over:
        epic = state.ordinary_left < len(setup.players)
        count = min(4, state.ordinary_left + state.epic_left)
        heroes = tuple(
            HeroCard(
                treasure=(rng.choice(TREASURES[:4]),),
                health=rng.choice((11, 13)) if epic and i >= state.ordinary_left else 6,
                epic=epic and i >= state.ordinary_left,
            )
            for i in range(count)
        )
        do(c.RevealHeroes(heroes=heroes))
        for p in setup.players:
            size = len(state.player(p.name).dungeon)
            over = None if size < 5 and rng.random() < 0.6 else rng.randrange(size)
            do(c.BuildRoom(player=p.name, room=room(), over=over))
        do(c.RevealRooms())
        do(c.ResolveBait())
        while state.phase == "adventure":
            roll = rng.random()
            if roll < 0.1:
                do(c.DamageHero(amount=1))
            elif roll < 0.15:
                do(c.SendHeroBack(to="town"))
            elif not do(c.AdvanceHero()):
                do(c.FinishAdventure())
        if state.turn == 40:
            break
        do(c.EndTurn())
    return setup, log


def median_ns(jobs: dict[str, Callable[[], object]], repeats: int, inner: int) -> dict[str, float]:
    """Median time per call (ns) of each job, the jobs interleaved in every repeat."""
    samples: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(repeats):
        for name, job in jobs.items():
            start = time.perf_counter_ns()
            for _ in range(inner):
                job()
            samples[name].append((time.perf_counter_ns() - start) / inner)
    return {name: statistics.median(values) for name, values in samples.items()}


def game_of_length(players: int, length: int) -> Game:
    """A legal game of ``players`` with exactly ``length`` commands (tests' sample play)."""
    game = Game.new(sample_setup(players))
    while game.version < length:
        game, _ = command_stream(game)
    return game


def tap_costs(players: int, length: int, repeats: int) -> dict[str, float]:
    """Median ns of a tap (play, then the history a redraw reads), an undo (then the state
    it shows) and a redo, each made on a game of ``length`` commands."""
    game = game_of_length(players, length)
    command = next_commands(game, game.version)[0]
    undone = game.undo()
    undone.state  # noqa: B018  (the screen shows the game before the next undo)

    def tap() -> None:
        played, _ = game.play(command)
        played.history()

    def undo() -> None:
        game.undo().state  # noqa: B018

    def redo() -> None:
        undone.redo().state  # noqa: B018

    return median_ns({"tap": tap, "undo": undo, "redo": redo}, repeats, inner=1)


def print_taps(repeats: int) -> None:
    print("a tap, an undo and a redo (median µs; x = at 1,000 commands / at 35; goal ≈1x):")
    print(f"{'players':>8} {'action':>6} {'at 35':>10} {'at 1,000':>10} {'x':>7}")
    for players in PLAYERS:
        costs = {n: tap_costs(players, n, repeats) for n in LENGTHS}
        for action in ("tap", "undo", "redo"):
            short, long = costs[35][action], costs[1000][action]
            print(
                f"{players:>8} {action:>6} {short / 1e3:>10.1f} {long / 1e3:>10.1f} "
                f"{long / short:>6.2f}x"
            )


def main() -> None:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=41)
    args = parser.parse_args()
    print_taps(max(5, args.repeats // 2))

    table_json = json.dumps(SIX_PLAYER_TABLE)
    table = Table.model_validate_json(table_json)
    setup, log = forty_turn_game()
    log_json = c.COMMAND_LIST.dump_json(log).decode()
    turns = engine.replay(setup, log).turn
    commands = c.COMMAND_LIST.validate_json(log_json)

    turn = median_ns(
        {
            "json.loads(table)": lambda: json.loads(table_json),
            "referee_turn(table)": lambda: referee_turn(table),
        },
        args.repeats,
        inner=5,
    )
    replay = median_ns(
        {
            "json.loads(log)": lambda: json.loads(log_json),
            "replay(setup, log)": lambda: engine.replay(setup, commands),
        },
        max(5, args.repeats // 4),
        inner=1,
    )
    floor_t, cost_t = turn["json.loads(table)"], turn["referee_turn(table)"]
    floor_r, cost_r = replay["json.loads(log)"], replay["replay(setup, log)"]
    print(f"6-player turn ({len(table_json)} bytes of table, {len(table.town)} Heroes in town):")
    print(
        f"  referee_turn  {cost_t / 1e6:9.3f} ms   json.loads {floor_t / 1e3:8.1f} µs   "
        f"ratio {cost_t / floor_t:8.0f}x"
    )
    print(f"{turns}-turn 4-player game ({len(log)} commands, {len(log_json)} bytes of log):")
    print(
        f"  replay        {cost_r / 1e6:9.3f} ms   json.loads {floor_r / 1e3:8.1f} µs   "
        f"ratio {cost_r / floor_r:8.0f}x   ({cost_r / len(log) / 1e3:.0f} µs per command)"
    )


if __name__ == "__main__":
    main()
