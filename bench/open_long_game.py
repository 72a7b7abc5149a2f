"""Whether opening a saved game costs time in proportion to its commands.

A crowded game (``sample_play.crowded_game``): every Hero revealed carries a treasure no
dungeon offers, so nobody baits it and it stays in town (R-BAIT-HIGHEST), and every Bait
phase baits the whole town again, until the town is as full as the rules let it be.

Games of each length are saved, then opened from a fresh store (the file read, parsed
and replayed through the engine, as the app opens a game), interleaved, several times
each; the medians are printed and each length's as a ratio to the shortest's: opening
that is linear in the commands gives about the ratio of the lengths (5,000 against
1,250 commands: about 4x; the town is full from about 470 commands on). Peak memory of
one opening (tracemalloc) is given too.

Run: ``python bench/open_long_game.py [--lengths 1250,5000] [--repeats 3]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "companion" / "store"))
sys.path.insert(0, str(REPO))

from sample_play import crowded_game  # type: ignore[import-not-found]  # noqa: E402

from companion.store import GameStore  # noqa: E402
from rules import card_table  # noqa: E402
from rules.card_effects import load_effects  # noqa: E402


def main() -> None:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1250,5000", help="commands per game, comma-separated")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    lengths = sorted(int(n) for n in args.lengths.split(","))
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        store = GameStore(folder)
        ids: dict[int, str] = {}
        for length in lengths:
            game = crowded_game(length)
            game_id = store.create(game.setup).game_id
            store.save(game_id, game)
            ids[length] = game_id
            size = store.layout.game_file(game_id).stat().st_size
            print(
                f"{length:>6} commands: turn {game.state.turn}, {len(game.state.town)} Heroes "
                f"in town, {len(game.state.heroes)} revealed, file {size:,} bytes"
            )
        times: dict[int, list[float]] = {n: [] for n in lengths}
        for repeat in range(args.repeats):
            order = lengths if repeat % 2 == 0 else lengths[::-1]
            for length in order:
                start = time.perf_counter()
                GameStore(folder).load(ids[length])
                times[length].append(time.perf_counter() - start)
        peaks: dict[int, int] = {}
        for length in lengths:
            tracemalloc.start()
            GameStore(folder).load(ids[length])
            peaks[length] = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        base = lengths[0]
        base_time = statistics.median(times[base])
        print(f"\nopening, median of {args.repeats} (interleaved), ratio to {base} commands:")
        for length in lengths:
            median = statistics.median(times[length])
            print(
                f"{length:>6} commands: {median * 1000:8.0f} ms  {median / base_time:5.2f}x time "
                f"(length {length / base:.2f}x), peak {peaks[length] / 1e6:6.1f} MB "
                f"{peaks[length] / peaks[base]:5.2f}x memory"
            )


if __name__ == "__main__":
    main()
