"""The set-up screen shows the Hero counts the game really uses (R-SETUP-HEROES)."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.setup_screen import SetupScreen
from rules.models import GameSetup, PlayerSetup
from tests.companion.ui.table.conftest import FakePage, make_app, texts


def _setup_screen_text(page: FakePage, sessions: Sessions, setup: GameSetup) -> str:
    game_id = sessions.new_game(setup).game_id
    app = make_app(page, sessions, {"setup": SetupScreen})
    app.start(f"/setup/{game_id}")
    return texts(page)


def test_setup_screen_shows_the_tables_own_hero_counts(page: FakePage, sessions: Sessions) -> None:
    players = (PlayerSetup(name="Ann", xp=900), PlayerSetup(name="Bob", xp=400))
    text = _setup_screen_text(
        page, sessions, GameSetup(players=players, ordinary_heroes=11, epic_heroes=7)
    )
    assert "Use 11 ordinary Heroes and 7 Epic Heroes." in text


def test_setup_screen_shows_the_counts_for_five_players(page: FakePage, sessions: Sessions) -> None:
    players = tuple(PlayerSetup(name=n, xp=100 * i) for i, n in enumerate("ABCDE", 1))
    text = _setup_screen_text(page, sessions, GameSetup(players=players))
    assert "Use 32 ordinary Heroes and 21 Epic Heroes." in text
