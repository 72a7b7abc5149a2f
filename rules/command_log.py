"""A game as its set-up plus its command log, with undo and redo: shared by every game
the referee knows (Boss Monster's ``rules.game.Game``, the squad game's
``rules.squads.game.SquadGame``).

The state is never stored, only derived from the set-up and the log. A game keeps what
each command did as it goes (its events, and the state right after it), so that
playing, undoing, redoing and reading the history cost the same at command 35 and at
command 4,000: frozen states share every part a command left unchanged, so keeping one
per command is cheap. A game built from its fields alone (read from JSON, say) replays
its log once, on first use. A command entered on an older version of the state is
refused.

A game names its rules by naming its engine module (``engine``: its ``new_game``, the
state a set-up gives, and ``apply``, decide and evolve one command; called straight from
here, with no wrapper of the game's own between), and by setting ``commands`` (its
command types) and ``foreign`` (the refusal of any other command: a table holds either
game, and a move of the other game sent to it is refused by name, not failed on).
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast, get_args

from pydantic import BaseModel, ConfigDict, PrivateAttr

from rules.errors import RulesError, StaleCommand, UndoError
from rules.rulings import RuleId
from rules.uncollected import collector_paused

SetupT = TypeVar("SetupT", bound=BaseModel)
StateT = TypeVar("StateT", bound=BaseModel)
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT", bound=BaseModel)


def members(union: object) -> tuple[type, ...]:
    """The types of a command union as the commands modules write it,
    ``Annotated[A | B | ..., Field(discriminator="type")]``."""
    return get_args(get_args(union)[0])


class Engine(Protocol):
    """A game's rules as its engine module has them (``rules.engine``,
    ``rules.squads.engine``). Loosely typed: a class attribute cannot carry the game's type
    variables; ``CommandLog.start`` and ``apply`` give the typed view."""

    def new_game(self, setup: Any, /) -> Any: ...

    def apply(self, state: Any, command: Any, /) -> tuple[Any, tuple[Any, ...]]: ...


class CommandLog(BaseModel, Generic[SetupT, StateT, CommandT, EventT]):
    model_config = ConfigDict(frozen=True, extra="forbid")

    setup: SetupT
    log: tuple[CommandT, ...] = ()
    undone: tuple[CommandT, ...] = ()  # most recently undone last

    # Derived, never serialised (None until first asked for: then the log is replayed).
    # ``_states[i]`` is the state after ``log[i]`` and ``_history[i]`` its entry; for
    # ``undone``, ``_redo`` keeps the entry and state each had when it was undone (None
    # when not known, e.g. read from disk: redo then applies the command again).
    _start: Any = PrivateAttr(default=None)
    _states: tuple[StateT, ...] = PrivateAttr(default=())
    _history: tuple[tuple[CommandT, tuple[EventT, ...]], ...] = PrivateAttr(default=())
    _redo: tuple[tuple[tuple[CommandT, tuple[EventT, ...]], StateT] | None, ...] = PrivateAttr(
        default=()
    )

    # -- the rules of the game (set by each game) -------------------------------------
    #: The types of this game's commands (``members`` of its command union): ``play``
    #: refuses any other with ``foreign``, (rule, message key). Set by each game.
    commands: ClassVar[tuple[type, ...]]
    foreign: ClassVar[tuple[RuleId, str]]
    #: The game's engine module. Set by each game.
    engine: ClassVar[Engine]

    @classmethod
    def start(cls, setup: SetupT) -> StateT:
        """The state the set-up gives, before any command."""
        return cast(StateT, cls.engine.new_game(setup))

    @classmethod
    def apply(cls, state: StateT, command: CommandT) -> tuple[StateT, tuple[EventT, ...]]:
        """Decide ``command`` (``RulesError`` if illegal) and evolve ``state`` by it."""
        return cast(tuple[StateT, tuple[EventT, ...]], cls.engine.apply(state, command))

    # -- the log -----------------------------------------------------------------------
    @classmethod
    def new(cls, setup: SetupT) -> Self:
        return cls(setup=setup)

    @classmethod
    def replayed(
        cls, setup: SetupT, log: tuple[CommandT, ...], undone: tuple[CommandT, ...] = ()
    ) -> tuple[Self, RulesError | None]:
        """The game ``log`` replays to, in one pass that keeps every step (for a saved
        game: its commands were validated when read, so they are not validated again).

        If a command is no longer allowed, the game stops just before it, without the
        redo stack, and the error is returned with it."""
        start = cls.start(setup)
        states, history, error = cls._replay(start, log)
        if error is not None:
            game = cls._made(setup, log[: len(states)], (), start, states, history, ())
            return game, error
        return cls._made(setup, log, undone, start, states, history, (None,) * len(undone)), None

    @classmethod
    def _made(
        cls,
        setup: SetupT,
        log: tuple[CommandT, ...],
        undone: tuple[CommandT, ...],
        start: StateT,
        states: tuple[StateT, ...],
        history: tuple[tuple[CommandT, tuple[EventT, ...]], ...],
        redo: tuple[tuple[tuple[CommandT, tuple[EventT, ...]], StateT] | None, ...],
    ) -> Self:
        # The parts are valid models already: model_construct spares validating the
        # whole log again on every command.
        game = cast(Self, cls.model_construct(setup=setup, log=log, undone=undone))
        game._start = start
        game._states = states
        game._history = history
        game._redo = redo
        return game

    @classmethod
    def _replay(
        cls, start: StateT, log: tuple[CommandT, ...]
    ) -> tuple[
        tuple[StateT, ...], tuple[tuple[CommandT, tuple[EventT, ...]], ...], RulesError | None
    ]:
        """Each command's state and history entry, up to the first that is refused."""
        states: list[StateT] = []
        history: list[tuple[CommandT, tuple[EventT, ...]]] = []
        state = start
        # Every step is kept: thousands of lasting objects, which the collector would
        # look over again and again (rules.uncollected).
        with collector_paused():
            for command in log:
                try:
                    state, events = cls.apply(state, command)
                except RulesError as error:
                    return tuple(states), tuple(history), error
                states.append(state)
                history.append((command, events))
        return tuple(states), tuple(history), None

    def _known(self) -> StateT:
        """The start state, replaying the log the first time the steps are asked for."""
        if self._start is None:
            start = self.start(self.setup)
            states, history, error = self._replay(start, self.log)
            if error is not None:
                raise error
            self._states, self._history = states, history
            self._redo = (None,) * len(self.undone)
            self._start = start
        known: StateT = self._start
        return known

    @property
    def state(self) -> StateT:
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

    def play(self, move: object, version: int | None = None) -> tuple[Self, tuple[EventT, ...]]:
        """Apply ``move``; ``version`` is the state version the player was looking at. A
        move that is not one of this game's ``commands`` is refused (``foreign``)."""
        if not isinstance(move, self.commands):
            raise RulesError(*self.foreign)
        command = cast(CommandT, move)
        if version is not None and version != self.version:
            raise StaleCommand(got=version, now=self.version)
        state, events = self.apply(self.state, command)
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

    def undo(self) -> Self:
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

    def redo(self) -> Self:
        return self.redo_with_events()[0]

    def redo_with_events(self) -> tuple[Self, tuple[EventT, ...]]:
        """Put back the last undone command; also the events it causes again."""
        if not self.undone:
            raise UndoError("err.nothing_to_redo")
        start = self._known()
        command = self.undone[-1]
        kept = self._redo[-1] if len(self._redo) == len(self.undone) else None
        if kept is not None and kept[0][0] is command:
            entry, state = kept
        else:
            state, events = self.apply(self.state, command)
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

    def history(self) -> list[tuple[CommandT, tuple[EventT, ...]]]:
        """Every command made with the events it caused, oldest first (kept, not replayed)."""
        self._known()
        return list(self._history)

    # A game is its set-up and its commands: what was derived from them does not count.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CommandLog) or type(other) is not type(self):
            return NotImplemented
        return (self.setup, self.log, self.undone) == (other.setup, other.log, other.undone)

    def __hash__(self) -> int:
        return hash((self.setup, self.log, self.undone))
