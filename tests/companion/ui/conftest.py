"""Fixtures for screen tests without a browser (see flet_harness.py)."""

from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest

from companion.app import SCREENS
from companion.catalogue import default_catalogue
from companion.session import Sessions
from companion.store import GameStore
from companion.ui.shell import Settings, TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import BuildRoom
from rules.game import Game
from tests.companion.store.sample_play import next_commands, play_turns, sample_setup
from tests.companion.ui.flet_harness import Harness

AppFactory = Callable[..., tuple[Harness, TableApp]]

#: Two players as the New-game form takes them: name, XP as typed, the Boss's treasure.
TWO_PLAYERS = (("Ada", "900", "cleric"), ("Bert", "300", "thief"))


def fill_players(ui: Harness, players: tuple[tuple[str, str, str], ...] = TWO_PLAYERS) -> None:
    """Type each player's name and XP and tap the Boss's treasure in the New-game form."""
    for n, (name, xp, treasure) in enumerate(players, start=1):
        ui.type(f"player-{n}-name", name)
        ui.type(f"player-{n}-xp", xp)
        ui.tap(f"player-{n}-treasure-{treasure}")


def saved_at(data: Path, phase: str) -> str:
    """A saved 3-player game in turn 2 at ``phase``; at the Build phase everyone but the
    first player has built. Returns its id."""
    game = play_turns(Game.new(sample_setup(3)), 1)
    step = 1
    while game.state.phase != phase:
        for command in next_commands(game, step):
            game, _ = game.play(command)
        step += 1
    if phase == "build":
        first = game.state.players[0].name
        for command in next_commands(game, step):
            if isinstance(command, BuildRoom) and command.player != first:
                game, _ = game.play(command)
    store = GameStore(data, fsync=False)
    game_id = store.create(game.setup, f"At the {phase}").game_id
    store.save(game_id, game)
    return game_id


def at_bait(table_app: AppFactory, tmp_path: Path) -> tuple[Harness, TableApp, GameScreen]:
    """A tab showing a game saved at its Bait (``saved_at``)."""
    game_id = saved_at(tmp_path / "data", "bait")
    harness, app = table_app(route=f"/game/{game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    return harness, app, screen


def start_two_player_game(ui: Harness) -> None:
    """From the home screen to a new two-player game's set-up."""
    ui.tap("new-game")
    fill_players(ui)
    ui.tap("start-game")


@pytest.fixture
def table_app(tmp_path: Path) -> Iterator[AppFactory]:
    """`table_app(lang="de", width=360)` -> (harness, app) with the home screen shown;
    ``tab``: the game screen's tab the browser has stored (``Settings.tab``)."""
    harnesses: list[Harness] = []

    def make(
        lang: str = "en", width: int = 390, route: str = "/", tab: object = None
    ) -> tuple[Harness, TableApp]:
        harness = Harness(width=width, route=route)
        harnesses.append(harness)
        saved: dict[str, str] = {}
        holder: dict[str, TableApp] = {}

        def build(page: ft.Page) -> None:
            app = TableApp(
                page=page,
                catalogue=default_catalogue(),
                settings=Settings.parse("system", lang, "en", tab),
                screens=SCREENS,
                save_setting=saved.__setitem__,
                sessions=Sessions(GameStore(tmp_path / "data", fsync=False)),
            )
            app.saved = saved  # type: ignore[attr-defined]
            app.start(route)
            holder["app"] = app

        harness.start(build)
        return harness, holder["app"]

    yield make
    for harness in harnesses:
        harness.close()
