"""Fixtures for the game store's tests: a store in a temp folder and sample games."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sample_play import play_turns, sample_setup

from companion.store import GameStore
from rules.game import Game


class TickingClock:
    """A clock that moves one second per call, so saves have distinct times."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
def store(tmp_path: Path, clock: TickingClock) -> GameStore:
    return GameStore(tmp_path / "data", clock=clock)


@pytest.fixture
def reopen(tmp_path: Path, clock: TickingClock) -> Callable[[], GameStore]:
    """A fresh store on the same folder, as after an app restart."""
    return lambda: GameStore(tmp_path / "data", clock=clock)


@pytest.fixture(scope="session")
def forty_turns() -> Game:
    return play_turns(Game.new(sample_setup()), 40)


@pytest.fixture(scope="session")
def three_turns() -> Game:
    return play_turns(Game.new(sample_setup()), 3)
