"""A game being played: every command goes through the engine, is saved, then shown.

``TableSession`` is the one path by which the app changes a game. It asks the engine to
decide (a ``RulesError`` leaves everything as it was), saves the new game to the store
and only then makes it current and tells the listeners (every screen, tab or phone
showing this game). If the save fails the command is not acknowledged: the game stays as
it was on disk and on screen, and the caller gets the store's error to show.

Several browser tabs of one server share a session per game (``Sessions``); a lock makes
their commands take turns, and a command made on an older version is refused
(``StaleCommand``) so two players acting at once never overwrite each other silently.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from companion.store import GameStore, GameSummary, LoadedGame, StoreProblem
from rules.commands import Command
from rules.errors import StaleCommand
from rules.events import EventBase
from rules.game import Game
from rules.models import GameSetup, GameState

Listener = Callable[["Change"], None]
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Change:
    """What happened to a game: the new game, the events of the last step, who did it."""

    game: Game
    events: tuple[EventBase, ...]
    kind: str  # "play", "undo" or "redo"
    origin: object | None = None  # the session (tab) that made the change


class TableSession:
    def __init__(self, store: GameStore, game_id: str, game: Game) -> None:
        self.store = store
        self.game_id = game_id
        self._game = game
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self.last_events: tuple[EventBase, ...] = ()

    @property
    def game(self) -> Game:
        return self._game

    @property
    def state(self) -> GameState:
        return self._game.state

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every saved change; returns the unsubscribe function."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def play(
        self, command: Command, version: int | None = None, origin: object | None = None
    ) -> tuple[EventBase, ...]:
        """Decide, save, then acknowledge. Raises ``RulesError`` or ``StoreError``."""
        with self._lock:
            game, events = self._game.play(command, version)
            self._commit(game, events, "play", origin)
            return events

    def undo(self, version: int | None = None, origin: object | None = None) -> None:
        with self._lock:
            self._check_version(version)
            self._commit(self._game.undo(), (), "undo", origin)

    def redo(self, version: int | None = None, origin: object | None = None) -> None:
        with self._lock:
            self._check_version(version)
            game = self._game.redo()
            events = game.history()[-1][1] if game.log else ()
            self._commit(game, events, "redo", origin)

    def _check_version(self, version: int | None) -> None:
        if version is not None and version != self._game.version:
            raise StaleCommand("R-PHASE", "err.stale", got=version, now=self._game.version)

    def _commit(
        self, game: Game, events: tuple[EventBase, ...], kind: str, origin: object | None
    ) -> None:
        self.store.save(self.game_id, game)  # raises StoreError: nothing changes then
        self._game = game
        self.last_events = events
        change = Change(game=game, events=events, kind=kind, origin=origin)
        for listener in list(self._listeners):
            try:
                listener(change)
            except Exception:
                # One broken screen must not keep the others (or the save) from going on;
                # the change is already saved, so log it loudly and carry on.
                log.exception("a listener of game %s failed", self.game_id)


class Sessions:
    """The sessions of one server process, one per open game, shared by all its tabs."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._open: dict[str, TableSession] = {}
        self.problems: dict[str, tuple[StoreProblem, ...]] = {}

    def new_game(self, setup: GameSetup, name: str | None = None) -> TableSession:
        summary: GameSummary = self.store.create(setup, name)
        session = TableSession(self.store, summary.game_id, Game.new(setup))
        with self._lock:
            self._open[summary.game_id] = session
        return session

    def open(self, game_id: str) -> TableSession:
        """The game's session, loading it from disk the first time (replaying its log)."""
        with self._lock:
            session = self._open.get(game_id)
            if session is not None:
                return session
            loaded: LoadedGame = self.store.load(game_id)
            session = TableSession(self.store, game_id, loaded.game)
            self.problems[game_id] = loaded.problems
            self._open[game_id] = session
            return session

    def forget(self, game_id: str) -> None:
        """Drop a session (after the game was deleted or restored from a backup)."""
        with self._lock:
            self._open.pop(game_id, None)
