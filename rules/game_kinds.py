"""The games the referee knows, for code that keeps or shows any of them (the store, the
session): Boss Monster (``rules.game``) and the squad game (``rules.squads``).

A game's kind is its set-up's: a ``GameSetup`` is Boss Monster, a ``SquadSetup`` the
squad game; a stored log must hold that game's commands only. Either game is played the
same way, ``game.play(command)``: a move of the other game is refused by name
(``CommandLog.foreign``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

from pydantic import TypeAdapter

from rules.commands import Command
from rules.errors import RulesError
from rules.game import Game
from rules.models import GameSetup
from rules.squads.commands import SquadCommand
from rules.squads.game import SquadGame
from rules.squads.models import SquadSetup

GameKind = Literal["boss_monster", "squads"]
AnySetup = GameSetup | SquadSetup
AnyCommand = Command | SquadCommand
AnyGame = Game | SquadGame

ANY_COMMAND: TypeAdapter[AnyCommand] = TypeAdapter(AnyCommand)


def kind_of(setup: AnySetup) -> GameKind:
    return "squads" if isinstance(setup, SquadSetup) else "boss_monster"


def is_squad_command(command: AnyCommand) -> bool:
    return command.type.startswith("sq_")


def check_log(setup: AnySetup, log: Sequence[AnyCommand]) -> None:
    """ValueError when ``log`` holds a command of the other game than ``setup``'s."""
    squads = kind_of(setup) == "squads"
    for index, command in enumerate(log):
        if is_squad_command(command) != squads:
            game = "the squad game" if squads else "Boss Monster"
            raise ValueError(f"command {index + 1} ({command.type}) is not a command of {game}")


def player_names(setup: AnySetup) -> list[str]:
    return [p.name for p in setup.players]


def new_game(setup: AnySetup) -> AnyGame:
    if isinstance(setup, SquadSetup):
        return SquadGame.new(setup)
    return Game.new(setup)


def replayed(
    setup: AnySetup, log: Sequence[AnyCommand], undone: Sequence[AnyCommand] = ()
) -> tuple[AnyGame, RulesError | None]:
    """The game ``log`` replays to (``CommandLog.replayed``) for either game."""
    check_log(setup, (*log, *undone))
    if isinstance(setup, SquadSetup):
        squad_log = cast(tuple[SquadCommand, ...], tuple(log))
        squad_undone = cast(tuple[SquadCommand, ...], tuple(undone))
        return SquadGame.replayed(setup, squad_log, squad_undone)
    return Game.replayed(
        setup, cast(tuple[Command, ...], tuple(log)), cast(tuple[Command, ...], tuple(undone))
    )


ANY_SETUP: TypeAdapter[AnySetup] = TypeAdapter(AnySetup)
