"""Building the first Rooms at set-up: the page keeps its place, refusals go once the
Room changes (issue 14)."""

from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness


def _to_setup(ui: Harness) -> None:
    ui.tap("new-game")
    for n, (name, xp, treasure) in enumerate(
        [("Ada", "900", "cleric"), ("Bert", "300", "thief")], start=1
    ):
        ui.type(f"player-{n}-name", name)
        ui.type(f"player-{n}-xp", xp)
        ui.tap(f"player-{n}-treasure-{treasure}")
    ui.tap("start-game")


def test_building_a_first_room_keeps_the_page_where_it_was(table_app: AppFactory) -> None:
    ui, app = table_app()
    _to_setup(ui)
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
    _to_setup(ui)
    ui.type("first-room-1-damage", "lots")
    ui.tap("first-room-1-build")
    assert "Damage must be a whole number, not lots." in ui.texts()
    ui.type("first-room-1-damage", "2")
    assert "Damage must be a whole number" not in ui.texts()
    assert app.game is not None and app.game.version == 0
