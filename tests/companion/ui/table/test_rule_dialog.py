"""A rule link opens its glossary entry; from there one tap opens the Rules screen."""

from __future__ import annotations

from typing import Any

from companion.glossary import load_glossary
from companion.session import Sessions
from companion.ui.basic_screens import RulesScreen
from companion.ui.shell import route_name
from companion.ui.table.rulings import show_rule
from tests.companion.ui.table.conftest import FakePage, make_app, walk


def _tagged(dialog: object, identifier: str) -> Any:
    for control in walk(dialog):
        if getattr(control, "identifier", None) == identifier:
            return control
    raise AssertionError(f"no {identifier!r} in the dialog")


def test_rule_dialog_shows_the_entry_and_opens_it_in_the_rules_screen(
    page: FakePage, sessions: Sessions
) -> None:
    app = make_app(page, sessions, {"rules": RulesScreen})
    app.start("/")
    show_rule(app, "R-BAIT-HIGHEST")
    dialog = page.dialogs[-1]
    entry = load_glossary().for_rule("R-BAIT-HIGHEST")
    body = _tagged(dialog, "rule-dialog-body")
    assert entry.body["en"] in str(body.content.value)
    button = _tagged(dialog, "rule-dialog-open").content
    button.on_click(None)
    assert not page.dialogs
    assert route_name(app.current.route) == "rules"
    assert app.current.route == f"/rules/{entry.id}"


def test_only_game_routes_name_a_game() -> None:
    from companion.ui.shell import route_game_id

    assert route_game_id("/game/abc123") == "abc123"
    assert route_game_id("/setup/abc123?x=1") == "abc123"
    assert route_game_id("/rules/rule-bait-highest") is None
    assert route_game_id("/games") is None
    assert route_game_id("/") is None


def test_reloading_a_damaged_games_address_opens_saved_games_not_a_crash(
    page: FakePage, sessions: Sessions
) -> None:
    from companion.ui.games_screen import GamesScreen
    from companion.ui.table.game_screen import GameScreen
    from rules.models import GameSetup, PlayerSetup

    setup = GameSetup(players=(PlayerSetup(name="Ann", xp=900), PlayerSetup(name="Bob", xp=400)))
    game_id = sessions.new_game(setup).game_id
    sessions.forget(game_id)
    path = sessions.store.layout.games / f"{game_id}.json"
    path.write_text(path.read_text(encoding="utf-8")[:40], encoding="utf-8")  # truncated
    app = make_app(page, sessions, {"game": GameScreen, "games": GamesScreen})
    app.start(f"/game/{game_id}")
    assert route_name(app.current.route) == "games"
