"""Fixtures for end-to-end tests: the real server, headless Chromium, semantics helpers.

    server       `dungeon-referee --port <free> --data-dir <tmp> --no-browser` in a
                 subprocess, once per test module; waits until it answers.
    phone        a page at 390x844 with the app loaded and its semantics tree on.
    desktop      the same at 1280x800.
    shots        `shots("name")` saves test-output/e2e/<test name>/<nn>-name.png.

A browser test fails on any uncaught error of the page (Flet's client throwing while it
applies the server's changes, say): every context made by ``new_context`` reports them.

Chromium is Debian's (/usr/bin/chromium); Playwright never downloads a browser here.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = Path(os.environ.get("DUNGEON_REFEREE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output" / "e2e"
SERVER_START_TIMEOUT = 60.0
FIRST_FRAME_TIMEOUT_MS = 30_000
#: A frame can lag a DOM change: wait this long before a screenshot.
SETTLE_S = 0.5
#: The browser tells the app its user prefers reduced motion, as a phone's accessibility
#: setting does, and Flutter draws fewer animation frames. Chromium draws every frame on
#: the CPU here (no GPU), and the browser tests are CPU-bound on CI's two cores: opening
#: and closing Rules and Settings three times took Chromium 5 s of CPU instead of 12, the
#: two-player game 66 s instead of 97. Tests marked ``motion`` keep the animations, so
#: the app is still driven as most phones show it.
MOTION = "reduce"


#: Uncaught errors of any page of a context made by ``new_context``, since the test began.
PAGE_ERRORS: list[str] = []


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """The test fails if a page threw while it ran, even where every assertion held: the
    client may have dropped the rest of a change, and a player would see a stale screen."""
    PAGE_ERRORS.clear()
    result = yield
    if PAGE_ERRORS:
        count, errors = len(PAGE_ERRORS), "\n".join(PAGE_ERRORS)
        PAGE_ERRORS.clear()
        raise AssertionError(f"the page threw {count} error(s):\n{errors}")
    return result


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _command() -> list[str]:
    script = shutil.which("dungeon-referee", path=str(Path(sys.executable).parent))
    if script:
        return [script]
    return [sys.executable, "-m", "companion.cli"]


@dataclass
class Server:
    url: str
    data_dir: Path
    process: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


#: Each server's log by its address: a control that never comes says what the server
#: logged too (a handler's error, storage that did not answer).
SERVER_LOGS: dict[str, Path] = {}


def server_log_tail(url: str, lines: int = 25) -> str:
    path = SERVER_LOGS.get(url)
    if path is None or not path.exists():
        return "(no log)"
    text = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return "\n".join(text[-lines:]) or "(empty)"


def start_server(data_dir: Path, log_path: Path, port: int | None = None) -> Server:
    """Serve ``data_dir`` on ``port`` (a free one if None) and wait until it answers."""
    port = port or _free_port()
    env = {**os.environ, "CI": os.environ.get("CI", "1"), "PYTHONUNBUFFERED": "1"}
    env.pop("DUNGEON_REFEREE_DATA", None)
    # The note of the folder last served stays beside the test's data, not the user's.
    env["DUNGEON_REFEREE_STATE"] = str(data_dir.parent / "state")
    log_file = log_path.open("wb")
    SERVER_LOGS[f"http://127.0.0.1:{port}"] = log_path
    process = subprocess.Popen(
        [*_command(), "--port", str(port), "--data-dir", str(data_dir), "--no-browser"],
        stdout=log_file,
        stderr=subprocess.STDOUT,
        cwd=REPO,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"the server exited with {process.returncode}:\n{log_path.read_text()}"
            )
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return Server(url, data_dir, process, log_path)
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError(f"the server did not answer within {SERVER_START_TIMEOUT}s")


def stop_server(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=5)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("server")
    started = start_server(base / "data", base / "server.log")
    yield started
    stop_server(started)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


def reads(node: Any) -> str:
    """What a node and those under it read (Playwright's ARIA snapshot), with the
    snapshot's YAML quoting undone: a name holding ": " comes single-quoted, its
    apostrophes doubled ("Ada''s dungeon"), and a test looks for the words as shown."""
    return str(node.aria_snapshot()).replace("''", "'")


class Traffic:
    """When the server last sent the tab something, and when the test last tapped.

    A tap's redraw can come after the next tap has been aimed: a control that moves as it
    comes (a form growing by a treasure icon above its "Build" button) is then tapped
    where it was, and the tap lands beside it (seen in CI). Before a tap, the last tap's
    answer is waited for (``settle``). Playwright hands the page's events over only
    while it is called, so the waits are the page's own (``wait_for_timeout``)."""

    #: How long a tap is given to be answered: a tap the server answers with nothing
    #: (nothing changed) costs the next tap this much.
    ANSWER_S = 1.5
    #: How long the server must have sent nothing before the screen counts as settled
    #: (a redraw can come in a few messages), and how long that is waited for at most.
    QUIET_S = 0.06
    QUIET_LIMIT_S = 2.0

    def __init__(self) -> None:
        self.received = 0
        self.last_received = 0.0
        self._tapped_at: float | None = None
        self._received_at_tap = 0

    def watch(self, socket: Any) -> None:
        socket.on("framereceived", self._heard)

    def _heard(self, _payload: object) -> None:
        self.received += 1
        self.last_received = time.monotonic()

    def tapped(self) -> None:
        """A tap the server will answer is being made now."""
        self._tapped_at = time.monotonic()
        self._received_at_tap = self.received

    def settle(self, page: Any) -> None:
        """Wait until the last tap was answered and the server has paused (bounded)."""
        if self._tapped_at is None:
            return
        tapped_at, self._tapped_at = self._tapped_at, None
        while self.received == self._received_at_tap:
            if time.monotonic() - tapped_at > self.ANSWER_S:
                return
            page.wait_for_timeout(20)
        deadline = time.monotonic() + self.QUIET_LIMIT_S
        while time.monotonic() - self.last_received < self.QUIET_S:
            if time.monotonic() > deadline:
                return
            page.wait_for_timeout(20)


class AppPage:
    """A browser tab on the app, with helpers that speak in semantics identifiers."""

    def __init__(self, page: Page, base_url: str, shots_dir: Path) -> None:
        self.base_url = base_url
        self.shots_dir = shots_dir
        #: The last screenshot's number, shared with ``another_tab``'s (one list of shots).
        self._shots = [0]
        #: What the page said on its console and the errors it threw (the last 40), told
        #: when a control never appears: a screen that never came leaves nothing else.
        self.console: collections.deque[str] = collections.deque(maxlen=40)
        #: What the server sent the page, for a tap to wait out the last tap's redraw.
        self.traffic = Traffic()
        self.page = page

    @property
    def page(self) -> Page:
        return self._page

    @page.setter
    def page(self, page: Page) -> None:
        """The tab this drives; a new one (a test opening another address in a fresh tab)
        is listened to as the first was."""
        from playwright.sync_api import Page

        assert isinstance(page, Page)
        self._page = page
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.console.append(f"page error: {e}"))
        page.on("websocket", self.traffic.watch)

    def another_tab(self) -> AppPage:
        """A second tab of the same browser, not opened yet: the storage is shared, the
        server session is new. Its screenshots go on numbering with this tab's."""
        tab = AppPage(self.page.context.new_page(), self.base_url, self.shots_dir)
        tab._shots = self._shots
        return tab

    def open(self, path: str = "/") -> AppPage:
        self.page.goto(self.base_url + path)
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """First frame drawn, then the accessibility tree switched on."""
        self.page.wait_for_selector("#loading", state="detached", timeout=FIRST_FRAME_TIMEOUT_MS)
        self.page.wait_for_selector(
            "flt-semantics-placeholder", state="attached", timeout=FIRST_FRAME_TIMEOUT_MS
        )
        self.page.evaluate("() => document.querySelector('flt-semantics-placeholder').click()")
        self.page.wait_for_selector("flt-semantics-host flt-semantics", timeout=10_000)

    def by_id(self, identifier: str):  # type: ignore[no-untyped-def]
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    # An upper bound only: a loaded 2-core CI machine can take seconds to redraw.
    def wait_for(self, identifier: str, timeout: float = 30_000) -> None:
        """Wait until the control tagged ``identifier`` is on screen; if it never comes,
        fail saying what the screen read instead (a rare CI failure waiting for the
        set-up screen left nothing else to go on)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        from tests.e2e.game_steps import open_dungeon_around

        open_dungeon_around(self, identifier)  # in a dungeon card shown closed: open it
        try:
            self.by_id(identifier).first.wait_for(state="attached", timeout=timeout)
        except PlaywrightTimeoutError:
            shot = self.screenshot(f"never-{identifier}")
            said = "\n".join(self.console) or "(nothing)"
            raise AssertionError(
                f"{identifier!r} never appeared (screenshot {shot}); the screen reads:\n"
                f"{self.snapshot()}\nthe page's console:\n{said}\n"
                f"the server's log ends:\n{server_log_tail(self.base_url)}"
            ) from None

    def tap(self, identifier: str) -> None:
        """Click the control tagged with this identifier, scrolled clear of the bars (the
        shared game step: it scrolls Flutter itself, so the picture and the nodes agree)."""
        from tests.e2e.game_steps import tap

        tap(self, identifier)

    def type_into(self, identifier: str, text: str) -> None:
        """Focus the text field tagged with this identifier and fill it in one go.

        One change event, so one redraw: typed key by key, a search drew its results once
        per key, and a tap on a result shown after some keys was lost in the redraw of
        the next ones (a CI run: the card never opened). The one event can be lost on a
        loaded machine (the field shows the text, the server never hears of it): a search
        is typed again when its result does not come (``search_until``).
        """
        from tests.e2e.game_steps import focus, keyboard_at

        field = self.by_id(identifier).locator("input, textarea").first
        shown = ""
        for attempt in range(4):
            focus(self, identifier)  # keys typed before the field has the focus go nowhere
            # Flutter makes the <input> a moment after the tap: wait for it, then fill it.
            field.wait_for(state="attached", timeout=5_000)
            field.fill(text)
            deadline = time.monotonic() + 1.5
            while (shown := field.input_value()) != text and time.monotonic() < deadline:
                time.sleep(0.1)
            if shown == text:
                return
            # Filled as Flutter takes the field up, the input is set back to what Flutter
            # holds (a probe, blurring then filling: the last text stayed in 3 of 12, until
            # filled again). In a CI run it stayed through 5 s of filling every 0.1 s: the
            # field is tapped again, as a player would, before the next fill.
            print(
                f"typed {text!r} into {identifier} again: it showed {shown!r}, the keyboard"
                f" in {keyboard_at(self)} (try {attempt + 1})"
            )
        raise AssertionError(
            f"could not type {text!r} into {identifier!r}: it showed {shown!r}, the"
            f" keyboard in {keyboard_at(self)}; the screen reads:\n{self.snapshot()}"
        )

    def search_until(self, identifier: str, text: str, shows: str) -> None:
        """Type ``text`` into a search field until the control tagged ``shows`` appears;
        once more if it has not within 15 s (long enough for a loaded machine: typed
        again while the first is still being handled, a second redraw could swallow the
        tap that follows).

        Its one change event can be lost on a loaded machine, or go to a field a redraw
        replaced (← redraws the screen below with new controls; known, left open). A
        player types again; so does the test, and says so.
        """
        self.type_into(identifier, text)
        try:
            self.wait_for(shows, timeout=15_000)
        except AssertionError:  # wait_for turns Playwright's timeout into this
            print(f"typed {text!r} again: the first typing was not heard")
            # Emptied first: the same text filled again is no change to the browser's
            # field, which then tells the server nothing.
            self.type_into(identifier, "")
            self.type_into(identifier, text)
            self.wait_for(shows)

    def wait_text(self, text: str, timeout: float = 10.0) -> None:
        """Wait until `text` is somewhere in the accessibility tree (labels included)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.snapshot():
                return
            time.sleep(0.2)
        raise AssertionError(f"{text!r} did not appear; the page reads:\n{self.snapshot()}")

    def text(self) -> str:
        return self.page.locator("flt-semantics-host").inner_text()

    def snapshot(self) -> str:
        return reads(self.page.locator("flt-semantics-host"))

    def screenshot(self, name: str) -> Path:
        time.sleep(SETTLE_S)
        self._shots[0] += 1
        self.shots_dir.mkdir(parents=True, exist_ok=True)
        path = self.shots_dir / f"{self._shots[0]:02d}-{name}.png"
        self.page.screenshot(path=str(path), full_page=False)
        return path


def new_context(
    browser: Any, viewport: dict[str, int], locale: str = "en-GB", motion: str = MOTION
) -> Any:
    """A Playwright browser context as the tests' phones are: one pixel per CSS pixel, the
    language ``locale``, and reduced motion unless ``motion`` says otherwise. Its pages'
    uncaught errors go to ``PAGE_ERRORS`` (the test fails on them)."""
    context = browser.new_context(
        viewport=viewport, device_scale_factor=1, locale=locale, reduced_motion=motion
    )
    context.on("weberror", _note_page_error)
    return context


def _note_page_error(error: Any) -> None:
    page = error.page.url if error.page is not None else "a closed page"
    PAGE_ERRORS.append(f"{page}: {error.error}")


def _shots_dir(request: pytest.FixtureRequest, viewport: str) -> Path:
    test_name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    return OUTPUT / test_name / viewport


def _app_page(
    browser: object, server: Server, request: pytest.FixtureRequest, viewport: dict[str, int]
) -> Iterator[AppPage]:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    motion = "no-preference" if request.node.get_closest_marker("motion") else MOTION
    context = new_context(browser, viewport, motion=motion)
    tab = context.new_page()
    name = "phone" if viewport == PHONE else "desktop"
    app = AppPage(tab, server.url, _shots_dir(request, name))
    try:
        yield app.open("/")
    finally:
        context.close()


@pytest.fixture
def phone(browser: object, server: Server, request: pytest.FixtureRequest) -> Iterator[AppPage]:
    yield from _app_page(browser, server, request, PHONE)


@pytest.fixture
def desktop(browser: object, server: Server, request: pytest.FixtureRequest) -> Iterator[AppPage]:
    yield from _app_page(browser, server, request, DESKTOP)
