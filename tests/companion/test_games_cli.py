"""`dungeon-referee games | export | import`: output, data folder choice, bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.store import GameStore
from rules.game import Game
from rules.table import Table
from tests.companion.store.sample_play import command_stream, play_turns, sample_setup


@pytest.fixture(autouse=True)
def no_data_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(cli.DATA_ENV, raising=False)
    monkeypatch.setenv("DUNGEON_REFEREE_STATE", str(tmp_path / "state"))


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def saved(data: Path, turns: int = 1, name: str | None = None) -> str:
    store = GameStore(data, fsync=False)
    game = Game.new(sample_setup(2))
    game_id = store.create(game.setup, name).game_id
    target = play_turns(game, turns)
    while game.version < target.version:
        game, _ = command_stream(game)
        store.save(game_id, game)
    return game_id


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def edit(data: Path, game_id: str, **fields: Any) -> None:
    path = GameStore(data, fsync=False).layout.game_file(game_id)
    raw = json.loads(path.read_text())
    raw["game"]["1"].update(fields)
    path.write_text(json.dumps(raw))


def test_games_lists_id_name_turn_status_and_last_played(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    playing = saved(data, 2, "Tuesday   game")
    won = saved(data, 1, "Old game")
    progress = json.loads(GameStore(data).layout.game_file(won).read_text())["game"]["1"]
    edit(data, won, progress={**progress["progress"], "finished": True, "winner": "Brann"})
    status, out, err = run(capsys, "--data-dir", str(data), "games")
    assert status == 0 and err == ""
    lines = [line.split("\t") for line in out.splitlines()]
    assert [row[:4] for row in lines] == [
        [won, "Old game", "turn 2", "won by Brann"],
        [playing, "Tuesday game", "turn 3", "in progress"],
    ]
    assert all(len(row) == 5 and row[4][:2] == "20" for row in lines)


def test_games_reports_a_damaged_file_on_stderr_and_lists_the_rest(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fine = saved(data, 1)
    broken = saved(data, 1)
    path = GameStore(data).layout.game_file(broken)
    path.write_bytes(path.read_bytes()[:200])
    status, out, err = run(capsys, "games", "--data-dir", str(data))
    assert status == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == [fine]
    assert f"problem: Saved game {broken} ({path}) is cut short" in err
    assert "A backup can be restored." in err


def test_games_says_when_there_are_none(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "games", "--data-dir", str(data))
    assert status == 0 and out == ""
    assert f"no saved games in {data}" in err


def test_data_folder_comes_from_the_environment(
    data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = saved(data, 1)
    monkeypatch.setenv(cli.DATA_ENV, str(data))
    status, out, _ = run(capsys, "games")
    assert status == 0 and out.startswith(game_id + "\t")
    status, out, _ = run(capsys, "export", game_id)
    assert status == 0 and json.loads(out)["format"] == "dungeon-referee/game"


def test_export_then_import_makes_the_same_game_under_a_new_id(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = saved(data, 2, "Travelling game")
    status, exported, _ = run(capsys, "export", game_id, "--data-dir", str(data))
    assert status == 0
    assert json.loads(exported)["name"] == "Travelling game"
    file = tmp_path / "game.json"
    file.write_text(exported)
    other = tmp_path / "elsewhere"
    status, out, err = run(capsys, "import", str(file), "--data-dir", str(other))
    assert status == 0 and err == ""
    new_id = out.strip()
    assert new_id and "\n" not in new_id
    original = GameStore(data).load(game_id).game
    moved = GameStore(other).load(new_id)
    assert moved.game.log == original.log and moved.game.state == original.state
    assert moved.summary.name == "Travelling game"


def test_import_reads_standard_input(
    data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = GameStore(data).export_game(saved(data, 1))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status, out, _ = run(capsys, "import", "-", "--data-dir", str(data))
    assert status == 0
    assert {s.game_id for s in GameStore(data).list_games().games} >= {out.strip()}


def test_export_table_is_rules_turn_input(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = saved(data, 1)
    status, out, _ = run(capsys, "export", game_id, "--table", "--data-dir", str(data))
    assert status == 0
    table = Table.model_validate(json.loads(out))
    assert [p.name for p in table.players] == ["Ada", "Brann"]


def test_export_of_an_unknown_game_exits_2_naming_it(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved(data, 1)
    status, out, err = run(capsys, "export", "20250101-deadbeef", "--data-dir", str(data))
    assert status == 2 and out == ""
    assert "no saved game with id '20250101-deadbeef'" in err
    status, _, err = run(capsys, "export", "../etc/passwd", "--data-dir", str(data))
    assert status == 2 and "'../etc/passwd'" in err


def test_export_of_a_damaged_game_exits_1_with_the_problem(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = saved(data, 1)
    edit(data, game_id, schema_version=7)
    status, out, err = run(capsys, "export", game_id, "--data-dir", str(data))
    assert status == 1 and out == ""
    assert "newer version of the app (schema 7" in err


def test_import_of_an_invalid_file_exits_2_naming_each_field(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = json.loads(GameStore(data).export_game(saved(data, 1)))
    exported["log"][0]["room"]["damage"] = -1
    exported["name"] = ""
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(exported))
    before = GameStore(data).list_games().games
    status, out, err = run(capsys, "import", str(file), "--data-dir", str(data))
    assert status == 2 and out == ""
    assert f"{file}: the file is not a valid saved game (2 field errors)" in err
    assert "log[0].build_room.room.damage" in err and "name:" in err
    assert GameStore(data).list_games().games == before, "nothing was saved"


@pytest.mark.parametrize(
    ("content", "says"),
    [(b"", "is empty"), (b"{oops", "not valid JSON"), (b"[1, 2]", "expected a JSON object")],
    ids=["empty", "not-json", "not-an-object"],
)
def test_import_of_garbage_exits_2(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, says: str
) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    status, out, err = run(capsys, "import", str(file), "--data-dir", str(data))
    assert status == 2 and out == ""
    assert says in err


def test_import_of_a_missing_file_exits_2(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "import", str(tmp_path / "nope.json"), "--data-dir", str(data))
    assert status == 2
    assert f"can't read {tmp_path / 'nope.json'}: No such file or directory" in err


def test_export_needs_a_game_id(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["export"])
    assert exited.value.code == 2
    assert "GAME_ID" in capsys.readouterr().err


# --- control characters in names (a stored name is printed safely; a new one refused) --

#: A terminal obeys these instead of showing them (colour, clear screen, carriage
#: return, NUL, a forged line, bell and CSI, a right-to-left override), and how `games`
#: shows each: escaped, or as the space the name's whitespace is folded into.
HOSTILE = {
    "\x1b[31mRed\x1b[0m": "\\x1b[31mRed\\x1b[0m",
    "Clear\x1b[2J": "Clear\\x1b[2J",
    "over\rwritten": "over written",
    "nul\x00byte": "nul\\x00byte",
    "two\nlines": "two lines",
    "bell\x07\x9b31m": "bell\\x07\\x9b31m",
    "\u202egnp.exe": "\\u202egnp.exe",
}
HOSTILE_NAMES = list(HOSTILE)
RAW = ("\x1b", "\r", "\x00", "\x07", "\x9b", "\u202e")


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_games_prints_a_stored_name_with_control_characters_as_escapes(
    data: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    game_id = saved(data, 1)
    edit(data, game_id, name=name)  # written by an older version, or by hand
    status, out, err = run(capsys, "games", "--data-dir", str(data))
    assert status == 0 and err == ""
    assert not any(c in out for c in RAW), "nothing a terminal would obey"
    assert len(out.splitlines()) == 1 and out.split("\t")[0] == game_id
    assert out.split("\t")[1] == HOSTILE[name]


def test_games_prints_a_hostile_field_name_in_a_damaged_file_as_escapes(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = saved(data, 1)
    progress = json.loads(GameStore(data).layout.game_file(game_id).read_text())["game"]["1"]
    # Not a field of a saved game: the file is damaged, and the problem names the field.
    edit(data, game_id, progress={**progress["progress"], "\x1b[2Jevil": 1})
    status, _out, err = run(capsys, "games", "--data-dir", str(data))
    assert status == 0 and "problem:" in err
    assert "\\x1b[2Jevil" in err and "\x1b" not in err


def test_export_of_a_stored_name_with_control_characters_imports_again(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = saved(data, 1)
    edit(data, game_id, name="Red\x1b[31m")
    status, exported, _ = run(capsys, "export", game_id, "--data-dir", str(data))
    assert status == 0 and json.loads(exported)["name"] == "Red\\x1b[31m"
    file = tmp_path / "game.json"
    file.write_text(exported)
    status, out, err = run(capsys, "import", str(file), "--data-dir", str(tmp_path / "other"))
    assert status == 0 and err == ""
    assert GameStore(tmp_path / "other").load(out.strip()).summary.name == "Red\\x1b[31m"


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_import_of_a_name_with_control_characters_exits_2_naming_the_field(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    exported = json.loads(GameStore(data).export_game(saved(data, 1)))
    exported["name"] = name
    file = tmp_path / "hostile.json"
    file.write_text(json.dumps(exported))
    before = GameStore(data).list_games().games
    status, out, err = run(capsys, "import", str(file), "--data-dir", str(data))
    assert status == 2 and out == ""
    assert "name:" in err and "must not hold control characters" in err
    assert not any(c in err for c in RAW)
    assert GameStore(data).list_games().games == before, "nothing was saved"


# --- the data folder ./play last served ----------------------------------------------


def test_games_use_the_folder_play_last_served_and_say_so(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.served_folder import remember_served

    game_id = saved(data, name="Served")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "empty-home"))  # the default: empty
    remember_served(data)  # as `./play --data-dir DATA` does
    status, out, err = run(capsys, "games")
    assert status == 0
    assert out.startswith(f"{game_id}\tServed\t")
    assert f"last served, {data.resolve()} (--data-dir picks another)" in err
    status, out, _err = run(capsys, "export", game_id)
    assert status == 0 and json.loads(out)


def test_an_explicit_folder_beats_the_one_last_served(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.served_folder import remember_served

    saved(data, name="Served")
    remember_served(data)
    other = tmp_path / "other"
    status, out, err = run(capsys, "games", "--data-dir", str(other))
    assert status == 0 and out == ""
    assert f"no saved games in {other} (--data-dir picks another folder)" in err


def test_a_folder_gone_since_falls_back_to_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.served_folder import remember_served

    gone = tmp_path / "gone"
    gone.mkdir()
    remember_served(gone)
    gone.rmdir()
    monkeypatch.setenv(cli.DATA_ENV, "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    status, _out, err = run(capsys, "games")
    assert status == 0 and "last served" not in err
    assert "no saved games in" in err
