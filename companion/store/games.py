"""The game store: create, save, load, list, rename, delete, back up and restore games.

Every game lives in its own TinyDB file (``games/<id>.json``), so saving one game costs
the same whether 1 or 1,000 games are stored. ``save`` returns only once the game is on
disk: call it after every accepted command and confirm the command on screen after it
returns. A save one play, undo or redo after the previous one (``after=``) appends one
line to the game's journal (``companion.store.journal``) with one fsync, so its cost
does not grow with the game; every ``compact_every`` lines the file is written whole
again, in a background thread (a save made meanwhile waits for it).

Nothing here raises anything but :class:`~companion.store.problems.StoreError` subclasses
(or ``ValueError`` for bad arguments), so a damaged file never crashes the app.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from companion.store.export import export_text, parse_export
from companion.store.gamefile import (
    BadGameFile,
    CurrentGame,
    drift_problem,
    parse_record,
    problem_for,
    read_current,
    read_document,
)
from companion.store.journal import (
    JOURNAL_TABLE,
    JournalEntry,
    Op,
    append_line,
    base_table,
    empty,
    encode,
    read_journal,
)
from companion.store.listing import Listing, ListingIndex
from companion.store.paths import StoreLayout, is_valid_game_id
from companion.store.problems import (
    FailedCommand,
    GameNotFound,
    GameUnreadable,
    NoBackup,
    SaveFailed,
    StoreError,
    StoreProblem,
)
from companion.store.quarantine import set_aside
from companion.store.records import (
    GAME_DOC_ID,
    GAME_NAME,
    GAME_TABLE,
    SCHEMA_VERSION,
    GameSummary,
    Progress,
    StoredGame,
    stored_version,
)
from companion.store.storage import (
    DurableJSONStorage,
    FileStamp,
    StoredFileError,
    fsync_dir,
    stamp_of,
    sweep_temp_files,
    write_atomic,
)
from rules.commands import COMMANDS, Command
from rules.engine import replay_partial
from rules.errors import RulesError
from rules.game import Game
from rules.models import GameSetup, GameState
from rules.printable import printable, refuse_control

Clock = Callable[[], datetime]
log = logging.getLogger(__name__)
#: Journal lines after which the game file is written whole again.
COMPACT_EVERY = 64


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class LoadedGame:
    """A game opened from disk, ready to play, and anything the player should be told."""

    summary: GameSummary
    game: Game
    problems: tuple[StoreProblem, ...] = ()

    @property
    def game_id(self) -> str:
        return self.summary.game_id


@dataclass(frozen=True)
class BackupInfo:
    generation: int  # 1 = the save before the latest one
    path: Path
    summary: GameSummary | None  # None when the backup itself is unusable
    problem: StoreProblem | None

    @property
    def usable(self) -> bool:
        return self.problem is None


def default_name(setup: GameSetup) -> str:
    names = [p.name for p in setup.players]
    # A player's name may hold what a game's name must not: written as escapes.
    return printable(", ".join(names[:-1]) + " and " + names[-1])[:80]


def clean_name(name: str) -> str:
    refuse_control(name, GAME_NAME)
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("a game's name must not be blank")
    if len(cleaned) > 80:
        raise ValueError(f"a game's name may have at most 80 characters (got {len(cleaned)})")
    return cleaned


class GameStore:
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
        self._written: dict[str, _Written] = {}
        self._tails: dict[str, _Tail] = {}
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

    # --- create and save ----------------------------------------------------------------

    def create(self, setup: GameSetup, name: str | None = None) -> GameSummary:
        """Start and save a new game; returns its summary (with the new ``game_id``)."""
        title = clean_name(name) if name is not None else default_name(setup)
        return self._write(self._new_id(), Game.new(setup), name=title)

    def _new_id(self) -> str:
        while True:
            game_id = f"{self.clock():%Y%m%d}-{secrets.token_hex(4)}"
            if not self._path(game_id).exists():
                return game_id

    def save(self, game_id: str, game: Game, *, after: Game | None = None) -> GameSummary:
        """Save ``game`` (set-up, log, redo stack). Returns once it is on disk.

        ``after``: the game as this store last saved (or loaded) it, when ``game`` is one
        play, undo or redo on from it: then only that change is appended to the journal.
        Otherwise the whole game is written. Raises :class:`SaveFailed` (disk full,
        read-only, ...) with the previous save intact.
        """
        with self._locked(game_id):
            tail = self._tails.get(game_id)
            op = _op(after, game) if tail is not None and tail.game is after else None
            if tail is not None and op is not None:
                summary = self._append(game_id, game, op, tail)
                if summary is not None:
                    return summary
            return self._write(game_id, game, name=None)

    def _append(self, game_id: str, game: Game, op: Op, tail: _Tail) -> GameSummary | None:
        """Append ``op`` to the journal; None when the files are not as this store left
        them (the caller writes the game whole)."""
        path = self._path(game_id)
        if _stamp_or_none(path) != tail.stamp:
            return None
        journal = self.layout.journal_file(game_id)
        now = self.clock()
        progress = Progress.of(game.state, len(game.log))
        # Built from valid parts (a played command, a computed summary): not validated again.
        entry = JournalEntry.model_construct(
            n=tail.changes + 1,
            op=op,
            command=game.log[-1] if op == "play" else None,
            updated=now,
            progress=progress,
        )
        try:
            size = append_line(journal, encode(entry), tail.size, fsync=self.fsync)
        except ValueError:
            return None
        except OSError as e:
            raise SaveFailed.from_os_error(e, game_id, str(journal)) from e
        summary = tail.summary.model_copy(update={"last_played": now, "progress": progress})
        tail.game, tail.changes, tail.lines, tail.size = game, entry.n, tail.lines + 1, size
        tail.summary = summary
        self._index.remember_journal(game_id, _stamp_or_none(journal), summary)
        if tail.lines >= self.compact_every:
            self.compact_later(game_id)
        return summary

    def _write(
        self,
        game_id: str,
        game: Game,
        name: str | None,
        *,
        changes: int | None = None,
        updated: datetime | None = None,
    ) -> GameSummary:
        return self._write_parts(
            game_id,
            game.setup,
            game.log,
            game.undone,
            game.state,
            len(game.log),
            name,
            game=game,
            changes=changes,
            updated=updated,
        )

    # --- compaction ---------------------------------------------------------------------

    def compact(self, game_id: str) -> None:
        """Write the game whole and empty its journal, if it has lines (e.g. on closing)."""
        with self._locked(game_id):
            tail = self._tails.get(game_id)
            if tail is None or tail.lines == 0:
                return
            if _stamp_or_none(self._path(game_id)) != tail.stamp:
                return  # changed by someone else: their next save writes it whole
            self._write(
                game_id, tail.game, None, changes=tail.changes, updated=tail.summary.last_played
            )

    def wait_for_compactions(self) -> None:
        """Wait until the compactions started in the background are done."""
        while True:
            with self._guard:
                threads = list(self._compactions.values())
            if not threads:
                return
            for thread in threads:
                thread.join()

    def compact_later(self, game_id: str) -> None:
        """Compact the game in a background thread (at once if ``compact_in_background``
        is off); a compaction of it already under way is enough."""
        if not self.compact_in_background:
            self.compact(game_id)
            return
        with self._guard:
            if game_id in self._compactions:
                return
            thread = threading.Thread(
                target=self._compact_quietly, args=(game_id,), name=f"compact {game_id}"
            )
            thread.daemon = True  # a compaction cut short by exit leaves the journal valid
            self._compactions[game_id] = thread
        thread.start()

    def _compact_quietly(self, game_id: str) -> None:
        try:
            self.compact(game_id)
        except (StoreError, OSError):
            # Nothing is lost: the journal still holds every change; the next try may work.
            log.warning("compacting game %s failed", game_id, exc_info=True)
        finally:
            with self._guard:
                self._compactions.pop(game_id, None)

    def _write_parts(
        self,
        game_id: str,
        setup: GameSetup,
        log: tuple[Command, ...],
        undone: tuple[Command, ...],
        state: GameState,
        applied: int,
        name: str | None,
        *,
        game: Game | None = None,
        changes: int | None = None,
        updated: datetime | None = None,
    ) -> GameSummary:
        """Write the game whole and empty its journal. ``changes``: how many saved changes
        it holds (by default one more than the file and journal show); ``game``: the game
        these parts are, for the next save to append to."""
        path = self._path(game_id)
        now = self.clock()
        with self._locked(game_id):
            tail = self._tails.pop(game_id, None)  # put back only after a good save
            if changes is None:
                changes = 1 + self._changes_so_far(game_id, tail)
            last = self._written.pop(game_id, None)
            fields: dict[str, Any] = {
                "schema_version": SCHEMA_VERSION,
                "game_id": game_id,
                "updated": (updated or now).isoformat(),
                "setup": setup.model_dump(mode="json"),
                "log": _dump_log(log, last),
                "undone": [_dump(c) for c in undone],
                "progress": Progress.of(state, applied).model_dump(mode="json"),
            }
            known = last.tables if last is not None and _stamp_or_none(path) == last.stamp else None
            try:
                summary, storage = self._write_fields(game_id, fields, name, now, known, changes)
            except StoredFileError:
                # The file on disk is damaged: set it aside untouched, then save afresh.
                self._quarantine(path, "damaged", move=True)
                summary, storage = self._write_fields(game_id, fields, name, now, None, changes)
            except FileNotFoundError:
                path.parent.mkdir(parents=True, exist_ok=True)
                summary, storage = self._write_fields(game_id, fields, name, now, None, changes)
            if storage.stamp is not None and storage.written is not None:
                self._written[game_id] = _Written(
                    storage.stamp, storage.written, log, fields["log"]
                )
            # Every change is in the file now: lines that survive a crash here are skipped.
            journal = self.layout.journal_file(game_id)
            with contextlib.suppress(OSError):
                empty(journal)
            self._index.remember_journal(game_id, None, summary)
            if game is not None and storage.stamp is not None:
                self._tails[game_id] = _Tail(game, changes, 0, 0, storage.stamp, summary)
        return summary

    def _changes_so_far(self, game_id: str, tail: _Tail | None) -> int:
        """The highest change count the game's file or journal holds, so that a file
        written whole counts past every line its journal may still show."""
        journal = self.layout.journal_file(game_id)
        if tail is not None and _stamp_or_none(self._path(game_id)) == tail.stamp:
            with contextlib.suppress(OSError):
                if journal.stat().st_size == tail.size:
                    return tail.changes
        seen = 0
        try:
            seen = read_current(self._path(game_id), journal).changes_seen
        except (OSError, StoredFileError, BadGameFile):
            # The file is unreadable (it is set aside when written): read the journal alone.
            with contextlib.suppress(OSError):
                seen = max([0, *(e.n for e in read_journal(journal).entries)])
        return seen

    def _write_fields(
        self,
        game_id: str,
        fields: dict[str, Any],
        name: str | None,
        now: datetime,
        known: dict[str, dict[str, Any]] | None,
        changes: int,
    ) -> tuple[GameSummary, DurableJSONStorage]:
        path = self._path(game_id)
        db = self._db(game_id)
        storage: DurableJSONStorage = db.storage  # type: ignore[assignment]
        try:
            with storage.batch(known):  # at most one read, one atomic write
                table = db.table(GAME_TABLE)
                old = table.get(doc_id=GAME_DOC_ID)
                doc: dict[str, Any] = dict(old) if isinstance(old, dict) else {}
                version = stored_version(doc)
                if version is not None and version > SCHEMA_VERSION:
                    raise SaveFailed(
                        "newer_schema",
                        game_id,
                        str(path),
                        "saving would overwrite it with an older format",
                    )
                doc.update(fields)
                if name is not None or not isinstance(doc.get("name"), str):
                    doc["name"] = name or default_name(GameSetup.model_validate(fields["setup"]))
                if not isinstance(doc.get("created"), str):
                    doc["created"] = now.isoformat()
                table.upsert(Document(doc, doc_id=GAME_DOC_ID))
                db.table(JOURNAL_TABLE).upsert(Document(base_table(changes)["1"], doc_id=1))
        except OSError as e:
            if isinstance(e, FileNotFoundError) and not path.parent.exists():
                raise
            raise SaveFailed.from_os_error(e, game_id, str(path)) from e
        summary = GameSummary.model_validate(
            {
                "game_id": game_id,
                "name": doc["name"],
                "created": doc["created"],
                "last_played": doc["updated"],
                "progress": doc["progress"],
            }
        )
        self._index.remember(game_id, storage.stamp, summary)
        return summary, storage

    # --- load ---------------------------------------------------------------------------

    def load(self, game_id: str) -> LoadedGame:
        """Open a game by replaying its log through the engine.

        A damaged file raises :class:`GameUnreadable` after being moved to quarantine; its
        problem says whether a backup can be restored (``restore_backup``). If the log no
        longer replays, the game opens at the last state that does, with a
        ``replay_failed`` problem naming the command and the rule.
        """
        path = self._path(game_id)
        with self._locked(game_id):
            record, current = self._read_current(game_id, path)
            problems: list[StoreProblem] = []
            game, failure = Game.replayed(record.setup, record.log, record.undone)
            if current.journal.damage is not None:
                problems.append(self._journal_problem(record, current))
            if failure is not None:
                problems.append(self._replay_problem(record, path, game.version, failure))
            else:
                now = Progress.of(game.state, len(record.log))
                if now != record.progress:
                    problems.append(drift_problem(record, path, now))
            self._tails.pop(game_id, None)
            if failure is None and current.stamp is not None:
                # The next save appends to the journal (if it ends where it should).
                overlay = current.journal
                self._tails[game_id] = _Tail(
                    game,
                    overlay.changes,
                    overlay.lines,
                    overlay.good_bytes,
                    current.stamp,
                    GameSummary.of(record),
                )
        return LoadedGame(summary=GameSummary.of(record), game=game, problems=tuple(problems))

    def _read_record(self, game_id: str, path: Path) -> StoredGame:
        return self._read_current(game_id, path)[0]

    def _read_current(self, game_id: str, path: Path) -> tuple[StoredGame, CurrentGame]:
        """The game as last saved (its file, then its journal), validated."""
        has_backup = bool(self._existing_backups(game_id))
        try:
            current = read_current(path, self.layout.journal_file(game_id))
            return parse_record(current.document, game_id), current
        except FileNotFoundError as e:
            if not has_backup:
                raise GameNotFound(game_id) from e
            raise GameUnreadable(
                problem_for(e, game_id=game_id, path=path, backup_available=True)
            ) from e
        except (StoredFileError, BadGameFile) as e:
            moved = None
            if not (isinstance(e, BadGameFile) and e.kind == "newer_schema"):
                moved = self._quarantine(path, _reason(e), move=True)
                self._index.forget(game_id)
            raise GameUnreadable(
                problem_for(
                    e,
                    game_id=game_id,
                    path=path,
                    quarantined_to=moved,
                    backup_available=has_backup,
                )
            ) from e
        except OSError as e:
            raise GameUnreadable(
                problem_for(e, game_id=game_id, path=path, backup_available=has_backup)
            ) from e

    def _journal_problem(self, record: StoredGame, current: CurrentGame) -> StoreProblem:
        journal = self.layout.journal_file(record.game_id)
        # The next save writes the game whole and empties the journal: keep it as it was.
        kept = self._quarantine(journal, "journal-damaged", move=False)
        return StoreProblem(
            kind="journal_damaged",
            message=(
                f"Saved game {record.game_id} opens as of its change {current.journal.changes}: "
                f"its journal ({journal}) is damaged at {current.journal.damage}, so the "
                f"changes after it are not applied. The journal is kept as {kept}."
            ),
            game_id=record.game_id,
            path=str(journal),
            quarantined_to=str(kept),
        )

    def _replay_problem(
        self, record: StoredGame, path: Path, applied: int, failure: RulesError
    ) -> StoreProblem:
        command = record.log[applied]
        # The next save will drop the commands that no longer replay: keep the original.
        kept = self._quarantine(path, "replay-failed", move=False)
        rule = getattr(failure, "rule", None)
        why = getattr(failure, "why", str(failure))
        return StoreProblem(
            kind="replay_failed",
            message=(
                f"Saved game {record.game_id} opens at command {applied} of {len(record.log)}: "
                f"command {applied + 1} ({command.type}) is no longer allowed"
                f"{f' by rule {rule}' if rule else ''}: {why}. The original file is kept "
                f"as {kept}."
            ),
            game_id=record.game_id,
            path=str(path),
            failed_command=FailedCommand(
                index=applied, type=command.type, rule=rule, message=str(why)
            ),
            quarantined_to=str(kept),
        )

    # --- listing ------------------------------------------------------------------------

    def list_games(self) -> Listing:
        """Every saved game, most recently played first, plus problems with unreadable ones."""
        return self._index.scan(self._games_with_backups())

    def history(self) -> tuple[GameSummary, ...]:
        """Finished games, most recently played first."""
        return tuple(s for s in self.list_games().games if s.progress.finished)

    def rename(self, game_id: str, name: str) -> GameSummary:
        new_name = clean_name(name)
        path = self._path(game_id)
        with self._locked(game_id):
            record = self._read_record(game_id, path)
            db = self._db(game_id)
            try:
                db.table(GAME_TABLE).update({"name": new_name}, doc_ids=[GAME_DOC_ID])
            except OSError as e:
                raise SaveFailed.from_os_error(e, game_id, str(path)) from e
            storage: DurableJSONStorage = db.storage  # type: ignore[assignment]
            summary = GameSummary.of(record).model_copy(update={"name": new_name})
            self._index.remember(game_id, storage.stamp, summary)
            tail = self._tails.get(game_id)
            if tail is not None and storage.stamp is not None:
                tail.stamp, tail.summary = storage.stamp, summary  # the journal still holds
        return summary

    def delete(self, game_id: str, *, confirmed: bool = False) -> None:
        """Delete a game and its backups (quarantined copies stay). The caller confirms."""
        if not confirmed:
            raise ValueError(f"deleting game {game_id!r} needs confirmed=True")
        path = self._path(game_id)
        with self._locked(game_id):
            self._tails.pop(game_id, None)
            journal = self.layout.journal_file(game_id)
            victims = [p for p in [path, *self._backup_paths(game_id)] if p.exists()]
            if not victims:
                raise GameNotFound(game_id)
            if journal.exists():
                victims.append(journal)
            try:
                for victim in victims:
                    victim.unlink()
                if self.fsync:
                    fsync_dir(self.layout.games)
            except OSError as e:
                raise SaveFailed.from_os_error(e, game_id, str(path)) from e
            self._index.forget(game_id)

    # --- backups ------------------------------------------------------------------------

    def _existing_backups(self, game_id: str) -> list[Path]:
        return [p for p in self._backup_paths(game_id) if p.exists()]

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

    # --- export and import -------------------------------------------------------------

    def export_game(self, game_id: str, *, redo: bool = True) -> str:
        """The game as one human-readable JSON file (set-up, log and, unless ``redo`` is
        False, the redo stack)."""
        path = self._path(game_id)
        with self._locked(game_id):
            record = self._read_record(game_id, path)
        return export_text(record, self.clock(), redo=redo)

    def import_game(self, text: str | bytes, name: str | None = None) -> LoadedGame:
        """Save an exported game as a new game and open it.

        Raises :class:`ImportRejected` naming every bad field. A log that does not replay
        under the current rules is still imported whole; the returned game opens at the
        last state that replays, with a ``replay_failed`` problem.
        """
        exported = parse_export(text)
        title = clean_name(name) if name is not None else exported.name
        outcome = replay_partial(exported.setup, exported.log)
        game_id = self._new_id()
        self._write_parts(
            game_id,
            exported.setup,
            exported.log,
            exported.undone,
            outcome.state,
            outcome.applied,
            title,
        )
        return self.load(game_id)

    def _quarantine(self, path: Path, reason: str, *, move: bool) -> Path:
        return set_aside(
            path,
            self.layout.quarantine,
            f"{self.clock():%Y%m%dT%H%M%S}",
            reason,
            move=move,
            fsync=self.fsync,
        )


@dataclass
class _Tail:
    """Where a game's saves stand, as this store last wrote or read them: the next save
    one change on from ``game`` appends to the journal if the files are still so."""

    game: Game
    changes: int  # saved changes so far (the last journal line's n, or the file's)
    lines: int  # journal lines since the file was last written whole
    size: int  # the journal's length
    stamp: FileStamp  # the game file's
    summary: GameSummary


def _op(before: Game | None, after: Game) -> Op | None:
    """Which one change leads from ``before`` to ``after`` (None: not one change)."""
    if before is None:
        return None
    grew = len(after.log) - len(before.log)
    if grew == -1 and len(after.undone) == len(before.undone) + 1:
        return "undo" if after.undone[-1] is before.log[-1] else None
    if grew != 1 or (before.log and after.log[-2] is not before.log[-1]):
        return None
    if len(after.undone) == len(before.undone) - 1 and after.log[-1] is before.undone[-1]:
        return "redo"
    return "play" if not after.undone else None


@dataclass
class _Written:
    """What the store last wrote for a game, so the next save need not re-read the file
    or re-serialize the commands it already wrote (the log only grows, mostly)."""

    stamp: FileStamp
    tables: dict[str, dict[str, Any]]
    log: tuple[Command, ...]
    dumped: list[Any]


def _dump_log(log: tuple[Command, ...], last: _Written | None) -> list[Any]:
    if (
        last is not None
        and len(last.log) <= len(log)
        and all(a is b for a, b in zip(last.log, log, strict=False))
    ):
        return [*last.dumped, *(_dump(c) for c in log[len(last.log) :])]
    return [_dump(c) for c in log]


def _stamp_or_none(path: Path) -> FileStamp | None:
    try:
        return stamp_of(path)
    except OSError:
        return None


def _dump(command: Command) -> Any:
    return COMMANDS.dump_python(command, mode="json")


def _reason(error: Exception) -> str:
    if isinstance(error, StoredFileError):
        return error.kind
    if isinstance(error, BadGameFile):
        return error.kind.replace("_", "-")
    return "unreadable"
