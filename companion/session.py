"""A game being played: every command goes through the engine, is saved, then shown.

``TableSession`` is the one path by which the app changes a game. It asks the engine to
decide (a ``RulesError`` leaves everything as it was), saves the new game to the store
and only then makes it current and tells the listeners (every screen, tab or phone
showing this game). If the save fails the command is not acknowledged: the game stays as
it was on disk and on screen, and the caller gets the store's error to show.

Several browser tabs of one server share a session per game (``Sessions``); a lock makes
their commands take turns, and a command made on an older version is refused
(``StaleCommand``) so two players acting at once never overwrite each other silently.

A screen says which state it showed by the session's ``revision`` (it counts every saved
change in this server process, undo and redo included, so it never comes back to an
earlier value the way the log's length does after an undo). A command sent again from
the same device on the same revision as one just applied (a double tap, a resend after a
blip) is refused as ``AlreadyApplied``: applied once, never twice. A device whose screen
is behind only by its own changes (it taps again before its last change reached it) is
not stale: nobody else changed what it saw.

A server's screens use ``submit``: the same steps, but the journal write (with its fsync)
runs on a worker thread, so one slow disk write does not hold up every other tab and
phone on the event loop. The engine still decides, and the listeners still hear, on the
loop; requests take turns in the order they came, and nothing is shown before it is saved.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from companion.store import GameStore, GameSummary, LoadedGame, StoreProblem
from rules.errors import StaleCommand
from rules.events import EventBase
from rules.game_kinds import AnyCommand, AnyGame, AnySetup, new_game
from rules.models import GameState
from rules.squads.models import SquadState

Listener = Callable[["Change"], None]
log = logging.getLogger(__name__)
#: How many recent changes are remembered to recognise a command sent twice.
RECENT = 64


class AlreadyApplied(StaleCommand):
    """The same device already made this command on this revision: it was applied once."""


@dataclass(frozen=True)
class Change:
    """What happened to a game: the new game, the events of the last step, who did it."""

    game: AnyGame
    events: tuple[EventBase, ...]
    kind: str  # "play", "undo" or "redo" ("ready": nothing saved, only who is ready)
    origin: object | None = None  # the session (tab) that made the change
    revision: int = 0  # the session's revision after the change


@dataclass(frozen=True)
class Request:
    """A change asked of a session: what, and on which table the asker saw (``play``)."""

    kind: Literal["play", "undo", "redo"]
    command: AnyCommand | None = None
    version: int | None = None
    seen: int | None = None
    device: str | None = None

    @property
    def what(self) -> object:
        """What was asked, as remembered to recognise it sent twice: the command, or
        "undo" / "redo"."""
        return self.command if self.kind == "play" else self.kind


@dataclass(frozen=True)
class Step:
    """A request the engine accepted, not yet saved."""

    game: AnyGame
    events: tuple[EventBase, ...]
    request: Request


class TableSession:
    def __init__(self, store: GameStore, game_id: str, game: AnyGame) -> None:
        self.store = store
        self.game_id = game_id
        self._game = game
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self.last_events: tuple[EventBase, ...] = ()
        #: When the listeners were last told of a change (``time.monotonic``), and the tab
        #: that made it: a tap that comes late for a control a redraw replaced is told why.
        self.last_change: tuple[float, object | None] = (0.0, None)
        #: Saved changes so far in this process (see the module docstring).
        self.revision = 0
        self._recent: deque[tuple[int, str | None, object]] = deque(maxlen=RECENT)
        #: (revision, device) of the latest saved changes: who moved the table on.
        self._authors: deque[tuple[int, str | None]] = deque(maxlen=RECENT)
        #: Requests from the event loop take turns (``submit``); a save is under way.
        self._turns = asyncio.Lock()
        self._saving = False

    @property
    def game(self) -> AnyGame:
        return self._game

    @property
    def state(self) -> GameState | SquadState:
        return self._game.state

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every saved change; returns the unsubscribe function."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
                    if not self._listeners:
                        # No screen shows the game any more: write it whole now, in the
                        # background, rather than leave its journal for the next opening.
                        self.store.compact_later(self.game_id)

        return unsubscribe

    def play(
        self,
        command: AnyCommand,
        version: int | None = None,
        origin: object | None = None,
        *,
        seen: int | None = None,
        device: str | None = None,
    ) -> tuple[EventBase, ...]:
        """Decide, save, then acknowledge. Raises ``RulesError`` or ``StoreError``.

        ``seen`` is the revision the screen showed; ``device`` the device that sent it."""
        return self.apply(Request("play", command, version, seen, device), origin)

    def undo(
        self,
        version: int | None = None,
        origin: object | None = None,
        *,
        seen: int | None = None,
        device: str | None = None,
    ) -> None:
        self.apply(Request("undo", None, version, seen, device), origin)

    def redo(
        self,
        version: int | None = None,
        origin: object | None = None,
        *,
        seen: int | None = None,
        device: str | None = None,
    ) -> None:
        self.apply(Request("redo", None, version, seen, device), origin)

    async def submit(self, request: Request, origin: object | None = None) -> tuple[EventBase, ...]:
        """``play``, ``undo`` or ``redo`` for a server's event loop: the engine decides and
        the listeners hear on the loop, but the journal write (its fsync) runs on a worker
        thread, so the loop serves every other tab meanwhile. Requests submitted on the
        loop take turns in the order they came (a tab that taps twice is decided twice, in
        order). Raises like ``play``; a failed save changes nothing.

        A request once submitted is seen through even if the caller is cancelled (a tab
        closed mid-save): its change is saved and every other screen hears of it, never
        saved but kept from them."""
        return await asyncio.shield(self._submit(request, origin))

    async def _submit(self, request: Request, origin: object | None) -> tuple[EventBase, ...]:
        async with self._turns:
            with self._lock:
                self._check_idle()
                step = self._decide(request)
                self._saving = True
            try:
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(None, self._save, step)
            finally:
                with self._lock:
                    self._saving = False
            with self._lock:
                self._publish(step, origin)
            return step.events

    def apply(self, request: Request, origin: object | None = None) -> tuple[EventBase, ...]:
        """``play``, ``undo`` or ``redo`` as a ``Request``, decided and saved before it returns."""
        with self._lock:
            self._check_idle()
            step = self._decide(request)
            self._save(step)
            self._publish(step, origin)
            return step.events

    def _check_idle(self) -> None:
        # A change submitted from the loop is being written: a command decided now would
        # be decided on the game before it. Refuse it as made on an older table.
        if self._saving:
            now = self._game.version
            raise StaleCommand(got=now, now=now + 1)

    def _decide(self, request: Request) -> Step:
        """What the engine makes of the request (``RulesError``: nothing changes)."""
        self._admit(request.seen, request.what, request.device, request.version)
        if request.kind == "play":
            assert request.command is not None
            game, events = self._game.play(request.command)
        elif request.kind == "undo":
            game, events = self._game.undo(), ()
        else:
            game, events = self._game.redo_with_events()
        return Step(game, events, request)

    def notify(self, kind: str, origin: object | None = None) -> None:
        """Tell every screen of this game about something that is not in the game itself
        (a player is ready to reveal); nothing is saved."""
        with self._lock:
            self._tell(Change(self._game, (), kind, origin, self.revision))

    def _admit(
        self, seen: int | None, what: object, device: str | None, version: int | None
    ) -> None:
        """Refuse a command made on a table that has changed since (``StaleCommand``),
        unless only the sender's own changes came in between."""
        if not self._check_seen(seen, what, device):
            self._check_version(version)

    def _check_version(self, version: int | None) -> None:
        if version is not None and version != self._game.version:
            raise StaleCommand(got=version, now=self._game.version)

    def _check_seen(self, seen: int | None, what: object, device: str | None) -> bool:
        """Refuse a command made on a table someone else has changed since. True when the
        sender's screen is behind by its own changes only (so its version is old too)."""
        if seen is None or seen == self.revision:
            return False
        now = self._game.version
        if device is not None and (seen, device, what) in self._recent:
            raise AlreadyApplied(got=seen, now=now)
        if device is not None and seen < self.revision and self._only_by(device, seen):
            return True
        raise StaleCommand(got=seen, now=now)

    def _only_by(self, device: str, seen: int) -> bool:
        """Were all changes after revision ``seen`` made by ``device`` (and remembered)?"""
        after = [author for revision, author in self._authors if revision > seen]
        return len(after) == self.revision - seen and all(a == device for a in after)

    def _save(self, step: Step) -> None:
        # One change on from the game as saved: the store appends it to the game's journal.
        # Raises StoreError: nothing changes then.
        self.store.save(self.game_id, step.game, after=self._game)

    def _publish(self, step: Step, origin: object | None) -> None:
        """The step is saved: make it current and tell every screen."""
        self._game = step.game
        self.last_events = step.events
        request = step.request
        if request.seen is not None:
            self._recent.append((request.seen, request.device, request.what))
        self.revision += 1
        self._authors.append((self.revision, request.device))
        self._tell(Change(step.game, step.events, request.kind, origin, self.revision))

    def _tell(self, change: Change) -> None:
        self.last_change = (time.monotonic(), change.origin)
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
        #: One lock per game being loaded: a game read and replayed on a worker thread
        #: holds only its own, so the loop never waits on a load to reach another game.
        self._loading: dict[str, threading.Lock] = {}
        self.problems: dict[str, tuple[StoreProblem, ...]] = {}

    def new_game(self, setup: AnySetup, name: str | None = None) -> TableSession:
        summary: GameSummary = self.store.create(setup, name)
        session = TableSession(self.store, summary.game_id, new_game(setup))
        with self._lock:
            self._open[summary.game_id] = session
        return session

    def open(self, game_id: str) -> TableSession:
        """The game's session, loading it from disk the first time (replaying its log).

        A server loads on a worker thread (``companion.ui.opening``); two loads of one
        game wait for each other, loads of different games do not."""
        with self._lock:
            session = self._open.get(game_id)
            if session is not None:
                return session
            loading = self._loading.setdefault(game_id, threading.Lock())
        with loading:
            with self._lock:
                session = self._open.get(game_id)
                if session is not None:
                    return session  # loaded meanwhile by the load this one waited for
            try:
                loaded: LoadedGame = self.store.load(game_id)
            except BaseException:
                with self._lock:
                    self._loading.pop(game_id, None)
                raise
            with self._lock:  # open, and no longer loading, in one step
                session = TableSession(self.store, game_id, loaded.game)
                self.problems[game_id] = loaded.problems
                self._open[game_id] = session
                self._loading.pop(game_id, None)
                return session

    def opened(self, game_id: str) -> TableSession | None:
        """The game's session if it is open already (nothing is read)."""
        with self._lock:
            return self._open.get(game_id)

    def forget(self, game_id: str) -> None:
        """Drop a session (after the game was deleted or restored from a backup)."""
        with self._lock:
            self._open.pop(game_id, None)
