"""The join records (one small file per game, written by this server but open to anyone
with access to the data folder) are read with a ceiling on their size, and a tab's first
screen finds them read already: the server reads them on a worker thread, so parsing
them never holds up the event loop that answers every tab."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import companion.app as app_module
from companion.app import AppConfig, make_main
from companion.sync.device import Device
from companion.sync.registry import MAX_RECORD_BYTES, AccessRegistry
from tests.companion.ui.flet_harness import Harness
from tests.e2e.sync_seed import device_id, seed

HOST = device_id(61)
PHONE = device_id(62)


def test_a_record_past_the_ceiling_is_damaged_and_the_game_gets_a_new_code(
    tmp_path: Path,
) -> None:
    registry = AccessRegistry(tmp_path, fsync=False)
    kept = registry.add_host("game-1", HOST)
    path = registry.folder / "game-1.json"
    text = path.read_text()
    path.write_text(text + " " * (MAX_RECORD_BYTES + 1 - len(text)))  # still valid JSON
    fresh = AccessRegistry(tmp_path, fsync=False)  # a new server reads it
    assert fresh.get("game-1") is None
    # Just under the ceiling, the same record is read.
    path.write_text(text + " " * (MAX_RECORD_BYTES - len(text)))
    assert AccessRegistry(tmp_path, fsync=False).get("game-1") == kept


@pytest.mark.parametrize("route", ["/", "/join?code={code}", "/game/{game}"])
def test_a_tabs_first_screen_reads_no_join_record_on_the_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, route: str
) -> None:
    data = tmp_path / "data"
    games = [seed(data, 2, HOST, f"Game {n}") for n in range(5)]
    threads: list[threading.Thread] = []
    real_read = AccessRegistry._read

    def read(registry: AccessRegistry, path: Path) -> object:
        threads.append(threading.current_thread())
        return real_read(registry, path)

    monkeypatch.setattr(AccessRegistry, "_read", read)

    async def phone(_prefs: object, _ip: object, _save: object) -> Device:
        return Device(PHONE, {}, local=False)  # a phone on the network: no record is its

    monkeypatch.setattr(app_module, "load_device", phone)
    shown = route.format(code=games[0].code, game=games[0].game_id)
    harness = Harness(route=shown)
    harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    try:
        harness.run(make_main(AppConfig(data_dir=data))(harness.page))
        harness.until(lambda: not harness.has("saved-reading"))
        assert len(threads) >= len(games)  # every record was read...
        on_loop = [t for t in threads if t is threading.main_thread()]
        assert not on_loop, f"{len(on_loop)} of {len(threads)} records read on the loop"
    finally:
        harness.close()


def test_a_damaged_record_is_read_once_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged record is no record (the game gets a new code once it is hosted again),
    and every tab that asked about the game read and parsed it again, on the loop."""
    from companion.sync import registry as registry_module

    registry = AccessRegistry(tmp_path, fsync=False)
    registry.add_host("game-1", HOST)
    path = registry.folder / "game-1.json"
    path.write_bytes(b'{"game_id": [' + b"[]," * 20_000 + b"[]]}")  # under the ceiling
    parsed: list[int] = []
    real = registry_module.parse_json

    def parse(text: str, **kw: object) -> object:
        parsed.append(len(text))
        return real(text, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(registry_module, "parse_json", parse)
    fresh = AccessRegistry(tmp_path, fsync=False)
    assert [fresh.get("game-1") for _ in range(3)] == [None, None, None]
    assert len(parsed) == 1, "read once"
    path.write_bytes(path.read_bytes() + b" ")  # changed: read again
    assert fresh.get("game-1") is None and len(parsed) == 2
