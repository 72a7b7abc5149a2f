"""New game: players' names as the form takes them."""

import pytest

from companion.ui.new_game_form import NewGameForm


@pytest.mark.parametrize("name", ["\x1b[31mAda", "Ada\tB", "\u202eAda"])
def test_new_game_form_refuses_a_player_name_with_control_characters(name: str) -> None:
    form = NewGameForm()
    form.players[0].name = name
    form.players[1].name = "Brann"
    problem = form.errors()
    assert [(e.where, e.key) for e in problem if e.where == "player-1-name"] == [
        ("player-1-name", "error.name_control")
    ]
