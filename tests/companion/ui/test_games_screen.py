"""The saved-games screen without a browser: list, resume, rename, delete, export, import,
and every kind of damaged file shown in words with the right buttons (never a crash)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.controls.base_control import BaseControl

from companion.store import GameStore
from companion.sync.device import Device
from companion.ui.shell import TableApp
from rules.commands import COMMANDS
from rules.game import Game
from tests.companion.store.sample_play import command_stream, play_turns, sample_setup
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness

# --- finding things in open dialogs (the harness only walks the top view) -------------


def _visit(node: Any, seen: set[int]) -> Iterator[ft.Control]:
    if not isinstance(node, BaseControl) or id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, ft.Control):
        yield node
    for name in getattr(type(node), "__dataclass_fields__", {}):
        if name.startswith("on_") or name in ("parent", "page", "_parent"):
            continue
        value = getattr(node, name, None)
        if isinstance(value, BaseControl):
            yield from _visit(value, seen)
        elif isinstance(value, list):
            for item in value:
                yield from _visit(item, seen)


#: Seconds a dialog may take to open (a bound for a hang, not a speed).
DIALOG_WAIT = 5.0


def open_dialogs(ui: Harness) -> list[ft.AlertDialog]:
    return [d for d in ui.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]


def dialog(ui: Harness) -> ft.AlertDialog:
    if not open_dialogs(ui):  # a dialog opens once its game's file is read off the loop
        ui.until(lambda: open_dialogs(ui), timeout=DIALOG_WAIT)
    dialogs = open_dialogs(ui)
    assert dialogs, "no dialog is open"
    return dialogs[-1]


def in_dialog(ui: Harness, identifier: str) -> Any:
    for control in _visit(dialog(ui), set()):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            return control.content
    raise AssertionError(f"no {identifier!r} in the open dialog")


def dialog_has(ui: Harness, identifier: str) -> bool:
    try:
        in_dialog(ui, identifier)
    except AssertionError:
        return False
    return True


def dialog_text(ui: Harness) -> str:
    parts: list[str] = []
    for control in _visit(dialog(ui), set()):
        if not control.visible:
            continue
        if isinstance(control, ft.Text) and control.value:
            parts.append(str(control.value))
        elif isinstance(control, ft.TextField):
            parts.extend(str(v) for v in (control.value, control.error) if v)
    return "\n".join(parts)


def tap_dialog(ui: Harness, identifier: str) -> None:
    ui._dispatch(in_dialog(ui, identifier), "click")


def type_dialog(ui: Harness, identifier: str, text: str) -> None:
    field = in_dialog(ui, identifier)
    assert isinstance(field, ft.TextField)
    ui.session.apply_patch(field._i, {"value": text})
    ui._dispatch(field, "change", text)


# --- games on disk ---------------------------------------------------------------------


def store_of(app: TableApp) -> GameStore:
    assert app.sessions is not None
    return app.sessions.store


def saved(store: GameStore, turns: int = 1, name: str | None = None, players: int = 2) -> str:
    """A game played ``turns`` turns and saved after every command (so backups exist)."""
    game = Game.new(sample_setup(players))
    game_id = store.create(game.setup, name).game_id
    target = play_turns(game, turns)
    while game.version < target.version:
        game, _command = command_stream(game)
        store.save(game_id, game)
    return game_id


def open_games(table_app: AppFactory) -> tuple[Harness, TableApp]:
    ui, app = table_app()
    ui.tap("open-saved-games")
    assert ui.has("screen-games")
    return ui, app


def edit_document(store: GameStore, game_id: str, change: Callable[[dict[str, Any]], None]) -> None:
    path = store.layout.game_file(game_id)
    data = json.loads(path.read_text())
    change(data["game"]["1"])
    path.write_text(json.dumps(data))


# --- listing and the actions -----------------------------------------------------------


def test_saved_games_lists_in_progress_then_finished(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    first = saved(store, 1, "Tuesday game")
    second = saved(store, 2, "Friday game")
    finished = saved(store, 1, "Old game")
    edit_document(
        store,
        finished,
        lambda doc: doc["progress"].update(finished=True, winner="Ada"),
    )
    ui, app = open_games(table_app)
    ids = ui.ids()
    rows = [i for i in ids if i.startswith("game-")]
    assert rows == [f"game-{second}", f"game-{first}", f"game-{finished}"]
    assert ids.index("games-in-progress") < ids.index(f"game-{first}") < ids.index("games-finished")
    assert ids.index("games-finished") < ids.index(f"game-{finished}")
    text = ui.texts()
    assert "Players: Ada, Brann" in text
    assert f"Turn 3, {app.tr('phase.beginning')}" in text
    assert "Won by Ada in turn 2" in text
    assert "Last played " in text
    assert ui.has(f"resume-{first}") and ui.has(f"rename-{first}") and ui.has(f"delete-{first}")


def test_resume_opens_the_game_where_it_stopped(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 2)
    ui, app = open_games(table_app)
    ui.tap(f"resume-{game_id}")
    assert ui.has("screen-game")
    assert app.game is not None and app.game.state.turn == 3
    assert not open_dialogs(ui)


def test_rename_saves_the_new_name_and_refuses_a_blank_one(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1, "Before")
    ui, app = open_games(table_app)
    ui.tap(f"rename-{game_id}")
    type_dialog(ui, "rename-field", "   ")
    tap_dialog(ui, "rename-save")
    assert "A game's name must not be blank" in dialog_text(ui)
    assert store_of(app).list_games().games[0].name == "Before"
    type_dialog(ui, "rename-field", "x" * 81)
    tap_dialog(ui, "rename-save")
    assert "at most 80 characters (got 81)" in dialog_text(ui)
    type_dialog(ui, "rename-field", "  Dragon   night ")
    tap_dialog(ui, "rename-save")
    assert not open_dialogs(ui)
    assert store_of(app).list_games().games[0].name == "Dragon night"
    assert "Renamed to “Dragon night”." in ui.texts()
    assert "Dragon night" in ui.texts()


def test_rename_refuses_a_name_with_control_characters_saying_which(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1, "Before")
    ui, app = open_games(table_app)
    ui.tap(f"rename-{game_id}")
    type_dialog(ui, "rename-field", "Red\x1b[31m night")
    tap_dialog(ui, "rename-save")
    said = dialog_text(ui)
    assert "A game's name must not hold control characters" in said
    assert "(U+001B at character 4)" in said
    assert store_of(app).list_games().games[0].name == "Before"


def test_delete_asks_first_naming_the_game(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    keep = saved(store, 1, "Keep me")
    doomed = saved(store, 1, "Throw away")
    ui, app = open_games(table_app)
    ui.tap(f"delete-{doomed}")
    assert dialog(ui).title.value == "Delete “Throw away”?"  # type: ignore[union-attr]
    assert "Ada, Brann" in dialog_text(ui)
    tap_dialog(ui, "delete-cancel")
    assert not open_dialogs(ui)
    assert len(store_of(app).list_games().games) == 2, "nothing deleted without confirmation"
    ui.tap(f"delete-{doomed}")
    tap_dialog(ui, "delete-confirm")
    assert [s.game_id for s in store_of(app).list_games().games] == [keep]
    assert not ui.has(f"game-{doomed}")
    assert "Deleted “Throw away”." in ui.texts()


def test_export_shows_the_game_json_and_the_table_with_copy(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1, "Exported")
    ui, _app = open_games(table_app)
    ui.tap(f"export-{game_id}")
    box = in_dialog(ui, "export-text")
    exported = json.loads(box.value)
    assert exported["name"] == "Exported" and exported["setup"]["players"][0]["name"] == "Ada"
    assert exported["log"], "the command log is exported"
    copy = in_dialog(ui, "export-copy")
    assert isinstance(copy.action, ft.CopyToClipboard) and copy.action.data == box.value
    tap_dialog(ui, "export-copy")
    assert "Copied to the clipboard." in dialog_text(ui)

    tap_dialog(ui, "export-switch")
    table = json.loads(in_dialog(ui, "export-text").value)
    assert {p["name"] for p in table["players"]} == {"Ada", "Brann"}
    assert in_dialog(ui, "export-copy").action.data == in_dialog(ui, "export-text").value
    assert "python -m rules turn" in dialog_text(ui)
    tap_dialog(ui, "export-close")
    assert not open_dialogs(ui)


def test_import_saves_a_pasted_game_and_names_bad_fields(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    original = saved(store, 1, "Travelling game")
    text = store.export_game(original)
    ui, app = open_games(table_app)

    broken = json.loads(text)
    broken["log"][0]["room"]["damage"] = "lots"
    del broken["setup"]
    ui.tap("import-game")
    tap_dialog(ui, "import-save")
    assert "Paste an exported game first." in dialog_text(ui)
    type_dialog(ui, "import-field", json.dumps(broken))
    tap_dialog(ui, "import-save")
    said = dialog_text(ui)
    assert "Not imported: the file is not a valid saved game (2 field errors)" in said
    assert "• setup: Field required" in said
    assert "log[0].build_room.room.damage" in said
    assert len(store_of(app).list_games().games) == 1, "nothing saved changes"

    type_dialog(ui, "import-field", "{not json")
    tap_dialog(ui, "import-save")
    assert "the file is not valid JSON" in dialog_text(ui)

    type_dialog(ui, "import-field", text)
    tap_dialog(ui, "import-save")
    assert not open_dialogs(ui)
    games = store_of(app).list_games().games
    assert len(games) == 2 and {g.name for g in games} == {"Travelling game"}
    assert "Imported “Travelling game”." in ui.texts()


def test_home_links_to_saved_games_in_german(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    saved(store, 1)
    ui, _app = table_app(lang="de")
    ui.tap("open-saved-games")
    text = ui.texts()
    assert "Laufende Partien" in text and "Beendete Partien" in text
    assert "Spieler: Ada, Brann" in text


# --- problems: never a crash, always words ---------------------------------------------


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda raw: raw[: len(raw) // 2], "is cut short"),
        (lambda raw: b"\x00garbage}{" + raw[20:], "is damaged"),
    ],
    ids=["truncated", "garbage"],
)
def test_damaged_file_is_shown_with_restore_then_opens_the_backup(
    table_app: AppFactory, tmp_path: Path, damage: Callable[[bytes], bytes], says: str
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    fine = saved(store, 1, "Fine game")
    broken = saved(store, 2, "Broken game")
    path = store.layout.game_file(broken)
    bad = damage(path.read_bytes())
    path.write_bytes(bad)

    ui, app = open_games(table_app)
    assert ui.has(f"game-{fine}") and not ui.has(f"game-{broken}")
    card = ui.texts()
    assert "A saved game can't be opened" in card
    assert f"Saved game {broken} ({path}) {says}" in card
    assert "The file is left untouched." in card
    assert path.read_bytes() == bad
    assert ui.has(f"restore-{broken}")

    ui.tap(f"restore-{broken}")
    ui.until(lambda: ui.has("screen-game"))  # the backup is read and replayed off the loop
    assert app.game is not None and app.session is not None and app.session.game_id == broken
    quarantined = list(store.layout.quarantine.iterdir())
    assert [p.read_bytes() for p in quarantined] == [bad], "the damaged file is kept aside"
    app.back()  # the list is read again off the loop: shown once read
    ui.until(lambda: ui.has(f"game-{broken}"))
    assert not ui.has("list-problem-1")


def test_hand_edited_field_names_the_field_on_resume(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1, "Edited")
    # The list reads only the summary, so it still shows the game; opening it finds the field.
    edit_document(store, game_id, lambda doc: doc["log"][1]["room"].update(damage=-3))
    ui, app = open_games(table_app)
    ui.tap(f"resume-{game_id}")
    assert ui.has("screen-games"), "stays on the list"
    said = dialog_text(ui)
    assert "A saved game can't be opened" in said
    assert "• log[1].build_room.room.damage:" in said
    assert "set aside untouched as" in said
    assert dialog_has(ui, "problem-restore") and not dialog_has(ui, "problem-play-on")
    tap_dialog(ui, "problem-close")
    assert not open_dialogs(ui)
    # The damaged file was moved aside: the list now offers its backup.
    assert "A saved game's file is missing" in ui.texts() and ui.has(f"restore-{game_id}")
    assert app.session is None


def test_newer_schema_is_left_untouched_and_not_restorable(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data")
    game = Game.new(sample_setup())
    game_id = store.create(game.setup, "From the future").game_id  # one save: no backup
    edit_document(store, game_id, lambda doc: doc.update(schema_version=99))
    before = store.layout.game_file(game_id).read_bytes()
    ui, _app = open_games(table_app)
    text = ui.texts()
    assert "A saved game needs a newer version of the app" in text
    assert "schema 99" in text and "The file is left untouched." in text
    assert not ui.has(f"restore-{game_id}")
    assert store.layout.game_file(game_id).read_bytes() == before


def test_log_that_no_longer_replays_opens_at_the_last_good_state(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1, "Rules changed")
    good = len(store.load(game_id).game.log)

    def extra_turn_end(doc: dict[str, Any]) -> None:
        # A command the rules refuse at this point (the turn is not over yet).
        doc["log"].insert(2, COMMANDS.dump_python(COMMANDS.validate_python({"type": "end_turn"})))

    edit_document(store, game_id, extra_turn_end)
    ui, app = open_games(table_app)
    ui.tap(f"resume-{game_id}")
    said = dialog_text(ui)
    assert "This game opened at its last good state" in said
    assert "Command 3 (end_turn) is no longer allowed:" in said
    assert "The game opened after command 2" in said
    assert "The original file is kept as" in said
    assert app.game is not None and len(app.game.log) == 2 < good
    tap_dialog(ui, "problem-play-on")
    assert ui.has("screen-game")


def test_data_folder_that_cannot_be_written_is_explained(
    table_app: AppFactory, tmp_path: Path
) -> None:
    # A file where the data folder should be: nothing can be created or written there
    # (the same report as a read-only folder, and it holds when tests run as root).
    (tmp_path / "data").write_text("not a folder")
    ui, _app = open_games(table_app)
    assert ui.has("startup-problem-1")
    text = ui.texts()
    assert "Games can't be saved" in text
    assert f"Games cannot be saved in {tmp_path / 'data'}: Not a directory" in text
    assert "choose another folder with --data-dir" in text


def test_home_resume_of_a_damaged_game_shows_the_problem(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    game_id = saved(store, 1)
    edit_document(store, game_id, lambda doc: doc["log"][0].update(type="no_such_command"))
    ui, app = table_app()
    ui.tap(f"resume-{game_id}")  # the home list
    assert ui.has("screen-home") and app.session is None
    assert "A saved game can't be opened" in dialog_text(ui)


class _Access:
    def __init__(self, role: str) -> None:
        self.role = role

    @property
    def can_view(self) -> bool:
        return self.role != "none"

    @property
    def can_change(self) -> bool:
        return self.role in ("host", "table", "seat")


class _Sync:
    """Stands in for live sync: this device's role in each game."""

    def __init__(self, roles: dict[str, str]) -> None:
        self.roles = roles
        self.device = Device("test-device-42-abcdefgh")  # not the server's computer

    def access(self, game_id: str) -> _Access:
        return _Access(self.roles.get(game_id, "none"))


def test_under_live_sync_only_the_host_renames_or_deletes_and_hidden_games_stay_hidden(
    table_app: AppFactory, tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    mine, theirs, secret = saved(store, 1), saved(store, 1), saved(store, 1)
    ui, app = table_app()
    app.sync = _Sync({mine: "host", theirs: "seat"})  # type: ignore[attr-defined]
    ui.tap("open-saved-games")
    assert ui.has(f"game-{mine}") and ui.has(f"game-{theirs}")
    assert not ui.has(f"game-{secret}"), "a game this device has no code for is not listed"
    assert ui.has(f"rename-{mine}") and ui.has(f"delete-{mine}")
    assert not ui.has(f"rename-{theirs}") and not ui.has(f"delete-{theirs}")
    assert ui.has(f"resume-{theirs}") and ui.has(f"export-{theirs}")
