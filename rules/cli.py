"""``python -m rules``: the command-line referee.

``python -m rules turn TABLE`` reads a table (a path, or ``-`` for standard input) as it
stands after the Build phase and prints the rulings of Bait, Adventure and End of turn as
JSON. Bad input exits with status 2 and a message naming the field, printing nothing on
standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from rules.table import Table, referee_turn

EXIT_BAD_INPUT = 2


class InputError(Exception):
    """The table could not be read or is not a valid table."""


def _field(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "table"


def describe(error: ValidationError) -> str:
    """One line per problem, each naming the field: ``players[0].rooms: …``."""
    lines = []
    for problem in error.errors(include_url=False):
        loc = tuple(p for p in problem["loc"] if not str(p).startswith("function-after"))
        message = problem["msg"].removeprefix("Value error, ")
        lines.append(f"{_field(loc)}: {message}")
    return "\n".join(lines)


def read_table(source: str) -> Table:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(f"cannot read table {source!r}: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise InputError(f"table {source!r} is not UTF-8 text") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"table is not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from error
    if not isinstance(data, dict):
        raise InputError("table: expected a JSON object with 'players' and 'town'")
    try:
        return Table.model_validate(data)
    except ValidationError as error:
        raise InputError(describe(error)) from error


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules", description="Referee a Boss Monster table (unofficial)."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    turn = sub.add_parser(
        "turn", help="run Bait, Adventure and End of turn for a table after the Build phase"
    )
    turn.add_argument("table", help="path to a table JSON file, or - for standard input")
    args = parser.parse_args(argv)

    try:
        table = read_table(args.table)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = referee_turn(table)
    sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    return 0
