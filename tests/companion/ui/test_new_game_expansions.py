"""New game: the expansion switches reach the game's Ruleset (R-ITEM, R-MINI)."""

from companion.ui.new_game_form import NewGameForm
from tests.companion.ui.conftest import AppFactory


def _fill_players(ui: object) -> None:
    for n, (name, xp, treasure) in enumerate((("Ada", "10", "mage"), ("Bert", "5", "thief")), 1):
        ui.type(f"player-{n}-name", name)  # type: ignore[attr-defined]
        ui.type(f"player-{n}-xp", xp)  # type: ignore[attr-defined]
        ui.tap(f"player-{n}-treasure-{treasure}")  # type: ignore[attr-defined]


def test_items_minibosses_and_room_for_coin_switches_start_a_game_with_them(
    table_app: AppFactory,
) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    _fill_players(ui)
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
