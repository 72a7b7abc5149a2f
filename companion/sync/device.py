"""This device: a random id and the games it joined, kept in the browser's own storage.

The id is made on the first visit and stored with ``ft.SharedPreferences`` (the
browser's local storage), so every tab of one browser is one device, and a phone that
slept, reloaded or lost the network comes back as the same device, to the same seat,
without typing the code again. Anything unreadable in storage is ignored (the device
simply joins again).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from pydantic import TypeAdapter, ValidationError

from companion.sync.access import Join

log = logging.getLogger(__name__)
PREF_DEVICE = "dungeon_referee.device"
PREF_JOINS = "dungeon_referee.joins"
LOOPBACK = ("127.0.0.1", "::1", "localhost")
_JOINS = TypeAdapter(dict[str, Join])
TIMEOUT = 3.0
#: A storage that answers does so in milliseconds; one that does not, never.
PROBE_TIMEOUT = 1.5


class Prefs(Protocol):
    def get(self, key: str) -> Awaitable[object]: ...

    def set(self, key: str, value: str) -> Awaitable[object]: ...

    def contains_key(self, key: str) -> Awaitable[bool]: ...


P = TypeVar("P", bound=Prefs)


async def answering_storage(make: Callable[[], P], attempts: int = 3) -> P:
    """The browser's storage, through one that answers.

    A tab that reconnects to a restarted server never gets an answer through the first
    storage object its new session makes (it is made before the browser has the page),
    while a fresh one answers at once; without this the tab came back as a stranger, on
    the Join screen. After ``attempts`` silent ones the last is returned (and the callers
    fall back as for any storage that does not answer)."""
    prefs = make()
    for attempt in range(attempts):
        try:
            await asyncio.wait_for(prefs.contains_key(PREF_DEVICE), PROBE_TIMEOUT)
            return prefs
        except Exception:
            log.info("browser storage did not answer (attempt %d); asking afresh", attempt + 1)
            prefs = make()
    return prefs


def new_device_id() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class Device:
    """One browser (or phone): its id, the joins it remembers, and whether it is the
    server's own computer (a loopback address)."""

    device_id: str
    joins: dict[str, Join] = field(default_factory=dict)
    local: bool = False
    #: False when storage did not answer: this id is a stand-in for this tab only.
    known: bool = True
    #: The joins as the browser keeps them, not parsed yet (``read_stored``).
    stored: object = None

    def read_stored(self) -> None:
        """Parse the joins the browser keeps (up to ``MAX_JOINS_CHARS`` of JSON): on a
        worker thread, as a tab's first screen reads the join records (``companion.app``),
        so parsing them never holds up the loop that answers every tab."""
        if self.stored is not None:
            self.joins = parse_joins(self.stored)
            self.stored = None

    def join(self, game_id: str) -> Join | None:
        return self.joins.get(game_id)

    def remember(self, game_id: str, join: Join | None) -> str:
        """Record (or, with None, forget) a join; returns the JSON to store."""
        if join is None:
            self.joins.pop(game_id, None)
        else:
            self.joins[game_id] = join
        return joins_json(self.joins)


def joins_json(joins: dict[str, Join]) -> str:
    return json.dumps({k: v.model_dump() for k, v in joins.items()}, sort_keys=True)


#: What a browser's joins may take up: far more than the hundreds of games one device
#: could join (about 80 characters each). The browser can put anything in its storage:
#: a longer value is not read at all.
MAX_JOINS_CHARS = 100_000


def parse_joins(raw: object) -> dict[str, Join]:
    if not isinstance(raw, str) or not raw:
        return {}
    if len(raw) > MAX_JOINS_CHARS:
        log.warning("remembered joins longer than %d characters; ignored", MAX_JOINS_CHARS)
        return {}
    try:
        return _JOINS.validate_json(raw)
    except ValidationError:
        log.warning("remembered joins unreadable; this device joins again")
        return {}


def is_loopback(client_ip: str | None) -> bool:
    return bool(client_ip) and (client_ip in LOOPBACK or str(client_ip).startswith("127."))


async def load_device(
    prefs: Prefs, client_ip: str | None, save: Callable[[str, str], None]
) -> Device:
    """This device from storage; a new id is made (and saved) on the first visit. Its
    joins are kept as stored, to be parsed off the loop (``Device.read_stored``)."""
    device_id: object = None
    joins: object = None
    answered = False
    for _attempt in range(2):  # a client still starting may miss the first question
        try:
            device_id, joins = await asyncio.gather(  # one round trip, not two
                asyncio.wait_for(prefs.get(PREF_DEVICE), TIMEOUT),
                asyncio.wait_for(prefs.get(PREF_JOINS), TIMEOUT),
            )
            answered = True
            break
        except Exception:
            log.warning("device storage did not answer", exc_info=True)
    valid = isinstance(device_id, str) and 16 <= len(device_id) <= 64
    if not valid:
        device_id = new_device_id()
        if answered:  # a first visit: keep the new id; never overwrite one we could not read
            save(PREF_DEVICE, device_id)
    assert isinstance(device_id, str)
    return Device(device_id, {}, is_loopback(client_ip), known=answered, stored=joins)
