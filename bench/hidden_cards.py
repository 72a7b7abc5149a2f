"""Closed dungeon cards sent hidden (as the compact turn view does: ``dungeon_row`` keeps
each closed card in the page under a wrapper with ``visible=False``) against closed cards
left out of the page, side by side in one run (issue #32: "fine if measured cheaper").

A 4-player game at its Build phase, on the screen tests' in-process Flet session (the real
diffing and encoding, no browser), 390 px wide. Measured for each way: the bytes sent and
the server's time to open the game page; to open a closed card (its arrow); and for a tap
in a build form (a treasure icon), the medians of eight taps. Times are noisy on a shared
machine; the bytes are exact.

Run: ``python bench/hidden_cards.py [--rounds 2]`` (half a minute). No pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import flet as ft  # noqa: E402

import companion.ui.table.game_screen as game_screen  # noqa: E402
from companion.app import SCREENS  # noqa: E402
from companion.catalogue import default_catalogue  # noqa: E402
from companion.session import Sessions  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.ui.shell import Settings, TableApp  # noqa: E402
from tests.companion.ui.flet_harness import Harness  # noqa: E402
from tests.e2e.sync_seed import seed  # noqa: E402

HIDDEN = game_screen.dungeon_row
TAPS = {
    "open a card": ("dungeon-p2-expand", "dungeon-p2-collapse"),
    "form tap": ("build-p1-treasure-fighter", "build-p1-treasure-fighter"),
}
Figures = dict[str, tuple[float, float]]  # what: (bytes, seconds)


def left_out(*args: object) -> list[ft.Control]:
    """``dungeon_row`` with a closed card left out of the page."""
    row, card = HIDDEN(*args)  # type: ignore[arg-type]
    return [row, card] if card.visible else [row]


def measure(way: str, folder: Path) -> Figures:
    game_screen.dungeon_row = HIDDEN if way == "hidden" else left_out  # type: ignore[assignment]
    data = folder / "data"
    game = seed(data, 4, "host-device-0000000", "Four at the table")
    route = f"/game/{game.game_id}"
    harness = Harness(width=390, route=route, check_sent=False)

    def build(page: ft.Page) -> None:
        app = TableApp(
            page=page,
            catalogue=default_catalogue(),
            settings=Settings.parse("system", "en", "en", None),
            screens=SCREENS,
            save_setting=lambda _key, _value: None,
            sessions=Sessions(GameStore(data, fsync=False)),
        )
        app.start(route)

    sent = harness.conn.sent_bytes
    started = time.perf_counter()
    harness.start(build)
    out: Figures = {
        "open the page": (harness.conn.sent_bytes - sent, time.perf_counter() - started)
    }
    for what, (first, back) in TAPS.items():
        sizes: list[int] = []
        times: list[float] = []
        for _ in range(8):
            sent = harness.conn.sent_bytes
            started = time.perf_counter()
            harness.tap(first)
            times.append(time.perf_counter() - started)
            sizes.append(harness.conn.sent_bytes - sent)
            harness.tap(back)
        out[what] = (statistics.median(sizes), statistics.median(times))
    harness.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    rounds = parser.parse_args().rounds
    for n in range(1, rounds + 1):
        figures: dict[str, Figures] = {}
        for way in ("hidden", "left out"):
            with tempfile.TemporaryDirectory() as folder:
                figures[way] = measure(way, Path(folder))
        for what, (hidden_b, hidden_s) in figures["hidden"].items():
            out_b, out_s = figures["left out"][what]
            print(
                f"round {n} {what:13s} hidden {hidden_b:7.0f} B {hidden_s * 1000:6.1f} ms"
                f" | left out {out_b:7.0f} B {out_s * 1000:6.1f} ms"
                f" | ratio bytes {hidden_b / max(out_b, 1):.2f}, time {hidden_s / out_s:.2f}"
            )
    game_screen.dungeon_row = HIDDEN  # type: ignore[assignment]


if __name__ == "__main__":
    main()
