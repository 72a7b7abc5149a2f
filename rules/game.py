"""A game as the players know it: set-up, the commands made, undo and redo.

The state is never stored, only derived from the set-up and the log. A ``Game`` keeps
what each command did as it goes (its events, and the state right after it), so that
playing, undoing, redoing and reading the history cost the same at command 35 and at
command 4,000: frozen states share every part a command left unchanged, so keeping one
per command is cheap. A ``Game`` built from its fields alone (read from
JSON, say) replays its log once, on first use. A command entered on an older version
of the state is refused.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, PrivateAttr

from rules import engine
from rules.commands import Command
from rules.errors import RulesError, StaleCommand, UndoError
from rules.events import EventBase
from rules.models import GameSetup, GameState

Entry = tuple[Command, tuple[EventBase, ...]]
"""A command with the events it caused: one line of the history."""


class Game(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    setup: GameSetup
    log: tuple[Command, ...] = ()
    undone: tuple[Command, ...] = ()  # most recently undone last

    # Derived, never serialised (None until first asked for: then the log is replayed).
    # ``_states[i]`` is the state after ``log[i]`` and ``_history[i]`` its entry; for
    # ``undone``, ``_redo`` keeps the entry and state each had when it was undone (None
    # when not known, e.g. read from disk: redo then applies the command again).
    _start: GameState | None = PrivateAttr(default=None)
    _states: tuple[GameState, ...] = PrivateAttr(default=())
    _history: tuple[Entry, ...] = PrivateAttr(default=())
    _redo: tuple[tuple[Entry, GameState] | None, ...] = PrivateAttr(default=())

    @classmethod
    def new(cls, setup: GameSetup) -> Game:
        return cls(setup=setup)

    @classmethod
    def replayed(
        cls, setup: GameSetup, log: tuple[Command, ...], undone: tuple[Command, ...] = ()
    ) -> tuple[Game, RulesError | None]:
        """The game ``log`` replays to, in one pass that keeps every step (for a saved
        game: its commands were validated when read, so they are not validated again).

        If a command is no longer allowed, the game stops just before it, without the
        redo stack, and the error is returned with it."""
        start = engine.new_game(setup)
        states, history, error = _replay(start, log)
        if error is not None:
            game = cls._made(setup, log[: len(states)], (), start, states, history, ())
            return game, error
        return cls._made(setup, log, undone, start, states, history, (None,) * len(undone)), None

    @classmethod
    def _made(
        cls,
        setup: GameSetup,
        log: tuple[Command, ...],
        undone: tuple[Command, ...],
        start: GameState,
        states: tuple[GameState, ...],
        history: tuple[Entry, ...],
        redo: tuple[tuple[Entry, GameState] | None, ...],
    ) -> Game:
        # The parts are valid models already: model_construct spares validating the
        # whole log again on every command.
        game = cls.model_construct(setup=setup, log=log, undone=undone)
        game._start = start
        game._states = states
        game._history = history
        game._redo = redo
        return game

    def _known(self) -> GameState:
        """The start state, replaying the log the first time the steps are asked for."""
        if self._start is None:
            start = engine.new_game(self.setup)
            states, history, error = _replay(start, self.log)
            if error is not None:
                raise error
            self._states, self._history = states, history
            self._redo = (None,) * len(self.undone)
            self._start = start
        return self._start

    @property
    def state(self) -> GameState:
        start = self._known()
        return self._states[-1] if self._states else start

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
            raise StaleCommand(got=version, now=self.version)
        state, events = engine.apply(self.state, command)
        game = self._made(
            self.setup,
            (*self.log, command),
            (),
            self._known(),
            (*self._states, state),
            (*self._history, (command, events)),
            (),
        )
        return game, events

    def undo(self) -> Game:
        if not self.log:
            raise UndoError("err.nothing_to_undo")
        start = self._known()
        return self._made(
            self.setup,
            self.log[:-1],
            (*self.undone, self.log[-1]),
            start,
            self._states[:-1],
            self._history[:-1],
            (*self._redo, (self._history[-1], self._states[-1])),
        )

    def redo(self) -> Game:
        return self.redo_with_events()[0]

    def redo_with_events(self) -> tuple[Game, tuple[EventBase, ...]]:
        """Put back the last undone command; also the events it causes again."""
        if not self.undone:
            raise UndoError("err.nothing_to_redo")
        start = self._known()
        command = self.undone[-1]
        kept = self._redo[-1] if len(self._redo) == len(self.undone) else None
        if kept is not None and kept[0][0] is command:
            entry, state = kept
        else:
            state, events = engine.apply(self.state, command)
            entry = (command, events)
        game = self._made(
            self.setup,
            (*self.log, command),
            self.undone[:-1],
            start,
            (*self._states, state),
            (*self._history, entry),
            self._redo[:-1],
        )
        return game, entry[1]

    def history(self) -> list[Entry]:
        """Every command made with the events it caused, oldest first (kept, not replayed)."""
        self._known()
        return list(self._history)

    # A game is its set-up and its commands: what was derived from them does not count.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.setup, self.log, self.undone) == (other.setup, other.log, other.undone)

    def __hash__(self) -> int:
        return hash((self.setup, self.log, self.undone))


def _replay(
    start: GameState, log: tuple[Command, ...]
) -> tuple[tuple[GameState, ...], tuple[Entry, ...], RulesError | None]:
    """Each command's state and history entry, up to the first that is refused (if any)."""
    states: list[GameState] = []
    history: list[Entry] = []
    state = start
    for command in log:
        try:
            state, events = engine.apply(state, command)
        except RulesError as error:
            return tuple(states), tuple(history), error
        states.append(state)
        history.append((command, events))
    return tuple(states), tuple(history), None
