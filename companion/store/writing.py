"""Writing a game whole (and compacting its journal into its file)."""

from __future__ import annotations

import contextlib
import logging
import threading
from datetime import datetime
from typing import Any

from tinydb.table import Document

from companion.store.game_files import GameFiles, default_name
from companion.store.gamefile import BadGameFile, read_current
from companion.store.journal import JOURNAL_TABLE, base_table, empty, read_journal
from companion.store.problems import SaveFailed, StoreError
from companion.store.records import (
    GAME_DOC_ID,
    GAME_TABLE,
    SCHEMA_VERSION,
    GameSummary,
    Progress,
    stored_version,
)
from companion.store.storage import DurableJSONStorage, StoredFileError
from companion.store.tail import Tail, Written, dump_command, dump_log, stamp_or_none
from rules.game_kinds import ANY_SETUP, AnyCommand, AnyGame, AnySetup
from rules.models import GameState
from rules.squads.models import SquadState

log = logging.getLogger(__name__)


class GameWriting(GameFiles):
    def _write(
        self,
        game_id: str,
        game: AnyGame,
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
            if stamp_or_none(self._path(game_id)) != tail.stamp:
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
        setup: AnySetup,
        log: tuple[AnyCommand, ...],
        undone: tuple[AnyCommand, ...],
        state: GameState | SquadState,
        applied: int,
        name: str | None,
        *,
        game: AnyGame | None = None,
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
                "log": dump_log(log, last),
                "undone": [dump_command(c) for c in undone],
                "progress": Progress.of(state, applied).model_dump(mode="json"),
            }
            known = last.tables if last is not None and stamp_or_none(path) == last.stamp else None
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
                self._written[game_id] = Written(storage.stamp, storage.written, log, fields["log"])
            # Every change is in the file now: lines that survive a crash here are skipped.
            journal = self.layout.journal_file(game_id)
            with contextlib.suppress(OSError):
                empty(journal)
            self._index.remember_journal(game_id, None, summary)
            if game is not None and storage.stamp is not None:
                self._tails[game_id] = Tail(game, changes, 0, 0, storage.stamp, summary)
        return summary

    def _changes_so_far(self, game_id: str, tail: Tail | None) -> int:
        """The highest change count the game's file or journal holds, so that a file
        written whole counts past every line its journal may still show."""
        journal = self.layout.journal_file(game_id)
        if tail is not None and stamp_or_none(self._path(game_id)) == tail.stamp:
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
                    doc["name"] = name or default_name(ANY_SETUP.validate_python(fields["setup"]))
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
