"""A game's backups: listed, checked, and restored."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from companion.store.gamefile import BadGameFile, parse_record, problem_for, read_document
from companion.store.opening import GameOpening, LoadedGame
from companion.store.problems import NoBackup, SaveFailed, StoreProblem
from companion.store.records import GameSummary
from companion.store.storage import StoredFileError, write_atomic


@dataclass(frozen=True)
class BackupInfo:
    generation: int  # 1 = the save before the latest one
    path: Path
    summary: GameSummary | None  # None when the backup itself is unusable
    problem: StoreProblem | None

    @property
    def usable(self) -> bool:
        return self.problem is None


class GameBackups(GameOpening):
    def _games_with_backups(self) -> set[str]:
        ids: set[str] = set()
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.layout.backups):
                stem, _, rest = entry.name.partition(".")
                if rest.endswith(".json") and not entry.name.startswith("."):
                    ids.add(stem)
        return ids

    def backups(self, game_id: str) -> list[BackupInfo]:
        """The game's backups, newest first, each checked (full validation)."""
        out: list[BackupInfo] = []
        for generation, path in enumerate(self._backup_paths(game_id), 1):
            if not path.exists():
                continue
            try:
                document, _ = read_document(path)
                record = parse_record(document, game_id)
                out.append(BackupInfo(generation, path, GameSummary.of(record), None))
            except (OSError, StoredFileError, BadGameFile) as e:
                out.append(
                    BackupInfo(generation, path, None, problem_for(e, game_id=game_id, path=path))
                )
        return out

    def restore_backup(self, game_id: str, generation: int | None = None) -> LoadedGame:
        """Make the newest usable backup (or ``generation``) the game's saved file again.

        The file it replaces, if any, is moved to quarantine first, never overwritten.
        """
        path = self._path(game_id)
        with self._locked(game_id):
            candidates = [b for b in self.backups(game_id) if b.usable]
            if generation is not None:
                candidates = [b for b in candidates if b.generation == generation]
            if not candidates:
                raise NoBackup(game_id, "none of its backups can be read")
            chosen = candidates[0]
            try:
                content = chosen.path.read_bytes()
                if path.exists():
                    self._quarantine(path, "replaced-by-backup", move=True)
                # The journal continues the file being replaced, not the backup.
                journal = self.layout.journal_file(game_id)
                if journal.exists():
                    self._quarantine(journal, "replaced-by-backup", move=True)
                self._tails.pop(game_id, None)
                write_atomic(path, content, fsync=self.fsync)
            except OSError as e:
                raise SaveFailed.from_os_error(e, game_id, str(path)) from e
            self._index.forget(game_id)
            return self.load(game_id)
