"""Benchmark of live sync: from a tap on one device to the change on the others.

For 2 and 6 devices (browser contexts of one headless Chromium, one server), device 1
raises and lowers a treasure bonus again and again. Each page timestamps, with its own
MutationObserver, the moment the changed total appears in its page; the acting page
also timestamps the tap itself (pointerdown). All pages share one machine clock
(``performance.timeOrigin + performance.now()``), so:

* own update: tap -> the change on the acting device itself;
* others' update: tap -> the change on each other device;
* ratio: others / own, per tap (1.0 = the others see it as soon as the actor does).

Run: ``python bench/sync.py [--taps 30]`` (about two minutes). Prints median and p95 in
milliseconds and the ratio, for each device count.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import card_table
from rules.card_effects import load_effects
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, AppPage, start_server, stop_server
from tests.e2e.sync_seed import DEVICE_KEY, device_id, seed

WATCH = """
() => {
  window.__now = () => performance.timeOrigin + performance.now();
  window.__when = (id, text) => new Promise(resolve => {
    const read = () => {
      const el = document.querySelector(`[flt-semantics-identifier="${id}"]`);
      if (!el) return false;
      const labels = Array.from(el.querySelectorAll('[aria-label]'))
        .map(e => e.getAttribute('aria-label')).join(' ');
      const all = (el.textContent || '') + ' ' + (el.getAttribute('aria-label') || '') + ' ' +
        labels;
      return all.split(/\\s+/).includes(text);
    };
    if (read()) { resolve(window.__now()); return; }
    const obs = new MutationObserver(() => {
      if (read()) { obs.disconnect(); resolve(window.__now()); }
    });
    obs.observe(document.body,
      {subtree: true, childList: true, attributes: true, characterData: true});
  });
  document.addEventListener('pointerdown', () => { window.__t0 = window.__now(); }, true);
}
"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(devices: int, taps: int, browser: object, base: Path) -> dict[str, float]:
    data = base / f"data{devices}"
    game = seed(data, devices, device_id(1), f"Bench {devices}")
    server = start_server(data, base / f"server{devices}.log")
    contexts = []
    try:
        pages: list[AppPage] = []
        for n in range(1, devices + 1):
            context = browser.new_context(viewport=PHONE, locale="en-GB")  # type: ignore[attr-defined]
            stored = json.dumps(json.dumps(device_id(n)))
            context.add_init_script(f"localStorage.setItem({json.dumps(DEVICE_KEY)}, {stored})")
            contexts.append(context)
            path = f"/game/{game.game_id}" if n == 1 else f"/join?code={game.code}"
            pages.append(AppPage(context.new_page(), server.url, base / "shots"))
            pages[-1].page.goto(server.url + path)
        for n, app in enumerate(pages, 1):
            app.wait_ready()
            if n > 1:
                app.tap(f"join-seat-{n}")
                app.wait_for("sync-role")
            app.page.evaluate(WATCH)
        actor = pages[0]
        actor.tap("p1-bonus-toggle")
        actor.wait_for("p1-bonus-cleric-plus")
        time.sleep(1.0)
        own: list[float] = []
        others: list[float] = []
        ratios: list[float] = []
        value = 2  # Ada's cleric total: a Room and the Boss
        for i in range(taps + 3):
            button = "plus" if i % 2 == 0 else "minus"
            value += 1 if button == "plus" else -1
            for app in pages:
                app.page.evaluate(
                    f"() => {{ window.__p = window.__when('p1-total-cleric', '{value}'); }}"
                )
            actor.by_id(f"p1-bonus-cleric-{button}").first.click()
            t0 = actor.page.evaluate("() => window.__t0")
            seen = [app.page.evaluate("() => window.__p") for app in pages]
            if i < 3:
                continue  # warm-up
            mine = seen[0] - t0
            theirs = [t - t0 for t in seen[1:]]
            own.append(mine)
            others.extend(theirs)
            ratios.extend(t / mine for t in theirs)
            time.sleep(0.15)
        return {
            "own_median": statistics.median(own),
            "own_p95": p95(own),
            "others_median": statistics.median(others),
            "others_p95": p95(others),
            "ratio_median": statistics.median(ratios),
            "ratio_p95": p95(ratios),
        }
    finally:
        for context in contexts:
            context.close()
        stop_server(server)


def main() -> int:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--devices", type=int, nargs="+", default=[2, 6])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        for devices in args.devices:
            r = run(devices, args.taps, browser, Path(tmp))
            print(
                f"{devices} devices, {args.taps} taps: own update median {r['own_median']:.0f} ms "
                f"(p95 {r['own_p95']:.0f}); others median {r['others_median']:.0f} ms "
                f"(p95 {r['others_p95']:.0f}); others/own ratio median {r['ratio_median']:.2f} "
                f"(p95 {r['ratio_p95']:.2f})",
                flush=True,
            )
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
