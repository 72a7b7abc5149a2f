"""The join-code throttle holds for every way a code is checked, per device and per real
socket address, and forwarded headers are not believed unless asked for.

Walked around once: a join record kept in the browser's storage was checked at each new
session with no throttle (20 wrong guesses, then the right one, in 84 s, while the Join
screen was throttled), and X-Forwarded-For from 127.0.0.1 was believed, so each guess
through a local reverse proxy came from a new address."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from companion.store import GameStore
from companion.sync.access import Join
from companion.sync.codes import new_code
from companion.sync.device import Device
from companion.sync.hub import SyncHub
from companion.sync.registry import GuessLimiter
from tests.e2e.sync_seed import device_id, setup


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def hub_and_game(tmp_path: Path) -> tuple[SyncHub, str, str, Clock]:
    game_id = GameStore(tmp_path, fsync=False).create(setup(3)).game_id
    hub = SyncHub(tmp_path, fsync=False)
    clock = Clock()
    hub.guesses = GuessLimiter(clock=clock)
    record = hub.registry.add_host(game_id, device_id(1))
    return hub, game_id, record.code, clock


def _wrong_codes(right: str, count: int) -> list[str]:
    return [new_code({right}) for _ in range(count)]


def test_remembered_codes_count_as_guesses_from_one_device(
    hub_and_game: tuple[SyncHub, str, str, Clock],
) -> None:
    hub, game_id, code, clock = hub_and_game
    phone = device_id(7)
    for guess in _wrong_codes(code, 5):  # a new session each time, a new stored code
        device = Device(phone, {game_id: Join(code=guess)})
        assert hub.access(game_id, device, "192.168.1.50").role == "none"
    device = Device(phone, {game_id: Join(code=code)})
    # The right code now waits like any guess would.
    assert hub.access(game_id, device, "192.168.1.51").role == "none"
    clock.now += 61
    assert hub.access(game_id, device, "192.168.1.51").role == "table"


def test_remembered_codes_count_as_guesses_from_one_address(
    hub_and_game: tuple[SyncHub, str, str, Clock],
) -> None:
    hub, game_id, code, clock = hub_and_game
    for n, guess in enumerate(_wrong_codes(code, 5)):  # a new device id for each guess
        device = Device(device_id(20 + n), {game_id: Join(code=guess)})
        assert hub.access(game_id, device, "192.168.1.50").role == "none"
    device = Device(device_id(40), {game_id: Join(code=code)})
    assert hub.access(game_id, device, "192.168.1.50").role == "none"
    # Typed on the Join screen from that address: throttled as well.
    with pytest.raises(ValueError, match="too many wrong codes"):
        hub.check_code(code, device, "192.168.1.50")
    clock.now += 61
    assert hub.access(game_id, device, "192.168.1.50").role == "table"


def test_a_stale_code_is_counted_once_and_a_good_one_keeps_working(
    hub_and_game: tuple[SyncHub, str, str, Clock],
) -> None:
    """A phone drawing the same screen again and again is not a new guess each time; a
    device already let in keeps its access while its address is throttled."""
    hub, game_id, code, _clock = hub_and_game
    member = Device(device_id(8), {game_id: Join(code=code)})
    assert hub.access(game_id, member, "192.168.1.9").role == "table"
    stale = Device(device_id(9), {game_id: Join(code=_wrong_codes(code, 1)[0])})
    for _ in range(20):
        assert hub.access(game_id, stale, "192.168.1.10").stale_code
    assert hub.guesses.wait_for(stale.device_id) == 0
    for n, guess in enumerate(_wrong_codes(code, 5)):
        hub.access(game_id, Device(device_id(60 + n), {game_id: Join(code=guess)}), "192.168.1.9")
    assert hub.access(game_id, member, "192.168.1.9").role == "table"


def _client_seen(headers: list[tuple[bytes, bytes]]) -> Any:
    """The client address an app behind the web server's proxy-header handling sees, for
    a connection from 127.0.0.1, configured as ``serve`` configures it."""
    import uvicorn

    seen: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen["client"] = scope["client"]

    config = uvicorn.Config(app)
    config.load()
    scope = {
        "type": "http",
        "scheme": "http",
        "client": ("127.0.0.1", 5000),
        "headers": headers,
        "path": "/",
        "method": "GET",
    }

    async def nothing() -> dict[str, Any]:
        return {}

    async def ignore(message: Any) -> None:
        return None

    asyncio.run(config.loaded_app(scope, nothing, ignore))
    return seen["client"]


def test_forwarded_headers_are_not_believed_unless_a_proxy_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from companion.cli import parse_args, trust_forwarded_headers

    forged = [(b"x-forwarded-for", b"10.9.8.7")]
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # put back as it was after the test
    trust_forwarded_headers(parse_args(["--no-browser"]))
    assert _client_seen(forged)[0] == "127.0.0.1"
    trust_forwarded_headers(parse_args(["--no-browser", "--trust-proxy", "127.0.0.1"]))
    assert _client_seen(forged)[0] == "10.9.8.7"


def test_remembered_joins_past_their_ceiling_are_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The browser can store anything under the joins key: megabytes are not parsed on
    the loop that serves every tab; the device simply joins again."""
    from companion.sync import device as device_module
    from companion.sync.device import MAX_JOINS_CHARS, joins_json, parse_joins

    one = joins_json({"20250101-abcdef12": Join(code="K7M2QX")})
    assert parse_joins(one) == {"20250101-abcdef12": Join(code="K7M2QX")}
    parsed: list[int] = []
    real = device_module._JOINS.validate_json

    class Counting:
        def validate_json(self, raw: str) -> object:
            parsed.append(len(raw))
            return real(raw)

    monkeypatch.setattr(device_module, "_JOINS", Counting())
    huge = '{"' + "x" * MAX_JOINS_CHARS + '": {"code": "K7M2QX"}}'
    assert parse_joins(huge) == {} and parsed == []
