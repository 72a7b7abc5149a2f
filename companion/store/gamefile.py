"""Reading one game file into a validated record, with a typed reason when that fails."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from companion.store.journal import Overlay, apply_journal, journal_base, read_journal
from companion.store.problems import FieldError, StoreProblem, field_errors_from
from companion.store.records import (
    GAME_DOC_ID,
    GAME_TABLE,
    SCHEMA_VERSION,
    AnyStoredGame,
    ListingView,
    Progress,
    migrate,
    record_model,
    stored_version,
)
from companion.store.storage import DurableJSONStorage, FileStamp, StoredFileError


class BadGameFile(Exception):
    """A game file that reads as JSON but does not hold a usable game record."""

    def __init__(
        self,
        kind: Literal["invalid_record", "newer_schema"],
        detail: str,
        field_errors: tuple[FieldError, ...] = (),
    ) -> None:
        self.kind = kind
        self.detail = detail
        self.field_errors = field_errors
        super().__init__(detail)


def read_document(path: Path) -> tuple[dict[str, Any], FileStamp | None]:
    """The game document of ``path`` (migrated to the current schema) and the file's stamp.

    Raises ``FileNotFoundError``/``OSError``, :class:`StoredFileError` (not JSON) or
    :class:`BadGameFile` (no document, or a schema this version cannot read).
    """
    document, stamp, _base = read_with_base(path)
    return document, stamp


def read_with_base(path: Path) -> tuple[dict[str, Any], FileStamp | None, int]:
    """As :func:`read_document`, and how many saved changes the file holds (its journal
    holds the ones after)."""
    if not path.exists():
        raise FileNotFoundError(path)
    storage = DurableJSONStorage(path)
    tables = storage.read()
    table = (tables or {}).get(GAME_TABLE) or {}
    document = table.get(str(GAME_DOC_ID))
    if not isinstance(document, dict):
        raise BadGameFile(
            "invalid_record", f"no game document (table {GAME_TABLE!r}, id {GAME_DOC_ID})"
        )
    version = stored_version(document)
    if version is None:
        errors = (FieldError(loc="schema_version", message="missing or not a whole number"),)
        raise BadGameFile("invalid_record", "the schema version is missing", errors)
    if version > SCHEMA_VERSION:
        raise BadGameFile(
            "newer_schema",
            f"it was saved by a newer version of the app (schema {version}; "
            f"this version reads up to {SCHEMA_VERSION}). Update the app to open it",
        )
    return migrate(document), storage.stamp, journal_base(tables)


@dataclass(frozen=True)
class CurrentGame:
    """A game file's document with its journal applied (see ``companion.store.journal``)."""

    document: dict[str, Any]
    stamp: FileStamp | None  # of the game file
    journal: Overlay
    journal_size: int  # the journal file's length (more than journal.good_bytes: cut/damaged)
    changes_seen: int  # the highest change count in the file or any journal line


def read_current(path: Path, journal_path: Path) -> CurrentGame:
    """The game as last saved: the file, then its journal's lines. Raises as
    :func:`read_document`, and ``OSError`` when the journal cannot be read; a damaged
    journal line does not raise (``journal.damage`` says which)."""
    document, stamp, base = read_with_base(path)
    read = read_journal(journal_path)
    overlay = apply_journal(document, base, read)
    seen = max([base, *(e.n for e in read.entries)])
    return CurrentGame(overlay.document, stamp, overlay, read.size, seen)


def _check_id(game_id: str, found: object) -> None:
    if found != game_id:
        raise BadGameFile(
            "invalid_record",
            f"the file is named {game_id}.json but says it holds game {found!r}",
            (FieldError(loc="game_id", message=f"expected {game_id!r}, found {found!r}"),),
        )


def parse_record(document: dict[str, Any], game_id: str) -> AnyStoredGame:
    """Validate the whole record (set-up and every command)."""
    try:
        record: AnyStoredGame = record_model(document).model_validate(document)
    except ValidationError as e:
        errors = field_errors_from(e)
        raise BadGameFile("invalid_record", _invalid_detail(errors), errors) from e
    _check_id(game_id, record.game_id)
    return record


def parse_listing(document: dict[str, Any], game_id: str) -> ListingView:
    """Validate just what the saved-games list shows (skips the command log: fast)."""
    try:
        view = ListingView.model_validate(document)
    except ValidationError as e:
        errors = field_errors_from(e)
        raise BadGameFile("invalid_record", _invalid_detail(errors), errors) from e
    _check_id(game_id, view.game_id)
    return view


def _invalid_detail(errors: tuple[FieldError, ...]) -> str:
    if not errors:
        return "the record is invalid"
    shown = "; ".join(str(e) for e in errors[:5])
    more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
    return f"{'a field is' if len(errors) == 1 else 'fields are'} wrong: {shown}{more}"


def problem_for(
    error: Exception,
    *,
    game_id: str,
    path: Path,
    quarantined_to: Path | None = None,
    backup_available: bool = False,
) -> StoreProblem:
    """A player-facing problem for an error raised while reading ``path``."""
    where = f"Saved game {game_id} ({path})"
    field_errors: tuple[FieldError, ...] = ()
    if isinstance(error, StoredFileError):
        kind: Any = error.kind
        what = "is cut short" if error.kind == "truncated" else "is damaged"
        message = f"{where} {what}: {error.detail}."
    elif isinstance(error, BadGameFile):
        kind = error.kind
        field_errors = error.field_errors
        message = f"{where} cannot be opened: {error.detail}."
    elif isinstance(error, FileNotFoundError):
        kind = "missing"
        message = f"{where} is missing."
    else:
        kind = "unreadable"
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        message = f"{where} cannot be read: {reason}."
    if quarantined_to is not None:
        message += f" The file was set aside untouched as {quarantined_to}."
    if backup_available:
        message += " A backup can be restored."
    return StoreProblem(
        kind=kind,
        message=message,
        game_id=game_id,
        path=str(path),
        field_errors=field_errors,
        quarantined_to=str(quarantined_to) if quarantined_to else None,
        backup_available=backup_available,
    )


def drift_problem(record: AnyStoredGame, path: Path, now: Progress) -> StoreProblem:
    saved = record.progress
    changes = [
        f"{field}: saved {getattr(saved, field)!r}, now {getattr(now, field)!r}"
        for field in ("turn", "phase", "finished", "winner", "scores")
        if getattr(saved, field) != getattr(now, field)
    ]
    return StoreProblem(
        kind="rules_drift",
        message=(
            f"Saved game {record.game_id} replays under the current rules to a different "
            f"position than when it was saved ({'; '.join(changes) or 'details differ'})."
        ),
        game_id=record.game_id,
        path=str(path),
    )
