"""A game's journal: the changes saved since its file was last written whole.

Saving a change appends one line to ``games/<id>.journal`` with one write and one fsync,
instead of rewriting the game file; now and then the store writes the file whole again
(compaction) and empties the journal. A line is a JSON object::

    {"n": 12, "op": "play", "command": {...}, "updated": "...", "progress": {...}}

``n`` counts the game's saved changes (plays, undos, redos). The game file says in its
``journal`` table how many of them it holds (``base``): lines up to ``base`` are in it
already and are skipped (a compaction cut short between writing the file and emptying
the journal leaves such lines). A change is acknowledged only once its line and newline
are on disk, so a last line without its newline (torn by a crash) was never
acknowledged and is ignored. Any other line that does not decode, or breaks the count,
is damage: reading stops there and says which line, and the game opens as it was before.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import AwareDatetime, Field, ValidationError, model_validator

from companion.store.changes import journal_appended
from companion.store.records import MAX_COMMANDS, Progress, Record
from companion.store.storage import fsync_dir
from rules.game_kinds import ANY_COMMAND, AnyCommand
from rules.json_text import JsonTextError, parse_json

JOURNAL_TABLE = "journal"
JOURNAL_DOC_ID = "1"
#: The longest line read back: a command with six Heroes is far below this.
MAX_LINE_BYTES = 1_000_000
#: A line holds one command: a few hundred values at most (a town's Heroes revealed at
#: once). Past this it is damaged, refused before it is parsed (``too_costly``).
MAX_LINE_VALUES = 20_000
#: A journal is emptied every few dozen lines: one this long was not written by the app.
MAX_JOURNAL_BYTES = 64_000_000
#: Nor one with more lines than a game may have commands, twice (plays, undos, redos):
#: it is refused before a line is decoded (100,000 lines once took 15 s to open).
MAX_JOURNAL_LINES = 2 * MAX_COMMANDS

Op = Literal["play", "undo", "redo"]


class JournalEntry(Record):
    """One saved change."""

    n: int = Field(ge=1)
    op: Op
    command: AnyCommand | None = None  # the command played (only for "play")
    updated: AwareDatetime
    progress: Progress

    @model_validator(mode="after")
    def _command_only_for_play(self) -> JournalEntry:
        if (self.op == "play") != (self.command is not None):
            raise ValueError("a play line carries its command, and only a play line does")
        return self


@dataclass(frozen=True)
class JournalRead:
    """What a journal holds: its good lines in order, and how it ends."""

    entries: tuple[JournalEntry, ...]
    ends: tuple[int, ...]  # where each entry's line ends (after its newline)
    size: int  # the file's length
    torn: bool = False  # the last line stops before its newline: never acknowledged
    damage: str | None = None  # the first line that does not decode, and why


def journal_base(tables: dict[str, dict[str, Any]] | None) -> int:
    """How many saved changes the game file holds (0 for a file without a journal table,
    as every file written before journals existed)."""
    doc = ((tables or {}).get(JOURNAL_TABLE) or {}).get(JOURNAL_DOC_ID)
    base = doc.get("base") if isinstance(doc, dict) else None
    return base if isinstance(base, int) and not isinstance(base, bool) and base >= 0 else 0


def base_table(base: int) -> dict[str, dict[str, Any]]:
    return {JOURNAL_DOC_ID: {"base": base}}


def encode(entry: JournalEntry) -> bytes:
    return (entry.model_dump_json() + "\n").encode("utf-8")


def read_journal(path: Path) -> JournalRead:
    """Decode every line of ``path`` (a missing file is an empty journal). Raises only
    ``OSError`` (the file cannot be read); damage is reported in the result."""
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_JOURNAL_BYTES:
                return JournalRead((), (), size, damage=f"longer than {MAX_JOURNAL_BYTES} bytes")
            raw = f.read()
    except FileNotFoundError:
        return JournalRead((), (), 0)
    if raw.count(b"\n") > MAX_JOURNAL_LINES:
        return JournalRead((), (), len(raw), damage=f"more than {MAX_JOURNAL_LINES} lines")
    entries: list[JournalEntry] = []
    ends: list[int] = []
    offset = 0
    number = 0
    while offset < len(raw):
        number += 1
        end = raw.find(b"\n", offset)
        if end < 0:
            return JournalRead(tuple(entries), tuple(ends), len(raw), torn=True)
        # An overlong line is refused before it is cut out: the copy cost its size again.
        value, problem = (
            (None, f"longer than {MAX_LINE_BYTES} bytes")
            if end - offset > MAX_LINE_BYTES
            else _decode_line(raw[offset:end])
        )
        if problem is None:
            try:
                entries.append(JournalEntry.model_validate(value))
            except ValidationError as e:
                first = e.errors()[0]
                where = ".".join(str(p) for p in first["loc"])[:80] or "line"
                problem = f"{where}: {first['msg']}"
        if problem is not None:
            return JournalRead(
                tuple(entries), tuple(ends), len(raw), damage=f"line {number}: {problem}"
            )
        offset = end + 1
        ends.append(offset)
    return JournalRead(tuple(entries), tuple(ends), len(raw))


def _decode_line(line: bytes) -> tuple[object, str | None]:
    """The line's JSON object, or why it is not one (guarded like every stored JSON)."""
    if len(line) > MAX_LINE_BYTES:
        return None, f"longer than {MAX_LINE_BYTES} bytes"
    try:
        value = parse_json(line.decode("utf-8"), max_values=MAX_LINE_VALUES)
    except UnicodeDecodeError as e:
        return None, f"not UTF-8 text (byte {e.start})"
    except JsonTextError as e:
        return None, e.detail
    return (value, None) if isinstance(value, dict) else (None, "not a JSON object")


@dataclass(frozen=True)
class Overlay:
    """A game document with its journal's changes applied."""

    document: dict[str, Any]
    changes: int  # the game's saved changes now (base + the lines applied)
    lines: int  # lines applied
    good_bytes: int  # where the next line goes if the journal is kept
    damage: str | None  # why the rest of the journal was not applied


def apply_journal(document: dict[str, Any], base: int, read: JournalRead) -> Overlay:
    """``document`` (the game file's record, raw JSON) with the lines after ``base``
    applied in order. A line out of turn, or an undo or redo with nothing to take back,
    is damage: the lines before it stand."""
    log = list(document.get("log") or []) if isinstance(document.get("log"), list) else None
    undone = document.get("undone", [])
    undone = list(undone) if isinstance(undone, list) else None
    changes, lines, damage = base, 0, read.damage
    updated, progress = document.get("updated"), document.get("progress")
    good_bytes = read.ends[-1] if read.ends else 0
    for index, entry in enumerate(read.entries):
        if entry.n <= changes and lines == 0:
            continue  # already in the game file
        problem = _apply(entry, changes, log, undone)
        if problem is not None:
            damage = f"entry {index + 1} (change {entry.n}): {problem}"
            good_bytes = read.ends[index - 1] if index else 0
            break
        changes, lines = entry.n, lines + 1
        updated = entry.updated.isoformat()
        progress = entry.progress.model_dump(mode="json")
    out = dict(document)
    if lines:
        out.update(log=log, undone=undone, updated=updated, progress=progress)
    return Overlay(out, changes, lines, good_bytes, damage)


def _apply(
    entry: JournalEntry, changes: int, log: list[Any] | None, undone: list[Any] | None
) -> str | None:
    if entry.n != changes + 1:
        return f"expected change {changes + 1}"
    if log is None or undone is None:
        return "the game file's log is not a list"
    if entry.command is not None:  # a play (the model checks that only plays carry one)
        log.append(ANY_COMMAND.dump_python(entry.command, mode="json"))
        undone.clear()
    elif entry.op == "undo":
        if not log:
            return "an undo with no command to take back"
        undone.append(log.pop())
    else:
        if not undone:
            return "a redo with no undone command"
        log.append(undone.pop())
    return None


def append_line(path: Path, data: bytes, expected_size: int, *, fsync: bool = True) -> int:
    """Append one line at ``expected_size``; returns the new size.

    Raises ``ValueError`` when the file does not have the expected length (written by
    someone else, or a line was cut short): the caller writes the game whole instead.
    On a failed write the file is cut back to where it was.
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0), 0o644)
    try:
        size = os.fstat(fd).st_size
        if size != expected_size:
            raise ValueError(f"{path} has {size} bytes, expected {expected_size}")
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if fsync:
                os.fsync(fd)
            journal_appended()  # the folder's time does not show it (companion.store.changes)
        except OSError:
            # If even that fails, the next save sees the wrong length and writes whole.
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)
    if size == 0 and fsync:
        fsync_dir(path.parent)  # a new journal: its name must survive a power cut too
    return size + len(data)


def empty(path: Path) -> None:
    """Empty the journal after the game file was written whole. Not fsynced: lines that
    come back after a power cut are in the game file already and are skipped."""
    with contextlib.suppress(FileNotFoundError), open(path, "r+b") as f:
        f.truncate(0)
