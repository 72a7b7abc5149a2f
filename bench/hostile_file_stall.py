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
import statistics
import sys
import tempfile
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from companion.store import GameStore  # noqa: E402
from tests.companion.store.hostile_files import (  # noqa: E402
    at_ceiling,
    listing_stall,
    ordinary_file,
)

GAME_ID = "20250101-abcdef12"


def _folder_with(root: Path, name: str, raw: bytes) -> Path:
    folder = root / name.replace(" ", "-")
    (folder / "games").mkdir(parents=True)
    (folder / "games" / f"{GAME_ID}.json").write_bytes(raw)
    return folder


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
        inputs = {"ordinary game": ordinary_file(root / "source", GAME_ID), **at_ceiling()}
        rows: list[tuple[str, int, float, float, int]] = []
        for name, raw in inputs.items():
            runs = []
            for repeat in range(args.repeats):
                folder = _folder_with(root, f"{name}-{repeat}", raw)
                stall, took, _listed = asyncio.run(listing_stall(folder))
                runs.append((took, stall))
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
