"""Where a game store keeps its files: folders, paths, per-game locks, quarantine.

The base of :class:`~companion.store.games.GameStore`; the ways it writes, opens and
restores games build on it (``writing``, ``opening``, ``backups``).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from tinydb import TinyDB

from companion.store.listing import ListingIndex
from companion.store.paths import StoreLayout, is_valid_game_id
from companion.store.problems import GameNotFound, StoreProblem
from companion.store.quarantine import set_aside
from companion.store.records import GAME_NAME
from companion.store.storage import DurableJSONStorage, sweep_temp_files, write_atomic
from companion.store.tail import Tail, Written
from rules.game_kinds import AnySetup
from rules.printable import printable, refuse_control

Clock = Callable[[], datetime]
#: Journal lines after which the game file is written whole again.
COMPACT_EVERY = 64


def utc_now() -> datetime:
    return datetime.now(UTC)


def default_name(setup: AnySetup, and_word: str = "and") -> str:
    """The players' names as "Ada, Bert and Cy", ``and_word`` in the app's language."""
    names = [p.name for p in setup.players]
    # A player's name may hold what a game's name must not: written as escapes.
    return printable(", ".join(names[:-1]) + f" {and_word} " + names[-1])[:80]


def clean_name(name: str) -> str:
    refuse_control(name, GAME_NAME)
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("a game's name must not be blank")
    if len(cleaned) > 80:
        raise ValueError(f"a game's name may have at most 80 characters (got {len(cleaned)})")
    return cleaned


class GameFiles:
    """A data folder's layout, per-game locks and quarantine, shared by the store's parts."""

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        backup_generations: int = 3,
        clock: Clock = utc_now,
        fsync: bool = True,
        compact_every: int = COMPACT_EVERY,
        compact_in_background: bool = True,
    ) -> None:
        self.layout = StoreLayout(Path(root))
        self.backup_generations = backup_generations
        self.clock = clock
        self.fsync = fsync
        self.compact_every = max(1, compact_every)
        self.compact_in_background = compact_in_background
        self._index = ListingIndex(self.layout)
        self._guard = threading.Lock()
        self._locks: dict[str, threading.RLock] = {}
        self._written: dict[str, Written] = {}
        self._tails: dict[str, Tail] = {}
        self._compactions: dict[str, threading.Thread] = {}
        self.startup_problems: tuple[StoreProblem, ...] = self._prepare()

    # --- set-up -------------------------------------------------------------------------

    def _prepare(self) -> tuple[StoreProblem, ...]:
        """Create the folders and check that games can be written there."""
        try:
            for folder in (self.layout.games, self.layout.backups, self.layout.quarantine):
                folder.mkdir(parents=True, exist_ok=True)
            probe = self.layout.games / ".write-probe"
            write_atomic(probe, b"{}", fsync=False)
            probe.unlink()
            for folder in (self.layout.games, self.layout.backups):
                sweep_temp_files(folder)
        except OSError as e:
            return (
                StoreProblem(
                    kind="data_dir",
                    message=f"Games cannot be saved in {self.layout.root}: "
                    f"{e.strerror or e}. Saved games can still be opened if readable; "
                    "choose another folder with --data-dir to play.",
                    path=str(self.layout.root),
                ),
            )
        return ()

    @property
    def writable(self) -> bool:
        return not self.startup_problems

    @contextlib.contextmanager
    def _locked(self, game_id: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(game_id, threading.RLock())
        with lock:
            yield

    def _path(self, game_id: str) -> Path:
        if not is_valid_game_id(game_id):
            raise GameNotFound(game_id)
        return self.layout.game_file(game_id)

    def _backup_paths(self, game_id: str) -> list[Path]:
        return [self.layout.backup_file(game_id, n) for n in range(1, self.backup_generations + 1)]

    def _db(self, game_id: str) -> TinyDB:
        return TinyDB(
            self._path(game_id),
            storage=DurableJSONStorage,
            backups=self._backup_paths(game_id),
            fsync=self.fsync,
        )

    def _existing_backups(self, game_id: str) -> list[Path]:
        return [p for p in self._backup_paths(game_id) if p.exists()]

    def _new_id(self) -> str:
        while True:
            game_id = f"{self.clock():%Y%m%d}-{secrets.token_hex(4)}"
            if not self._path(game_id).exists():
                return game_id

    def _quarantine(self, path: Path, reason: str, *, move: bool) -> Path:
        return set_aside(
            path,
            self.layout.quarantine,
            f"{self.clock():%Y%m%dT%H%M%S}",
            reason,
            move=move,
            fsync=self.fsync,
        )
