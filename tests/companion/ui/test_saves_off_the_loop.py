"""A tap on the game screen is saved on a worker thread (``TableSession.submit``): the tap's
handler returns at once, the page goes on answering, and the change shows once saved.

The other screen tests run the loop's worker inline (``flet_harness.InlineExecutor``);
this one gives the loop a real thread pool and holds the save to look at it under way."""

from __future__ import annotations

import asyncio
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet as ft
import pytest

import companion.app as app_module
from companion.app import AppConfig, make_main
from companion.store import GameStore
from companion.sync.device import Device
from companion.ui.new_game import NewGameScreen
from companion.ui.table.game_screen import GameScreen
from tests.companion.ui.conftest import AppFactory, fill_players, saved_at
from tests.companion.ui.flet_harness import Harness, unsent
from tests.companion.ui.test_games_screen import (
    in_dialog,
    open_dialogs,
    open_games,
    saved,
    type_dialog,
)

WAIT = 10.0  # seconds: a bound for a hang, not a speed


def test_a_tap_is_saved_off_the_loop_and_shown_once_saved(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
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
    harness.until(lambda: not harness.has("resolve-bait"))

    assert screen.state.phase == "adventure"
    assert harness.has("p1-room-actions-toggle")  # the Adventure's Room actions are offered
    assert not unsent(harness.page.views[-1])
    reopened = GameStore(tmp_path / "data", fsync=False).load(game_id)
    assert reopened.game.state.phase == "adventure"


def test_a_double_tap_while_the_first_is_saving_ends_the_turn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second tap is decided after the first is saved, on the screen both were made
    on: the same command from the same device on the same table is applied once."""
    data = tmp_path / "data"
    game_id = saved_at(data, "end")

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
        harness.until(lambda: "Already done" in harness.texts())

        assert f"Turn {turn + 1}" in harness.texts()
        reopened = GameStore(data, fsync=False).load(game_id).game
        assert reopened.state.turn == turn + 1 and reopened.state.phase != "end"
    finally:
        harness.close()


def _held(monkeypatch: pytest.MonkeyPatch, name: str) -> tuple[threading.Event, list[Any]]:
    """Hold ``GameStore.<name>`` on its thread until the event is set; the list gets the
    thread of each call."""
    release = threading.Event()
    threads: list[Any] = []
    real = getattr(GameStore, name)

    def held(store: GameStore, *args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        assert release.wait(WAIT), "the test never released the store"
        return real(store, *args, **kwargs)

    monkeypatch.setattr(GameStore, name, held)
    return release, threads


def _tap_meanwhile(harness: Harness, target: Any) -> asyncio.Task[Any]:
    """Tap ``target`` as the browser does: a task of its own on the loop, not awaited."""
    return harness.loop.create_task(harness.session.dispatch_event(target._i, "click", None))


def test_a_new_game_is_saved_off_the_loop_and_a_second_start_tap_saves_no_second_game(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, app = table_app(route="/new")
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=2))
    fill_players(harness)
    screen = app.current
    assert isinstance(screen, NewGameScreen)
    release, threads = _held(monkeypatch, "create")

    first = _tap_meanwhile(harness, harness.find("start-game", ft.FilledButton))
    harness.until(lambda: threads)
    assert threads[0] is not threading.current_thread()  # the file is written elsewhere
    harness.tap("player-1-treasure-mage")  # the page answers meanwhile
    assert screen.form.players[0].treasure == "mage"
    harness.tap("start-game")  # the finger again, while the first game is being saved
    assert len(threads) == 1 and harness.has("start-game")
    release.set()
    harness.until(first.done)

    assert harness.has("screen-setup")
    assert len(GameStore(tmp_path / "data", fsync=False).list_games().games) == 1


def test_a_new_game_that_cannot_be_saved_says_so_and_keeps_the_form(
    table_app: AppFactory, tmp_path: Path
) -> None:
    harness, app = table_app(route="/new")
    fill_players(harness)
    # A file where the data folder was: the new game's file cannot be written.
    shutil.rmtree(tmp_path / "data")
    (tmp_path / "data").write_text("not a folder")
    harness.tap("start-game")

    assert harness.has("start-game") and app.session is None
    said = harness.texts()
    assert "The game could not be saved, so it was not started:" in said
    assert "Not a directory" in said
    assert "Nothing saved before was changed." in said  # not "the last saved version"
    assert harness.find("player-1-name", ft.TextField).value == "Ada"
    (tmp_path / "data").unlink()
    harness.tap("start-game")  # the folder can be written again: the same form starts
    assert harness.has("screen-setup")


@pytest.mark.parametrize(
    ("method", "opener", "button", "notice"),
    [
        ("rename", "rename-{id}", "rename-save", "Renamed to “Before night”."),
        ("delete", "delete-{id}", "delete-confirm", "Deleted “Before”."),
        ("import_game", "import-game", "import-save", "Imported"),
    ],
)
def test_a_saved_games_dialog_writes_off_the_loop_once_however_often_its_button_is_tapped(
    table_app: AppFactory,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    method: str,
    opener: str,
    button: str,
    notice: str,
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1, "Before")
    exported = store.export_game(game_id)
    harness, _app = open_games(table_app)
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=2))
    harness.tap(opener.format(id=game_id))
    harness.until(lambda: open_dialogs(harness))  # the game's summary is read off the loop
    if method == "rename":
        type_dialog(harness, "rename-field", "Before night")
    if method == "import_game":
        type_dialog(harness, "import-field", exported)
    release, threads = _held(monkeypatch, method)
    target = in_dialog(harness, button)

    first = _tap_meanwhile(harness, target)
    harness.until(lambda: threads)
    assert threads[0] is not threading.current_thread()
    second = _tap_meanwhile(harness, target)  # the finger again, while the file is written
    harness.until(second.done)
    assert len(threads) == 1
    release.set()
    harness.until(first.done)

    assert notice in harness.texts()
    names = sorted(s.name for s in GameStore(tmp_path / "data", fsync=False).list_games().games)
    left = {"rename": ["Before night"], "delete": [], "import_game": ["Before", "Before"]}
    assert names == left[method]
