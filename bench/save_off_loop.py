"""What a save on the event loop costs the other tabs, and what moving it off costs the tap.

A Flet server answers every tab and phone on one asyncio loop. A tap's save (a journal
append and its fsync) used to run on that loop (``TableSession.apply``); a server's taps
now go through ``TableSession.submit``, which runs the save on a worker thread. Here one
tab taps (a command, then undo, alternately: every tap is a save). Measured, both ways
interleaved:

* held: how long the tap holds the loop (every other tab waits that long at worst): the
  whole tap on the loop, or, off it, the tap less the time its save ran on the worker
  (the thread hand-over counts as held, so this errs high);
* own: the tapping tab's whole tap, from start to saved and told;

on this machine's disk, and on a slow disk (each fsync made ``--slow`` ms longer, as on a
phone's SD card). Prints medians and p95 in milliseconds and the ratios on/off the loop.
Run: ``python bench/save_off_loop.py [--taps 60] [--slow 20]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "companion" / "store"))
sys.path.insert(0, str(REPO))

from sample_play import next_commands, play_turns, sample_setup  # type: ignore[import-not-found]  # noqa: E402

from companion.session import Request, Sessions, TableSession  # noqa: E402
from companion.store import GameStore  # noqa: E402
from rules import card_table  # noqa: E402
from rules.card_effects import load_effects  # noqa: E402
from rules.game import Game  # noqa: E402

WARM_UP = 4


@contextmanager
def slow_fsync(extra_ms: float) -> Iterator[None]:
    """Every fsync takes ``extra_ms`` longer (the sleep lets other threads run, as a disk
    wait does)."""
    real = os.fsync
    if extra_ms <= 0:
        yield
        return

    def fsync(fd: int) -> None:
        time.sleep(extra_ms / 1000)
        real(fd)

    os.fsync = fsync
    try:
        yield
    finally:
        os.fsync = real


def session_at_35_commands(folder: Path) -> tuple[TableSession, Request]:
    game = play_turns(Game.new(sample_setup(3)), 1)
    while game.version < 35:
        game, _ = game.play(next_commands(game, game.version)[0])
    sessions = Sessions(GameStore(folder))
    session = sessions.new_game(game.setup)
    session.store.save(session.game_id, game)
    session = Sessions(GameStore(folder)).open(session.game_id)
    command = next_commands(session.game, session.game.version)[0]
    return session, Request("play", command)


async def one_tap(session: TableSession, request: Request, off_loop: bool) -> tuple[float, float]:
    """(loop held, own tap) in ms for one save."""
    saving: list[float] = []
    real_save = session._save

    def timed_save(step: Any) -> None:
        begun = time.perf_counter()
        try:
            real_save(step)
        finally:
            saving.append(time.perf_counter() - begun)

    session._save = timed_save  # type: ignore[method-assign]
    try:
        start = time.perf_counter()
        if off_loop:
            await session.submit(request)
        else:
            session.apply(request)
        own = time.perf_counter() - start
    finally:
        del session._save
    held = own - sum(saving) if off_loop else own
    return held * 1000, own * 1000


async def measure(session: TableSession, play: Request, taps: int) -> dict[str, list[float]]:
    keys = ("held on", "held off", "own on", "own off")
    results: dict[str, list[float]] = {k: [] for k in keys}
    undo = Request("undo")
    for i in range(WARM_UP + taps):
        for off_loop in (i % 2 == 0, i % 2 == 1):  # interleaved, each order as often
            where = "off" if off_loop else "on"
            for request in (play, undo):
                held, own = await one_tap(session, request, off_loop)
                if i >= WARM_UP:
                    results[f"held {where}"].append(held)
                    results[f"own {where}"].append(own)
    return results


def p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def report(title: str, results: dict[str, list[float]]) -> None:
    med: Callable[[str], float] = lambda k: statistics.median(results[k])  # noqa: E731
    print(f"\n{title}")
    for key, values in results.items():
        print(f"  {key:<10} median {med(key):7.2f} ms   p95 {p95(values):7.2f} ms")
    print(f"  loop held by a tap, save on / off it:    {med('held on') / med('held off'):6.1f}x")
    print(f"  own tap, off / on the loop:              {med('own off') / med('own on'):6.2f}x")


def main() -> None:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--slow", type=float, default=20.0, help="ms added to each fsync")
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        session, play = session_at_35_commands(Path(folder))
        disks = (("this disk", 0.0), (f"a slow disk (+{args.slow:g} ms per fsync)", args.slow))
        for title, extra in disks:
            with slow_fsync(extra):
                report(title, asyncio.run(measure(session, play, args.taps)))


if __name__ == "__main__":
    main()
