"""Export one game as JSON, import it elsewhere, and export the table for ``rules turn``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sample_play import sample_setup

from companion.store import GameStore, ImportRejected, export_table
from companion.store.export import parse_export
from rules.cli import main as rules_cli
from rules.game import Game
from rules.table import Table


def exported(store: GameStore, game: Game) -> str:
    game_id = store.create(game.setup, "Table talk").game_id
    store.save(game_id, game)
    return store.export_game(game_id)


def test_export_is_readable_json_with_setup_and_log(store: GameStore, three_turns: Game) -> None:
    text = exported(store, three_turns)
    assert text.startswith('{\n  "format": "dungeon-referee/game"')
    data = json.loads(text)
    assert data["name"] == "Table talk"
    assert [p["name"] for p in data["setup"]["players"]] == ["Ada", "Brann", "Cyra"]
    assert len(data["log"]) == len(three_turns.log)
    assert data["log"][0]["type"] == "build_room"


def test_import_on_another_device_replays_to_the_same_state(
    store: GameStore, tmp_path_factory: pytest.TempPathFactory, forty_turns: Game
) -> None:
    text = exported(store, forty_turns.undo())
    elsewhere = GameStore(tmp_path_factory.mktemp("other-device"))
    loaded = elsewhere.import_game(text)
    assert loaded.problems == ()
    assert loaded.summary.name == "Table talk"
    assert loaded.game.state == forty_turns.undo().state
    assert loaded.game.redo().state == forty_turns.state
    assert elsewhere.load(loaded.game_id).game.log == forty_turns.undo().log


def test_import_gets_a_new_id_and_may_be_renamed(store: GameStore, three_turns: Game) -> None:
    text = exported(store, three_turns)
    original = store.list_games().games[0].game_id
    copy = store.import_game(text, name="Rules question")
    assert copy.game_id != original
    assert {s.name for s in store.list_games().games} == {"Table talk", "Rules question"}


def rejected(text: str) -> ImportRejected:
    with pytest.raises(ImportRejected) as caught:
        parse_export(text)
    return caught.value


def base(**changes: object) -> str:
    data: dict[str, object] = {
        "format": "dungeon-referee/game",
        "schema_version": 1,
        "name": "x",
        "setup": {"players": [{"name": "Ada", "xp": 10}, {"name": "Brann", "xp": 11}]},
        "log": [{"type": "build_room", "player": "Ada", "room": {"damage": 1}}],
    }
    data.update(changes)
    return json.dumps(data)


def test_import_of_broken_json_says_where() -> None:
    error = rejected('{"name": "x",\n "setup": {')
    assert "not valid JSON" in str(error) and "line 2" in str(error)


def test_import_names_each_bad_field() -> None:
    error = rejected(
        base(
            setup={"players": [{"name": "Ada", "xp": -1}, {"name": "Brann"}]},
            log=[{"type": "damage_hero", "amount": 0}, {"type": "fly_away"}],
        )
    )
    locs = {e.loc for e in error.errors}
    assert {"setup.players[0].xp", "setup.players[1].xp"} <= locs
    assert "log[0].damage_hero.amount" in locs
    assert "log[1]" in locs
    assert "fly_away" in str(error)
    assert "setup.players[0].xp" in str(error)


@pytest.mark.parametrize(
    ("change", "loc"),
    [
        ({"format": "something-else"}, "format"),
        ({"schema_version": 7}, "schema_version"),
        ({"name": ""}, "name"),
        ({"setup": None}, "setup"),
        ({"log": {"0": {}}}, "log"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_import_rejects_a_wrong_top_level_field(change: dict[str, object], loc: str) -> None:
    error = rejected(base(**change))
    assert loc in {e.loc for e in error.errors}


@pytest.mark.parametrize("text", ["[]", "42", '"a game"', "null"])
def test_import_rejects_json_that_is_not_an_object(text: str) -> None:
    assert "expected a JSON object" in str(rejected(text))


def test_import_rejects_text_that_is_not_utf8() -> None:
    with pytest.raises(ImportRejected, match="not UTF-8"):
        parse_export(b"\xff\xfe{}")


def test_import_of_a_log_that_no_longer_replays_opens_at_the_last_good_state(
    store: GameStore, three_turns: Game
) -> None:
    data = json.loads(exported(store, three_turns))
    data["log"].insert(5, {"type": "end_turn"})
    loaded = store.import_game(json.dumps(data))
    [problem] = loaded.problems
    assert problem.kind == "replay_failed" and problem.failed_command is not None
    assert problem.failed_command.index == 5
    assert loaded.game.log == three_turns.log[:5]


def test_table_export_is_valid_rules_turn_input(
    three_turns: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = export_table(three_turns)
    table = Table.model_validate_json(text)
    (tmp_path / "table.json").write_text(text)
    assert rules_cli(["turn", str(tmp_path / "table.json")]) == 0
    assert "players" in json.loads(capsys.readouterr().out)
    assert [p.name for p in table.players] == ["Ada", "Brann", "Cyra"]
    state = three_turns.state
    assert [len(p.rooms) for p in table.players] == [len(p.dungeon) for p in state.players]
    assert len(table.town) == len(state.town)


def test_six_player_game_is_created_and_listed(store: GameStore) -> None:
    assert store.create(sample_setup(6)).progress.players[-1] == "Finn"


def test_export_of_a_missing_game_is_not_found(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    from companion.store import GameNotFound

    with pytest.raises(GameNotFound):
        reopen().export_game("20250101-deadbeef")


@pytest.mark.parametrize("name", ["\x1b[31mAda", "Ada\nBrann", "\u202eAda", "nul\x00"])
def test_import_refuses_a_player_name_with_control_characters(name: str) -> None:
    error = rejected(
        base(setup={"players": [{"name": "Brann", "xp": 11}, {"name": name, "xp": 10}]})
    )
    assert {e.loc for e in error.errors} == {"setup.players[1].name"}
    assert "control characters" in str(error)


def test_a_saved_game_with_such_a_player_name_still_loads_and_exports(
    store: GameStore, three_turns: Game
) -> None:
    """The check guards the way in; a game saved before it must not be lost."""
    setup = three_turns.state.setup
    odd = setup.model_copy(
        update={
            "players": (setup.players[0].model_copy(update={"name": "Ada\x07"}), *setup.players[1:])
        }
    )
    game_id = store.create(odd, "Old game").game_id
    assert store.load(game_id).game.state.setup.players[0].name == "Ada\x07"
    exported_text = store.export_game(game_id)
    assert json.loads(exported_text)["setup"]["players"][0]["name"] == "Ada\x07"
    # Its way back in is refused, naming the field, rather than letting the name through.
    assert {e.loc for e in rejected(exported_text).errors} == {"setup.players[0].name"}
