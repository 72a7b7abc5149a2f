"""← inside a game goes Home, never back to the filled New-game form (issue 14)."""

import flet as ft

from tests.companion.ui.conftest import AppFactory, start_two_player_game
from tests.companion.ui.flet_harness import controls_in


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


def test_a_field_shown_again_by_back_takes_typing_at_once(table_app: AppFactory) -> None:
    """← shows the screen below in the browser before the server has redrawn it: what a
    finger types there at once goes to the field the browser showed, which must still be
    the field the server listens to (it was rebuilt, and the typing lost, on a loaded CI
    machine: "Wunde" typed just after ← from Settings found nothing)."""
    ui, app = table_app()
    ui.tap("open-rules")
    ui.type("rules-search", "deactivate")
    ui.tap(next(i for i in ui.ids() if i.startswith("rules-hit-")))
    ui.tap("open-settings")
    ui.select("settings-lang", "de")
    below = app.page.views[-2]  # the Rules screen under Settings, redrawn in German
    shown = next(
        c.content
        for c in controls_in(below)
        if isinstance(c, ft.Semantics) and c.identifier == "rules-search"
    )
    app.back()
    ui.session.apply_patch(shown._i, {"value": "Wunde"})
    ui.run(ui.session.dispatch_event(shown._i, "change", "Wunde"))
    assert any(i.startswith("rules-hit-") for i in ui.ids()), ui.texts()
    assert ui.find("rules-search", ft.TextField) is shown
