"""New game: the expansion switches reach the game's Ruleset (R-ITEM, R-MINI)."""

from companion.ui.new_game_form import NewGameForm
from tests.companion.ui.conftest import AppFactory, fill_players

PLAYERS = (("Ada", "10", "mage"), ("Bert", "5", "thief"))


def test_items_minibosses_and_room_for_coin_switches_start_a_game_with_them(
    table_app: AppFactory,
) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    fill_players(ui, PLAYERS)
    ui.toggle("expansion-items", True)
    ui.toggle("expansion-minibosses", True)
    ui.toggle("expansion-coin-for-room", True)
    ui.tap("start-game")
    assert app.game is not None
    ruleset = app.game.state.setup.ruleset
    assert (ruleset.items, ruleset.minibosses, ruleset.coin_for_room) == (True, True, True)
    assert [p.coins for p in app.game.state.players] == [3, 3]  # R-MINI: 3 Coins each


def test_room_for_coin_needs_the_minibosses() -> None:
    form = NewGameForm(coin_for_room=True)
    assert not form.ruleset().coin_for_room
    form.minibosses = True
    assert form.ruleset().coin_for_room
