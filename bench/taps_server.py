"""The server's share of a tap: the table app's Build and Bait taps against a bare Flet
counter's, in one process, no browser.

``bench/ui.py`` times a tap from the finger to the screen, but on a 2-core machine the
browser drawing the last tap competes with the server for the cores, and its figures
wander by a third from run to run. This one runs the real app and ``bench/counter_app.py``
as Flet sessions on recording connections (as the screen tests do: Flet's real diff, the
encoded messages) and times only the event handler, from the tap reaching the session
to every message of the answer encoded:

* build: player 1's "Build face down" in the Build phase (a 3-player game two turns in);
* bait: "Resolve Bait" in the same game one step on;
* damage: "+1 damage" to the Hero in a Room, in the Adventure that follows (the tap a
  table makes most often);
* icon: a treasure icon chosen in player 1's Room form (Build phase; taken off again
  after, not timed);
* key: one keystroke in that form's Room name, "D" (no catalogue match) and "Dr" (four)
  in turn (the field is emptied again after, not timed);
* counter: the counter's button.

Undo brings the game back between repeats (not timed); each is interleaved with the
counter's. Prints
medians and p95 in milliseconds, the bytes each tap sends, and the ratios to the counter.
Run: ``python bench/taps_server.py [--repeats 40]``.
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

import flet as ft

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "companion" / "store"))
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from counter_app import main as counter_main  # type: ignore[import-not-found]  # noqa: E402
from ui import HOST_DEVICE, prepare_games  # type: ignore[import-not-found]  # noqa: E402

import companion.app as app_module  # noqa: E402
from companion.app import AppConfig, make_main  # noqa: E402
from companion.sync.device import Device  # noqa: E402
from rules import card_table  # noqa: E402
from rules.card_effects import load_effects  # noqa: E402
from tests.companion.ui.flet_harness import Harness  # noqa: E402

WARM_UP = 5


def timed(tab: Harness, identifier: str, then: str | None = None) -> tuple[float, int]:
    """(ms, bytes) of one tap's handling: the control is found before the clock starts.
    ``then``: a tap after it, not timed, that brings the tab back for the next repeat."""
    target = tab.find(identifier)
    if isinstance(target, ft.Semantics):
        target = target.content
    before = tab.conn.sent_bytes
    start = time.perf_counter()
    tab.run(tab.session.dispatch_event(target._i, "click", None))
    result = (time.perf_counter() - start) * 1000, tab.conn.sent_bytes - before
    if then is not None:
        tab.tap(then)
    return result


def typed(tab: Harness, identifier: str, text: str) -> tuple[float, int]:
    """(ms, bytes) of one keystroke's handling, as ``timed``: the field now reads ``text``."""
    field = tab.find(identifier, ft.TextField)
    before = tab.conn.sent_bytes
    start = time.perf_counter()
    tab.session.apply_patch(field._i, {"value": text})  # what the browser reports
    tab.run(tab.session.dispatch_event(field._i, "change", text))
    return (time.perf_counter() - start) * 1000, tab.conn.sent_bytes - before


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def main() -> int:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        games = prepare_games(data, players=3, turns=2)

        async def as_host(_prefs: object, _ip: object, _save: object) -> Device:
            return Device(HOST_DEVICE, {}, local=True)

        app_module.load_device = as_host  # type: ignore[assignment]
        app_main = make_main(AppConfig(data_dir=data))
        tabs: dict[str, Harness] = {}
        for name, route in (
            ("build", f"/game/{games.build}"),
            ("bait", f"/game/{games.bait}"),
            ("damage", f"/game/{games.adventure}"),
        ):
            tab = tabs[name] = Harness(route=route, check_sent=False)
            tab.run(app_main(tab.page))
        counter = tabs["counter"] = Harness(check_sent=False)
        counter.start(counter_main)

        def build() -> tuple[float, int]:
            tabs["build"].tap("build-p1-treasure-fighter")
            return timed(tabs["build"], "build-p1-go", then="undo")

        def bait() -> tuple[float, int]:
            return timed(tabs["bait"], "resolve-bait", then="undo")

        def damage() -> tuple[float, int]:
            return timed(tabs["damage"], "adv-damage-1", then="undo")

        def icon() -> tuple[float, int]:  # the icon chosen is taken off again
            return timed(tabs["build"], "build-p1-treasure-fighter", then="build-p1-icon-1")

        keys = iter(["D", "Dr"] * (WARM_UP + args.repeats))

        def key() -> tuple[float, int]:
            result = typed(tabs["build"], "build-p1-name", next(keys))
            tabs["build"].type("build-p1-name", "")  # a name left typed is asked about
            return result

        order: list[tuple[str, Callable[[], tuple[float, int]]]] = [
            ("build", build),
            ("counter", lambda: timed(counter, "increment")),
            ("bait", bait),
            ("counter", lambda: timed(counter, "increment")),
            ("damage", damage),
            ("counter", lambda: timed(counter, "increment")),
            ("icon", icon),
            ("counter", lambda: timed(counter, "increment")),
            ("key", key),
            ("counter", lambda: timed(counter, "increment")),
        ]
        taps = ("build", "bait", "damage", "icon", "key")
        times: dict[str, list[float]] = {name: [] for name in (*taps, "counter")}
        sent: dict[str, list[int]] = {name: [] for name in (*taps, "counter")}
        for round_ in range(WARM_UP + args.repeats):
            for name, once in order:
                ms, size = once()
                if round_ >= WARM_UP:
                    times[name].append(ms)
                    sent[name].append(size)
        for tab in tabs.values():
            tab.close()
    print(
        f"Server share of a tap (ms, {args.repeats} repeats; 3 players, 2 turns played; "
        f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f})"
    )
    print(f"  {'':8} {'median':>7} {'p95':>7} {'bytes':>7}")
    for name in (*taps, "counter"):
        values = times[name]
        print(
            f"  {name:8} {statistics.median(values):7.1f} {p95(values):7.1f}"
            f" {statistics.median(sent[name]):7.0f}"
        )
    counter_ms = times["counter"]
    for name in taps:
        median = statistics.median(times[name]) / statistics.median(counter_ms)
        tail = p95(times[name]) / p95(counter_ms)
        print(f"  ratio {name}/counter   median {median:6.2f}   p95 {tail:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
