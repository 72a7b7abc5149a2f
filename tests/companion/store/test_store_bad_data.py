"""Damaged, hand-edited, newer, missing, read-only and full: the store reports, sets the
damaged file aside untouched, offers a backup, and every other game keeps working."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sample_play import command_stream, sample_setup

from companion.store import GameStore, GameUnreadable, NoBackup, SaveFailed
from companion.store import storage as storage_module
from rules.commands import EndTurn
from rules.game import Game


def play_and_save(store: GameStore, saves: int = 5) -> tuple[str, list[Game]]:
    """A game saved after each of ``saves`` commands; returns every saved version."""
    game = Game.new(sample_setup())
    game_id = store.create(game.setup).game_id
    versions = []
    for _ in range(saves):
        game, _command = command_stream(game)
        store.save(game_id, game)
        versions.append(game)
    return game_id, versions


def edit_document(store: GameStore, game_id: str, change: Callable[[dict[str, Any]], None]) -> None:
    path = store.layout.game_file(game_id)
    data = json.loads(path.read_text())
    change(data["game"]["1"])
    path.write_text(json.dumps(data))


def quarantined(store: GameStore) -> list[Path]:
    return sorted(store.layout.quarantine.iterdir())


def no_temp_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    ("damage", "kind"),
    [
        (lambda raw: raw[: len(raw) // 2], "truncated"),
        (lambda raw: b"", "truncated"),
        (lambda raw: raw[:100] + b"\x00garbage}{" + raw[110:], "corrupt"),
        (lambda raw: b"\xff\xfe" + raw, "corrupt"),
        (lambda raw: b'["not", "tables"]', "corrupt"),
    ],
    ids=["cut-in-half", "empty", "garbage-inside", "not-utf8", "not-a-database"],
)
def test_damaged_file_is_quarantined_untouched_and_backup_restores(
    store: GameStore, damage: Callable[[bytes], bytes], kind: str
) -> None:
    game_id, versions = play_and_save(store)
    other_id, others = play_and_save(store, 2)
    path = store.layout.game_file(game_id)
    broken = damage(path.read_bytes())
    path.write_bytes(broken)

    listing = store.list_games()
    assert [s.game_id for s in listing.games] == [other_id]
    [listed] = listing.problems
    assert listed.kind == kind and listed.game_id == game_id and listed.backup_available

    with pytest.raises(GameUnreadable) as caught:
        store.load(game_id)
    problem = caught.value.problem
    assert problem.kind == kind
    assert problem.path == str(path)
    assert str(path) in problem.message and problem.backup_available
    assert not path.exists()
    [kept] = quarantined(store)
    assert kept.read_bytes() == broken and problem.quarantined_to == str(kept)

    # The list still offers the game (its backups), and the other game is untouched.
    assert [p.kind for p in store.list_games().problems] == ["missing"]
    assert store.load(other_id).game.log == others[-1].log

    restored = store.restore_backup(game_id)
    assert restored.game.log == versions[-2].log  # the save before the damaged one
    assert restored.problems == ()
    assert {s.game_id for s in store.list_games().games} == {game_id, other_id}
    assert quarantined(store) == [kept]


def test_hand_edited_record_names_the_bad_field(store: GameStore) -> None:
    game_id, _ = play_and_save(store)

    def change(doc: dict[str, Any]) -> None:
        doc["log"][2]["room"]["damage"] = -3
        del doc["created"]

    edit_document(store, game_id, change)
    with pytest.raises(GameUnreadable) as caught:
        store.load(game_id)
    problem = caught.value.problem
    assert problem.kind == "invalid_record"
    locs = {e.loc for e in problem.field_errors}
    assert "log[2].build_room.room.damage" in locs
    assert "created" in locs
    assert "log[2].build_room.room.damage" in problem.message
    assert problem.quarantined_to is not None and problem.backup_available


def test_file_claiming_another_game_id_is_refused(store: GameStore) -> None:
    game_id, _ = play_and_save(store, 1)
    edit_document(store, game_id, lambda doc: doc.update(game_id="someone-else"))
    with pytest.raises(GameUnreadable) as caught:
        store.load(game_id)
    assert [e.loc for e in caught.value.problem.field_errors] == ["game_id"]


def test_newer_schema_is_reported_and_never_overwritten(store: GameStore) -> None:
    game_id, versions = play_and_save(store, 2)
    edit_document(store, game_id, lambda doc: doc.update(schema_version=99, future="x"))
    path = store.layout.game_file(game_id)
    before = path.read_bytes()

    with pytest.raises(GameUnreadable) as caught:
        store.load(game_id)
    assert caught.value.problem.kind == "newer_schema"
    assert "newer version" in caught.value.problem.message
    assert [p.kind for p in store.list_games().problems] == ["newer_schema"]

    with pytest.raises(SaveFailed) as failed:
        store.save(game_id, versions[-1])
    assert failed.value.reason == "newer_schema"
    assert path.read_bytes() == before
    assert quarantined(store) == []


def test_missing_data_folder_is_created(tmp_path: Path) -> None:
    root = tmp_path / "not" / "yet" / "there"
    store = GameStore(root)
    assert store.startup_problems == ()
    assert store.list_games().games == ()
    game_id = store.create(sample_setup()).game_id
    assert store.layout.game_file(game_id).parent == root / "games"


def test_folder_removed_while_running_is_recreated_on_save(store: GameStore) -> None:
    game_id, versions = play_and_save(store, 1)
    for path in store.layout.games.iterdir():
        path.unlink()
    store.layout.games.rmdir()
    store.save(game_id, versions[-1])
    assert store.load(game_id).game.log == versions[-1].log


def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test runs as root, which chmod cannot stop: fake the OS refusing to create files."""

    def refuse(path: Path) -> int:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(storage_module, "_create_temp", refuse)


def test_read_only_folder_at_start_is_reported_and_games_still_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writable = GameStore(tmp_path / "data")
    game_id, versions = play_and_save(writable, 3)
    read_only(monkeypatch)
    store = GameStore(tmp_path / "data")
    [problem] = store.startup_problems
    assert problem.kind == "data_dir" and str(tmp_path / "data") in problem.message
    assert not store.writable
    assert [s.game_id for s in store.list_games().games] == [game_id]
    assert store.load(game_id).game.log == versions[-1].log


def test_save_on_read_only_disk_fails_clearly_and_keeps_the_file(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, versions = play_and_save(store, 3)
    path = store.layout.game_file(game_id)
    before = path.read_bytes()
    read_only(monkeypatch)
    newer, _command = command_stream(versions[-1])
    with pytest.raises(SaveFailed) as failed:
        store.save(game_id, newer)
    assert failed.value.reason == "read_only"
    assert "read-only" in str(failed.value) and str(path) in str(failed.value)
    assert "Nothing saved before was changed" in str(failed.value)
    assert path.read_bytes() == before


def test_full_disk_fails_the_save_and_keeps_the_previous_file(
    store: GameStore, reopen: Callable[[], GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, versions = play_and_save(store, 3)
    path = store.layout.game_file(game_id)
    before = path.read_bytes()
    backups_before = [p.read_bytes() for p in sorted(store.layout.backups.iterdir())]
    real_write = storage_module._write_fully

    def fill_up(fd: int, data: bytes) -> None:
        real_write(fd, data[: len(data) // 3])  # part of it lands, then the disk is full
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage_module, "_write_fully", fill_up)
    newer, _command = command_stream(versions[-1])
    with pytest.raises(SaveFailed) as failed:
        store.save(game_id, newer)
    assert failed.value.reason == "disk_full"
    assert "disk is full" in str(failed.value)
    assert path.read_bytes() == before
    assert [p.read_bytes() for p in sorted(store.layout.backups.iterdir())] == backups_before
    assert no_temp_files(store.layout.games)
    assert reopen().load(game_id).game.log == versions[-1].log

    monkeypatch.undo()  # space freed: the same save now goes through
    store.save(game_id, newer)
    assert reopen().load(game_id).game.log == newer.log


def test_log_that_no_longer_replays_opens_at_the_last_good_state(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, versions = play_and_save(store, 6)
    # As if the rules changed: command 4 is no longer allowed where it stands.
    edit_document(store, game_id, lambda doc: doc["log"].insert(3, {"type": "end_turn"}))
    path = store.layout.game_file(game_id)
    before = path.read_bytes()

    loaded = reopen().load(game_id)
    [problem] = loaded.problems
    assert problem.kind == "replay_failed"
    assert problem.failed_command is not None
    assert problem.failed_command.index == 3
    assert problem.failed_command.type == EndTurn().type
    assert problem.failed_command.rule == "R-PHASE"
    assert "command 4 (end_turn)" in problem.message and "R-PHASE" in problem.message
    assert loaded.game.log == versions[2].log
    assert loaded.game.state == versions[2].state
    # The original, with the commands that no longer replay, is kept aside untouched.
    assert path.read_bytes() == before
    assert problem.quarantined_to is not None
    assert Path(problem.quarantined_to).read_bytes() == before


def test_rules_drift_is_reported_when_the_saved_summary_differs(store: GameStore) -> None:
    game_id, versions = play_and_save(store, 4)
    edit_document(store, game_id, lambda doc: doc["progress"].update(turn=7))
    loaded = store.load(game_id)
    assert [p.kind for p in loaded.problems] == ["rules_drift"]
    assert "turn: saved 7" in loaded.problems[0].message
    assert loaded.game.state == versions[-1].state


def test_restore_replaces_a_good_file_only_after_setting_it_aside(store: GameStore) -> None:
    game_id, versions = play_and_save(store, 4)
    current = store.layout.game_file(game_id).read_bytes()
    restored = store.restore_backup(game_id, generation=2)
    assert restored.game.log == versions[-3].log
    [kept] = quarantined(store)
    assert kept.read_bytes() == current and "replaced-by-backup" in kept.name


def test_no_usable_backup_is_a_clear_error(store: GameStore) -> None:
    game_id = store.create(sample_setup()).game_id
    with pytest.raises(NoBackup, match=game_id):
        store.restore_backup(game_id)


def test_damaged_backups_are_skipped_when_restoring(store: GameStore) -> None:
    game_id, versions = play_and_save(store, 5)
    store.layout.backup_file(game_id, 1).write_bytes(b'{"game": {"1": {"schema_ver')
    infos = store.backups(game_id)
    assert [(b.generation, b.usable) for b in infos] == [(1, False), (2, True), (3, True)]
    assert infos[0].problem is not None and infos[0].problem.kind == "truncated"
    assert store.restore_backup(game_id).game.log == versions[-3].log


def test_unreadable_file_is_reported_not_moved(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = play_and_save(store, 1)
    real_open = open

    def deny(file: Any, *args: Any, **kwargs: Any) -> Any:
        if str(file).endswith(f"{game_id}.json"):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", deny)
    with pytest.raises(GameUnreadable) as caught:
        store.load(game_id)
    assert caught.value.problem.kind == "unreadable"
    assert "Permission denied" in caught.value.problem.message
    monkeypatch.undo()
    assert store.layout.game_file(game_id).exists()
    assert quarantined(store) == []


def test_saving_over_a_damaged_file_sets_it_aside_first(store: GameStore) -> None:
    game_id, versions = play_and_save(store, 2)
    path = store.layout.game_file(game_id)
    path.write_bytes(b"{ broken")
    store.save(game_id, versions[-1])
    assert store.load(game_id).game.log == versions[-1].log
    [kept] = quarantined(store)
    assert kept.read_bytes() == b"{ broken"
