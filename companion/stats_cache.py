"""The facts of every saved game, replayed once per change of its log.

``saved_facts(store)`` scans the games folder (a ``stat`` per file) and returns each saved
game's ``GameFacts``. A game is replayed only when its key, (game id, time and size of its
file and of its journal: what every save changes), is not in the cache: the cache is a
pure function of the logs, kept in ``stats-cache.json`` in the data folder (and in memory
while the server runs); a lost or damaged cache file is simply computed again. A game
that cannot be read is left out and counted (``unreadable``).

This reads files and replays games: call it off the event loop (the History screen does).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from companion.stats import GameFacts, facts_of
from companion.store import GameStore
from companion.store.gamefile import BadGameFile, parse_record, read_current
from companion.store.paths import is_valid_game_id
from companion.store.storage import StoredFileError, write_atomic
from rules.models import GameSetup

CACHE_FILE = "stats-cache.json"
_lock = threading.Lock()
#: cache file -> its entries, as last read or written by this process
_memory: dict[Path, dict[str, GameFacts]] = {}


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
    return f"{game_id}:" + ":".join(str(n) for n in stamp)


def _read_cache(path: Path) -> dict[str, GameFacts]:
    if path in _memory:
        return _memory[path]
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        entries = {str(k): GameFacts.model_validate(v) for k, v in raw.items()}
    except (OSError, ValueError, AttributeError, ValidationError):
        entries = {}  # no cache yet, or a damaged one: computed again from the logs
    _memory[path] = entries
    return entries


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


def saved_facts(store: GameStore) -> SavedFacts:
    """Every saved game's facts, most recently saved first."""
    stamps = _stamps(store.layout.games)
    path = store.layout.root / CACHE_FILE
    with _lock:
        cached = _read_cache(path)
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
        if kept.keys() != cached.keys():
            _memory[path] = kept
            data = {k: v.model_dump(mode="json") for k, v in kept.items()}
            with contextlib.suppress(OSError):  # a cache: the next opening computes it again
                write_atomic(path, json.dumps(data).encode("utf-8"), fsync=False)
    out.sort(key=lambda pair: -pair[0])
    return SavedFacts(tuple(f for _, f in out), unreadable, replayed)
