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

from companion.store.backups import BackupInfo, GameBackups
from companion.store.export import export_text, parse_export
from companion.store.game_files import COMPACT_EVERY, clean_name, default_name, utc_now
from companion.store.journal import JournalEntry, Op, append_line, encode
from companion.store.listing import Listing
from companion.store.opening import LoadedGame
from companion.store.problems import GameNotFound, SaveFailed
from companion.store.records import (
    GAME_DOC_ID,
    GAME_TABLE,
    MAX_COMMANDS,
    GameSummary,
    Progress,
)
from companion.store.storage import DurableJSONStorage, fsync_dir
from companion.store.tail import Tail, change_between, stamp_or_none
from companion.store.writing import GameWriting
from rules.engine import replay_partial
from rules.game_kinds import AnyGame, AnySetup, new_game, replayed
from rules.models import GameSetup, GameState
from rules.squads.models import SquadState

__all__ = [
    "COMPACT_EVERY",
    "BackupInfo",
    "GameStore",
    "LoadedGame",
    "clean_name",
    "default_name",
    "utc_now",
]


class GameStore(GameWriting, GameBackups):
    """Every saved game in one data folder (see the module's docstring)."""

    # --- create and save ----------------------------------------------------------------

    def create(self, setup: AnySetup, name: str | None = None) -> GameSummary:
        """Start and save a new game; returns its summary (with the new ``game_id``)."""
        title = clean_name(name) if name is not None else default_name(setup)
        return self._write(self._new_id(), new_game(setup), name=title)

    def save(self, game_id: str, game: AnyGame, *, after: AnyGame | None = None) -> GameSummary:
        """Save ``game`` (set-up, log, redo stack). Returns once it is on disk.

        ``after``: the game as this store last saved (or loaded) it, when ``game`` is one
        play, undo or redo on from it: then only that change is appended to the journal.
        Otherwise the whole game is written. Raises :class:`SaveFailed` (disk full,
        read-only, ...) with the previous save intact.
        """
        longest = max(len(game.log), len(game.undone))
        if longest > MAX_COMMANDS:
            # Written, it would not open again: keep the last save that does.
            raise SaveFailed(
                "too_long",
                game_id,
                str(self._path(game_id)),
                f"a game may hold at most {MAX_COMMANDS} commands (this one: {longest})",
            )
        with self._locked(game_id):
            tail = self._tails.get(game_id)
            op = change_between(after, game) if tail is not None and tail.game is after else None
            if tail is not None and op is not None:
                summary = self._append(game_id, game, op, tail)
                if summary is not None:
                    return summary
            return self._write(game_id, game, name=None)

    def _append(self, game_id: str, game: AnyGame, op: Op, tail: Tail) -> GameSummary | None:
        """Append ``op`` to the journal; None when the files are not as this store left
        them (the caller writes the game whole)."""
        path = self._path(game_id)
        if stamp_or_none(path) != tail.stamp:
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
        self._index.remember_journal(game_id, stamp_or_none(journal), summary)
        if tail.lines >= self.compact_every:
            self.compact_later(game_id)
        return summary

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
        state: GameState | SquadState
        if isinstance(exported.setup, GameSetup):
            outcome = replay_partial(exported.setup, exported.log)
            state, applied = outcome.state, outcome.applied
        else:  # the squad game (rules/squads/)
            game, _failure = replayed(exported.setup, exported.log)
            state, applied = game.state, game.version
        game_id = self._new_id()
        self._write_parts(
            game_id, exported.setup, exported.log, exported.undone, state, applied, title
        )
        return self.load(game_id)
