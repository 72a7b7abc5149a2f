"""Building the first Rooms at set-up: the page keeps its place, refusals go once the
Room changes (issue 14)."""

from tests.companion.ui.conftest import AppFactory, start_two_player_game


def test_building_a_first_room_keeps_the_page_where_it_was(table_app: AppFactory) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    view = ui.page.views[-1]
    ui.type("first-room-1-name", "Bottomless")
    ui.tap("first-room-1-option-BMA027")
    ui.tap("first-room-1-build")
    assert app.game is not None and app.game.version == 1
    assert ui.has("first-room-1-placed")
    # The same view took the change: the browser keeps its scroll (a new view starts at
    # the top, which is what sent the player back up after every build).
    assert ui.page.views[-1] is view
    assert ui.has("first-room-2-name")


def test_a_refused_first_room_s_message_goes_once_the_room_changes(
    table_app: AppFactory,
) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    ui.type("first-room-1-damage", "lots")
    ui.tap("first-room-1-build")
    assert "Damage must be a whole number, not lots." in ui.texts()
    ui.type("first-room-1-damage", "2")
    assert "Damage must be a whole number" not in ui.texts()
    assert app.game is not None and app.game.version == 0
