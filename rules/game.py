"""A game as the players know it: set-up, the commands made, undo and redo.

The state is never stored, only derived: ``Game.state`` replays the log (cached per
value, since a ``Game`` is immutable). Undo drops the last command and replays; redo
puts it back. A command entered on an older version of the state is refused.
"""

from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel, ConfigDict

from rules import engine
from rules.commands import Command
from rules.errors import RulesError, StaleCommand
from rules.events import EventBase
from rules.models import GameSetup, GameState


class Game(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(cached_property,))

    setup: GameSetup
    log: tuple[Command, ...] = ()
    undone: tuple[Command, ...] = ()  # most recently undone last

    @classmethod
    def new(cls, setup: GameSetup) -> Game:
        return cls(setup=setup)

    @classmethod
    def resumed(
        cls,
        setup: GameSetup,
        log: tuple[Command, ...],
        undone: tuple[Command, ...],
        state: GameState,
    ) -> Game:
        """A game whose log was just replayed to ``state`` (by ``engine.replay_partial``),
        so opening a saved game replays it once, not twice."""
        if state.version != len(log):
            raise ValueError(f"state is at version {state.version}, the log has {len(log)}")
        game = cls(setup=setup, log=log, undone=undone)
        game.__dict__["state"] = state
        return game

    @cached_property
    def state(self) -> GameState:
        return engine.replay(self.setup, self.log)

    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def can_undo(self) -> bool:
        return bool(self.log)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def play(
        self, command: Command, version: int | None = None
    ) -> tuple[Game, tuple[EventBase, ...]]:
        """Apply ``command``; ``version`` is the state version the player was looking at."""
        if version is not None and version != self.version:
            raise StaleCommand("R-PHASE", "err.stale", got=version, now=self.version)
        state, events = engine.apply(self.state, command)
        game = Game(setup=self.setup, log=(*self.log, command), undone=())
        game.__dict__["state"] = state  # already computed: spare the replay
        return game, events

    def undo(self) -> Game:
        if not self.log:
            raise RulesError("R-PHASE", "err.nothing_to_undo")
        return Game(setup=self.setup, log=self.log[:-1], undone=(*self.undone, self.log[-1]))

    def redo(self) -> Game:
        return self.redo_with_events()[0]

    def redo_with_events(self) -> tuple[Game, tuple[EventBase, ...]]:
        """Put back the last undone command; also the events it causes again."""
        if not self.undone:
            raise RulesError("R-PHASE", "err.nothing_to_redo")
        state, events = engine.apply(self.state, self.undone[-1])
        game = Game(setup=self.setup, log=(*self.log, self.undone[-1]), undone=self.undone[:-1])
        game.__dict__["state"] = state
        return game, events

    def history(self) -> list[tuple[Command, tuple[EventBase, ...]]]:
        """Every command made with the events it caused, oldest first."""
        out: list[tuple[Command, tuple[EventBase, ...]]] = []
        state = engine.new_game(self.setup)
        for command in self.log:
            state, events = engine.apply(state, command)
            out.append((command, events))
        return out
