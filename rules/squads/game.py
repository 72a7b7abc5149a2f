"""A game of the squad game: its set-up and command log, with undo and redo (the shared
``rules.command_log.CommandLog``, with this game's engine)."""

from __future__ import annotations

from typing import ClassVar

from rules.command_log import CommandLog, Engine, members
from rules.squads import engine as squad_game
from rules.squads.commands import SquadCommand
from rules.squads.events import EventBase
from rules.squads.models import SquadSetup, SquadState


class SquadGame(CommandLog[SquadSetup, SquadState, SquadCommand, EventBase]):
    commands = members(SquadCommand)
    foreign = ("R-SQ-TURN", "err.sq.not_this_game")
    engine: ClassVar[Engine] = squad_game
