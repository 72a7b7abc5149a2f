"""What can go wrong with stored games, as values the app can show, and the typed errors
the store raises. Every message says what is wrong and where (which file)."""

from __future__ import annotations

import errno
from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from rules.printable import shortened

ProblemKind = Literal[
    "truncated",  # the file ends too early (an interrupted write by another program)
    "corrupt",  # not JSON, not UTF-8, or not a TinyDB database
    "invalid_record",  # valid JSON, but a field is missing or wrong (e.g. hand-edited)
    "newer_schema",  # written by a newer version of the app; left untouched
    "unreadable",  # the operating system refused to read it
    "missing",  # no saved file, but backups exist
    "replay_failed",  # the log no longer replays under the current rules
    "rules_drift",  # the log replays, but to a different result than when it was saved
    "journal_damaged",  # a line of the game's journal is damaged: opened before it
    "data_dir",  # the data folder cannot be created or written
]

SaveFailure = Literal[
    "disk_full", "read_only", "no_permission", "newer_schema", "io_error", "too_long"
]


class FieldError(BaseModel):
    """One field-level validation error: ``loc`` like ``log[3].damage_hero.amount``."""

    model_config = ConfigDict(frozen=True)

    loc: str
    message: str

    def __str__(self) -> str:
        return f"{self.loc}: {self.message}"


class FailedCommand(BaseModel):
    """The first stored command that no longer replays."""

    model_config = ConfigDict(frozen=True)

    index: int  # 0-based position in the log
    type: str  # the command's type tag
    rule: str | None  # the rule id the engine named (R-...)
    message: str  # the engine's English message


class StoreProblem(BaseModel):
    """A problem found with stored data, ready to show to a player."""

    model_config = ConfigDict(frozen=True)

    kind: ProblemKind
    message: str
    game_id: str | None = None
    path: str | None = None
    field_errors: tuple[FieldError, ...] = ()
    failed_command: FailedCommand | None = None
    quarantined_to: str | None = None
    backup_available: bool = False

    def __str__(self) -> str:
        return self.message


#: A field name comes from the file itself: a hostile one may be megabytes long.
MAX_LOC_CHARS = 120
MAX_MESSAGE_CHARS = 240


def field_errors_from(
    error: ValidationError, prefix: Sequence[str | int] = ()
) -> tuple[FieldError, ...]:
    """Pydantic errors as ``FieldError`` values with readable (and bounded) locations."""
    return tuple(
        FieldError(
            loc=shortened(format_loc((*prefix, *item["loc"])), MAX_LOC_CHARS),
            message=shortened(item["msg"], MAX_MESSAGE_CHARS),
        )
        for item in error.errors(include_url=False)
    )


def format_loc(loc: Iterable[str | int]) -> str:
    """``("log", 3, "amount")`` -> ``log[3].amount``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


class StoreError(Exception):
    """Base class of every error the game store raises."""


class GameNotFound(StoreError, KeyError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        return f"no saved game with id {self.game_id!r}"


class GameUnreadable(StoreError):
    """A stored game cannot be opened; ``problem`` says why and what was done about it."""

    def __init__(self, problem: StoreProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class NoBackup(StoreError):
    def __init__(self, game_id: str, detail: str) -> None:
        super().__init__(f"no usable backup of game {game_id!r}: {detail}")
        self.game_id = game_id


class SaveFailed(StoreError):
    """A save did not reach the disk. The file saved before, if any, is unchanged."""

    def __init__(self, reason: SaveFailure, game_id: str, path: str, detail: str) -> None:
        self.reason = reason
        self.game_id = game_id
        self.path = path
        self.detail = detail
        super().__init__(
            f"game {game_id!r} was not saved ({_REASON_TEXT[reason]}) at {path}: {detail}. "
            "Nothing saved before was changed."
        )

    @classmethod
    def from_os_error(cls, error: OSError, game_id: str, path: str) -> SaveFailed:
        return cls(reason_for(error), game_id, path, error.strerror or str(error))


class ImportRejected(StoreError, ValueError):
    """An imported game file is not valid; ``errors`` name each bad field."""

    def __init__(self, summary: str, errors: tuple[FieldError, ...] = ()) -> None:
        self.summary = summary
        self.errors = errors
        lines = [summary, *(f"  {e}" for e in errors[:20])]
        if len(errors) > 20:
            lines.append(f"  ... and {len(errors) - 20} more")
        super().__init__("\n".join(lines))


_REASON_TEXT: dict[SaveFailure, str] = {
    "disk_full": "the disk is full",
    "read_only": "the disk or folder is read-only",
    "no_permission": "permission denied",
    "newer_schema": "the file was written by a newer version of the app",
    "io_error": "input/output error",
    "too_long": "the game is longer than a saved game may be",
}


def reason_for(error: OSError) -> SaveFailure:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "disk_full"
    if error.errno == errno.EROFS:
        return "read_only"
    if error.errno == errno.EFBIG:  # past the store's own ceilings (storage.py)
        return "too_long"
    if error.errno in (errno.EACCES, errno.EPERM):
        return "no_permission"
    return "io_error"
