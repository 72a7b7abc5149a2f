"""The History's facts stay those of the saved logs whatever changes in the games folder,
though a folder in which nothing changed is not looked at file by file again."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import stats_cache
from companion.stats import GameFacts, facts_of
from companion.stats_cache import saved_facts
from companion.store import GameStore
from rules.game import Game
from tests.companion.test_stats import one_turn

LONG_AGO = 60 * 1_000_000_000  # ns


def played(store: GameStore, name: str, moves: int) -> tuple[str, Game]:
    """A game saved by ``store`` ``moves`` commands into ``one_turn``."""
    setup, log = one_turn()
    game_id = store.create(setup, name).game_id
    game = Game.new(setup)
    for command in log[:moves]:
        game, _ = game.play(command)
    store.save(game_id, game)
    return game_id, game


def replayed_now(store: GameStore) -> dict[str, GameFacts]:
    """Every saved game's facts, from its log replayed here (no cache)."""
    out = {}
    for summary in store.list_games().games:
        game = store.load(summary.game_id).game
        assert isinstance(game, Game)  # Boss Monster games only here
        out[summary.game_id] = facts_of(summary.game_id, summary.name, game.setup, game.log)
    return out


def counted(store: GameStore) -> dict[str, GameFacts]:
    return {f.game_id: f for f in saved_facts(store).games}


def settle(store: GameStore) -> None:
    """The folder as after an evening: its last change a minute ago."""
    then = time.time_ns() - LONG_AGO
    os.utime(store.layout.games, ns=(then, then))


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    stats_cache._scanned.clear()
    return GameStore(tmp_path / "here", fsync=False)


def test_a_folder_where_nothing_changed_is_not_scanned_again(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    played(store, "Friday", 8)
    played(store, "Saturday", 4)
    settle(store)
    first = counted(store)
    assert first == replayed_now(store)

    def no_scan(_store: GameStore) -> None:
        raise AssertionError("the folder was scanned file by file")

    monkeypatch.setattr(stats_cache, "_scan", no_scan)
    assert counted(store) == first


def append_a_line(store: GameStore, tmp_path: Path) -> None:
    """A game played on by one command: one line added to its journal, which exists
    already (the folder's time does not change)."""
    _setup, log = one_turn()
    game_id, game = played(store, "Sunday", 5)
    on, _ = game.play(log[5])  # the Bait
    store.save(game_id, on, after=game)  # the journal's first line: a new file
    settle(store)
    saved_facts(store)
    journal = store.layout.journal_file(game_id)
    size = journal.stat().st_size
    store.save(game_id, on.play(log[6])[0], after=on)  # the Adventure: the Pit kills
    assert journal.stat().st_size > size


def write_whole(store: GameStore, tmp_path: Path) -> None:
    game_id = store.list_games().games[0].game_id
    setup, log = one_turn()
    game = Game.new(setup)
    for command in log:
        game, _ = game.play(command)
    store.save(game_id, game)


def import_one(store: GameStore, tmp_path: Path) -> None:
    """Exported on another device and imported here, by another store (the command line)."""
    other = GameStore(tmp_path / "there", fsync=False)
    game_id, _ = played(other, "At Bob's", 8)
    GameStore(store.layout.root, fsync=False).import_game(other.export_game(game_id))


def copy_by_hand(store: GameStore, tmp_path: Path) -> None:
    """A game file copied from another device's data folder into this one."""
    other = GameStore(tmp_path / "there", fsync=False)
    game_id, _ = played(other, "At Bob's", 8)
    shutil.copy(other.layout.game_file(game_id), store.layout.games)


def delete_one(store: GameStore, tmp_path: Path) -> None:
    store.delete(store.list_games().games[0].game_id, confirmed=True)


def rename_one(store: GameStore, tmp_path: Path) -> None:
    store.rename(store.list_games().games[0].game_id, "Game night")


@pytest.mark.parametrize(
    "change",
    [append_a_line, write_whole, import_one, copy_by_hand, delete_one, rename_one],
)
def test_every_change_in_the_folder_is_counted(
    store: GameStore, tmp_path: Path, change: Callable[[GameStore, Path], None]
) -> None:
    played(store, "Friday", 8)
    played(store, "Saturday", 4)
    settle(store)
    before = counted(store)
    change(store, tmp_path)
    after = counted(store)
    assert after == replayed_now(store)
    assert after != before


def test_a_folder_counted_just_after_a_change_is_looked_at_again(store: GameStore) -> None:
    """A file system's clock moves in ticks: a folder counted just after a change may be
    changed again without its time moving on, so that count does not stand. (Here a
    game file is overwritten in place, by another hand: nothing the app does.)"""
    played(store, "Friday", 8)
    game_id, _ = played(store, "Saturday", 8)
    file = store.layout.game_file(game_id)
    longer = file.read_bytes()
    setup, log = one_turn()
    game = Game.new(setup)
    for command in log[:4]:
        game, _ = game.play(command)
    store.save(game_id, game)  # Saturday taken back to its fourth command
    before = counted(store)
    with open(file, "r+b") as f:
        f.truncate()
        f.write(longer)
    after = counted(store)
    assert after == replayed_now(store) and after != before


def cold(store: GameStore) -> None:
    """As a new process: nothing of the cache in memory (its file stays)."""
    stats_cache._scanned.clear()
    stats_cache._memory.clear()


def test_a_save_adds_one_line_to_the_cache_file_and_stale_lines_are_dropped(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_cache, "STALE_LINES", 2)
    friday, _ = played(store, "Friday", 8)
    played(store, "Saturday", 4)
    cache = store.layout.root / stats_cache.CACHE_FILE
    saved_facts(store)
    assert len(cache.read_bytes().splitlines()) == 2
    store.rename(friday, "Friday night")  # Friday's facts are replayed: one line more
    saved_facts(store)
    assert len(cache.read_bytes().splitlines()) == 3
    for n in range(6):
        store.rename(friday, f"Friday {n}")
        saved_facts(store)
        # Never more than twice the games' lines, plus the few stale ones allowed.
        assert len(cache.read_bytes().splitlines()) <= 2 * 2 + 2
    cold(store)
    assert counted(store) == replayed_now(store)
    assert saved_facts(store).replayed == 0


def test_a_damaged_line_of_the_cache_file_only_costs_a_replay(store: GameStore) -> None:
    played(store, "Friday", 8)
    played(store, "Saturday", 4)
    saved_facts(store)
    cache = store.layout.root / stats_cache.CACHE_FILE
    first, second = cache.read_bytes().splitlines()
    cache.write_bytes(first[: len(first) // 2] + b"\n" + second + b"\n")  # cut short
    cold(store)
    found = saved_facts(store)
    assert found.replayed == 1
    assert {f.game_id: f for f in found.games} == replayed_now(store)


@pytest.mark.parametrize(
    "hostile",
    [b"[" * 200_000, b"[" + b"[]," * 300_000 + b"[]]", b'{"key": "' + b"x" * 5_000_000 + b'"}'],
    ids=["deep-nesting", "many-values", "a-line-past-the-ceiling"],
)
def test_a_hostile_line_of_the_cache_file_only_costs_a_replay(
    store: GameStore, hostile: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache is a file in the data folder: a line nested thousands deep raised out of
    the History screen's counting, and a line of any length was parsed whole (a parse
    holds up every tab). Each is a damaged line: that game is replayed again."""
    played(store, "Friday", 8)
    played(store, "Saturday", 4)
    saved_facts(store)
    cache = store.layout.root / stats_cache.CACHE_FILE
    _first, second = cache.read_bytes().splitlines()
    cache.write_bytes(hostile + b"\n" + second + b"\n")
    cold(store)
    parsed: list[int] = []  # the length of each text parsed
    real = json.loads
    monkeypatch.setattr(
        json, "loads", lambda text, **kw: (parsed.append(len(text)), real(text, **kw))[1]
    )
    found = saved_facts(store)
    assert max(parsed) < 100_000, "the hostile line was parsed"
    assert found.replayed == 1
    assert {f.game_id: f for f in found.games} == replayed_now(store)
