"""Building squad-game tables for the tests: a set-up, and games played command by command."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RulesError
from rules.squads import commands as cmd
from rules.squads.engine import apply
from rules.squads.game import SquadGame
from rules.squads.models import MapCard, SquadPlayerSetup, SquadSetup, SquadState


def card(kind: str, color: str) -> MapCard:
    return MapCard.model_validate({"kind": kind, "color": color})


def setup(names: tuple[str, ...] = ("Ann", "Bob", "Cy"), **slots: MapCard) -> SquadSetup:
    bosses = ("Grumpus", "Slimequeen", "Boneking", "Hexlord")
    colours = ("red", "blue", "green", "yellow")
    return SquadSetup(
        players=tuple(
            SquadPlayerSetup(name=n, boss=b, princess=c)
            for n, b, c in zip(names, bosses, colours, strict=False)
        ),
        slot1=slots.get("slot1", card("kidnap", "red")),
        slot2=slots.get("slot2", card("bullyhulk", "blue")),
    )


def play(game: SquadGame, *commands: Any) -> SquadGame:
    for command in commands:
        game, _events = game.play(command)
    return game


def refused(game: SquadGame, command: Any, rule: str) -> RulesError:
    with pytest.raises(RulesError) as caught:
        game.play(command)
    assert caught.value.rule == rule, caught.value
    return caught.value


def refused_at(state: SquadState, command: Any, rule: str) -> RulesError:
    """``command`` refused on a state built by hand (a table the tests set up directly)."""
    with pytest.raises(RulesError) as caught:
        apply(state, command)
    assert caught.value.rule == rule, caught.value
    return caught.value


def deploy(player: str, color: str | None, strength: int = 0, **more: Any) -> cmd.Deploy:
    return cmd.Deploy.model_validate(
        {"player": player, "color": color, "strength": strength, **more}
    )


def end(player: str) -> cmd.EndTurn:
    return cmd.EndTurn(player=player)


def round_of(game: SquadGame, *deploys: tuple[str, list[Any]]) -> SquadGame:
    """Each player's commands in turn order, each turn closed with End turn."""
    for player, commands in deploys:
        game = play(game, *commands, end(player))
    return game
