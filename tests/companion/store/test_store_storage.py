"""The durable TinyDB storage on its own: atomic writes, batches, temp-file sweeping."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tinydb import TinyDB

from companion.store.storage import (
    DurableJSONStorage,
    StoredFileError,
    sweep_temp_files,
    write_atomic,
)


def test_tinydb_on_durable_storage_reads_back_what_it_wrote(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    with TinyDB(path, storage=DurableJSONStorage) as db:
        db.table("things").insert({"name": "Room", "damage": 2})
    with TinyDB(path, storage=DurableJSONStorage) as db:
        assert db.table("things").all() == [{"name": "Room", "damage": 2}]


def test_batch_makes_several_operations_one_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=DurableJSONStorage)
    storage: DurableJSONStorage = db.storage  # type: ignore[assignment]
    writes: list[bytes] = []
    real = write_atomic

    def counting(target: Path, data: bytes, **kwargs: object) -> object:
        writes.append(data)
        return real(target, data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("companion.store.storage.write_atomic", counting)
    with storage.batch():
        db.table("a").insert({"x": 1})
        db.table("b").insert({"y": 2})
        db.table("a").update({"x": 3})
    assert len(writes) == 1
    assert TinyDB(path, storage=DurableJSONStorage).table("a").all() == [{"x": 3}]


def test_failed_batch_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=DurableJSONStorage)
    db.table("a").insert({"x": 1})
    before = path.read_bytes()
    storage: DurableJSONStorage = db.storage  # type: ignore[assignment]
    with pytest.raises(RuntimeError), storage.batch():
        db.table("a").insert({"x": 2})
        raise RuntimeError("changed my mind")
    assert path.read_bytes() == before


def test_reading_a_cut_file_says_truncated_and_where(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    path.write_text('{"game": {"1": {"log": [1, 2')
    with pytest.raises(StoredFileError) as caught:
        DurableJSONStorage(path).read()
    assert caught.value.kind == "truncated" and caught.value.path == path


def test_missing_file_is_an_empty_database(tmp_path: Path) -> None:
    assert DurableJSONStorage(tmp_path / "new.json").read() is None


def test_temp_files_of_dead_writers_are_swept(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead_pid = int(dead.stdout)
    orphan = tmp_path / f".g-1.json.{dead_pid}.abcd.tmp"
    mine = tmp_path / f".g-1.json.{os.getpid()}.abcd.tmp"
    game = tmp_path / "g-1.json"
    for p in (orphan, mine, game):
        p.write_text("{}")
    assert sweep_temp_files(tmp_path) == 1
    assert not orphan.exists() and mine.exists() and game.exists()
    an_hour_ago = os.path.getmtime(mine) - 3600
    os.utime(mine, (an_hour_ago, an_hour_ago))  # even a live writer's file, once stale
    assert sweep_temp_files(tmp_path) == 1
    assert not mine.exists()
