"""Saved games for the live-sync tests and benchmark, written before the server starts.

Each game is saved with the store and given a join record naming the host device, so a
browser context that starts with that device id in its storage is the host, and the
others have to join with the code, as phones at a real table would.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.store import GameStore
from companion.sync.registry import AccessRegistry
from rules.commands import BuildRoom, Command, RevealHeroes, RevealRooms
from rules.game import Game
from rules.models import TREASURES, GameSetup, HeroCard, PlayerSetup, Room

NAMES = ("Ada", "Brann", "Cyra", "Dorn", "Eira", "Finn")
#: The storage key Flet's SharedPreferences uses in a browser for the device id.
DEVICE_KEY = "flutter.dungeon_referee.device"


@dataclass(frozen=True)
class SeededGame:
    game_id: str
    code: str
    players: tuple[str, ...]


def device_id(n: int) -> str:
    """A stable, valid device id for browser context number ``n``."""
    return f"test-device-{n:02d}-abcdefgh"


def setup(players: int) -> GameSetup:
    return GameSetup(
        players=tuple(
            PlayerSetup(name=n, boss=f"Boss of {n}", xp=20 - i, boss_treasure=(TREASURES[i % 4],))
            for i, n in enumerate(NAMES[:players])
        ),
        ordinary_heroes=60,
        epic_heroes=10,
    )


def in_build(players: int) -> list[Command]:
    """First Rooms revealed, turn 1's Heroes revealed: the Build phase of turn 1."""
    first = [
        BuildRoom(player=n, room=Room(name=f"Hall {i + 1}", treasure=(TREASURES[i % 4],), damage=1))
        for i, n in enumerate(NAMES[:players])
    ]
    heroes = tuple(HeroCard(treasure=(TREASURES[i % 4],), health=5) for i in range(players))
    return [*first, RevealRooms(), RevealHeroes(heroes=heroes)]


def seed(data_dir: Path, players: int, host: str, name: str, at_setup: bool = False) -> SeededGame:
    """A saved game in turn 1's Build phase (``at_setup``: still at set-up, no Room built)."""
    store = GameStore(data_dir, fsync=False)
    summary = store.create(setup(players), name)
    game = Game.new(setup(players))
    for command in [] if at_setup else in_build(players):
        game, _ = game.play(command)
    store.save(summary.game_id, game)
    registry = AccessRegistry(data_dir, fsync=False)
    access = registry.add_host(summary.game_id, host)
    return SeededGame(summary.game_id, access.code, NAMES[:players])
