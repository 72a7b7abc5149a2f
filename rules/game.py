"""A Boss Monster game as the players know it: set-up, the commands made, undo and redo.

The log, undo, redo and replay are the shared ``rules.command_log.CommandLog``; this
module names Boss Monster's rules for it (the engine module, ``rules.engine``).
"""

from __future__ import annotations

from typing import ClassVar

from rules import engine as boss_monster
from rules.command_log import CommandLog, Engine, members
from rules.commands import Command
from rules.events import EventBase
from rules.models import GameSetup, GameState

Entry = tuple[Command, tuple[EventBase, ...]]
"""A command with the events it caused: one line of the history."""


class Game(CommandLog[GameSetup, GameState, Command, EventBase]):
    commands = members(Command)
    foreign = ("R-PHASE", "err.not_this_game")
    engine: ClassVar[Engine] = boss_monster
