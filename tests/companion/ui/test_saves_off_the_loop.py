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

import companion.app as app_module
from companion.app import AppConfig, make_main
from companion.store import GameStore
from companion.sync.device import Device
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


def test_a_double_tap_while_the_first_is_saving_ends_the_turn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second tap is decided after the first is saved, on the screen both were made
    on: the same command from the same device on the same table is applied once."""
    data = tmp_path / "data"
    game_id = _saved_at(data, "end")

    async def as_host(_prefs: object, _ip: object, _save: object) -> Device:
        return Device("host-device-0000000", {}, local=True)

    monkeypatch.setattr(app_module, "load_device", as_host)
    harness = Harness(route=f"/game/{game_id}")
    try:
        harness.run(make_main(AppConfig(data_dir=data))(harness.page))
        harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
        turn = GameStore(data, fsync=False).load(game_id).game.state.turn

        release = threading.Event()
        real_save = GameStore.save

        def held_save(store: GameStore, *args: Any, **kwargs: Any) -> Any:
            assert release.wait(WAIT), "the test never released the save"
            return real_save(store, *args, **kwargs)

        monkeypatch.setattr(GameStore, "save", held_save)
        harness.tap("end-turn")
        harness.tap("end-turn")  # the finger again, before the first tap's answer
        release.set()
        _until(harness, lambda: "Already done" in harness.texts())

        assert f"Turn {turn + 1}" in harness.texts()
        reopened = GameStore(data, fsync=False).load(game_id).game
        assert reopened.state.turn == turn + 1 and reopened.state.phase != "end"
    finally:
        harness.close()
