"""A refusal the rules make links to the rule behind it, as a ruling does: the sentence
says why, the link under it opens the rule's glossary entry. A refusal no rule made (a
form's problem, a device that may only watch) has no link."""

from __future__ import annotations

from pathlib import Path

from companion.glossary import Lang, load_glossary
from tests.companion.ui.conftest import AppFactory, saved_at, start_two_player_game
from tests.companion.ui.flet_harness import Harness
from tests.companion.ui.test_games_screen import dialog_text, in_dialog

WHERE = "R-BUILD-WHERE"  # an Advanced Room is built over a Room, never in a new place


def _refused_advanced_room(ui: Harness, prefix: str, go: str) -> None:
    ui.type(f"{prefix}-name", "Big lab")
    ui.type(f"{prefix}-damage", "2")
    ui.tap(f"{prefix}-treasure-mage")
    ui.toggle(f"{prefix}-advanced", True)
    ui.tap(go)


def _link_opens_the_entry(ui: Harness, banner: str, lang: Lang) -> None:
    link = ui.find(f"{banner}-rule")
    assert link.content == WHERE
    ui._dispatch(link, "click")
    entry = load_glossary().for_rule(WHERE)
    assert f"{entry.title[lang]} ({WHERE})" in dialog_text(ui)
    assert entry.body[lang] in dialog_text(ui)
    assert in_dialog(ui, "rule-dialog-open") is not None  # and on to the Rules screen


def test_a_refused_build_in_the_game_says_why_and_links_to_its_rule(
    table_app: AppFactory, tmp_path: Path
) -> None:
    ui, app = table_app(route=f"/game/{saved_at(tmp_path / 'data', 'build')}")
    assert app.game is not None
    version = app.game.version
    _refused_advanced_room(ui, "build-p1", "build-p1-go")
    assert "An Advanced Room (Big lab) must be built over a Room" in ui.texts()
    assert f"({WHERE})" not in ui.texts()  # the id is the link's, not the sentence's
    _link_opens_the_entry(ui, "build-p1-error", "en")
    assert app.game is not None and app.game.version == version  # nothing was built


def test_a_refused_first_room_at_set_up_links_to_its_rule_in_german(
    table_app: AppFactory,
) -> None:
    ui, app = table_app(lang="de")
    start_two_player_game(ui)
    _refused_advanced_room(ui, "first-room-1", "first-room-1-build")
    assert "Ein Erweiterter Raum (Big lab) muss über einen Raum" in ui.texts()
    assert f"({WHERE})" not in ui.texts()
    _link_opens_the_entry(ui, "first-room-1-error", "de")
    assert app.game is not None and app.game.version == 0


def test_a_form_s_own_problem_has_no_rule_link(table_app: AppFactory) -> None:
    ui, _app = table_app()
    start_two_player_game(ui)
    ui.type("first-room-1-damage", "lots")
    ui.tap("first-room-1-build")
    assert "Damage must be a whole number, not lots." in ui.texts()
    assert not ui.has("first-room-1-error-rule")
