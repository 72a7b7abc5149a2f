"""How quickly the table app answers a tap, and how long it takes to show its first screen.

Everything is measured side by side, in one run, against a bare Flet counter app
(``bench/counter_app.py``: one Text, one button) served the same way (web mode, no CDN,
127.0.0.1), so the figures can be read as ratios that mostly cancel out the machine.

* **Time to first frame**: from navigation start to ``#loading`` gone, and to the first
  semantics node of the first screen (the app's home screen, the counter's Text). The
  accessibility tree is switched on as soon as ``#loading`` is gone. A fresh browser
  context (cold cache, no stored settings) per run; app and counter runs interleaved.
* **Tap to screen**: from the click's ``pointerdown`` reaching the page to the semantics
  tree showing the result, both timed inside the browser with ``performance.now()``
  (a MutationObserver), so Playwright's own overhead stays out of the figure:
    - build a Room (Build phase, player 1's "Build face down" with one treasure icon
      chosen, until its face-down Room shows),
    - resolve Bait (the Bait button until the first Hero's ruling shows),
    - +1 damage to the Hero in a Room, in the Adventure after that Bait (until the damage
      line reads one more): the tap a table makes most often,
    - step: the + beside the Adventure's "+N damage" (until it reads "+3 damage"): one
      label changes, no engine, no save, so the floor of the game screen's taps,
    - the counter's button until its Text reads the next number.
  Undo (or −) brings the game back between repeats (not measured). App and counter taps
  are interleaved: build, counter, bait, counter, damage, counter, step, counter.

The WebSocket between page and server is watched too, which splits each tap into: input
(pointerdown to the request leaving the page), server (request to first reply: Python
handler, engine, save, diff), and render (last reply to the semantics tree updated:
Flutter applying the patch, layout, semantics). The page's animation frames are timed
too: how many it drew during the tap and its main thread's time in them. With no GPU (as
here), every frame of a long page is drawn on the processor, so the button's ink ripple
alone keeps the browser busy while the server works; on two cores server and browser
then share the processor, and the figures say how much.

The games are prepared on disk before the server starts (a 3-player game two turns in, at
the Build phase with everyone but player 1 built; the same game one step on, at Bait; and
that one with the Bait resolved and a Hero in a first Room), all hosted by one device id
that the tap tabs present; the first-frame tabs are first visits (no device id yet, so the
home screen lists no games).

Run: ``python bench/ui.py`` (about two minutes on two cores; ``--loads`` and
``--repeats`` change the number of runs). Needs Debian's Chromium at /usr/bin/chromium.
No pass/fail: it prints medians, p95 and the ratios app/counter.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ViewportSize,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "companion" / "store"))
sys.path.insert(0, str(REPO))

from sample_play import next_commands, play_turns, sample_setup  # type: ignore[import-not-found]  # noqa: E402

from companion.store import GameStore, resolve_data_dir  # noqa: E402
from companion.sync.registry import AccessRegistry  # noqa: E402
from rules import card_table  # noqa: E402
from rules.card_effects import load_effects  # noqa: E402
from rules.commands import AdvanceHero, BuildRoom, ResolveBait, RevealRooms  # noqa: E402
from rules.game import Game  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one browser set-up)

PHONE: ViewportSize = {"width": 390, "height": 844}
HOST = "127.0.0.1"
SERVER_START_TIMEOUT = 60.0
FIRST_FRAME_TIMEOUT_MS = 30_000
TAP_TIMEOUT_MS = 15_000
WARM_UP = 2
#: The taps timed against the counter's.
TAPS = ("build", "bait", "damage", "step")
#: The +N button's words after one + from the Adventure's starting amount (2).
STEPPED = "+3 damage"
#: Pause after closing a first-frame tab, before the next load.
SETTLE_S = 0.3

#: The device the benchmark's games are hosted by (see companion/sync/access.py): the tap
#: tabs present it, so they may change the games. First-frame tabs are first visits.
HOST_DEVICE = "bench-ui-host-device-01"
#: Where Flet's SharedPreferences keeps the app's device id in a browser (JSON-encoded).
DEVICE_KEY = "flutter.dungeon_referee.device"

#: The first screen's first semantics node, per app.
APP_FIRST_NODE = '[flt-semantics-identifier="screen-home"]'
COUNTER_FIRST_NODE = '[flt-semantics-identifier="count"]'


def sel(identifier: str) -> str:
    return f'[flt-semantics-identifier="{identifier}"]'


# --- the in-page probe -------------------------------------------------------------------

#: Installed in every page before its own scripts run. Wraps the WebSocket to timestamp
#: what goes out and comes in; ``__bench.firstFrame`` times the load; ``__bench.arm``
#: times one tap (pointerdown -> the semantics tree matches).
PROBE_JS = r"""
(() => {
  const now = () => performance.now();
  const size = (d) => (d == null ? 0 : (d.byteLength ?? d.size ?? d.length ?? 0));
  const bench = (window.__bench = { ws: [], frame: {}, pending: null });
  const Native = window.WebSocket;
  function Wrapped(...args) {
    const socket = new Native(...args);
    socket.addEventListener('message', (e) => bench.ws.push(['recv', now(), size(e.data)]));
    const send = socket.send.bind(socket);
    socket.send = (data) => { bench.ws.push(['send', now(), size(data)]); return send(data); };
    return socket;
  }
  Wrapped.prototype = Native.prototype;
  Object.assign(Wrapped, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Wrapped;

  // Flutter draws each frame in one animation-frame callback: timing those shows how much
  // of a tap the page's main thread spends drawing (the button's ink ripple, then the
  // reply), time it can't spend reading the server's reply.
  bench.frames = [];
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((stamp) => {
    const start = now();
    try { callback(stamp); } finally {
      bench.frames.push([start, now()]);
      if (bench.frames.length > 2000) bench.frames.splice(0, 1000);
    }
  });

  const textOf = (el) => {
    let out = el.textContent || '';
    for (const n of [el, ...el.querySelectorAll('[aria-label]')]) {
      out += ' ' + (n.getAttribute('aria-label') || '');
    }
    return out;
  };
  const matches = (selector, text) => {
    const el = document.querySelector(selector);
    return !!el && (text == null || textOf(el).includes(text));
  };
  bench.matches = matches;

  // Time to first frame: #loading gone, semantics switched on, first node of the screen.
  bench.firstFrame = (selector) => {
    const f = bench.frame;
    let sawLoading = false;
    const enable = () => {
      const placeholder = document.querySelector('flt-semantics-placeholder');
      if (placeholder && f.enabled == null) { placeholder.click(); f.enabled = now(); }
    };
    const check = () => {
      if (document.querySelector('#loading')) sawLoading = true;
      else if (sawLoading && f.loadingGone == null) f.loadingGone = now();
      if (f.loadingGone != null) enable();
      if (f.loadingGone != null && f.firstNode == null && matches(selector)) {
        f.firstNode = now();
        observer.disconnect();
        clearInterval(retry);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true,
                                 attributeFilter: ['flt-semantics-identifier'] });
    // If the first click on the placeholder came too early, click again until the tree is on.
    const retry = setInterval(() => {
      if (f.enabled != null && !document.querySelector('flt-semantics-host flt-semantics')) {
        f.enabled = null; enable();
      }
    }, 250);
  };

  // One tap: the time from pointerdown to the tree matching (selector [, text]).
  bench.arm = (selector, text, timeoutMs) => {
    if (matches(selector, text)) {
      throw new Error(`on screen before the tap: ${selector} ${text ?? ''}`);
    }
    const mark = bench.ws.length;
    let t0 = null;
    const onDown = () => { if (t0 === null) t0 = now(); };
    window.addEventListener('pointerdown', onDown, true);
    bench.pending = new Promise((resolve, reject) => {
      const finish = (t1) => {
        observer.disconnect(); clearTimeout(timer);
        window.removeEventListener('pointerdown', onDown, true);
        const after = bench.ws.slice(mark).filter((m) => m[1] >= t0 && m[1] <= t1);
        const send = after.find((m) => m[0] === 'send');
        const recvs = after.filter((m) => m[0] === 'recv' && send && m[1] >= send[1]);
        const drawn = bench.frames.filter((f) => f[0] >= t0 && f[0] <= t1);
        resolve({
          frames: drawn.length,
          frameMs: drawn.reduce((a, f) => a + (f[1] - f[0]), 0),
          t0, t1,
          send: send ? send[1] : null,
          firstRecv: recvs.length ? recvs[0][1] : null,
          lastRecv: recvs.length ? recvs[recvs.length - 1][1] : null,
          recvCount: recvs.length,
          recvBytes: recvs.reduce((a, m) => a + m[2], 0),
        });
      };
      const observer = new MutationObserver(() => {
        if (t0 !== null && matches(selector, text)) finish(now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true,
                                        attributes: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        window.removeEventListener('pointerdown', onDown, true);
        reject(new Error(`no ${selector} ${text ?? ''} within ${timeoutMs} ms of the tap` +
                         (t0 === null ? ' (the tap never reached the page)' : '')));
      }, timeoutMs);
    });
    return true;
  };
})();
"""


# --- servers -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    name: str
    url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])


def app_command() -> list[str]:
    script = shutil.which("dungeon-referee", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "companion.cli"]


def start_server(
    name: str, command: list[str], port: int, log_path: Path, cwd: Path = REPO
) -> Server:
    """Start ``command`` in ``cwd`` (``python -m`` then runs that tree's own sources)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("DUNGEON_REFEREE_DATA", None)
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            command, stdout=log_file, stderr=subprocess.STDOUT, cwd=cwd, env=env
        )
    return Server(name, f"http://{HOST}:{port}", process, log_path)


def wait_until_up(server: Server) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"the {server.name} server exited with {server.process.returncode}:\n"
                f"{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(server.url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the {server.name} server did not answer within {SERVER_START_TIMEOUT}s")


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=5)


@contextmanager
def servers(data_dir: Path, logs: Path) -> Iterator[tuple[Server, Server]]:
    app_port, counter_port = free_port(), free_port()
    app = start_server(
        "app",
        [*app_command(), "--port", str(app_port), "--data-dir", str(data_dir), "--no-browser"],
        app_port,
        logs / "app.log",
    )
    counter = start_server(
        "counter",
        [sys.executable, str(REPO / "bench" / "counter_app.py"), "--port", str(counter_port)],
        counter_port,
        logs / "counter.log",
    )
    try:
        wait_until_up(app)
        wait_until_up(counter)
        yield app, counter
    finally:
        stop_server(app)
        stop_server(counter)


# --- the games ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Games:
    build: str  # at the Build phase, everyone but player 1 has built
    bait: str  # the same game with player 1's Room built and the Rooms revealed
    adventure: str  # that one with the Bait resolved and the first Hero in its first Room
    #: The Adventure game's damage line after one more point ("3 / 6"), which the timed
    #: +1 tap waits for.
    hurt: str


def prepare_games(data_dir: Path, players: int, turns: int) -> Games:
    """Three saved games, made with the engine and the store (no clicking through set-up),
    all hosted by ``HOST_DEVICE``: at the Build, at the Bait, and the Bait resolved with
    the first Hero in the first Room of its dungeon."""
    folder = resolve_data_dir(data_dir)
    store = GameStore(folder)
    registry = AccessRegistry(folder)
    game = play_turns(Game.new(sample_setup(players)), turns)
    while game.state.phase != "build":
        for command in next_commands(game, 0):
            game, _ = game.play(command)
    first = game.state.players[0].name
    for command in next_commands(game, 1):
        if isinstance(command, BuildRoom) and command.player != first:
            game, _ = game.play(command)
    at_build = game
    if len(at_build.state.players[0].dungeon) >= 5:
        raise ValueError("player 1's dungeon is full: use fewer --turns")
    for command in next_commands(game, 1):
        game, _ = game.play(command)
        if isinstance(command, RevealRooms):
            break
    if game.state.phase != "bait":
        raise RuntimeError(f"expected the Bait phase, got {game.state.phase!r}")
    in_room = game
    for command in (ResolveBait(), AdvanceHero()):
        in_room, _ = in_room.play(command)
    walk = in_room.state.walk
    if walk is None or walk.room != 0:
        raise RuntimeError(f"expected a Hero in a first Room, got {walk!r}")
    ids = []
    for name, saved in (("bench build", at_build), ("bench bait", game), ("bench room", in_room)):
        game_id = store.create(saved.setup, name).game_id
        store.save(game_id, saved)
        registry.add_host(game_id, HOST_DEVICE)
        ids.append(game_id)
    health = in_room.state.hero(walk.hero).card.health
    return Games(build=ids[0], bait=ids[1], adventure=ids[2], hurt=f"{walk.damage + 1} / {health}")


# --- pages -------------------------------------------------------------------------------


def new_context(browser: Browser, extra_js: str = "") -> BrowserContext:
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, locale="en-GB")
    context.add_init_script(PROBE_JS + extra_js)
    return context


def open_page(context: BrowserContext, url: str, first_node: str) -> Page:
    """Load ``url``, switch the semantics tree on, wait for ``first_node``."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=FIRST_FRAME_TIMEOUT_MS)
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.evaluate(
        "() => { const p = document.querySelector('flt-semantics-placeholder'); if (p) p.click(); }"
    )
    try:
        page.wait_for_selector(first_node, state="attached", timeout=FIRST_FRAME_TIMEOUT_MS)
    except PlaywrightError as error:
        shown = page.evaluate(
            "() => [...document.querySelectorAll('[flt-semantics-identifier]')]"
            ".map((e) => e.getAttribute('flt-semantics-identifier')).join(' ')"
        )
        raise RuntimeError(
            f"{first_node} never showed at {url}; the page has: {shown or 'no tagged nodes'}"
        ) from error
    return page


def wait_still(page: Page, selector: str, timeout: float = 3.0) -> None:
    """Flutter scrolls a moment after the DOM asks it to: tap once the node stops moving."""
    target = page.locator(selector).first
    target.wait_for(state="attached", timeout=10_000)
    target.scroll_into_view_if_needed()
    deadline = time.monotonic() + timeout
    last = target.bounding_box()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        box = target.bounding_box()
        if box == last:
            return
        last = box


def tap(page: Page, identifier: str) -> None:
    """An unmeasured tap (set-up and undo), retried when Flutter rebuilt the node."""
    for attempt in range(3):
        try:
            wait_still(page, sel(identifier))
            page.locator(sel(identifier)).first.click(timeout=10_000)
            return
        except PlaywrightError:
            if attempt == 2:
                raise
            time.sleep(0.3)


@dataclass
class Tap:
    total: float
    input: float | None
    server: float | None
    replies: float | None
    render: float | None
    messages: int
    bytes: int
    #: Animation frames the page drew during the tap, and its main thread's time in them.
    frames: int
    frame_ms: float


def timed_tap(page: Page, identifier: str, result: str, text: str | None = None) -> Tap:
    """Click ``identifier``; time from pointerdown to ``result`` (with ``text``) on screen."""
    page.bring_to_front()
    wait_still(page, sel(identifier))
    page.evaluate("([s, t, ms]) => window.__bench.arm(s, t, ms)", [result, text, TAP_TIMEOUT_MS])
    page.locator(sel(identifier)).first.click(timeout=TAP_TIMEOUT_MS)
    r: dict[str, Any] = page.evaluate("() => window.__bench.pending")

    def span(a: str, b: str) -> float | None:
        return r[b] - r[a] if r[a] is not None and r[b] is not None else None

    return Tap(
        total=r["t1"] - r["t0"],
        input=span("t0", "send"),
        server=span("send", "firstRecv"),
        replies=span("firstRecv", "lastRecv"),
        render=span("lastRecv", "t1"),
        messages=int(r["recvCount"]),
        bytes=int(r["recvBytes"]),
        frames=int(r["frames"]),
        frame_ms=float(r["frameMs"]),
    )


# --- the measurements --------------------------------------------------------------------


@dataclass
class Series:
    name: str
    values: list[float] = field(default_factory=list)

    def add(self, value: float) -> None:
        self.values.append(value)


def first_frame(browser: Browser, url: str, first_node: str) -> tuple[float, float]:
    """(ms to #loading gone, ms to the first node) from navigation start, fresh context."""
    context = new_context(browser, f"\nwindow.__bench.firstFrame({first_node!r});\n")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            "() => window.__bench.frame.firstNode != null", timeout=FIRST_FRAME_TIMEOUT_MS
        )
        frame: dict[str, float] = page.evaluate("() => window.__bench.frame")
        return frame["loadingGone"], frame["firstNode"]
    finally:
        context.close()


def measure_first_frames(
    browser: Browser, app: Server, counter: Server, runs: int
) -> dict[str, Series]:
    out = {k: Series(k) for k in ("app-loading", "app-node", "counter-loading", "counter-node")}
    pair = [
        ("app", app.url + "/", APP_FIRST_NODE),
        ("counter", counter.url + "/", COUNTER_FIRST_NODE),
    ]
    for run in range(runs):
        # Alternate who goes first, so neither always loads right after the other's tab closed.
        for who, url, node in pair if run % 2 == 0 else pair[::-1]:
            loading, first = first_frame(browser, url, node)
            out[f"{who}-loading"].add(loading)
            out[f"{who}-node"].add(first)
            time.sleep(SETTLE_S)  # let the server finish closing that session
    return out


@dataclass
class TapPages:
    build: Page
    bait: Page
    adventure: Page
    counter: Page
    hurt: str
    count: int = 0


def build_once(pages: TapPages) -> Tap:
    page = pages.build
    page.bring_to_front()
    # The Room form stands open; a Room with no treasure would be asked about first
    # (build_panel.ask_then_build), so one treasure icon goes on before the timed tap.
    page.wait_for_selector(sel("build-p1-go"), state="attached")
    tap(page, "build-p1-treasure-fighter")
    page.wait_for_selector(sel("build-p1-icon-1"), state="attached")
    result = timed_tap(page, "build-p1-go", sel("p1-face-down"))
    tap(page, "undo")
    page.wait_for_selector(sel("p1-face-down"), state="detached")
    page.wait_for_selector(sel("build-p1-go"), state="attached")
    return result


def bait_once(pages: TapPages) -> Tap:
    page = pages.bait
    result = timed_tap(page, "resolve-bait", sel("bait-result-1-why-rule"))
    page.bring_to_front()
    tap(page, "undo")
    page.wait_for_selector(sel("bait-result-1-why-rule"), state="detached")
    page.wait_for_selector(sel("resolve-bait"), state="attached")
    return result


def adventure_tap(pages: TapPages, identifier: str, back: str, result: str, text: str) -> Tap:
    """Time a tap in the Adventure until ``result`` reads ``text``, then tap ``back`` (not
    timed) until it no longer does (the probe's own matcher, negated)."""
    page = pages.adventure
    timed = timed_tap(page, identifier, sel(result), text)
    page.bring_to_front()
    tap(page, back)
    page.wait_for_function("([s, t]) => !window.__bench.matches(s, t)", arg=[sel(result), text])
    return timed


def damage_once(pages: TapPages) -> Tap:
    return adventure_tap(pages, "adv-damage-1", "undo", "walk-damage", pages.hurt)


def step_once(pages: TapPages) -> Tap:
    """The Adventure's + (the +N damage amount): one label changes, no engine, no save.
    The cheapest tap the game screen has, so the floor of its taps against the counter."""
    return adventure_tap(pages, "adv-amount-plus", "adv-amount-minus", "adv-damage-n", STEPPED)


def counter_once(pages: TapPages) -> Tap:
    pages.count += 1
    return timed_tap(pages.counter, "increment", COUNTER_FIRST_NODE, f"Count: {pages.count}")


def open_tap_pages(browser: Browser, app_url: str, games: Games, counter: Page) -> TapPages:
    """The three games' pages of the app at ``app_url``, each in its own context as the
    device hosting them (so it may change them), and the counter's page."""
    stored = json.dumps(json.dumps(HOST_DEVICE))  # SharedPreferences keeps JSON
    as_host = f"\nlocalStorage.setItem({json.dumps(DEVICE_KEY)}, {stored});\n"

    def game(game_id: str, first_node: str) -> Page:
        url = f"{app_url}/game/{game_id}"
        return open_page(new_context(browser, as_host), url, sel(first_node))

    return TapPages(
        build=game(games.build, "build-p1-go"),
        bait=game(games.bait, "resolve-bait"),
        adventure=game(games.adventure, "adv-damage-1"),
        counter=counter,
        hurt=games.hurt,
    )


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, set up as the browser tests set it up."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )


def chromium_missing() -> bool:
    """True, having said so, when Debian's Chromium is not installed."""
    if CHROMIUM.exists():
        return False
    print(f"Chromium not found at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
    return True


def measure_taps(
    browser: Browser, app: Server, counter: Server, games: Games, repeats: int
) -> dict[str, list[Tap]]:
    counter_page = open_page(new_context(browser), counter.url + "/", COUNTER_FIRST_NODE)
    pages = open_tap_pages(browser, app.url, games, counter_page)
    try:
        order: list[tuple[str, Callable[[TapPages], Tap]]] = [
            ("build", build_once),
            ("counter", counter_once),
            ("bait", bait_once),
            ("counter", counter_once),
            ("damage", damage_once),
            ("counter", counter_once),
            ("step", step_once),
            ("counter", counter_once),
        ]
        out: dict[str, list[Tap]] = {name: [] for name in (*TAPS, "counter")}
        for round_ in range(WARM_UP + repeats):
            for name, once in order:
                result = once(pages)
                if round_ >= WARM_UP:
                    out[name].append(result)
        return out
    finally:
        for page in (pages.build, pages.bait, pages.adventure, pages.counter):
            page.context.close()


# --- report ------------------------------------------------------------------------------


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def ratio(a: list[float], b: list[float], stat: Callable[[list[float]], float]) -> str:
    return f"{stat(a) / stat(b):5.2f}"


def ms(value: float | None) -> str:
    return "   n/a" if value is None else f"{value:6.0f}"


def report_first_frames(series: dict[str, Series]) -> None:
    print("\nTime to first frame (ms from navigation start; fresh context each run)")
    print(f"  {'':28} {'median':>8} {'p95':>8}   runs")
    for key, label in (
        ("app-loading", "app: #loading gone"),
        ("app-node", "app: home screen node"),
        ("counter-loading", "counter: #loading gone"),
        ("counter-node", "counter: Text node"),
    ):
        v = series[key].values
        print(f"  {label:28} {statistics.median(v):8.0f} {p95(v):8.0f}   {len(v)}")
    for what in ("loading", "node"):
        a, c = series[f"app-{what}"].values, series[f"counter-{what}"].values
        print(
            f"  ratio app/counter, {what:8}      median {ratio(a, c, statistics.median)}"
            f"   p95 {ratio(a, c, p95)}"
        )


def report_taps(taps: dict[str, list[Tap]]) -> None:
    print("\nTap to screen (ms from pointerdown to the semantics tree updated, in the page)")
    print(
        f"  {'':8} {'median':>7} {'p95':>7} {'n':>4}  |  medians of the parts:"
        f" {'input':>6} {'server':>6} {'replies':>7} {'render':>6}  msgs  bytes"
        "  frames  frame ms"
    )
    for name in (*TAPS, "counter"):
        rows = taps[name]
        total = [t.total for t in rows]
        print(
            f"  {name:8} {statistics.median(total):7.0f} {p95(total):7.0f} {len(total):4}  |"
            f"  {'':20}{ms(median([t.input for t in rows]))} {ms(median([t.server for t in rows]))}"
            f"  {ms(median([t.replies for t in rows]))} {ms(median([t.render for t in rows]))}"
            f"  {statistics.median([t.messages for t in rows]):4.0f}"
            f" {statistics.median([t.bytes for t in rows]):6.0f}"
            f"  {statistics.median([t.frames for t in rows]):6.0f}"
            f"  {statistics.median([t.frame_ms for t in rows]):8.0f}"
        )
    counter = [t.total for t in taps["counter"]]
    for name in TAPS:
        total = [t.total for t in taps[name]]
        print(
            f"  ratio {name}/counter          median {ratio(total, counter, statistics.median)}"
            f"   p95 {ratio(total, counter, p95)}"
        )
    print(
        "  parts: input = pointerdown to the request leaving the page; server = request to"
        " first reply;\n         replies = first to last reply; render = last reply to the"
        " semantics tree updated;\n         frames, frame ms = animation frames the page drew"
        " during the tap (the button's ink\n         ripple, then the reply) and its main"
        " thread's time in them: time it could not\n         spend on the reply, and"
        " processor time the server did not get."
    )


def load_average() -> str:
    try:
        return " ".join(f"{v:.1f}" for v in os.getloadavg())
    except OSError:
        return "n/a"


def main(argv: list[str] | None = None) -> int:
    card_table.use(load_effects())  # the card abilities, handed in as the app does
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--loads", type=int, default=8, help="first-frame runs per app")
    parser.add_argument("--repeats", type=int, default=20, help="taps measured per action")
    parser.add_argument("--players", type=int, default=3, help="players in the benchmark game")
    parser.add_argument("--turns", type=int, default=2, help="turns played before measuring")
    args = parser.parse_args(argv)
    if args.loads < 1 or args.repeats < 1:
        parser.error("--loads and --repeats must be at least 1")
    if not 2 <= args.players <= 6:
        parser.error("--players must be between 2 and 6")
    if chromium_missing():
        return 1

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as tmp:
        root = Path(tmp)
        games = prepare_games(root / "data", args.players, args.turns)
        with servers(root / "data", root) as (app, counter), sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                print(
                    f"Dungeon Referee UI benchmark: {args.players} players, {args.turns} turns"
                    f" played; phone viewport {PHONE['width']}x{PHONE['height']};"
                    f" {os.cpu_count()} CPUs; load average {load_average()}"
                )
                frames = measure_first_frames(browser, app, counter, args.loads)
                taps = measure_taps(browser, app, counter, games, args.repeats)
            except Exception:
                for server in (app, counter):
                    print(f"--- {server.name} server log (tail) ---\n{server.log_tail()}")
                raise
            finally:
                browser.close()
    report_first_frames(frames)
    report_taps(taps)
    print(
        f"\n({time.monotonic() - started:.0f} s in all; {WARM_UP} warm-up rounds not counted;"
        f" load average now {load_average()}: other work on the machine skews the figures)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
