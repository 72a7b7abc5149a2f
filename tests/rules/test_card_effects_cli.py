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


def test_cli_coins_on_a_room_change_its_damage_minion_clinic() -> None:
    """RMB020 Minion Clinic (printed: damage 3, -1 for every Coin on it) with 2 Coins on it
    (the table's ``coins`` on the Room, R-MINI) deals 1: the 2-Health Hero survives it (a
    Wound); without Coins it deals 3 and the Hero dies there."""
    clinic = {"id": "RMB020", "treasure": ["cleric"], "damage": 3, "advanced": True}
    table = {
        "players": [
            {"name": "Ann", "xp": 900, "rooms": [{**clinic, "coins": 2}]},
            {"name": "Bo", "xp": 100, "rooms": []},
        ],
        "town": [{"treasure": ["cleric"], "health": 2}],
    }
    done = cli(json.dumps(table))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert [(a["outcome"], a["damage"]) for a in result["adventure"]] == [("wound", 1)]
    table["players"][0]["rooms"] = [clinic]
    result = json.loads(cli(json.dumps(table)).stdout)
    assert [(a["outcome"], a["damage"]) for a in result["adventure"]] == [("soul", 3)]


def test_cli_coins_on_a_room_round_trip_and_bad_counts_are_refused() -> None:
    data = {
        "players": [
            {"name": "Ann", "xp": 9, "rooms": [{"treasure": ["mage"], "damage": 1, "coins": 2}]},
            {"name": "Bo", "xp": 1},
        ]
    }
    table = Table.model_validate(data)
    state = state_from_table(table)
    assert state.setup.ruleset.minibosses and state.player("Ann").dungeon[0].coins == 2
    assert table_from_state(state).players[0].rooms[0].coins == 2
    data["players"][0]["rooms"][0]["coins"] = -1  # type: ignore[index]
    done = cli(json.dumps(data))
    assert done.returncode == 2 and not done.stdout
    assert "coins" in done.stderr and "Traceback" not in done.stderr


def test_cli_lightning_rod_fills_the_hoard_reported_with_the_players() -> None:
    """RMB051 Lightning Rod (printed: once per turn, if a Hero dies in this Room, gain 3
    Coins): two 1-Health Heroes die in it; Ann's hoard of 1 ends the turn at 1 + 3 = 4,
    reported with the players; a table without Coins reports none."""
    rod = {"id": "RMB051", "treasure": ["mage", "thief"], "damage": 1, "kind": "trap"}
    table = {
        "players": [
            {"name": "Ann", "xp": 900, "coins": 1, "rooms": [rod]},
            {"name": "Bo", "xp": 100, "coins": 0, "rooms": []},
        ],
        "town": [{"treasure": ["mage"], "health": 1}, {"treasure": ["thief"], "health": 1}],
    }
    done = cli(json.dumps(table))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert [a["outcome"] for a in result["adventure"]] == ["soul", "soul"]
    assert [(p["name"], p["coins"]) for p in result["players"]] == [("Ann", 4), ("Bo", 0)]
    for player in table["players"]:
        player.pop("coins")  # type: ignore[attr-defined]
    result = json.loads(cli(json.dumps(table)).stdout)
    assert all("coins" not in p for p in result["players"])
