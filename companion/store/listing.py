"""The saved-games list, fast with thousands of games.

Each game file carries its own small ``progress`` summary, so the list never replays a
game. Summaries are cached in ``index.json`` keyed by each file's stamp (mtime, size,
inode): listing 1,000 games costs 1,000 ``stat`` calls plus reading only the files that
changed since the last listing. A game's journal (the changes saved since its file was
last written whole) has the newest progress: its last line is read when the journal
changed, and kept in memory only (a journal is emptied whenever its file is rewritten).
Saves never touch the index (that would make every save pay for the whole archive); the
cache is refreshed by the next listing. The index is only a cache: if it is lost or
damaged it is rebuilt from the game files.
"""

from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from tinydb import TinyDB

from companion.store.gamefile import BadGameFile, parse_listing, problem_for, read_document
from companion.store.journal import read_journal
from companion.store.paths import StoreLayout, is_valid_game_id
from companion.store.problems import StoreProblem
from companion.store.records import GameSummary
from companion.store.storage import DurableJSONStorage, FileStamp, StoredFileError

INDEX_TABLE = "games"
#: The index holds about 40 values a game: room for 25,000 games (a file past it is
#: a damaged cache, rebuilt from the games).
MAX_INDEX_VALUES = 1_000_000


@dataclass(frozen=True)
class Listing:
    """Saved games, most recently played first, and the files that could not be listed."""

    games: tuple[GameSummary, ...]
    problems: tuple[StoreProblem, ...]


class ListingIndex:
    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._entries: dict[str, tuple[FileStamp, GameSummary]] | None = None
        #: game id -> (journal stamp, the summary its last line gives; None: no good line)
        self._journals: dict[str, tuple[FileStamp, GameSummary | None]] = {}
        #: game id -> (file stamp, whether it had a backup, what is wrong with it): a
        #: damaged file is read once, not at every listing, until it changes.
        self._damaged: dict[str, tuple[FileStamp, bool, StoreProblem]] = {}
        self._unsaved = False
        # Saves (remember) may run in other threads while a listing is being made.
        self._lock = threading.RLock()

    # --- kept in step by the store ------------------------------------------------------

    def remember(self, game_id: str, stamp: FileStamp | None, summary: GameSummary) -> None:
        with self._lock:
            entries = self._load()
            if stamp is not None:
                entries[game_id] = (stamp, summary)
                self._unsaved = True

    def remember_journal(self, game_id: str, stamp: FileStamp | None, summary: GameSummary) -> None:
        """The game's journal now has ``stamp`` and gives ``summary`` (None: emptied)."""
        with self._lock:
            if stamp is None:
                self._journals.pop(game_id, None)
            else:
                self._journals[game_id] = (stamp, summary)

    def known_problem(
        self, game_id: str, stamp: FileStamp | None, backup: bool
    ) -> StoreProblem | None:
        """What was wrong with the game's file when it had ``stamp`` (and a backup, or
        not), if it was read so and found unreadable: it is not read again."""
        with self._lock:
            known = self._damaged.get(game_id)
            return known[2] if known is not None and known[:2] == (stamp, backup) else None

    def remember_problem(
        self, game_id: str, stamp: FileStamp | None, backup: bool, problem: StoreProblem
    ) -> None:
        """The game's file, as of ``stamp``, is unreadable for ``problem``."""
        if stamp is None:
            return
        with self._lock:
            self._damaged[game_id] = (stamp, backup, problem)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._journals.pop(game_id, None)
            self._damaged.pop(game_id, None)
            if self._load().pop(game_id, None) is not None:
                self._unsaved = True

    # --- listing ------------------------------------------------------------------------

    def scan(self, has_backup: set[str]) -> Listing:
        with self._lock:
            return self._scan(has_backup)

    def _scan(self, has_backup: set[str]) -> Listing:
        entries = self._load()
        games: list[GameSummary] = []
        problems: list[StoreProblem] = []
        present: set[str] = set()
        try:
            files = list(os.scandir(self.layout.games))
        except FileNotFoundError:
            files = []
        except OSError as e:
            problem = StoreProblem(
                kind="data_dir",
                message=f"The saved-games folder {self.layout.games} cannot be read: "
                f"{e.strerror or e}.",
                path=str(self.layout.games),
            )
            return Listing((), (problem,))
        for entry in files:
            name = entry.name
            if not name.endswith(".json") or name.startswith("."):
                continue
            game_id = name[: -len(".json")]
            if not is_valid_game_id(game_id):
                continue
            present.add(game_id)
            path = Path(entry.path)
            stamp: FileStamp | None = None
            backup = game_id in has_backup
            try:
                st = entry.stat()
                stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
                cached = entries.get(game_id)
                if cached is not None and cached[0] == stamp:
                    games.append(self._with_journal(game_id, cached[1]))
                    continue
                known = self.known_problem(game_id, stamp, backup)
                if known is not None:
                    problems.append(known)
                    continue
                document, read_stamp = read_document(path)
                summary = GameSummary.of(parse_listing(document, game_id))
            except (OSError, StoredFileError, BadGameFile) as e:
                entries.pop(game_id, None)
                problem = problem_for(e, game_id=game_id, path=path, backup_available=backup)
                self.remember_problem(game_id, stamp, backup, problem)
                problems.append(problem)
                continue
            self._damaged.pop(game_id, None)
            entries[game_id] = (read_stamp or stamp, summary)
            self._unsaved = True
            games.append(self._with_journal(game_id, summary))
        for game_id in sorted(has_backup - present):
            problems.append(
                problem_for(
                    FileNotFoundError(game_id),
                    game_id=game_id,
                    path=self.layout.game_file(game_id),
                    backup_available=True,
                )
            )
        for gone in set(entries) - present:
            del entries[gone]
            self._unsaved = True
        self._save()
        games.sort(key=lambda s: s.last_played, reverse=True)
        return Listing(tuple(games), tuple(problems))

    def _with_journal(self, game_id: str, summary: GameSummary) -> GameSummary:
        """``summary`` brought up to the last good line of the game's journal, if newer.
        A journal that cannot be read or decoded leaves the summary as it is (loading
        the game reports the damage)."""
        path = self.layout.journal_file(game_id)
        try:
            st = os.stat(path)
        except OSError:
            self._journals.pop(game_id, None)
            return summary
        if st.st_size == 0:
            return summary
        stamp: FileStamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        cached = self._journals.get(game_id)
        if cached is None or cached[0] != stamp:
            try:
                entries = read_journal(path).entries
            except OSError:
                return summary
            newer = (
                summary.model_copy(
                    update={"last_played": entries[-1].updated, "progress": entries[-1].progress}
                )
                if entries
                else None  # remembered too: a damaged journal is not read at every listing
            )
            cached = (stamp, newer)
            self._journals[game_id] = cached
        newer = cached[1]
        if newer is None or newer.last_played < summary.last_played:
            return summary  # the file was written whole since that line
        return summary.model_copy(
            update={"last_played": newer.last_played, "progress": newer.progress}
        )

    # --- the cache file -----------------------------------------------------------------

    def _load(self) -> dict[str, tuple[FileStamp, GameSummary]]:
        if self._entries is not None:
            return self._entries
        entries: dict[str, tuple[FileStamp, GameSummary]] = {}
        try:
            with TinyDB(
                self.layout.index, storage=DurableJSONStorage, max_values=MAX_INDEX_VALUES
            ) as db:
                rows: list[Any] = db.table(INDEX_TABLE).all()
            for row in rows:
                stamp = tuple(row["stamp"])
                if len(stamp) == 3:
                    entries[row["game_id"]] = (
                        (int(stamp[0]), int(stamp[1]), int(stamp[2])),
                        GameSummary.model_validate(row["summary"]),
                    )
        except (OSError, StoredFileError, ValidationError, KeyError, TypeError, ValueError):
            # Only a cache: start from nothing and rebuild it from the game files.
            entries = {}
            self._unsaved = True
        self._entries = entries
        return entries

    def _save(self) -> None:
        if not self._unsaved or self._entries is None:
            return
        rows = [
            {"game_id": game_id, "stamp": list(stamp), "summary": summary.model_dump(mode="json")}
            for game_id, (stamp, summary) in sorted(self._entries.items())
        ]
        # A lost index costs one slower listing, so no fsync; the write is still atomic.
        with contextlib.suppress(OSError):
            storage = DurableJSONStorage(self.layout.index, fsync=False, indent=None)
            storage.write({INDEX_TABLE: {str(i): row for i, row in enumerate(rows, 1)}})
            self._unsaved = False
