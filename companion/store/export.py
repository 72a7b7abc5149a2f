"""One game as a single, human-readable JSON file: set-up plus commands.

The file moves a game to another device or goes along with a rules question. On import
every field is validated by pydantic, and errors name the field (``log[3].amount``).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Final, Generic, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    Field,
    ValidationError,
    field_validator,
)

from companion.store.problems import FieldError, ImportRejected, field_errors_from
from companion.store.records import (
    MAX_COMMANDS,
    SCHEMA_VERSION,
    AnyStoredGame,
    CommandT,
    NewGameName,
    Record,
    SetupT,
    is_squad_document,
)
from companion.store.storage import MAX_FILE_VALUES
from rules.commands import Command
from rules.game_kinds import AnyGame, AnySetup, player_names
from rules.json_text import JsonTextError, parse_json
from rules.models import GameSetup
from rules.printable import printable, refuse_control
from rules.squads.commands import SquadCommand
from rules.squads.game import SquadGame
from rules.squads.models import SquadSetup
from rules.squads.table import table_from_state as squads_table
from rules.table import table_from_state

EXPORT_FORMAT: Final = "dungeon-referee/game"
MAX_IMPORT_BYTES = 10_000_000


class Exported(Record, Generic[SetupT, CommandT]):
    """The exported file (of either game: ``ExportedGame``, ``ExportedSquadGame``).
    ``undone`` (the redo stack) may be left out."""

    format: Literal["dungeon-referee/game"] = EXPORT_FORMAT
    schema_version: int = Field(default=SCHEMA_VERSION, ge=1)
    name: NewGameName
    exported_at: AwareDatetime | None = None
    setup: SetupT
    log: tuple[CommandT, ...] = Field(default=(), max_length=MAX_COMMANDS)
    undone: tuple[CommandT, ...] = Field(default=(), max_length=MAX_COMMANDS)

    @field_validator("schema_version")
    @classmethod
    def _readable(cls, value: int) -> int:
        if value > SCHEMA_VERSION:
            raise ValueError(
                f"written by a newer version of the app (schema {value}; "
                f"this version reads up to {SCHEMA_VERSION})"
            )
        return value


ExportedGame = Exported[GameSetup, Command]
ExportedSquadGame = Exported[SquadSetup, SquadCommand]


def export_text(record: AnyStoredGame, exported_at: datetime, *, redo: bool = True) -> str:
    exported = (ExportedSquadGame if isinstance(record.setup, SquadSetup) else ExportedGame)(
        # A name saved before control characters were refused goes out escaped, so the
        # file imports again.
        name=printable(record.name)[:80],
        exported_at=exported_at,
        setup=record.setup,
        log=record.log,
        undone=record.undone if redo else (),
    )
    return json.dumps(exported.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def parse_export(text: str | bytes) -> ExportedGame | ExportedSquadGame:
    """Validate an exported game; raises :class:`ImportRejected` naming each bad field."""
    if len(text) > MAX_IMPORT_BYTES:
        raise ImportRejected(f"the file is too large ({len(text)} bytes; at most 10 MB)")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise ImportRejected(f"the file is not UTF-8 text (byte {e.start})") from e
    try:
        data = parse_json(text, max_values=MAX_FILE_VALUES)
    except JsonTextError as e:
        cause = e.__cause__
        if isinstance(cause, json.JSONDecodeError):
            raise ImportRejected(
                f"the file is not valid JSON: {cause.msg} at line {cause.lineno}, "
                f"column {cause.colno}"
            ) from e
        raise ImportRejected(f"the file is not a saved game: {e.detail}") from e
    if not isinstance(data, dict):
        raise ImportRejected(
            "the file is not a saved game: expected a JSON object with setup and log",
            (FieldError(loc="(top level)", message=f"got {type(data).__name__}"),),
        )
    try:
        exported: ExportedGame | ExportedSquadGame = (
            ExportedSquadGame if is_squad_document(data) else ExportedGame
        ).model_validate(data)
    except ValidationError as e:
        errors = field_errors_from(e)
        raise ImportRejected(
            f"the file is not a valid saved game ({len(errors)} field error"
            f"{'s' if len(errors) != 1 else ''}):",
            errors,
        ) from e
    _refuse_control_in_player_names(exported.setup)
    return exported


def _refuse_control_in_player_names(setup: AnySetup) -> None:
    """Player names come from outside here. Checked at this way in, not in the engine's
    model: games saved before the check must keep loading (and exporting)."""
    errors = []
    for number, name in enumerate(player_names(setup)):
        try:
            refuse_control(name, "a player's name")
        except ValueError as e:
            errors.append(FieldError(loc=f"setup.players[{number}].name", message=str(e)))
    if errors:
        raise ImportRejected("the file is not a valid saved game (a player's name):", tuple(errors))


def export_table(game: AnyGame) -> str:
    """The current table in the input format of ``python -m rules turn`` (of ``python -m
    rules squads`` for the squad game)."""
    table: BaseModel = (
        squads_table(game.state) if isinstance(game, SquadGame) else table_from_state(game.state)
    )
    return json.dumps(table.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
