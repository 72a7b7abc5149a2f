"""The server's record of each game's join code, host devices and seats.

Stored as one small JSON file per game in ``<data dir>/sync/<game id>.json``, written
atomically (temp file, fsync, rename) like the games themselves, so a join code survives
a server restart: a phone that remembered it rejoins without asking anyone. Kept apart
from the game file because it is about devices, not about the game: exporting a game
never carries anybody's join code.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from companion.store.paths import is_valid_game_id
from companion.store.problems import SaveFailure, reason_for
from companion.store.storage import write_atomic
from companion.sync.access import GameAccess, seat_free_for
from companion.sync.codes import new_code
from rules.json_text import parse_json

log = logging.getLogger(__name__)
FOLDER = "sync"
#: A record holds a code, a few devices and six seats: a few hundred bytes. A file longer
#: than this is damaged (or hostile) and is not read further.
MAX_RECORD_BYTES = 64 * 1024


class JoinRecordNotSaved(OSError):
    """A game's join record could not be written (a full disk, a read-only folder).
    The record on disk, if there is one, is unchanged, and the game itself is untouched."""

    def __init__(self, game_id: str, error: OSError) -> None:
        self.game_id = game_id
        self.reason: SaveFailure = reason_for(error)
        super().__init__(
            error.errno, f"join record of game {game_id!r} not saved: {error.strerror or error}"
        )


class SeatTaken(ValueError):
    """The seat is held by another device that is connected right now."""

    def __init__(self, player: str) -> None:
        self.player = player
        super().__init__(f"{player}'s seat is in use on another device that is connected")


class UnknownPlayer(ValueError):
    def __init__(self, player: str) -> None:
        self.player = player
        super().__init__(f"there is no player called {player!r} in this game")


class AccessRegistry:
    """Join codes and seats of every game of one data folder (thread-safe)."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.folder = Path(data_dir) / FOLDER
        self.fsync = fsync
        self._lock = threading.RLock()
        self._cache: dict[str, GameAccess] = {}
        #: game id -> the stamp of its record when it was found damaged: not read again
        #: (every tab asking about the game did so, on the loop) until the file changes.
        self._damaged: dict[str, tuple[int, int, int]] = {}
        self._scanned = False

    # --- reading --------------------------------------------------------------------

    def _path(self, game_id: str) -> Path:
        if not is_valid_game_id(game_id):
            raise ValueError(f"invalid game id {game_id!r}")
        return self.folder / f"{game_id}.json"

    def get(self, game_id: str) -> GameAccess | None:
        # A record already read is handed out without the lock: a write holds it while
        # the file syncs (a worker thread's, ``companion.ui.off_loop``), and a tab drawing
        # a game on the event loop must not wait for that. Records are frozen and the
        # cache takes the new one only once it is on disk, so this is the saved record.
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        with self._lock:
            if game_id in self._cache:
                return self._cache[game_id]
            found = self._read(self._path(game_id))
            if found is not None:
                self._cache[game_id] = found
            return found

    def _read(self, path: Path) -> GameAccess | None:
        try:
            with path.open("rb") as file:
                st = os.fstat(file.fileno())
                stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
                if self._damaged.get(path.stem) == stamp:
                    return None
                raw = file.read(MAX_RECORD_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError:
            log.warning("join record %s unreadable", path, exc_info=True)
            return None
        found = self._parse(path, raw)
        if found is None:
            self._damaged[path.stem] = stamp
        return found

    def _parse(self, path: Path, raw: bytes) -> GameAccess | None:
        """The record ``raw`` holds, if it is one (a damaged one is logged)."""
        if len(raw) > MAX_RECORD_BYTES:
            log.warning(
                "join record %s is over %d bytes; the game gets a new code", path, MAX_RECORD_BYTES
            )
            return None
        try:
            # parse_json: a hostile record (deep nesting, huge numbers) is damaged too.
            found = GameAccess.model_validate(parse_json(raw.decode("utf-8")))
        except (ValueError, ValidationError):
            # A damaged record only costs a new code: the game itself is untouched.
            log.warning("join record %s is damaged; the game gets a new code", path)
            return None
        if found.game_id != path.stem:
            log.warning("join record %s names game %s; ignored", path, found.game_id)
            return None
        return found

    def _all(self) -> dict[str, GameAccess]:
        if not self._scanned:
            self.read_all()
        with self._lock:
            return dict(self._cache)

    def read_all(self) -> None:
        """Read every record not read yet, once (a server does it on a worker thread
        before a tab's first screen: ``companion.app``). The files are read and parsed
        without the lock, so a tab asking for a record meanwhile does not wait for all."""
        if self._scanned:
            return
        paths = sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []
        for path in paths:
            if path.stem not in self._cache and is_valid_game_id(path.stem):
                found = self._read(path)
                with self._lock:
                    if found is not None and path.stem not in self._cache:
                        self._cache[path.stem] = found  # unless written meanwhile
        self._scanned = True

    def find(self, code: str) -> GameAccess | None:
        """The game whose join code is ``code`` (already normalised), if any."""
        return next((a for a in self._all().values() if a.code == code), None)

    # --- writing --------------------------------------------------------------------

    def _put(self, access: GameAccess) -> GameAccess:
        """Write the record (JoinRecordNotSaved if it can't be: the cache and the file
        keep the previous record, so nobody is told of a code or seat that was lost)."""
        data = access.model_dump_json(indent=1).encode()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self._path(access.game_id), data, fsync=self.fsync)
        except OSError as error:
            raise JoinRecordNotSaved(access.game_id, error) from error
        self._cache[access.game_id] = access
        return access

    def ensure(self, game_id: str) -> GameAccess:
        """The game's record, made (with a fresh code and no host yet) the first time."""
        with self._lock:
            found = self.get(game_id)
            if found is not None:
                return found
            taken = {a.code for a in self._all().values()}
            return self._put(GameAccess(game_id=game_id, code=new_code(taken)))

    def add_host(self, game_id: str, device: str) -> GameAccess:
        with self._lock:
            access = self.ensure(game_id)
            if device in access.hosts:
                return access
            return self._put(access.model_copy(update={"hosts": (*access.hosts, device)}))

    def claim_unhosted(self, game_id: str, device: str) -> GameAccess:
        """A game with no host yet (saved before join codes) is claimed by ``device``."""
        with self._lock:
            access = self.ensure(game_id)
            if access.hosts:
                return access
            return self.add_host(game_id, device)

    def set_spectators(self, game_id: str, allow: bool) -> GameAccess:
        with self._lock:
            access = self.ensure(game_id)
            return self._put(access.model_copy(update={"allow_spectators": allow}))

    def sit(
        self,
        game_id: str,
        player: str | None,
        device: str,
        *,
        players: tuple[str, ...],
        online: set[str],
    ) -> GameAccess:
        """``device`` takes ``player``'s seat (None: no seat). ``SeatTaken`` if another
        connected device holds it; ``UnknownPlayer`` if there is no such player."""
        with self._lock:
            access = self.ensure(game_id)
            if player is not None:
                if player not in players:
                    raise UnknownPlayer(player)
                if not seat_free_for(access, player, device, online):
                    raise SeatTaken(player)
            if access.seat_of(device) == player and (
                player is None or access.holder(player) == device
            ):
                return access
            return self._put(access.with_seat(player, device))

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)
            self._path(game_id).unlink(missing_ok=True)


class GuessLimiter:
    """At most ``limit`` wrong join codes per ``window`` seconds from one device or one
    address, so nobody on the network can try codes one after another."""

    def __init__(
        self, limit: int = 5, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._lock = threading.Lock()
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        times = self._wrong.setdefault(key, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def wait_for(self, *keys: str) -> float:
        """Seconds before another guess is allowed (0: go ahead)."""
        with self._lock:
            waits = [
                self.window - (self.clock() - times[0])
                for times in (self._recent(k) for k in keys if k)
                if len(times) >= self.limit
            ]
            return max([0.0, *waits])

    def wrong(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                if key:
                    self._recent(key).append(self.clock())
