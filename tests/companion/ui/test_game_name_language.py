"""A new game is named after its players in the table's language: "Ada und Bert" on a
German table, as the saved games list and the History show it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import GameStore
from tests.companion.ui.conftest import AppFactory, start_two_player_game


@pytest.mark.parametrize(("lang", "name"), [("en", "Ada and Bert"), ("de", "Ada und Bert")])
def test_a_new_game_is_named_in_the_tables_language(
    table_app: AppFactory, tmp_path: Path, lang: str, name: str
) -> None:
    ui, _app = table_app(lang=lang)
    start_two_player_game(ui)
    assert ui.has("screen-setup")
    (game,) = GameStore(tmp_path / "data", fsync=False).list_games().games
    assert game.name == name
