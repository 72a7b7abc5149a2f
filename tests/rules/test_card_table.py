"""The card abilities are handed into the engine; it reads no card file itself."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules import card_table
from rules.card_effects import load_effects, room_damage
from rules.models import PlayerState, Room, RoomStack

ROOT = Path(__file__).resolve().parents[2]
ARMORY = Room(name="Goblin Armory", treasure=("fighter",), damage=1, card_id="BMA015")
ORC = Room(name="Orc", treasure=("fighter",), damage=2)


def dungeon() -> PlayerState:
    return PlayerState(
        name="A", xp=100, dungeon=(RoomStack(rooms=(ORC,)), RoomStack(rooms=(ARMORY,)))
    )


@pytest.fixture
def shipped() -> Iterator[None]:
    yield
    card_table.use(load_effects())  # what the suite handed in, for the tests after


def test_the_table_handed_in_is_the_one_the_engine_refers_to(shipped: None) -> None:
    """R-CARD-EFFECT: Goblin Armory's +1 beside it comes from the table handed in."""
    assert room_damage(dungeon(), 0).damage == 3  # the shipped table: 2 +1
    card_table.use({})
    assert room_damage(dungeon(), 0).damage == 2  # no abilities handed in: printed only


def test_without_a_table_handed_in_the_engine_says_so_rather_than_read_files() -> None:
    """A fresh interpreter that hands nothing in: a card's ability is an error naming
    the missing hand-in, never a silent read of data/cards/effects/."""
    code = (
        "from rules.card_effects import room_damage\n"
        "from rules.models import PlayerState, Room, RoomStack\n"
        "r = Room(name='Goblin Armory', treasure=('fighter',), damage=1, card_id='BMA015')\n"
        "p = PlayerState(name='A', xp=1, dungeon=(RoomStack(rooms=(r,)),))\n"
        "room_damage(p, 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    assert "no card table handed in" in result.stderr
