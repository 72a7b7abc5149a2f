"""A game file written by a newer version of the app is left where it is (this version
cannot read it, and must not set it aside): opening it fails, and each later attempt
read the whole file again. A tab's first screen at its address read it off the loop
first, then once more on the loop when the screen was made. The store remembers it by
the file's stamp now, until the file changes."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
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


@dataclass
class Newer:
    """A saved game whose file a newer version of the app wrote, and the threads that
    read that file through the store's storage (one per reading)."""

    data: Path
    game_id: str
    path: Path
    reads: list[threading.Thread]


@pytest.fixture
def newer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Newer:
    data = tmp_path / "data"
    game_id = seed(data, 2, HOST, "From a newer app").game_id
    path = GameStore(data, fsync=False).layout.game_file(game_id)
    tables = json.loads(path.read_text())
    tables["game"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(tables))
    reads: list[threading.Thread] = []
    real = DurableJSONStorage.read

    def read(storage: DurableJSONStorage) -> object:
        if storage.path == path:
            reads.append(threading.current_thread())
        return real(storage)

    monkeypatch.setattr(DurableJSONStorage, "read", read)
    return Newer(data, game_id, path, reads)


def test_a_newer_schema_game_at_a_tabs_address_is_not_read_on_the_loop(
    newer: Newer, monkeypatch: pytest.MonkeyPatch
) -> None:

    async def host(_prefs: object, _ip: object, _save: object) -> Device:
        return Device(HOST, {}, local=True)

    monkeypatch.setattr(app_module, "load_device", host)
    harness = Harness(route=f"/game/{newer.game_id}")
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    try:
        harness.run(make_main(AppConfig(data_dir=newer.data))(harness.page))
        harness.until(lambda: not harness.has("saved-reading"))
        assert newer.reads, "the game was read"
        on_loop = [t for t in newer.reads if t is threading.main_thread()]
        assert not on_loop, f"{len(on_loop)} of {len(newer.reads)} readings on the loop"
        assert harness.page.views[-1].route == "/games"  # it says what is wrong there
        assert newer.path.exists(), "left where it is"
    finally:
        harness.close()


def test_a_newer_schema_file_is_read_once_until_it_changes(newer: Newer) -> None:
    store = GameStore(newer.data, fsync=False)
    game_id, path, reads = newer.game_id, newer.path, newer.reads
    problems = []
    for _ in range(3):
        with pytest.raises(GameUnreadable) as caught:
            store.load(game_id)
        problems.append(caught.value.problem)
    [listed] = store.list_games().problems
    assert len(reads) == 1, "read once: the other openings and the list knew it"
    assert {p.kind for p in [*problems, listed]} == {"newer_schema"}
    assert problems[0] == problems[2] == listed
    assert path.exists()
    path.write_text(path.read_text() + " ")  # changed (an update of the app wrote it)
    with pytest.raises(GameUnreadable):
        store.load(game_id)
    assert len(reads) == 2
