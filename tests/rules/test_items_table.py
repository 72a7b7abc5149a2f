"""Items at the table as the German collection rulebook's Tools of Hero-Kind section
reads (R-ITEM): one face-up Item at a time, Explorer Items only with Crash Landing, never
an Item on a starred Hero. Through ``python -m rules turn`` and the engine alike."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from rules import commands as c
from rules.models import ItemCard
from rules.table import Table, state_from_table, table_from_state
from tests.rules.referee_fixtures import new, refused, run, started


def cli(table: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "turn", "-"],
        input=json.dumps(table),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _table(**extra: Any) -> dict[str, Any]:
    """Ann's mage Room (damage 5) lures two 4-Health mages carrying Items: both die there."""
    wand = {"name": "Wand", "treasure": ["mage"]}
    rod = {"name": "Rod", "treasure": ["mage"]}
    return {
        "players": [
            {"name": "Ann", "xp": 900, "rooms": [{"treasure": ["mage"], "damage": 5}]},
            {"name": "Bo", "xp": 400, "rooms": [{"treasure": ["cleric"], "damage": 1}]},
        ],
        "town": [
            {"treasure": ["mage"], "health": 4, "item": wand},
            {"treasure": ["mage"], "health": 4, "item": rod},
        ],
        **extra,
    }


def test_cli_two_items_won_in_one_dungeon_leave_one_face_up() -> None:
    """Only one face-up Item at a time: the second Item comes up and the first turns face
    down, and the answer says so (it used to report both face up)."""
    done = cli(_table())
    assert done.returncode == 0, done.stderr
    items = json.loads(done.stdout)["items"]
    assert [(i["item"], i["player"], i["face_up"]) for i in items] == [
        (0, "Ann", False),
        (1, "Ann", True),
    ]


def _explorer_table(**extra: Any) -> dict[str, Any]:
    table = _table(**extra)
    table["town"][0] = {
        "treasure": ["fighter"],
        "health": 4,
        "item": {"name": "Map", "treasure": ["explorer"]},
    }
    return table


def test_cli_explorer_item_refused_when_the_sets_leave_out_crash_landing() -> None:
    """Without Crash Landing a revealed Explorer Item is set aside: a 2-player table whose
    sets leave it out can't show one (exit 2 naming the Item); with it, it can."""
    done = cli(_explorer_table(card_sets=["base", "tools_of_hero_kind"]))
    assert (done.returncode, done.stdout) == (2, "")
    assert "town[0].item" in done.stderr and "Crash Landing" in done.stderr
    ok = cli(_explorer_table(card_sets=["base", "crash_landing", "tools_of_hero_kind"]))
    assert ok.returncode == 0, ok.stderr


def test_cli_starred_hero_never_carries_an_item() -> None:
    """A ★ Hero never takes an Item: the table may say a Hero is starred, and a starred
    Hero with an Item is refused naming it."""
    table = _table()
    table["town"][0]["star"] = True
    done = cli(table)
    assert (done.returncode, done.stdout) == (2, "")
    assert "town[0]" in done.stderr and "star" in done.stderr
    del table["town"][0]["item"]
    parsed = Table.model_validate(table)
    state = state_from_table(parsed)
    assert state.hero(0).card.star and not state.hero(1).card.star
    assert table_from_state(state) == parsed


ROD = ItemCard(name="Ice Rod", treasure=("mage",))
MACE = ItemCard(name="Mace", treasure=("cleric",))
MAP = ItemCard(name="Map", treasure=("explorer",))


def test_engine_explorer_items_follow_crash_landing_not_the_player_count() -> None:
    """The engine refuses an Explorer Item when the game's sets leave out Crash Landing,
    and takes one in a 2-player game that plays with it."""
    two = new(items=True)
    without = two.model_copy(
        update={"setup": two.setup.model_copy(update={"card_sets": ("base", "tools_of_hero_kind")})}
    )
    refused(started(without), c.RevealItems(items=(MAP,)), "R-ITEM")
    with_cl = two.model_copy(
        update={"setup": two.setup.model_copy(update={"card_sets": ("base", "crash_landing")})}
    )
    state = run(started(with_cl), c.RevealItems(items=(MAP,)))
    assert len(state.items.waiting) == 1
