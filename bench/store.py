"""Benchmark of the game store.

* Saving one command with 1, 100 and 1,000 games stored: median and p95 milliseconds,
  and as a ratio to a raw write + fsync of the same bytes measured in the same run
  (interleaved, so both see the same disk).
* Listing 1,000 saved games: cold (no index), from index.json (app restart), and hot.
* Opening (replaying) a 40-turn game.

Run: ``python bench/store.py`` (about a minute). Uses a temp folder on the same disk as
the system temp dir unless ``--dir`` is given.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "companion" / "store"))

from sample_play import command_stream, play_turns, sample_setup  # type: ignore[import-not-found]

from companion.store import GameStore
from rules.game import Game

SAVES = 150


def raw_write_fsync(path: Path, data: bytes) -> float:
    start = time.perf_counter()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    return time.perf_counter() - start


def atomic_floor(path: Path, data: bytes) -> float:
    """The least a crash-safe replace costs: temp file, fsync, rename, fsync the folder."""
    start = time.perf_counter()
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
    return time.perf_counter() - start


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_saves(root: Path, stored: int, base: Game, filler: Game) -> dict[str, float]:
    store = GameStore(root)
    for _ in range(stored - 1):
        game_id = store.create(filler.setup).game_id
        store.save(game_id, filler)
    game_id = store.create(base.setup).game_id
    store.save(game_id, base)
    path = store.layout.game_file(game_id)
    raw_path = root / "raw-baseline.bin"
    game = base
    saves: list[float] = []
    raws: list[float] = []
    floors: list[float] = []
    for _ in range(SAVES):
        game, _command = command_stream(game)
        saves.append(timed(lambda: store.save(game_id, game)))  # noqa: B023
        data = path.read_bytes()
        raws.append(raw_write_fsync(raw_path, data))
        floors.append(atomic_floor(root / "floor.bin", data))
    return {
        "games": stored,
        "bytes": path.stat().st_size,
        "save_median_ms": statistics.median(saves) * 1000,
        "save_p95_ms": p95(saves) * 1000,
        "raw_median_ms": statistics.median(raws) * 1000,
        "raw_p95_ms": p95(raws) * 1000,
        "ratio_median": statistics.median(saves) / statistics.median(raws),
        "ratio_p95": p95(saves) / p95(raws),
        "floor_median_ms": statistics.median(floors) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=None, help="where to create the stores")
    args = parser.parse_args()
    base = play_turns(Game.new(sample_setup()), 20)  # the game being played: ~170 commands
    filler = play_turns(Game.new(sample_setup()), 10)  # the other stored games
    forty = play_turns(Game.new(sample_setup()), 40)

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        print(f"store folder: {tmp}")
        print(f"saving one command, {SAVES} saves each (times in ms; x = save / raw;")
        print(" raw = write + fsync of the same bytes in place; atomic floor = temp file +")
        print(" fsync + rename + folder fsync, the least any crash-safe save costs):")
        print(
            f"{'games':>6} {'bytes':>7} {'median':>7} {'p95':>7} {'raw med':>8} "
            f"{'raw p95':>8} {'x median':>9} {'x p95':>7} {'atomic floor med':>17}"
        )
        roots = {}
        for stored in (1, 100, 1000):
            roots[stored] = Path(tmp) / f"store-{stored}"
            r = bench_saves(roots[stored], stored, base, filler)
            print(
                f"{r['games']:>6} {r['bytes']:>7} {r['save_median_ms']:>7.2f} "
                f"{r['save_p95_ms']:>7.2f} {r['raw_median_ms']:>8.2f} {r['raw_p95_ms']:>8.2f} "
                f"{r['ratio_median']:>9.2f} {r['ratio_p95']:>7.2f} {r['floor_median_ms']:>17.2f}"
            )

        big = roots[1000]
        (big / "index.json").unlink(missing_ok=True)
        cold = timed(lambda: GameStore(big).list_games())
        warm = timed(lambda: GameStore(big).list_games())
        store = GameStore(big)
        store.list_games()
        hot = statistics.median(timed(store.list_games) for _ in range(5))
        print(
            f"listing 1,000 games: cold (no index) {cold * 1000:.0f} ms, "
            f"after restart (index.json) {warm * 1000:.0f} ms, hot {hot * 1000:.0f} ms"
        )

        store = GameStore(Path(tmp) / "forty")
        game_id = store.create(forty.setup).game_id
        store.save(game_id, forty)
        opens = [timed(lambda: GameStore(Path(tmp) / "forty").load(game_id)) for _ in range(15)]
        size = store.layout.game_file(game_id).stat().st_size
        print(
            f"opening a 40-turn game ({len(forty.log)} commands, {size} bytes, replayed): "
            f"median {statistics.median(opens) * 1000:.0f} ms, max {max(opens) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
