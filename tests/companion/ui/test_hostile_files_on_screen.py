"""Hostile files on screen: one deeply nested, huge-numbered, surrogate-laden, cut,
wrong-shaped or enormous game file once made every page "Error running app". Now the home
screen and the saved-games screen list the other games and name the problem, its address
leads to the saved-games screen, and the Import dialog says why it refuses such a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import GameStore
from companion.store.export import MAX_IMPORT_BYTES
from companion.store.storage import MAX_FILE_BYTES
from tests.companion.store.hostile_files import CASES, Hostile
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.test_games_screen import (
    dialog_text,
    open_dialogs,
    saved,
    tap_dialog,
    type_dialog,
)

HOSTILE_ID = "20250101-hostile"
#: Text can be pasted; bytes that are not UTF-8 cannot.
PASTABLE = [case for case in CASES if case.name != "invalid-utf8"]


@pytest.fixture(params=CASES, ids=[case.name for case in CASES])
def hostile(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Hostile, str]:
    """A good game and a hostile game file next to it; returns the case and the good id."""
    case: Hostile = request.param
    store = GameStore(tmp_path / "data", fsync=False)
    good = saved(store, 1, "Good game")
    case.write(
        store.layout.game_file(HOSTILE_ID),
        store.layout.game_file(good).read_bytes(),
        MAX_FILE_BYTES,
    )
    return case, good


def test_home_lists_the_other_games_despite_a_hostile_file(
    table_app: AppFactory, hostile: tuple[Hostile, str]
) -> None:
    _case, good = hostile
    ui, _app = table_app()
    ui.assert_not_crashed()
    assert ui.has(f"saved-{good}") and "Good game" in ui.texts()


def test_saved_games_screen_names_the_hostile_file_and_lists_the_rest(
    table_app: AppFactory, hostile: tuple[Hostile, str]
) -> None:
    case, good = hostile
    ui, _app = table_app()
    ui.tap("open-saved-games")
    assert ui.has(f"game-{good}") and ui.has("list-problem-1")
    shown = ui.texts()
    assert f"Saved game {HOSTILE_ID}" in shown and case.says in shown


def test_the_address_of_a_hostile_game_leads_to_the_saved_games_screen(
    table_app: AppFactory, hostile: tuple[Hostile, str]
) -> None:
    _case, good = hostile
    ui, _app = table_app(route=f"/game/{HOSTILE_ID}")
    ui.assert_not_crashed()
    assert ui.has("screen-games") and ui.has(f"game-{good}")


@pytest.mark.parametrize("case", PASTABLE, ids=[case.name for case in PASTABLE])
def test_import_dialog_says_why_a_hostile_file_is_refused(
    table_app: AppFactory, tmp_path: Path, case: Hostile
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    good = saved(store, 1, "Good game")
    pasted_file = tmp_path / "pasted.json"
    case.write(pasted_file, store.export_game(good).encode(), MAX_IMPORT_BYTES)
    pasted = pasted_file.read_text(encoding="utf-8")
    before = store.list_games().games
    ui, _app = table_app()
    ui.tap("open-saved-games")
    ui.tap("import-game")
    type_dialog(ui, "import-field", pasted)
    tap_dialog(ui, "import-save")
    assert open_dialogs(ui), "the dialog stays open, saying why"
    said = dialog_text(ui)
    assert "Not imported:" in said and case.import_says in said
    assert store.list_games().games == before, "nothing saved changes"
