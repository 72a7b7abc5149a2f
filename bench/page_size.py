"""What a page's length costs a tap, before any of the table app's own work.

The bare counter (``bench/counter_app.py``) against the same counter on a page as long as
the game screen (``bench/long_page_app.py``: static tiles below it, about as many controls
as the game screen at the Build phase), laid out two ways and updated two ways, all
served side by side and tapped in turn in one run. Every tap changes one Text; on the
``fresh`` pages it also puts ``--fresh`` new tiles on screen (taken off again between
taps, not timed): 6 by default, 90 new controls, about the 85 the Bait tap of
``bench/ui.py`` sends; 1 is a Room tile, as the Build tap sends.

Read with ``bench/ui.py``: its taps are measured against the bare counter (the goal), and
this says how much of such a ratio a page of that length costs by itself:

* ``column``: the page scrolls as one column, as the app's screens do;
* ``list``: a ListView with each tile its own child (its own repaint boundary);
* ``/page``: Flet updates the whole page after the handler (it compares every control);
* ``/label``: only the Text is sent, so only the browser's share can grow;
* ``fresh/short``: no static tiles, the new tiles right below the counter (the page
  updated): the floor, in Flet, of a tap that shows that many new controls;
* ``fresh/list``: the new tiles on the long page laid out as a list, the Text and the new
  tiles sent alone: the best the long page allows such a tap.

Run: ``python bench/page_size.py [--tiles 46] [--repeats 15] [--fresh 6]`` (about a
minute). Needs Debian's Chromium at /usr/bin/chromium. No pass/fail: it prints medians,
p95 and ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from counter_app import COUNTER_CONTROLS  # noqa: E402
from long_page_app import TILE_CONTROLS, fresh_number  # noqa: E402
from ui import (  # noqa: E402
    COUNTER_FIRST_NODE,
    WARM_UP,
    Server,
    Tap,
    chromium_missing,
    free_port,
    launch_chromium,
    load_average,
    new_context,
    open_page,
    p95,
    sel,
    start_server,
    stop_server,
    timed_tap,
    wait_until_up,
)
from ui import tap as untimed_tap  # noqa: E402

#: The page and its view, counted too, as the game screen's controls were (690).
PAGE_AND_VIEW = 2
#: The tiles a tap puts on screen on the ``fresh`` pages, unless ``--fresh`` says otherwise.
FRESH = 6
#: (name, layout, update, static tiles?, new tiles?) of each page measured against the
#: bare counter; static tiles: ``--tiles`` of them or none; new tiles: ``--fresh`` or none.
VARIANTS = (
    ("column/page", "column", "page", True, False),
    ("column/label", "column", "label", True, False),
    ("list/page", "list", "page", True, False),
    ("list/label", "list", "label", True, False),
    ("fresh/short", "column", "page", False, True),
    ("fresh/list", "list", "label", True, True),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--tiles", type=int, default=46, help=f"static tiles ({TILE_CONTROLS} controls each)"
    )
    parser.add_argument("--repeats", type=int, default=15, help="taps measured per page")
    parser.add_argument(
        "--fresh", type=int, default=FRESH, help="tiles a tap puts on the fresh pages"
    )
    args = parser.parse_args(argv)
    if args.tiles < 1 or args.repeats < 1 or args.fresh < 1:
        parser.error("--tiles, --repeats and --fresh must be at least 1")
    if chromium_missing():
        return 1
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-page-") as tmp:
        logs = Path(tmp)
        commands = {"bare": [sys.executable, str(BENCH / "counter_app.py")]}
        for name, layout, update, static, new in VARIANTS:
            tiles = args.tiles if static else 0
            fresh = args.fresh if new else 0
            commands[name] = [
                sys.executable,
                str(BENCH / "long_page_app.py"),
                *("--tiles", str(tiles), "--layout", layout, "--update", update),
                *("--fresh", str(fresh)),
            ]
        servers: dict[str, Server] = {}
        try:
            for name, command in commands.items():
                port = free_port()
                log = logs / f"{name.replace('/', '-')}.log"
                servers[name] = start_server(name, [*command, "--port", str(port)], port, log)
            for server in servers.values():
                wait_until_up(server)
            taps = measure(servers, args.repeats, args.fresh)
        finally:
            for server in servers.values():
                stop_server(server)
    report(taps, args.tiles, args.fresh)
    print(f"\n({time.monotonic() - started:.0f} s in all; load average now {load_average()})")
    return 0


def measure(servers: dict[str, Server], repeats: int, fresh: int) -> dict[str, list[Tap]]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            pages = {
                name: open_page(new_context(browser), server.url + "/", COUNTER_FIRST_NODE)
                for name, server in servers.items()
            }
            counts = dict.fromkeys(pages, 0)
            out: dict[str, list[Tap]] = {name: [] for name in pages}
            for round_ in range(WARM_UP + repeats):
                for name, page in pages.items():
                    counts[name] += 1
                    tap = timed_tap(page, "increment", COUNTER_FIRST_NODE, f"Count: {counts[name]}")
                    if round_ >= WARM_UP:
                        out[name].append(tap)
                    if name.startswith("fresh/"):  # the new tiles off again, not timed
                        untimed_tap(page, "clear-fresh")
                        first = fresh_number(fresh, counts[name], 0)
                        page.locator(sel(f"destroy-{first}")).wait_for(state="detached")
            return out
        finally:
            browser.close()


def report(taps: dict[str, list[Tap]], tiles: int, fresh: int) -> None:
    print(
        f"A tap that changes one Text, on the bare counter and below it {tiles} static tiles"
        f" ({tiles * TILE_CONTROLS + COUNTER_CONTROLS + PAGE_AND_VIEW} controls); fresh: it"
        f" also puts {fresh} new tiles on screen ({fresh * TILE_CONTROLS} controls);"
        f" {os.cpu_count()} CPUs"
    )
    print(f"  {'':13} {'median':>7} {'p95':>7}  {'x bare':>6}  server render  frame ms")
    bare = [t.total for t in taps["bare"]]
    for name, rows in taps.items():
        total = [t.total for t in rows]
        server = statistics.median(t.server or 0.0 for t in rows)
        render = statistics.median(t.render or 0.0 for t in rows)
        frame = statistics.median(t.frame_ms for t in rows)
        print(
            f"  {name:13} {statistics.median(total):7.1f} {p95(total):7.1f}"
            f"  {statistics.median(total) / statistics.median(bare):6.2f}"
            f"  {server:6.1f} {render:6.1f}  {frame:8.1f}"
        )


if __name__ == "__main__":
    sys.exit(main())
