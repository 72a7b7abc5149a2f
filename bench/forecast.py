"""What the Bait forecast and the History screen cost, side by side in one run.

In one process, no browser (as ``bench/taps_server.py``: the real app as Flet sessions on
recording connections, Flet's real diff and encoding), timing a tap from the event
reaching the session to the answer encoded, *including* the forecast panel's own redraw
(Flet draws a component that changed from a task of its own, its updates scheduler: the
handler is run to its end, then the loop turns ``ROUNDS`` more times, the same for both
tabs, and the forecast's new words must have been sent within them; the scheduler, a
task waiting for work, is idle, so turning the loop until no task is left, as the test
harness's ``settle`` does, would charge the tab with a component 20 idle turns more).
Before each tap the garbage is collected, for both tabs: the bench's own walks of the
page (finding a control, reading the forecast's words) are not the tap's to pay for:

* Forecast, in player 1's Room form at the Build phase of a 3-player game two turns in,
  on two tabs of the same game: one with the forecast under the form, one with the
  forecast taken out (the same screen without it), interleaved:
    - icon: a treasure icon chosen (the Room drafted changes: the forecast is made again;
      taken off again after, not timed);
    - key: one keystroke in the Room name ("D" then "Dr": the catalogue's matches
      change; a typed name changes no Bait, so the forecast is not made again).
  Ratio with/without: the issue asks ≤ 1.5.
* History, with 10 and with 1,000 saved games (each a 3-player game two turns in), each
  in its own data folder: the tap on Home's History button until the numbers show
  (the games' facts are counted on a worker thread). The first opening of each folder
  replays every game (reported, not part of the ratio). Then, once the folders' last
  change is older than ``stats_cache.SETTLING`` (as after an evening), interleaved
  10/1,000:
    - open: nothing changed in the folder since the last count (the folder's own time
      and the journal lines appended are checked, not each file);
    - saved+open: one game saved again just before (not timed), so the folder is
      scanned file by file and that game replayed.
  Ratio 1,000/10 of each: the issue asks ≤ 2 (of "open").

Run: ``python bench/forecast.py [--repeats 30]`` (making 1,000 games takes a minute).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "companion" / "store"))
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from sample_play import play_turns, sample_setup  # type: ignore[import-not-found]  # noqa: E402
from ui import HOST_DEVICE, p95, prepare_games  # type: ignore[import-not-found]  # noqa: E402

import companion.app as app_module  # noqa: E402
import companion.ui.table.build_panel as build_panel  # noqa: E402
from companion.app import AppConfig, make_main  # noqa: E402
from companion.stats_cache import SETTLING  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.sync.device import Device  # noqa: E402
from rules import card_table  # noqa: E402
from rules.card_effects import load_effects  # noqa: E402
from rules.game import Game  # noqa: E402
from tests.companion.ui.flet_harness import Harness  # noqa: E402
from tests.companion.ui.test_forecast_devices import forecast_words  # noqa: E402

WARM_UP = 5
#: Turns of the loop after a handler: the forecast's redraw is sent within the first two.
ROUNDS = 4
FORECAST = "forecast-Ada"  # player 1's forecast


class NoForecast:
    """The build form's forecast taken out: nothing drawn, nothing made."""

    def __init__(self, *_args: Any) -> None:
        pass

    def control(self, _over: object) -> ft.Control:
        return ft.Container()

    def drafted(self, _draft: object) -> None:
        pass

    def reset(self) -> None:
        pass


def drained(tab: Harness, act: Callable[[], Any], redraws: bool = False) -> float:
    """ms of ``act`` run on the loop to its end, then of ``ROUNDS`` turns of the loop (the
    component redraws it asked for). When the tab shows a forecast, every line of it
    that changed must be among what was sent meanwhile (``redraws``: and some did)."""
    panel = tab.find(FORECAST) if tab.has(FORECAST) else None
    before = forecast_words(panel) if panel is not None else []
    sent = len(tab.conn.encoded)
    gc.collect()  # the garbage of the walks above is not the tap's to collect
    start = time.perf_counter()
    tab.loop.run_until_complete(act())
    for _ in range(ROUNDS):
        tab.loop.run_until_complete(asyncio.sleep(0))
    ms = (time.perf_counter() - start) * 1000
    out = b"".join(tab.conn.encoded[sent:])
    tab.settle()  # whatever is left (nothing, when the figure is whole)
    if panel is not None:
        changed = [w for w in forecast_words(tab.find(FORECAST)) if w not in before]
        missing = [w for w in changed if w.encode() not in out]
        assert changed or not redraws, "the forecast did not change"
        assert not missing, f"the forecast's redraw was not sent in the time measured: {missing}"
    return ms


def tap_ms(tab: Harness, identifier: str, then: str | None = None, redraws: bool = False) -> float:
    target = tab.find(identifier)
    if isinstance(target, ft.Semantics):
        target = target.content
    ms = drained(tab, lambda: tab.session.dispatch_event(target._i, "click", None), redraws)
    if then is not None:
        tab.tap(then)
        tab.settle(rounds=4)
    return ms


def key_ms(tab: Harness, identifier: str, text: str) -> float:
    field = tab.find(identifier, ft.TextField)

    def act() -> Any:
        tab.session.apply_patch(field._i, {"value": text})
        return tab.session.dispatch_event(field._i, "change", text)

    ms = drained(tab, act)
    tab.type(identifier, "")
    tab.settle(rounds=4)
    return ms


def line(name: str, values: list[float]) -> str:
    return f"  {name:18} median {statistics.median(values):7.1f}   p95 {p95(values):7.1f}"


def forecast_bench(data: Path, repeats: int) -> dict[str, list[float]]:
    games = prepare_games(data, players=3, turns=2)
    app_main = make_main(AppConfig(data_dir=data))
    route = f"/game/{games.build}"
    real = build_panel.DraftForecast
    build_panel.DraftForecast = NoForecast  # type: ignore[assignment,misc]
    without = Harness(route=route, check_sent=False)
    without.run(app_main(without.page))
    build_panel.DraftForecast = real  # type: ignore[misc]
    with_it = Harness(route=route, check_sent=False)
    with_it.run(app_main(with_it.page))
    assert with_it.has(FORECAST) and not without.has(FORECAST)
    # Each tab types the same keys in the same order ("D", then "Dr").
    keys = {tab: iter(["D", "Dr"] * (WARM_UP + repeats)) for tab in ("with", "without")}
    icon, unicon = "build-p1-treasure-fighter", "build-p1-icon-1"
    order: list[tuple[str, Callable[[], float]]] = [
        ("icon with", lambda: tap_ms(with_it, icon, then=unicon, redraws=True)),
        ("icon without", lambda: tap_ms(without, icon, then=unicon)),
        ("key with", lambda: key_ms(with_it, "build-p1-name", next(keys["with"]))),
        ("key without", lambda: key_ms(without, "build-p1-name", next(keys["without"]))),
    ]
    times: dict[str, list[float]] = {name: [] for name, _ in order}
    for round_ in range(WARM_UP + repeats):
        for name, once in order:
            ms = once()
            if round_ >= WARM_UP:
                times[name].append(ms)
    with_it.close()
    without.close()
    return times


def stored_games(data: Path, count: int) -> None:
    store = GameStore(data, fsync=False)
    game = play_turns(Game.new(sample_setup(3)), 2)
    for n in range(count):
        summary = store.create(game.setup, f"Evening {n + 1}")
        store.save(summary.game_id, game)


def history_bench(root: Path, repeats: int) -> tuple[dict[str, float], dict[str, list[float]]]:
    mains, stores = {}, {}
    for count in (10, 1000):
        data = root / f"games-{count}"
        stored_games(data, count)
        mains[count] = make_main(AppConfig(data_dir=data))
        stores[count] = GameStore(data, fsync=False)
    made = time.monotonic()
    game = play_turns(Game.new(sample_setup(3)), 2)

    def open_ms(count: int) -> float:
        tab = Harness(route="/", check_sent=False)
        tab.run(mains[count](tab.page))
        home = tab.find("open-history")
        target = home.content if isinstance(home, ft.Semantics) else home
        gc.collect()
        start = time.perf_counter()
        tab.run(tab.session.dispatch_event(target._i, "click", None))
        tab.until(lambda: tab.has("history-games"), timeout=600)
        ms = (time.perf_counter() - start) * 1000
        tab.close()
        return ms

    def saved_then_open_ms(count: int) -> float:
        store = stores[count]
        store.save(store.list_games().games[-1].game_id, game)  # the oldest game, again
        return open_ms(count)

    first = {f"first {count}": open_ms(count) for count in (10, 1000)}
    # As after an evening: the folders' last change is older than a tick of any clock.
    time.sleep(max(0.0, SETTLING / 1e9 - (time.monotonic() - made)))
    times: dict[str, list[float]] = {
        name: [] for name in ("open 10", "open 1000", "saved+open 10", "saved+open 1000")
    }
    for round_ in range(WARM_UP + repeats):
        for count in (10, 1000):
            ms = open_ms(count)
            if round_ >= WARM_UP:
                times[f"open {count}"].append(ms)
    for round_ in range(WARM_UP + repeats):
        for count in (10, 1000):
            ms = saved_then_open_ms(count)
            if round_ >= WARM_UP:
                times[f"saved+open {count}"].append(ms)
    return first, times


def main() -> int:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()

    async def as_host(_prefs: object, _ip: object, _save: object) -> Device:
        return Device(HOST_DEVICE, {}, local=True)

    app_module.load_device = as_host  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as tmp:
        forecast = forecast_bench(Path(tmp) / "forecast", args.repeats)
        first, history = history_bench(Path(tmp), args.repeats)
    print(
        f"Forecast and History (ms, {args.repeats} repeats; {os.cpu_count()} CPUs; "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    for name, values in {**forecast, **history}.items():
        print(line(name, values))
    for name, ms in first.items():
        print(f"  {name:18} {ms:7.1f} (every game replayed: no facts cached yet)")
    for tap in ("icon", "key"):
        w, wo = forecast[f"{tap} with"], forecast[f"{tap} without"]
        print(
            f"  ratio {tap} with/without forecast   median "
            f"{statistics.median(w) / statistics.median(wo):5.2f}   p95 {p95(w) / p95(wo):5.2f}"
        )
    for case in ("open", "saved+open"):
        big, small = history[f"{case} 1000"], history[f"{case} 10"]
        median = statistics.median(big) / statistics.median(small)
        tail = p95(big) / p95(small)
        print(f"  ratio {case:10} 1,000/10 games   median {median:5.2f}   p95 {tail:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
