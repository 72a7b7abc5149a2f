"""``python -m rules turn`` with Rooms given by catalogue id: their passive abilities apply
(R-CARD-EFFECT), and an unknown id is refused naming the field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules.table import Table, state_from_table, table_from_state

# Not in tables/: those are the tables every old-shape test walks.
TABLE = Path(__file__).parent / "card_tables" / "card_effects.json"


def cli(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "turn", "-"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_cli_room_ids_apply_goblin_armory_maze_and_ballroom() -> None:
    """Ann: 2+1 (next to the Armory), 1, the Maze sends the Hero back into the Armory before
    its damage (R-ADV-WALK: ability, then damage) (1), then the Maze (0+1): 6 damage, the
    7-Health Hero survives (a Wound).
    Bo: 1, 1, then the Ballroom deals 2 (two Monster Rooms): the 3-Health Mage dies there.
    Printed damage alone would give 3 and 2: both would survive."""
    done = cli(TABLE.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    assert [(a["player"], a["outcome"], a["room"], a["damage"]) for a in result["adventure"]] == [
        ("Ann", "wound", None, 6),
        ("Bo", "soul", 2, 4),
    ]
    effects = [e["why"] for e in result["effects"]]
    assert all(e["rule"] == "R-CARD-EFFECT" for e in result["effects"])
    assert any("Goblin Armory +1" in why for why in effects)
    assert any("Minotaur's Maze sends" in why for why in effects)
    assert any("Monster's Ballroom = 2" in why for why in effects)


def test_cli_table_without_ids_answers_without_an_effects_field() -> None:
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    for player in data["players"]:
        for room in player["rooms"]:
            room.pop("id", None)
    result = json.loads(cli(json.dumps(data)).stdout)
    assert "effects" not in result
    assert [(a["outcome"], a["damage"]) for a in result["adventure"]] == [
        ("wound", 3),
        ("wound", 2),
    ]


def test_cli_unknown_room_id_exits_2_naming_the_field() -> None:
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    data["players"][0]["rooms"][1]["id"] = "BMA001"  # a Boss, not a Room
    done = cli(json.dumps(data))
    assert done.returncode == 2 and done.stdout == ""
    assert "players[0].rooms[1].id" in done.stderr and "BMA001" in done.stderr


def test_table_round_trip_keeps_room_ids() -> None:
    table = Table.model_validate_json(TABLE.read_text(encoding="utf-8"))
    again = table_from_state(state_from_table(table))
    assert [r.id for r in again.players[0].rooms] == [None, "BMA015", "BMA017"]
    assert "id" not in again.model_dump()["players"][0]["rooms"][0]
