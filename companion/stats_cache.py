"""The facts of every saved game, replayed once per change of its log.

``saved_facts(store)`` scans the games folder (a ``stat`` per file) and returns each saved
game's ``GameFacts``. A game is replayed only when its key, (game id, time and size of its
file and of its journal: what every save changes), is not in the cache: the cache is a
pure function of the logs, kept in ``stats-cache.jsonl`` in the data folder (and in
memory while the server runs), a line per game replayed, appended (a save costs the
cache one line, not the whole archive written again; the file is rewritten once most of
its lines are stale); a lost or damaged cache file, or line, is simply computed again. A
game that cannot be read is left out and counted (``unreadable``).

Nor is every file looked at again when nothing in the folder changed since the last
scan: the folder's own modification time changes with every file made, replaced,
renamed or removed in it (an imported game, a game written whole, a deleted one, one
copied in by hand), and the journal lines this process appended are counted
(``companion.store.changes``). While both are as they were, the last scan's answer
stands. A folder changed within ``SETTLING`` of a scan is scanned again next time: its
time may not have moved on for a change made in the same tick of the file system's clock.

This reads files and replays games: call it off the event loop (the History screen does).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError

from companion.stats import GameFacts, facts_of
from companion.store import GameStore
from companion.store.changes import appended
from companion.store.gamefile import BadGameFile, parse_record, read_current
from companion.store.paths import is_valid_game_id
from companion.store.storage import StoredFileError, write_atomic
from rules.json_text import parse_json
from rules.models import GameSetup

#: One line per game's facts, ``{"key": ..., "facts": {...}}``, appended as games change.
CACHE_FILE = "stats-cache.jsonl"
OLD_CACHE_FILE = "stats-cache.json"
#: Stale lines the file may hold past as many as it has live ones, before it is rewritten.
STALE_LINES = 64
_lock = threading.Lock()
#: cache file -> what it holds, as last read or written by this process
_memory: dict[Path, _CacheFile] = {}
#: A folder whose time is newer than this (ns) at a scan is scanned again next time:
#: longer than a tick of any file system's clock (FAT's is 2 s).
SETTLING = 3_000_000_000


@dataclass(frozen=True)
class FolderState:
    """What a change anywhere in a games folder changes: the folder's own modification
    time and identity, and the journal lines appended by this process."""

    mtime_ns: int
    ino: int
    dev: int
    appended: int


#: games folder -> (its state at the last scan that may stand, that scan's answer)
_scanned: dict[Path, tuple[FolderState, SavedFacts]] = {}


@dataclass(frozen=True)
class SavedFacts:
    games: tuple[GameFacts, ...]
    unreadable: int
    replayed: int  # how many games had to be replayed this time


def _stamps(games: Path) -> dict[str, tuple[int, int, int, int]]:
    """game id -> (file mtime, file size, journal mtime, journal size), for every game file
    in the folder: one directory scan and a ``stat`` per file. Whatever a save changes
    (the file written whole, or a line added to its journal) changes this."""
    files: dict[str, tuple[int, int]] = {}
    journals: dict[str, tuple[int, int]] = {}
    try:
        entries = list(os.scandir(games))
    except OSError:
        return {}
    for entry in entries:
        stem, dot, suffix = entry.name.rpartition(".")
        if not dot or not is_valid_game_id(stem) or suffix not in ("json", "journal"):
            continue
        try:
            info = entry.stat()
        except OSError:
            continue
        (files if suffix == "json" else journals)[stem] = (info.st_mtime_ns, info.st_size)
    return {gid: (*stamp, *journals.get(gid, (0, 0))) for gid, stamp in files.items()}


def cache_key(game_id: str, stamp: tuple[int, int, int, int]) -> str:
    file_time, file_size, journal_time, journal_size = stamp
    return f"{game_id}:{file_time}:{file_size}:{journal_time}:{journal_size}"


@dataclass(frozen=True)
class _CacheFile:
    """The cache file as this process knows it: its entries, and how many lines it has
    (stale ones too: a game's facts under the key of an older save)."""

    entries: dict[str, GameFacts]
    lines: int


#: A line holds one game's facts: 50 KB and 5,000 values for 150 turns of six players
#: (they grow with the turns). The file lies in the data folder, open to anyone who can
#: write there: a longer line, or one of more values (``rules.json_text.too_costly``),
#: is damaged, never parsed (a parse holds up every tab while it lasts).
MAX_LINE_BYTES = 4_000_000
MAX_LINE_VALUES = 200_000


def _lines(file: BinaryIO) -> Iterator[bytes | None]:
    """The file's lines; None for each line longer than ``MAX_LINE_BYTES`` (not kept)."""
    while line := file.readline(MAX_LINE_BYTES + 1):
        if len(line) <= MAX_LINE_BYTES:
            yield line
            continue
        while line and not line.endswith(b"\n"):  # the rest of the long line
            line = file.readline(MAX_LINE_BYTES + 1)
        yield None


def _read_cache(path: Path) -> _CacheFile:
    if path in _memory:
        return _memory[path]
    entries: dict[str, GameFacts] = {}
    lines = 0
    with contextlib.suppress(OSError), open(path, "rb") as f:
        for line in _lines(f):
            lines += 1
            try:
                if line is None:
                    raise ValueError("too long")
                item: Any = parse_json(line.decode("utf-8"), max_values=MAX_LINE_VALUES)
                entries[str(item["key"])] = GameFacts.model_validate(item["facts"])
            except (ValueError, KeyError, TypeError, ValidationError):
                continue  # a damaged line (a write cut short): that game is replayed again
    _memory[path] = cache = _CacheFile(entries, lines)
    return cache


def _line(key: str, facts: GameFacts) -> bytes:
    item = {"key": key, "facts": facts.model_dump(mode="json")}
    return json.dumps(item, ensure_ascii=False).encode("utf-8") + b"\n"


def _write_cache(path: Path, cache: _CacheFile, kept: dict[str, GameFacts]) -> None:
    """Add the facts replayed now to the file: a line each, appended; the file is written
    whole again (only ``kept``) once most of its lines are stale."""
    new = [(k, f) for k, f in kept.items() if k not in cache.entries]
    entries, lines = {**cache.entries, **kept}, cache.lines + len(new)
    try:
        if lines > 2 * len(kept) + STALE_LINES:
            write_atomic(path, b"".join(_line(k, f) for k, f in kept.items()), fsync=False)
            entries, lines = dict(kept), len(kept)
            with contextlib.suppress(OSError):
                (path.parent / OLD_CACHE_FILE).unlink()  # the whole-file format before
        elif new:
            with open(path, "ab") as f:
                f.write(b"".join(_line(k, f) for k, f in new))
    except OSError:
        pass  # a cache: what is not written is replayed again next time
    _memory[path] = _CacheFile(entries, lines)


class _SquadGame(Exception):
    """A game of the squad game (rulebook 004): its numbers are not Boss Monster's."""


def _replay(store: GameStore, game_id: str) -> GameFacts | None:
    """The facts of a saved Boss Monster game; None when it can't be read."""
    try:
        current = read_current(store.layout.game_file(game_id), store.layout.journal_file(game_id))
        record = parse_record(current.document, game_id)
    except (OSError, StoredFileError, BadGameFile, ValueError):
        return None
    if not isinstance(record.setup, GameSetup):
        raise _SquadGame(game_id)
    return facts_of(game_id, record.name, record.setup, record.log)


def folder_state(games: Path) -> tuple[FolderState | None, bool]:
    """The folder's state now, and whether it is settled (changed long enough ago that
    any later change moves its time on)."""
    count = appended()  # before the folder is looked at: a line appended after counts
    try:
        info = os.stat(games)
    except OSError:
        return None, False
    state = FolderState(info.st_mtime_ns, info.st_ino, info.st_dev, count)
    return state, time.time_ns() - info.st_mtime_ns > SETTLING


def saved_facts(store: GameStore) -> SavedFacts:
    """Every saved game's facts, most recently saved first."""
    games = store.layout.games
    state, settled = folder_state(games)
    last = _scanned.get(games)
    if last is not None and state is not None and last[0] == state:
        return replace(last[1], replayed=0)  # nothing in the folder changed since
    found = _scan(store)
    if state is not None and settled:
        _scanned[games] = (state, found)
    else:
        _scanned.pop(games, None)
    return found


def _scan(store: GameStore) -> SavedFacts:
    stamps = _stamps(store.layout.games)
    path = store.layout.root / CACHE_FILE
    with _lock:
        cache = _read_cache(path)
        cached = cache.entries
        kept: dict[str, GameFacts] = {}
        out: list[tuple[int, GameFacts]] = []
        unreadable = replayed = 0
        for game_id, stamp in stamps.items():
            key = cache_key(game_id, stamp)
            facts = cached.get(key)
            if facts is None:
                try:
                    facts = _replay(store, game_id)
                except _SquadGame:
                    continue  # History counts Boss Monster games only
                replayed += 1
                if facts is None:
                    unreadable += 1
                    continue
            kept[key] = facts
            out.append((max(stamp[0], stamp[2]), facts))
        if replayed:
            _write_cache(path, cache, kept)
    out.sort(key=lambda pair: -pair[0])
    return SavedFacts(tuple(f for _, f in out), unreadable, replayed)
