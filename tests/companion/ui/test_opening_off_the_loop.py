"""Opening a saved game reads its file and replays its log on a worker thread, and Home
reads the saved games' files on one too: the event loop, which answers every tab and
phone of the server, keeps turning meanwhile, and the tab says "Opening the game…"
while it takes long.

The other screen tests run the loop's worker inline (``flet_harness.InlineExecutor``);
these give the loop a real thread pool. A task on the loop ticks every millisecond; what
is asserted is how long the loop went without a tick while the game was opened, against
how long the opening took (a ratio, not a speed: the machine may be slow and busy). Both
are counted in the process's CPU time: a busy machine that gives the whole process no core
for a while stops that clock too, while an opening that keeps the loop from running (on
the loop, or holding the interpreter) does not."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import companion.ui.opening as opening
from companion.session import Sessions
from companion.store import GameStore
from companion.ui.table.game_screen import GameScreen
from rules.game import Game
from tests.companion.store.sample_play import play_turns, sample_setup
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness
from tests.companion.ui.test_games_screen import in_dialog, open_dialogs

WAIT = 60.0  # seconds: a bound for a hang, not a speed


@pytest.fixture(scope="module")
def long_game() -> Game:
    """About 1,300 commands: a few tenths of a second to read and replay."""
    return play_turns(Game.new(sample_setup(3)), 150)


class Ticks:
    """A task on the loop noting the time every millisecond, and when ``owner.name``
    (``Sessions.open``: opening a game) ran on which thread."""

    def __init__(
        self,
        harness: Harness,
        monkeypatch: pytest.MonkeyPatch,
        owner: type = Sessions,
        name: str = "open",
    ) -> None:
        self.times: list[float] = []
        self.opened: list[tuple[float, float, threading.Thread]] = []
        real = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return real(*args, **kwargs)
            finally:
                self.opened.append((start, time.process_time(), threading.current_thread()))

        monkeypatch.setattr(owner, name, timed)

        async def tick() -> None:
            while True:
                self.times.append(time.process_time())
                await asyncio.sleep(0.001)

        self.task = harness.loop.create_task(tick())

    def run_until(self, harness: Harness, done: Callable[[], bool]) -> None:
        """Keep the loop turning (the harness's own steps between turns would count as
        gaps) until ``done()``."""

        async def wait() -> None:
            while not done():
                await asyncio.sleep(0.001)

        harness.loop.run_until_complete(asyncio.wait_for(wait(), WAIT))
        self.task.cancel()

    def assert_turning_while_opening(self) -> None:
        """The loop ticked on while the game was opened (the first call timed): five
        times at least, and never stood still for three quarters of the opening. (On the loop, an
        opening leaves no tick at all inside it.) The thread that opens it hands the loop
        the interpreter only every few milliseconds, and a busy machine stretches that
        (the whole suite on two workers once saw a stall of half the opening): hence
        three quarters, not less. Opened on the loop, no tick falls inside at all. The
        times are the process's CPU time (``time.process_time``), see the module's note."""
        start, end, thread = self.opened[0]
        assert thread is not threading.main_thread(), "opened on the loop's thread"
        inside = [t for t in self.times if start <= t <= end]
        edges = [start, *inside, end]
        gap = max(b - a for a, b in itertools.pairwise(edges))
        took = end - start
        assert len(inside) >= 5, f"{len(inside)} ticks in the {took:.3f} s (CPU) opening"
        assert gap < took * 3 / 4, f"the loop stood still {gap:.3f} s of the {took:.3f} s (CPU)"


def _saved(tmp_path: Path, game: Game) -> str:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = store.create(game.setup, "A long game").game_id
    store.save(game_id, game)
    return game_id


def test_resume_opens_a_long_game_while_the_loop_keeps_turning(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_game: Game
) -> None:
    game_id = _saved(tmp_path, long_game)
    harness, app = table_app()
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    shown: list[object] = []
    real_show = app.page.show_dialog
    monkeypatch.setattr(app.page, "show_dialog", lambda d: (shown.append(d), real_show(d)))
    monkeypatch.setattr(opening, "NOTICE_AFTER_S", 0.0)  # say so however short it is
    ticks = Ticks(harness, monkeypatch)
    harness.check_sent = False  # its walk of the page would stand between the loop's turns

    harness.tap(f"resume-{game_id}")
    ticks.run_until(harness, lambda: isinstance(app.current, GameScreen))

    ticks.assert_turning_while_opening()
    assert [type(d).__name__ for d in shown] == ["SnackBar"]  # "Opening the game…"
    assert not shown[0].open  # closed once the game is open
    assert app.session is not None and app.session.game.version == long_game.version


def test_a_link_to_a_long_game_opens_it_off_the_loop(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_game: Game
) -> None:
    """A game's address opened in a tab already running (a link, the browser's address
    bar): the game is read off the loop, then shown."""
    game_id = _saved(tmp_path, long_game)
    harness, app = table_app()
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    ticks = Ticks(harness, monkeypatch)

    from companion.ui.sync_link import route_changed

    route_changed(app, f"/game/{game_id}")
    ticks.run_until(harness, lambda: isinstance(app.current, GameScreen))

    ticks.assert_turning_while_opening()
    assert app.session is not None and app.session.game.version == long_game.version


def test_home_lists_long_games_while_the_loop_keeps_turning(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_game: Game
) -> None:
    """Home reads every saved game's file it has not read yet: off the loop."""
    harness, app = table_app()
    game_ids = [_saved(tmp_path, long_game) for _ in range(24)]  # none read yet
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    ticks = Ticks(harness, monkeypatch, GameStore, "list_games")

    app.render_top()  # Home drawn again: it reads the saved games again
    listed = lambda: [g for g in game_ids if harness.has(f"saved-{g}")]  # noqa: E731
    ticks.run_until(harness, lambda: bool(listed()))

    ticks.assert_turning_while_opening()
    assert len(listed()) == 8  # Home shows the 8 played last


def test_export_reads_the_game_file_off_the_loop(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_game: Game
) -> None:
    game_id = _saved(tmp_path, long_game)
    harness, _app = table_app()
    harness.tap("open-saved-games")
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    ticks = Ticks(harness, monkeypatch, GameStore, "export_game")
    harness.check_sent = False

    harness.tap(f"export-{game_id}")
    ticks.run_until(harness, lambda: bool(open_dialogs(harness)))

    assert ticks.opened[0][2] is not threading.main_thread(), "read on the loop's thread"
    assert '"log"' in str(in_dialog(harness, "export-text").value)


def test_a_tab_back_at_another_address_draws_that_screen_once(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_game: Game
) -> None:
    """A tab that comes back at another address (the browser sent to a game's link in the
    same tab) is told twice: it connects again, and its route changed. The game is read
    off the loop for each; the screen must be drawn once. Drawn a second time a moment
    later, every control is sent anew, and a tap made in between is lost (the browser
    test of labels at every stage lost one that way, on a loaded machine)."""
    game_id = _saved(tmp_path, long_game)
    harness, app = table_app()
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    from companion.ui.sync_link import reconnected, route_changed

    starts: list[str] = []
    real_start = app.start
    monkeypatch.setattr(app, "start", lambda route="/": (starts.append(route), real_start(route)))
    route = f"/game/{game_id}"
    app.page.route = route
    reconnected(app)  # Flet's on_connect, then its on_route_change, before either is read
    route_changed(app, route)
    harness.until(lambda: isinstance(app.current, GameScreen))
    harness.settle()

    assert starts == [route]
