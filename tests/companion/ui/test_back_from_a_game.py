"""← inside a game goes Home, never back to the filled New-game form (issue 14)."""

from tests.companion.ui.conftest import AppFactory, start_two_player_game


def test_back_from_set_up_goes_home_not_to_the_new_game_form(table_app: AppFactory) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    assert ui.has("screen-setup")
    app.back()  # the app bar's ← (Flet's view pop)
    assert ui.has("screen-home") and not ui.has("screen-new")
    assert len(app.stack) == 1


def test_back_from_the_game_screen_goes_home(table_app: AppFactory) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    ui.tap("reveal-first-rooms")
    assert ui.has("screen-game")
    app.back()
    assert ui.has("screen-home") and not ui.has("screen-new")


def test_rules_opened_from_a_game_come_back_to_the_game(table_app: AppFactory) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    ui.tap("open-rules")
    app.back()
    assert ui.has("screen-setup")
