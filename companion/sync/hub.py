"""Everything about devices that one server process shares between its tabs.

``SyncHub`` answers "who is this device in that game?" (creating the game's join code
the first time it is needed), takes seats, and builds the join link a phone scans.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from companion.sync.access import Access, GameAccess, Join, decide_access
from companion.sync.codes import BadJoinCode, normalise_code
from companion.sync.device import Device
from companion.sync.presence import Presence
from companion.sync.registry import AccessRegistry, GuessLimiter

#: The throttle's key for tabs whose network address the server did not record.
UNKNOWN_PEER = "unknown-address"


class WatchOnly(PermissionError):
    """This device may look at the game but not change it (it has no join code)."""


class WrongCode(ValueError):
    """No game on this server has the code typed."""


class TooManyGuesses(ValueError):
    def __init__(self, wait: float) -> None:
        self.wait = max(1, round(wait))
        super().__init__(f"too many wrong codes: wait {self.wait} s")


class SyncHub:
    def __init__(
        self, data_dir: Path, public_url: str | None = None, *, fsync: bool = True
    ) -> None:
        self.data_dir = Path(data_dir)
        self.registry = AccessRegistry(self.data_dir, fsync=fsync)
        self.presence = Presence()
        self.guesses = GuessLimiter()
        #: Remembered joins (device, game, code) already checked: right ones pass while
        #: the address is throttled, wrong ones are not counted twice.
        self._right_joins: set[tuple[str, str, str]] = set()
        self._wrong_joins: set[tuple[str, str, str]] = set()
        self.public_url = public_url.rstrip("/") if public_url else None

    def game_exists(self, game_id: str) -> bool:
        from companion.store.paths import StoreLayout, is_valid_game_id

        return is_valid_game_id(game_id) and StoreLayout(self.data_dir).game_file(game_id).exists()

    def game_kept(self, game_id: str) -> bool:
        """Whether the game is still on disk: its file, or a backup to restore it from."""
        from companion.store.paths import StoreLayout, is_valid_game_id

        layout = StoreLayout(self.data_dir)
        return is_valid_game_id(game_id) and (
            layout.game_file(game_id).exists() or layout.backup_file(game_id, 1).exists()
        )

    def record(self, game_id: str, device: Device | None = None) -> GameAccess:
        """The game's join record (made, with a fresh code, the first time)."""
        return self.registry.get(game_id) or self.registry.ensure(game_id)

    def claim(self, game_id: str, device: Device) -> None:
        """A game nobody hosts yet (imported, or saved before join codes) becomes the game
        of the device on the server's own computer that opened it. Only opening the game
        claims it: Home, built under every route, lists games without claiming them."""
        if device.local and self.game_exists(game_id):
            found = self.registry.get(game_id)
            if found is None or not found.hosts:
                self.registry.claim_unhosted(game_id, device.device_id)

    def access(self, game_id: str, device: Device | None, client_ip: str | None = None) -> Access:
        """This device in this game. ``JoinRecordNotSaved`` if deciding it needed a new
        join record (a device on the server's own computer claiming a game nobody hosts)
        and the record could not be written."""
        if device is None:  # no device layer (tests of single screens): the host
            return Access("host")
        if not device.local and self.registry.get(game_id) is None:
            # No record: nobody has a code to present, so nothing to write to say so.
            return Access("none", stale_code=device.join(game_id) is not None)
        record = self.record(game_id, device)
        if device.local and not record.hosts:
            # The server's computer hosts a game nobody hosts, without claiming it.
            return Access("host", record.seat_of(device.device_id))
        join = device.join(game_id)
        if join is not None and device.device_id not in record.hosts:
            join = self._remembered_join(record, join, device, client_ip)
        return decide_access(record, device.device_id, join)

    def _remembered_join(
        self, record: GameAccess, join: Join, device: Device, client_ip: str | None
    ) -> Join | None:
        """A code the device kept in its own storage is a guess like a typed one: the
        browser can put any code there and open a new session. It is believed only while
        neither the device nor its address is throttled (or once it was right), and a
        wrong one counts once (a stale code drawn again is not a new guess)."""
        remembered = (device.device_id, record.game_id, join.code)
        if remembered in self._right_joins:
            return join if join.code == record.code else None
        keys = (device.device_id, client_ip or UNKNOWN_PEER)
        if self.guesses.wait_for(*keys) > 0:
            return None
        if join.code == record.code:
            self._right_joins.add(remembered)
        elif remembered not in self._wrong_joins:
            self._wrong_joins.add(remembered)
            self.guesses.wrong(*keys)
        return join

    def hosted(self, game_id: str, device: Device | None) -> None:
        """``device`` just created ``game_id``: it is the game's host."""
        if device is not None:
            self.registry.add_host(game_id, device.device_id)

    def check_code(self, text: str, device: Device, client_ip: str | None) -> GameAccess:
        """The game whose code was typed; ``BadJoinCode``, ``WrongCode`` or
        ``TooManyGuesses`` otherwise."""
        # Every tab whose address is unknown shares one count (never none at all).
        keys = (device.device_id, client_ip or UNKNOWN_PEER)
        wait = self.guesses.wait_for(*keys)
        if wait > 0:
            raise TooManyGuesses(wait)
        code = normalise_code(text)  # BadJoinCode: a typo, not a guess
        found = self.registry.find(code)
        if found is not None and not self.game_kept(found.game_id):
            self.registry.forget(found.game_id)  # a deleted game's code dies with it
            found = None
        if found is None:
            self.guesses.wrong(*keys)
            raise WrongCode(code)
        return found

    def join_url(self, code: str, page_url: str | None = None) -> str:
        """The link a phone opens (or scans) to join: ``<server>/join?code=<code>``."""
        base = self.public_url
        if base is None and page_url:
            parts = urlsplit(page_url)
            base = f"{parts.scheme}://{parts.netloc}" if parts.netloc else None
        return f"{base or ''}/join?code={code}"


__all__ = ["BadJoinCode", "SyncHub", "TooManyGuesses", "WatchOnly", "WrongCode"]
