"""``dungeon-referee stats``: past games in numbers, from the saved command logs.

    dungeon-referee stats                 games played, wins per player and per Boss,
                                          average turns, the most deadly Room, Heroes
                                          killed vs escaped
    dungeon-referee stats --player Ann    only the games Ann played in
    dungeon-referee stats --csv           the same as CSV (the totals, then one row per game)

Names the History screen was told are the same person count as one. Exit status 0; 2 for
a ``--player`` who played no saved game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from pydantic import BaseModel, ConfigDict

from rules.printable import printable

EXIT_BAD_INPUT = 2


class StatsOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    data_dir: Path | None = None
    player: str | None = None
    csv: bool = False


def add_stats_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    stats = sub.add_parser(
        "stats",
        help="past games in numbers",
        description="Statistics of every saved game, computed from the saved command logs.",
    )
    stats.add_argument("--player", help="only the games this player played in")
    stats.add_argument("--csv", action="store_true", help="print CSV")
    stats.add_argument(
        "--data-dir",
        dest="games_data_dir",
        type=Path,
        help="where games are saved (default: $DUNGEON_REFEREE_DATA or the user data folder)",
    )


def stats_options(args: argparse.Namespace) -> StatsOptions:
    data_dir: Path | None = getattr(args, "games_data_dir", None) or args.data_dir
    return StatsOptions(
        data_dir=data_dir.expanduser() if data_dir else None, player=args.player, csv=args.csv
    )


def run_stats(
    options: StatsOptions, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    from companion.stats import csv_text, everyone, summarize
    from companion.stats_cache import saved_facts
    from companion.stats_names import load_names
    from companion.store import GameStore, resolve_data_dir

    out = stdout or sys.stdout
    err = stderr or sys.stderr
    root = resolve_data_dir(options.data_dir)
    found = saved_facts(GameStore(root))
    names = load_names(root)
    player = options.player.strip() if options.player is not None else None
    if player is not None and player not in everyone(found.games, names.same):
        said = f"player: no saved game has a player called {printable(player)!r}"
        print(f"dungeon-referee stats: {said}", file=err)
        return EXIT_BAD_INPUT
    summary = summarize(found.games, player, names.same)
    if options.csv:
        out.write(csv_text(summary, found.games, names.same))
        return 0
    wins = ", ".join(f"{printable(n)} {k}" for n, k in summary.wins_by_player.items()) or "none yet"
    bosses = ", ".join(f"{printable(n)} {k}" for n, k in summary.wins_by_boss.items()) or "none yet"
    room = (
        f"{printable(summary.deadliest_room)} ({summary.deadliest_kills} killed)"
        if summary.deadliest_room
        else "none yet"
    )
    turns = "none finished yet" if summary.average_turns is None else str(summary.average_turns)
    lines = [
        f"Games played: {summary.games} (finished: {summary.finished})",
        f"Wins per player: {wins}",
        f"Wins per Boss: {bosses}",
        f"Average turns: {turns}",
        f"Most deadly Room: {room}",
        f"Heroes killed: {summary.killed}, escaped: {summary.escaped}",
    ]
    if found.unreadable:
        lines.append(f"Not counted: {found.unreadable} saved game(s) that can't be read")
    out.write("\n".join(lines) + "\n")
    return 0
