"""Opening a saved game: its file, then its journal, replayed through the engine."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.store.game_files import GameFiles
from companion.store.gamefile import (
    BadGameFile,
    CurrentGame,
    drift_problem,
    parse_record,
    problem_for,
    read_current,
)
from companion.store.problems import (
    FailedCommand,
    GameNotFound,
    GameUnreadable,
    StoreProblem,
)
from companion.store.records import AnyStoredGame, GameSummary, Progress
from companion.store.storage import StoredFileError
from companion.store.tail import Tail, quarantine_reason, stamp_or_none
from rules.errors import RulesError
from rules.game_kinds import AnyGame, replayed


@dataclass(frozen=True)
class LoadedGame:
    """A game opened from disk, ready to play, and anything the player should be told."""

    summary: GameSummary
    game: AnyGame
    problems: tuple[StoreProblem, ...] = ()

    @property
    def game_id(self) -> str:
        return self.summary.game_id


class GameOpening(GameFiles):
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
            game, failure = replayed(record.setup, record.log, record.undone)
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
                self._tails[game_id] = Tail(
                    game,
                    overlay.changes,
                    overlay.lines,
                    overlay.good_bytes,
                    current.stamp,
                    GameSummary.of(record),
                )
        return LoadedGame(summary=GameSummary.of(record), game=game, problems=tuple(problems))

    def _read_record(self, game_id: str, path: Path) -> AnyStoredGame:
        return self._read_current(game_id, path)[0]

    def _read_current(self, game_id: str, path: Path) -> tuple[AnyStoredGame, CurrentGame]:
        """The game as last saved (its file, then its journal), validated.

        A file this version cannot read (a newer schema) stays where it is: it is read
        once, and not again until it changes (the saved-games list knows it too)."""
        has_backup = bool(self._existing_backups(game_id))
        stamp = stamp_or_none(path)
        known = self._index.known_problem(game_id, stamp, has_backup)
        if known is not None and known.kind == "newer_schema":
            raise GameUnreadable(known)
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
            newer = isinstance(e, BadGameFile) and e.kind == "newer_schema"
            moved = None
            if not newer:
                moved = self._quarantine(path, quarantine_reason(e), move=True)
                self._index.forget(game_id)
            problem = problem_for(
                e, game_id=game_id, path=path, quarantined_to=moved, backup_available=has_backup
            )
            if newer:
                self._index.remember_problem(game_id, stamp, has_backup, problem)
            raise GameUnreadable(problem) from e
        except OSError as e:
            raise GameUnreadable(
                problem_for(e, game_id=game_id, path=path, backup_available=has_backup)
            ) from e

    def _journal_problem(self, record: AnyStoredGame, current: CurrentGame) -> StoreProblem:
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
        self, record: AnyStoredGame, path: Path, applied: int, failure: RulesError
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
