"""Benchmark of the game store.

* A tap, an undo and a redo through the game's session (engine, save, listeners) at 35
  and at 1,000 commands, with 2 and 6 players; each save inside them as a ratio to a raw
  write + fsync of the whole game file's bytes and to a raw append + fsync of the bytes
  the save added to the journal (when it writes one), measured right after each save.
* Saving one command with 1, 100 and 1,000 games stored: median and p95 milliseconds,
  and as a ratio to a raw write + fsync of the same bytes measured in the same run
  (interleaved, so both see the same disk).
* Listing 1,000 saved games: cold (no index), from index.json (app restart), and hot.
* Opening (replaying) a 40-turn game.

Run: ``python bench/store.py`` (a few minutes; ``--taps-only`` for the first part). Uses
a temp folder on the same disk as the system temp dir unless ``--dir`` is given.
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

from sample_play import (  # type: ignore[import-not-found]
    command_stream,
    next_commands,
    play_turns,
    sample_setup,
)

from companion.session import Sessions
from companion.store import GameStore
from rules import card_table
from rules.card_effects import load_effects
from rules.game import Game

SAVES = 150
TAPS = 40
LENGTHS = (35, 1000)
PLAYERS = (2, 6)


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


def raw_append_fsync(path: Path, data: bytes) -> float:
    start = time.perf_counter()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    return time.perf_counter() - start


class TimedStore:
    """The store as a session sees it, timing each save; ``baseline`` then times raw
    writes of what that save wrote (outside the tap being timed)."""

    def __init__(self, store: GameStore, scratch: Path) -> None:
        self.store = store
        self.scratch = scratch
        self.saves: list[float] = []
        self.raw_full: list[float] = []
        self.lines: list[tuple[float, float]] = []  # (save, raw append) when it appended
        self._last: tuple[str, int] | None = None

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)

    def _journal(self, game_id: str) -> Path:
        return self.store.layout.games / f"{game_id}.journal"

    def save(self, game_id: str, *args: object, **kwargs: object) -> object:
        journal = self._journal(game_id)
        before = journal.stat().st_size if journal.exists() else 0
        start = time.perf_counter()
        out = self.store.save(game_id, *args, **kwargs)  # type: ignore[arg-type]
        self.saves.append(time.perf_counter() - start)
        self._last = (game_id, before)
        return out

    def baseline(self) -> None:
        """Raw write + fsync of the game file's bytes, and raw append + fsync of the bytes
        the last save appended to the journal (if it did)."""
        assert self._last is not None
        game_id, before = self._last
        full = self.store.layout.game_file(game_id).read_bytes()
        self.raw_full.append(raw_write_fsync(self.scratch / "raw-full.bin", full))
        journal = self._journal(game_id)
        if journal.exists() and journal.stat().st_size > before:
            with open(journal, "rb") as f:
                f.seek(before)
                added = f.read()
            raw = raw_append_fsync(self.scratch / "raw-line.bin", added)
            self.lines.append((self.saves[-1], raw))


def game_of_length(players: int, length: int) -> Game:
    game = Game.new(sample_setup(players))
    while game.version < length:
        game, _ = command_stream(game)
    return game


class TapRun:
    """Taps, undos and redos through the session of one saved game."""

    def __init__(self, root: Path, players: int, length: int) -> None:
        root.mkdir(parents=True)
        self.store = GameStore(root)
        game = game_of_length(players, length)
        self.game_id = self.store.create(game.setup).game_id
        self.store.save(self.game_id, game)
        self.session = Sessions(self.store).open(self.game_id)
        self.timed_store = TimedStore(self.store, root)
        self.session.store = self.timed_store  # type: ignore[assignment]
        self.taps: list[float] = []
        self.undos: list[float] = []
        self.redos: list[float] = []

    def step(self, i: int) -> None:
        session = self.session
        command = next_commands(session.game, session.game.version)[0]
        self.taps.append(timed(lambda: session.play(command)))
        self.timed_store.baseline()
        if i % 2:
            self.undos.append(timed(session.undo))
            self.timed_store.baseline()
            self.redos.append(timed(session.redo))
            self.timed_store.baseline()

    def result(self) -> dict[str, float]:
        """Medians in ms, and the saves as ratios to the raw writes."""
        # Let a compaction in the background end before the folder goes (stores from
        # before journals have none: the bench also runs against them, for comparison).
        getattr(self.store, "wait_for_compactions", lambda: None)()
        timed_store = self.timed_store
        ms = 1000.0
        out = {
            "tap": statistics.median(self.taps) * ms,
            "undo": statistics.median(self.undos) * ms,
            "redo": statistics.median(self.redos) * ms,
            "save": statistics.median(timed_store.saves) * ms,
            "raw_full": statistics.median(timed_store.raw_full) * ms,
            "raw_line": statistics.median(r for _, r in timed_store.lines) * ms
            if timed_store.lines
            else 0,
            "bytes": self.store.layout.game_file(self.game_id).stat().st_size,
        }
        pairs = zip(timed_store.saves, timed_store.raw_full, strict=True)
        out["x_full"] = statistics.median(save / raw for save, raw in pairs)
        if timed_store.lines:
            # Only the saves that appended (a save that wrote the game whole has none).
            out["x_line"] = statistics.median(save / raw for save, raw in timed_store.lines)
        return out


def print_taps(tmp: Path) -> None:
    print(f"a tap, an undo and a redo through the session, {TAPS} taps each, the games of")
    print(" 35 and 1,000 commands taking turns (median ms; save x = save / raw write + fsync")
    print(" of the game file's bytes (full), or raw append + fsync of the bytes the save")
    print(" appended (line); goal ≤ 3x):")
    print(
        f"{'players':>7} {'cmds':>5} {'tap':>7} {'undo':>7} {'redo':>7} {'save':>7} "
        f"{'raw full':>8} {'x full':>7} {'raw line':>8} {'x line':>7} {'file B':>7}"
    )
    for players in PLAYERS:
        runs = {n: TapRun(tmp / f"taps-{players}-{n}", players, n) for n in LENGTHS}
        for i in range(TAPS):
            for run in runs.values():
                run.step(i)
        rows = {n: run.result() for n, run in runs.items()}
        for n, r in rows.items():
            x_line = f"{r['x_line']:>6.2f}x" if "x_line" in r else f"{'n/a':>7}"
            print(
                f"{players:>7} {n:>5} {r['tap']:>7.2f} {r['undo']:>7.2f} {r['redo']:>7.2f} "
                f"{r['save']:>7.2f} {r['raw_full']:>8.2f} {r['x_full']:>6.2f}x "
                f"{r['raw_line']:>8.2f} {x_line} {r['bytes']:>7}"
            )
        short, long = rows[35], rows[1000]
        print(
            f"{players:>7} 1,000 / 35: tap {long['tap'] / short['tap']:.2f}x, "
            f"undo {long['undo'] / short['undo']:.2f}x, redo {long['redo'] / short['redo']:.2f}x, "
            f"save {long['save'] / short['save']:.2f}x (goal ≈1x)"
        )


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
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=None, help="where to create the stores")
    parser.add_argument("--taps-only", action="store_true", help="only the first part")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        print(f"store folder: {tmp}")
        print_taps(Path(tmp))
    if args.taps_only:
        return
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
