"""A game file written by a newer version of the app is left where it is (this version
cannot read it, and must not set it aside): opening it fails, and each later attempt
read the whole file again. A tab's first screen at its address read it off the loop
first, then once more on the loop when the screen was made. The store remembers it by
the file's stamp now, until the file changes."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import companion.app as app_module
from companion.app import AppConfig, make_main
from companion.store import GameStore, GameUnreadable
from companion.store.records import SCHEMA_VERSION
from companion.store.storage import DurableJSONStorage
from companion.sync.device import Device
from tests.companion.ui.flet_harness import Harness
from tests.e2e.sync_seed import device_id, seed

HOST = device_id(63)


def _newer(data: Path, game_id: str) -> Path:
    path = GameStore(data, fsync=False).layout.game_file(game_id)
    tables = json.loads(path.read_text())
    tables["game"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(tables))
    return path


def _reads_of(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[threading.Thread]:
    """The threads that read ``path`` through the store's storage, one per reading."""
    threads: list[threading.Thread] = []
    real = DurableJSONStorage.read

    def read(storage: DurableJSONStorage) -> object:
        if storage.path == path:
            threads.append(threading.current_thread())
        return real(storage)

    monkeypatch.setattr(DurableJSONStorage, "read", read)
    return threads


def test_a_newer_schema_game_at_a_tabs_address_is_not_read_on_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    game = seed(data, 2, HOST, "From a newer app")
    path = _newer(data, game.game_id)
    reads = _reads_of(path, monkeypatch)

    async def host(_prefs: object, _ip: object, _save: object) -> Device:
        return Device(HOST, {}, local=True)

    monkeypatch.setattr(app_module, "load_device", host)
    harness = Harness(route=f"/game/{game.game_id}")
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    try:
        harness.run(make_main(AppConfig(data_dir=data))(harness.page))
        harness.until(lambda: not harness.has("saved-reading"))
        assert reads, "the game was read"
        on_loop = [t for t in reads if t is threading.main_thread()]
        assert not on_loop, f"{len(on_loop)} of {len(reads)} readings on the loop"
        assert harness.page.views[-1].route == "/games"  # it says what is wrong there
        assert path.exists(), "left where it is"
    finally:
        harness.close()


def test_a_newer_schema_file_is_read_once_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    game = seed(data, 2, HOST, "From a newer app")
    path = _newer(data, game.game_id)
    reads = _reads_of(path, monkeypatch)
    store = GameStore(data, fsync=False)
    problems = []
    for _ in range(3):
        with pytest.raises(GameUnreadable) as caught:
            store.load(game.game_id)
        problems.append(caught.value.problem)
    [listed] = store.list_games().problems
    assert len(reads) == 1, "read once: the other openings and the list knew it"
    assert {p.kind for p in [*problems, listed]} == {"newer_schema"}
    assert problems[0] == problems[2] == listed
    assert path.exists()
    path.write_text(path.read_text() + " ")  # changed (an update of the app wrote it)
    with pytest.raises(GameUnreadable):
        store.load(game.game_id)
    assert len(reads) == 2
