"""How long a hostile game file holds up the event loop while a worker thread reads it.

The saved-games list and the opening of a game read files on a worker thread, but a
thread parsing JSON holds the interpreter (the GIL) for the whole of one parse: a file of
millions of values stood the loop, which answers every tab and phone, still for seconds.

Each input is the only game file of a fresh data folder; a worker thread lists the saved
games (reading and parsing it, as Home does) while a task on the loop ticks every
millisecond. Printed per input: the time the listing took, the loop's longest stall meanwhile
(both the median of ``--repeats`` runs), the peak memory of one listing (tracemalloc, a
separate run), and each as a ratio to the ordinary game file's (a long real game).

Run: ``python bench/hostile_file_stall.py [--repeats 3]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "companion" / "store"))
sys.path.insert(0, str(REPO))

from hostile_files import at_ceiling  # type: ignore[import-not-found]  # noqa: E402
from sample_play import play_turns, sample_setup  # type: ignore[import-not-found]  # noqa: E402

from companion.store import GameStore  # noqa: E402
from rules.game import Game  # noqa: E402

GAME_ID = "20250101-abcdef12"


def ordinary_input(folder: Path) -> bytes:
    """A long real game's file: about 1,300 commands of a 3-player game."""
    store = GameStore(folder, fsync=False)
    game = play_turns(Game.new(sample_setup(3)), 150)
    game_id = store.create(game.setup).game_id
    store.save(game_id, game)
    raw = store.layout.game_file(game_id).read_bytes()
    return raw.replace(game_id.encode(), GAME_ID.encode())  # as the file is named


def _folder_with(root: Path, name: str, raw: bytes) -> Path:
    folder = root / name.replace(" ", "-")
    (folder / "games").mkdir(parents=True)
    (folder / "games" / f"{GAME_ID}.json").write_bytes(raw)
    return folder


async def _listing_with_ticks(folder: Path) -> tuple[float, float]:
    """(seconds the listing took, the loop's longest stall meanwhile)."""
    ticks: list[float] = []

    async def tick() -> None:
        while True:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0.001)

    ticking = asyncio.get_running_loop().create_task(tick())
    await asyncio.sleep(0.05)
    store = GameStore(folder, fsync=False)
    start = time.perf_counter()
    await asyncio.to_thread(store.list_games)
    end = time.perf_counter()
    ticking.cancel()
    inside = [t for t in ticks if start <= t <= end]
    stall = max(b - a for a, b in itertools.pairwise([start, *inside, end]))
    return end - start, stall


def _peak_bytes(folder: Path) -> int:
    tracemalloc.start()
    GameStore(folder, fsync=False).list_games()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        inputs = {"ordinary game": ordinary_input(root / "source"), **at_ceiling()}
        rows: list[tuple[str, int, float, float, int]] = []
        for name, raw in inputs.items():
            runs = []
            for repeat in range(args.repeats):
                folder = _folder_with(root, f"{name}-{repeat}", raw)
                runs.append(asyncio.run(_listing_with_ticks(folder)))
            peak = _peak_bytes(_folder_with(root, f"{name}-peak", raw))
            took = statistics.median(r[0] for r in runs)
            stall = statistics.median(r[1] for r in runs)
            rows.append((name, len(raw), took, stall, peak))
        _name, _size, base_took, base_stall, base_peak = rows[0]
        print(
            f"{'input':22} {'bytes':>11} {'took ms':>8} {'x':>6} {'stall ms':>9} {'x':>6} "
            f"{'peak MB':>8} {'x':>6}"
        )
        for name, size, took, stall, peak in rows:
            print(
                f"{name:22} {size:>11,} {took * 1000:8.1f} {took / base_took:6.1f} "
                f"{stall * 1000:9.1f} {stall / base_stall:6.1f} {peak / 1e6:8.1f} "
                f"{peak / base_peak:6.1f}"
            )


if __name__ == "__main__":
    main()
