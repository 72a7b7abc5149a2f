"""A tap on the game screen is saved on a worker thread (``TableSession.submit``): the tap's
handler returns at once, the page goes on answering, and the change shows once saved.

The other screen tests run the loop's worker inline (``flet_harness.InlineExecutor``);
this one gives the loop a real thread pool and holds the save to look at it under way."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from companion.store import GameStore
from companion.ui.table.game_screen import GameScreen
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness, unsent
from tests.companion.ui.test_panel_memo import _saved_at

WAIT = 10.0  # seconds: a bound for a hang, not a speed


def _until(harness: Harness, done: Any) -> None:
    """Turn the harness's loop until ``done()`` (the worker thread answers meanwhile)."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "the tap was never answered"
        harness.run(asyncio.sleep(0.001))


def test_a_tap_is_saved_off_the_loop_and_shown_once_saved(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = _saved_at(tmp_path / "data", "bait")
    harness, app = table_app(route=f"/game/{game_id}")
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    screen = app.current
    assert isinstance(screen, GameScreen)

    release = threading.Event()
    threads: list[threading.Thread] = []
    real_save = GameStore.save

    def held_save(store: GameStore, *args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        assert release.wait(WAIT), "the test never released the save"
        return real_save(store, *args, **kwargs)

    monkeypatch.setattr(GameStore, "save", held_save)
    loop_thread = threading.current_thread()

    harness.tap("resolve-bait")  # returns while the save is held: the loop is not

    assert len(threads) == 1 and threads[0] is not loop_thread
    assert screen.state.phase == "bait" and harness.has("resolve-bait")
    harness.tap("tab-score")  # the page answers meanwhile
    harness.tap("tab-play")
    release.set()
    _until(harness, lambda: not harness.has("resolve-bait"))

    assert screen.state.phase == "adventure"
    assert harness.has("p1-room-1-destroy")  # the Adventure's Room actions are shown
    assert not unsent(harness.page.views[-1])
    reopened = GameStore(tmp_path / "data", fsync=False).load(game_id)
    assert reopened.game.state.phase == "adventure"
