"""The facts of every saved game, replayed once per change of its log.

``saved_facts(store)`` lists the saved games (the store's listing: a ``stat`` per game and
its cached summary) and returns each game's ``GameFacts``. A game is replayed only when
its key, (game id, log length, time of its last save), is not in the cache: the cache is a
pure function of the logs, kept in ``stats-cache.json`` in the data folder (and in memory
while the server runs); a lost or damaged cache file is simply computed again. A game
that cannot be read is left out and counted (``unreadable``).

This reads files and replays games: call it off the event loop (the History screen does).
"""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from companion.stats import GameFacts, facts_of
from companion.store import GameStore
from companion.store.gamefile import BadGameFile, parse_record, read_current
from companion.store.records import GameSummary
from companion.store.storage import StoredFileError, write_atomic

CACHE_FILE = "stats-cache.json"
_lock = threading.Lock()
#: cache file -> its entries, as last read or written by this process
_memory: dict[Path, dict[str, GameFacts]] = {}


@dataclass(frozen=True)
class SavedFacts:
    games: tuple[GameFacts, ...]
    unreadable: int
    replayed: int  # how many games had to be replayed this time


def cache_key(summary: GameSummary) -> str:
    return f"{summary.game_id}:{summary.progress.commands}:{summary.last_played.isoformat()}"


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


def _replay(store: GameStore, summary: GameSummary) -> GameFacts | None:
    game_id = summary.game_id
    try:
        current = read_current(store.layout.game_file(game_id), store.layout.journal_file(game_id))
        record = parse_record(current.document, game_id)
    except (OSError, StoredFileError, BadGameFile, ValueError):
        return None
    return facts_of(game_id, record.name, record.setup, record.log)


def saved_facts(store: GameStore) -> SavedFacts:
    """Every saved game's facts, most recently played first."""
    listing = store.list_games()
    path = store.layout.root / CACHE_FILE
    with _lock:
        cached = _read_cache(path)
        kept: dict[str, GameFacts] = {}
        out: list[GameFacts] = []
        unreadable = len(listing.problems)
        replayed = 0
        for summary in listing.games:
            key = cache_key(summary)
            facts = cached.get(key)
            if facts is None:
                facts = _replay(store, summary)
                replayed += 1
                if facts is None:
                    unreadable += 1
                    continue
            kept[key] = facts
            out.append(facts.model_copy(update={"name": summary.name}))
        if kept.keys() != cached.keys():
            _memory[path] = kept
            data = {k: v.model_dump(mode="json") for k, v in kept.items()}
            with contextlib.suppress(OSError):  # a cache: the next opening computes it again
                write_atomic(path, json.dumps(data).encode("utf-8"), fsync=False)
    return SavedFacts(tuple(out), unreadable, replayed)
