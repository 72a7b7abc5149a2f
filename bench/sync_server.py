"""Benchmark of live sync on the server alone: the work one tap causes for every tab.

``bench/sync.py`` times the whole path in browsers, but with six Chromium tabs sharing
this machine's cores the browsers' drawing dominates. This one runs the real app in one
process with no browser (each tab a real Flet session on a recording connection, as the
screen tests do), so it measures only what the server does:

* own: the acting tab's tap, from the event to its update being sent (engine, save,
  redraw, diff);
* others: redrawing every other tab that shows the game, all of them (they are redrawn
  one after another on the server's event loop, so the last one waits for the rest);
* bytes: what one tap sends to each tab.

Side by side in one run, for 2 and 6 tabs of a game with as many players, device 1
raising and lowering a treasure bonus, on a game of 35 and of 1,000 commands (the rest
made of another player's bonus changes, so the screen is the same). Prints medians and
p95 in milliseconds, the ratio others / own (per tap) and the ratio of the acting tab's
tap at 1,000 commands to at 35 (goal ≈1x). Run: ``python bench/sync_server.py [--taps 40]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import companion.app as app_module  # noqa: E402
from companion.app import AppConfig, make_main  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.sync.device import Device  # noqa: E402
from rules import card_table  # noqa: E402
from rules.card_effects import load_effects  # noqa: E402
from rules.commands import SetTreasureBonus  # noqa: E402
from tests.companion.ui.flet_harness import Harness  # noqa: E402
from tests.e2e.sync_seed import NAMES, device_id, seed  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def pad(data: Path, game_id: str, players: int, commands: int) -> None:
    """Lengthen the saved game to ``commands`` with the last player's bonus changes."""
    store = GameStore(data, fsync=False)
    game = store.load(game_id).game
    while game.version < commands:
        amount = 1 if game.version % 2 else 0
        bonus = SetTreasureBonus(player=NAMES[players - 1], treasure="fighter", amount=amount)
        game, _ = game.play(bonus)
    store.save(game_id, game)


def run(tabs_wanted: int, taps: int, base: Path, commands: int) -> dict[str, float]:
    data = base / f"data{tabs_wanted}-{commands}"
    host = device_id(1)
    game = seed(data, tabs_wanted, host, f"Bench {tabs_wanted}")
    pad(data, game.game_id, tabs_wanted, commands)

    async def as_host(_prefs: object, _ip: object, _save: object) -> Device:
        return Device(host, {}, local=True)  # every tab is the host's: all may act

    app_module.load_device = as_host  # type: ignore[assignment]
    main = make_main(AppConfig(data_dir=data))
    tabs: list[Harness] = []
    for _ in range(tabs_wanted):
        tab = Harness(route=f"/game/{game.game_id}", check_sent=False)
        tab.run(main(tab.page))
        tabs.append(tab)
    actor, others = tabs[0], tabs[1:]
    actor.tap("p1-bonus-toggle")
    for tab in others:
        tab.settle()
    own: list[float] = []
    all_others: list[float] = []
    sent: list[int] = []
    for i in range(taps + 3):
        before = [t.conn.sent_bytes for t in tabs]
        start = time.perf_counter()
        actor.tap("p1-bonus-cleric-plus" if i % 2 == 0 else "p1-bonus-cleric-minus")
        mine = time.perf_counter()
        for tab in others:
            tab.settle()
        done = time.perf_counter()
        if i < 3:
            continue  # warm-up
        own.append((mine - start) * 1000)
        all_others.append((done - mine) * 1000)
        sent.extend(t.conn.sent_bytes - b for t, b in zip(tabs, before, strict=True))
    for tab in tabs:
        tab.close()
    ratios = [o / m for o, m in zip(all_others, own, strict=True)]
    return {
        "own": statistics.median(own),
        "own_p95": p95(own),
        "others": statistics.median(all_others),
        "others_p95": p95(all_others),
        "ratio": statistics.median(ratios),
        "ratio_p95": p95(ratios),
        "bytes": statistics.median(sent),
    }


def main() -> int:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--tabs", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--commands", type=int, nargs="+", default=[35, 1000])
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.tabs:
            own: dict[int, float] = {}
            for commands in args.commands:
                r = run(count, args.taps, Path(tmp), commands)
                own[commands] = r["own"]
                print(
                    f"{count} tabs, {commands} commands, {args.taps} taps: "
                    f"own {r['own']:.1f} ms (p95 {r['own_p95']:.1f}); "
                    f"all {count - 1} others {r['others']:.1f} ms (p95 {r['others_p95']:.1f}); "
                    f"others/own median {r['ratio']:.2f} (p95 {r['ratio_p95']:.2f}); "
                    f"{r['bytes']:.0f} bytes sent per tab",
                    flush=True,
                )
            if len(own) > 1:
                first, last = min(own), max(own)
                print(
                    f"{count} tabs: own tap at {last} commands / at {first}: "
                    f"{own[last] / own[first]:.2f}x (goal ≈1x)",
                    flush=True,
                )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
