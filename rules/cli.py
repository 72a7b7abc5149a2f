"""``python -m rules``: the command-line referee.

``python -m rules turn TABLE`` reads a table (a path, or ``-`` for standard input) as it
stands after the Build phase and prints the rulings of Bait, Adventure and End of turn as
JSON; ``python -m rules bait TABLE --draft PLAYER ROOM`` prints the Bait forecast
(``rules.forecast_table``). ``python -m rules squads TABLE`` does the same for the squad
game (rulebook 004, ``rules/squads/``): the active player's Resolve phase and, at the
end, the score. Bad input exits with status 2 and one line on standard error naming the
field or the problem, printing nothing on standard output.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from rules import card_table
from rules.card_effects import load_effects
from rules.forecast_table import DraftError, add_bait_parser, bait_forecast
from rules.input_errors import describe
from rules.json_text import JsonTextError, parse_json
from rules.squads.table import SquadTable, referee_squads
from rules.table import Table, TableError
from rules.table_turn import referee_turn

M = TypeVar("M", bound=BaseModel)

EXIT_BAD_INPUT = 2
#: A table of six players with five Rooms each and a full town is about 30 KB.
MAX_TABLE_BYTES = 1 << 20


class InputError(Exception):
    """The table could not be read or is not a valid table."""


def read_model(source: str, model: type[M], fields: str) -> M:
    """The ``model`` a JSON file holds (``fields``: the fields an object of it needs, for
    the message when the file holds no object); ``InputError`` naming what is wrong."""
    try:
        # Bytes, decoded here: the locale's decoder could let bad bytes through as
        # surrogates ("surrogateescape") instead of refusing them.
        # One byte past the ceiling is enough to know: a huge file is never read whole.
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_TABLE_BYTES + 1)
        else:
            with Path(source).open("rb") as file:
                raw = file.read(MAX_TABLE_BYTES + 1)
    except OSError as error:
        raise InputError(f"cannot read table {source!r}: {error.strerror or error}") from error
    if len(raw) > MAX_TABLE_BYTES:
        raise InputError(
            f"table {source!r} is too large (more than {MAX_TABLE_BYTES:,} bytes;"
            " a real table is far smaller)"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"table {source!r} is not UTF-8 text (byte {error.start})") from error
    try:
        # Lone surrogates pass here: the table's models refuse them naming the field.
        data = parse_json(text, lone_surrogates=True)
    except JsonTextError as error:
        raise InputError(f"table is not JSON a referee can read: {error.detail}") from error
    if not isinstance(data, dict):
        raise InputError(f"table: expected a JSON object with {fields}")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise InputError(describe(error)) from error


def read_table(source: str) -> Table:
    return read_model(source, Table, "'players' and 'town'")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules", description="Referee a Boss Monster table (unofficial)."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    turn = sub.add_parser(
        "turn", help="run Bait, Adventure and End of turn for a table after the Build phase"
    )
    turn.add_argument("table", help="path to a table JSON file, or - for standard input")
    add_bait_parser(sub)
    squads = sub.add_parser(
        "squads",
        help="the squad game (rulebook 004): the active player's Resolve phase, and the score",
    )
    squads.add_argument("table", help="path to a table JSON file, or - for standard input")
    args = parser.parse_args(argv)
    if not card_table.handed_in():
        card_table.use(load_effects())  # the engine reads no file itself

    try:
        if args.command == "squads":
            squad_table = read_model(args.table, SquadTable, "'active' and 'players'")
            text = referee_squads(squad_table).model_dump_json(indent=2, exclude_none=True)
        elif args.command == "bait":
            text = bait_forecast(read_table(args.table), args).model_dump_json(indent=2)
        else:
            text = referee_turn(read_table(args.table)).model_dump_json(indent=2)
    except (InputError, TableError, DraftError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(text + "\n")
    return 0
