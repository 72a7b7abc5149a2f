"""Refusals: every illegal command raises a ``RulesError`` naming the rule it breaks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules.models import GameState, PlayerState
from rules.rulings import Arg, RuleId, Ruling, explain


class RulesError(ValueError):
    """A command the rules do not allow in this state.

    ``rule`` is the rule id (``R-…``) that forbids it; ``key`` and ``args`` let the app
    show the refusal in the player's language; ``str(error)`` is the English sentence.
    """

    def __init__(self, rule: RuleId, key: str, **args: Arg) -> None:
        self.rule: RuleId = rule
        self.key = key
        self.args_map: dict[str, Arg] = dict(args)
        super().__init__(f"{explain(key, self.args_map)} ({rule})")

    @property
    def ruling(self) -> Ruling:
        return Ruling(rule=self.rule, key=self.key, args=self.args_map)

    @property
    def why(self) -> str:
        return explain(self.key, self.args_map)


class PhaseError(RulesError):
    """The command belongs to another phase of the turn."""


class BuildError(RulesError):
    """A Room may not be built, destroyed or deactivated like that."""


class HeroError(RulesError):
    """Heroes may not be revealed, moved or scored like that."""


class StaleCommand(RulesError):
    """The command was made on an older version of the state than the current one
    (R-STALE): another device changed the table first."""

    def __init__(self, key: str = "err.stale", **args: Arg) -> None:
        super().__init__("R-STALE", key, **args)


class UndoError(RulesError):
    """Nothing to undo, or nothing to redo (R-UNDO)."""

    def __init__(self, key: str, **args: Arg) -> None:
        super().__init__("R-UNDO", key, **args)


class UnknownPlayer(RulesError):
    """The command names a player who is not at this table (R-PLAYER)."""

    def __init__(self, player: str) -> None:
        super().__init__("R-PLAYER", "err.no_player", player=player)


def acting_player(state: GameState, name: str, *, active: bool = True) -> PlayerState:
    """The player a command names: refused if not at the table (R-PLAYER) or, when the
    command is a move of the game (``active``), if eliminated (R-END-ELIM)."""
    if not state.has_player(name):
        raise UnknownPlayer(name)
    player = state.player(name)
    if active and player.eliminated:
        raise RulesError("R-END-ELIM", "err.eliminated", player=name)
    return player


S = TypeVar("S")
C = TypeVar("C")


def refusal(decide: Callable[[S, C], object], state: S, command: C) -> RulesError | None:
    """The refusal ``decide`` (an engine's) would raise for ``command`` in ``state``, or
    None if it is legal: a dry run, its events thrown away (each game's ``flow.why_not``)."""
    try:
        decide(state, command)
    except RulesError as error:
        return error
    return None
