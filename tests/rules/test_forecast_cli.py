"""``python -m rules bait TABLE --draft PLAYER ROOM``: the forecast as JSON; bad input
exits 2 with one line naming the field and prints nothing on standard output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.cli import main

TABLE = {
    "players": [
        {"name": "Ann", "xp": 900, "rooms": [{"treasure": ["cleric"], "damage": 1}]},
        {"name": "Bob", "xp": 400, "boss_treasure": ["thief"], "rooms": []},
    ],
    "town": [
        {"name": "Sir Dudley", "treasure": ["cleric"], "health": 4},
        {"treasure": ["thief"], "health": 3},
    ],
}


@pytest.fixture
def table(tmp_path: Path) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(TABLE))
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["bait", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_draft_that_outbids_another_dungeon(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    """R-BAIT-HIGHEST: Bob's drafted 2-cleric Room beats Ann's 1 cleric, so Sir Dudley goes
    to Bob instead of Ann; the Thief goes to Bob either way (his Boss's thief icon,
    R-BAIT-TOTAL)."""
    code, out, err = run(
        capsys, table, "--draft", "Bob", '{"treasure": ["cleric", "cleric"], "damage": 1}'
    )
    assert (code, err) == (0, "")
    answer = json.loads(out)
    dudley, thief = answer["bait"]
    assert (dudley["name"], dudley["lured_by"], dudley["without_draft"], dudley["changed"]) == (
        "Sir Dudley",
        "Bob",
        "Ann",
        True,
    )
    assert (thief["lured_by"], thief["changed"]) == ("Bob", False)
    assert answer["refused"] is None


def test_without_a_draft_it_is_the_bait_now(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, table)
    assert code == 0
    assert [h["lured_by"] for h in json.loads(out)["bait"]] == ["Ann", "Bob"]


def test_a_refused_draft_says_why(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    """R-BUILD-WHERE: an Advanced Room covers a Room; at the entrance end it is refused."""
    room = '{"treasure": ["cleric"], "damage": 1, "advanced": true}'
    code, out, _ = run(capsys, table, "--draft", "Bob", room)
    assert code == 0
    assert json.loads(out)["refused"]["rule"] == "R-BUILD-WHERE"


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--draft", "Zed", '{"treasure": [], "damage": 1}'], "draft.player"),
        (["--draft", "Bob", '{"treasure": ["cleric"]}'], "draft.room.damage"),
        (["--draft", "Bob", '{"treasure": ["gold"], "damage": 1}'], "draft.room.treasure"),
        (["--draft", "Bob", "[1]"], "draft.room"),
        (["--draft", "Bob", '{"treasure": ['], "draft.room"),
        (["--draft", "Bob", '{"treasure": [], "damage": 1}', "--over", "0"], "over"),
        (["--draft", "Bob", '{"treasure": [], "damage": 1}', "--over", "x"], "over"),
    ],
)
def test_bad_draft_exits_2_naming_the_field(
    table: str, capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    code, out, err = run(capsys, table, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {field}") and err.count("\n") == 1
