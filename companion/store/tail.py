"""Where a game's saves stand, as the store last wrote or read them.

``Tail`` lets the next save one change on append one journal line instead of writing the
game whole; ``Written`` lets a whole write skip re-reading the file and re-serializing
the commands it already wrote.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.store.gamefile import BadGameFile
from companion.store.journal import Op
from companion.store.records import GameSummary
from companion.store.storage import FileStamp, StoredFileError, stamp_of
from rules.game_kinds import ANY_COMMAND, AnyCommand, AnyGame


@dataclass
class Tail:
    """Where a game's saves stand, as this store last wrote or read them: the next save
    one change on from ``game`` appends to the journal if the files are still so."""

    game: AnyGame
    changes: int  # saved changes so far (the last journal line's n, or the file's)
    lines: int  # journal lines since the file was last written whole
    size: int  # the journal's length
    stamp: FileStamp  # the game file's
    summary: GameSummary


def change_between(before: AnyGame | None, after: AnyGame) -> Op | None:
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
class Written:
    """What the store last wrote for a game, so the next save need not re-read the file
    or re-serialize the commands it already wrote (the log only grows, mostly)."""

    stamp: FileStamp
    tables: dict[str, dict[str, Any]]
    log: tuple[AnyCommand, ...]
    dumped: list[Any]


def dump_log(log: tuple[AnyCommand, ...], last: Written | None) -> list[Any]:
    if (
        last is not None
        and len(last.log) <= len(log)
        and all(a is b for a, b in zip(last.log, log, strict=False))
    ):
        return [*last.dumped, *(dump_command(c) for c in log[len(last.log) :])]
    return [dump_command(c) for c in log]


def stamp_or_none(path: Path) -> FileStamp | None:
    try:
        return stamp_of(path)
    except OSError:
        return None


def dump_command(command: AnyCommand) -> Any:
    return ANY_COMMAND.dump_python(command, mode="json")


def quarantine_reason(error: Exception) -> str:
    if isinstance(error, StoredFileError):
        return error.kind
    if isinstance(error, BadGameFile):
        return error.kind.replace("_", "-")
    return "unreadable"
