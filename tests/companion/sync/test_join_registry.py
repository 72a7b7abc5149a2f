"""The server's join records: kept across restarts, found by code, seats taken fairly."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.sync.registry import AccessRegistry, GuessLimiter, SeatTaken, UnknownPlayer
from tests.e2e.sync_seed import device_id

PLAYERS = ("Ada", "Brann")


def test_a_games_code_survives_a_server_restart(tmp_path: Path) -> None:
    first = AccessRegistry(tmp_path, fsync=False).add_host("game-1", device_id(1))
    again = AccessRegistry(tmp_path, fsync=False)  # a new server process, same data folder
    assert again.get("game-1") == first
    assert again.find(first.code) == first


def test_each_game_gets_its_own_code(tmp_path: Path) -> None:
    registry = AccessRegistry(tmp_path, fsync=False)
    codes = {registry.ensure(f"game-{n}").code for n in range(30)}
    assert len(codes) == 30
    unused = next(c for c in ("ZZZZZZ", "YYYYYY") if c not in codes)
    assert registry.find(unused) is None


def test_a_game_without_a_host_is_claimed_once(tmp_path: Path) -> None:
    registry = AccessRegistry(tmp_path, fsync=False)
    registry.ensure("old-game")
    assert registry.claim_unhosted("old-game", device_id(1)).hosts == (device_id(1),)
    assert registry.claim_unhosted("old-game", device_id(2)).hosts == (device_id(1),)


def test_a_seat_in_use_on_a_connected_device_is_refused(tmp_path: Path) -> None:
    registry = AccessRegistry(tmp_path, fsync=False)
    registry.sit("game-1", "Brann", device_id(2), players=PLAYERS, online=set())
    with pytest.raises(SeatTaken, match="Brann's seat is in use"):
        registry.sit("game-1", "Brann", device_id(3), players=PLAYERS, online={device_id(2)})
    # The phone went away (flat battery): another device may take the seat over.
    taken = registry.sit("game-1", "Brann", device_id(3), players=PLAYERS, online=set())
    assert taken.holder("Brann") == device_id(3)


def test_a_seat_for_a_player_not_in_the_game_is_refused(tmp_path: Path) -> None:
    registry = AccessRegistry(tmp_path, fsync=False)
    with pytest.raises(UnknownPlayer, match="no player called 'Zed'"):
        registry.sit("game-1", "Zed", device_id(2), players=PLAYERS, online=set())


def test_a_damaged_join_record_only_costs_a_new_code(tmp_path: Path) -> None:
    registry = AccessRegistry(tmp_path, fsync=False)
    old = registry.ensure("game-1").code
    (tmp_path / "sync" / "game-1.json").write_text("{not json")
    fresh = AccessRegistry(tmp_path, fsync=False)
    assert fresh.get("game-1") is None
    renewed = fresh.ensure("game-1")
    assert AccessRegistry(tmp_path, fsync=False).get("game-1") == renewed  # readable again
    assert len(old) == len(renewed.code)


def test_wrong_codes_are_throttled_per_device_and_per_address() -> None:
    now = [0.0]
    limiter = GuessLimiter(limit=3, window=60.0, clock=lambda: now[0])
    for _ in range(3):
        assert limiter.wait_for("dev", "10.0.0.5") == 0
        limiter.wrong("dev", "10.0.0.5")
    assert limiter.wait_for("dev", "") == pytest.approx(60.0)
    assert limiter.wait_for("other-device", "10.0.0.5") == pytest.approx(60.0)
    now[0] = 61.0
    assert limiter.wait_for("dev", "10.0.0.5") == 0
