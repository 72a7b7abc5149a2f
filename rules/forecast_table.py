"""``python -m rules bait TABLE --draft PLAYER ROOM``: the Bait forecast as JSON.

The table is the one ``python -m rules turn`` reads, taken as it stands *before* the Room
is built: its Rooms are the ones visible. ``ROOM`` is a Room in the same format
(``{"treasure": ["cleric"], "damage": 2}``), built at the entrance end or, with
``--over N``, over the player's Room N (counted from 1). Without ``--draft`` the answer is
the Bait the table would be ruled now, one line per Hero.
"""

from __future__ import annotations

import argparse
from typing import Any

from pydantic import BaseModel, ValidationError

from rules.build import MAX_ROOMS
from rules.forecast import Draft, Forecast, forecast
from rules.input_errors import describe
from rules.json_text import JsonTextError, parse_json
from rules.printable import printable
from rules.table import Table, TableError, TableRoom, state_from_table


class DraftError(ValueError):
    """The draft names no player of the table, or its Room is not a Room."""


class HeroLine(BaseModel):
    hero: int
    name: str | None
    lured_by: str | None
    without_draft: str | None
    changed: bool
    rule: str
    why: str


class Refusal(BaseModel):
    rule: str
    why: str


class ForecastResult(BaseModel):
    draft: str | None
    bait: list[HeroLine]
    refused: Refusal | None
    waiting: list[str]


def read_room(text: str) -> TableRoom:
    """The draft's Room from its JSON text; ``DraftError`` names the field."""
    try:
        data = parse_json(text, lone_surrogates=True)
    except JsonTextError as error:
        raise DraftError(f"draft.room: not JSON a referee can read: {error.detail}") from error
    if not isinstance(data, dict):
        raise DraftError("draft.room: expected a JSON object with 'treasure' and 'damage'")
    try:
        return TableRoom.model_validate(data)
    except ValidationError as error:
        raise DraftError(f"draft.room.{describe(error)}") from error


def forecast_table(
    table: Table, player: str | None, room: TableRoom | None, over: int | None
) -> ForecastResult:
    """The forecast for ``table`` with ``player``'s draft (none: the Bait as it stands)."""
    if all(p.eliminated for p in table.players):
        raise TableError("players: every player is already out (eliminated): no Bait to forecast")
    state = state_from_table(table).model_copy(update={"phase": "build"})
    draft: Draft | None = None
    if player is not None and room is not None:
        if not state.has_player(player):
            raise DraftError(f"draft.player: the table has no player called {player!r}")
        draft = Draft(
            player=player,
            room=room.room(),
            over=None if over is None else over - 1,
        )
    result = forecast(state, draft)
    return _as_result(table, result)


def _as_result(table: Table, result: Forecast) -> ForecastResult:
    return ForecastResult(
        draft=result.draft.player if result.draft else None,
        bait=[
            HeroLine(
                hero=h.hero,
                name=table.town[h.hero].name,
                lured_by=h.player,
                without_draft=h.without,
                changed=h.changed,
                rule=h.ruling.rule,
                why=h.ruling.why,
            )
            for h in result.heroes
        ],
        refused=Refusal(rule=result.refused.rule, why=result.refused.why)
        if result.refused
        else None,
        waiting=list(result.waiting),
    )


def _place(text: str | None) -> int | None:
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_ROOMS:
        raise DraftError(f"over: {printable(text)!r} is not a Room number (1 to {MAX_ROOMS})")
    return int(text)


def add_bait_parser(sub: Any) -> None:
    """The ``bait`` command's arguments, on the command line's sub-parsers."""
    bait = sub.add_parser(
        "bait",
        help="forecast the Bait of a table before the Build, with one player's draft Room",
    )
    bait.add_argument("table", help="path to a table JSON file, or - for standard input")
    bait.add_argument(
        "--draft",
        nargs=2,
        metavar=("PLAYER", "ROOM"),
        help='the player building, and the Room as JSON: \'{"treasure": ["cleric"], "damage": 2}\'',
    )
    bait.add_argument(
        "--over", help="build over the player's Room N (1: the one at the entrance end)"
    )


def bait_forecast(table: Table, args: argparse.Namespace) -> ForecastResult:
    """The ``bait`` command's answer."""
    if args.draft:
        player, room = args.draft[0], read_room(args.draft[1])
    else:
        player, room = None, None
    return forecast_table(table, player, room, _place(args.over))
