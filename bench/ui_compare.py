"""The table app's taps at two versions of the code, side by side in one run.

``bench/ui.py`` measures one version against a bare Flet counter; on this machine its
figures wander by a fifth from run to run, more than most changes move them. This serves
the app from two source trees at once (e.g. a ``git worktree`` of the last commit and the
working tree), each with its own copy of the same prepared games, and taps both in turn,
alternating which goes first, with the counter's tap after each pair, so the two are
measured under the same load. (The games are written by this tree's engine and store, so
the old tree must read today's saved games.) It prints each tap's median for both, the
ratio new/old, and the page's main-thread time in animation frames during the tap (the
browser's share of the work, steadier than the total).

Run: ``git worktree add /tmp/old HEAD`` then
``python bench/ui_compare.py /tmp/old . [--repeats 30]`` (about 7 minutes at 30 on two
cores). Needs Debian's Chromium at /usr/bin/chromium. No pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from ui import (  # noqa: E402
    COUNTER_FIRST_NODE,
    WARM_UP,
    Games,
    Server,
    Tap,
    TapPages,
    bait_once,
    build_once,
    chromium_missing,
    counter_once,
    damage_once,
    free_port,
    launch_chromium,
    load_average,
    new_context,
    open_page,
    open_tap_pages,
    prepare_games,
    start_server,
    step_once,
    stop_server,
    wait_until_up,
)

TAPS: dict[str, Callable[[TapPages], Tap]] = {
    "build": build_once,
    "bait": bait_once,
    "damage": damage_once,
    "step": step_once,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("old", type=Path, help="source tree of the version to compare with")
    parser.add_argument("new", type=Path, help="source tree of the version to measure")
    parser.add_argument("--repeats", type=int, default=30, help="taps measured per action")
    args = parser.parse_args(argv)
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    for tree in trees.values():
        if not (tree / "companion" / "cli.py").is_file():
            parser.error(f"{tree} is not a source tree of the app (no companion/cli.py)")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if chromium_missing():
        return 1
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        root = Path(tmp)
        servers: dict[str, Server] = {}
        games: dict[str, Games] = {}
        try:
            for name, tree in trees.items():
                games[name] = prepare_games(root / name, players=3, turns=2)
                port = free_port()
                command = [sys.executable, "-m", "companion.cli", "--port", str(port)]
                command += ["--data-dir", str(root / name), "--no-browser"]
                servers[name] = start_server(name, command, port, root / f"{name}.log", tree)
            port = free_port()
            counter = [sys.executable, str(BENCH / "counter_app.py"), "--port", str(port)]
            servers["counter"] = start_server("counter", counter, port, root / "counter.log")
            for server in servers.values():
                wait_until_up(server)
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                try:
                    taps = measure(browser, servers, games, args.repeats)
                finally:
                    browser.close()
        finally:
            for server in servers.values():
                stop_server(server)
    report(taps, trees)
    print(f"\n({time.monotonic() - started:.0f} s in all; load average now {load_average()})")
    return 0


def measure(
    browser: Browser, servers: dict[str, Server], games: dict[str, Games], repeats: int
) -> dict[str, list[Tap]]:
    """Each action on both versions in turn (alternating which goes first), then the
    counter's tap; ``WARM_UP`` rounds are not counted."""
    counter_page = open_page(new_context(browser), servers["counter"].url + "/", COUNTER_FIRST_NODE)
    pages = {
        name: open_tap_pages(browser, servers[name].url, games[name], counter_page)
        for name in ("old", "new")
    }
    out: dict[str, list[Tap]] = {f"{v} {t}": [] for v in ("old", "new") for t in TAPS}
    out["counter"] = []
    for round_ in range(WARM_UP + repeats):
        order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
        for action, once in TAPS.items():
            for version in order:
                tap = once(pages[version])
                if round_ >= WARM_UP:
                    out[f"{version} {action}"].append(tap)
            tap = counter_once(pages["old"])  # one counter page, counted on
            if round_ >= WARM_UP:
                out["counter"].append(tap)
    return out


def report(taps: dict[str, list[Tap]], trees: dict[str, Path]) -> None:
    def median(rows: list[Tap], part: Callable[[Tap], float]) -> float:
        return statistics.median(part(row) for row in rows)

    counter = median(taps["counter"], lambda t: t.total)
    print(f"old: {trees['old']}\nnew: {trees['new']}")
    print(f"Tap to screen, medians in ms (counter {counter:.0f} ms, n={len(taps['counter'])})")
    print(f"  {'':8} {'old':>6} {'new':>6}  new/old   x counter (old, new)   frame ms (old, new)")
    for action in TAPS:
        old, new = taps[f"old {action}"], taps[f"new {action}"]
        a, b = median(old, lambda t: t.total), median(new, lambda t: t.total)
        fa, fb = median(old, lambda t: t.frame_ms), median(new, lambda t: t.frame_ms)
        print(
            f"  {action:8} {a:6.0f} {b:6.0f}  {b / a:7.2f}   {a / counter:8.2f} {b / counter:6.2f}"
            f"   {fa:12.0f} {fb:6.0f}"
        )


if __name__ == "__main__":
    sys.exit(main())
