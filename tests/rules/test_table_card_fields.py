"""The table of ``python -m rules turn`` says a Room is face down, how many +1 counters it
has, and which catalogue Boss a player has (R-CARD-EFFECT): expectations from the rules
(a face-down Room shows nothing; each counter is +1 damage; Scythe's lasting Level Up)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError
from referee_fixtures import bait_state, t_hero, t_player, t_room
from test_card_effects_cli import cli

from rules.card_effects import dungeon_damage
from rules.table import Table, table_from_state
from rules.treasure import treasure_total

ARMORY = {"id": "BMA015", "name": "Goblin Armory", "treasure": ["fighter", "fighter"], "damage": 1}


def test_a_face_down_room_has_no_treasure_damage_or_ability() -> None:
    """Ann's Goblin Armory lies face down: its two fighter icons do not lure, its +1 does
    not reach the Monster Room beside it, and it deals nothing."""
    ann = t_player("Ann", 900, [{**ARMORY, "face_down": True}, t_room("cleric", 2)])
    state = bait_state([ann, t_player("Bo", 100, [t_room("fighter", 1)])])
    assert [d.damage for d in dungeon_damage(state.player("Ann"))] == [0, 2]
    assert treasure_total(state, "Ann", "fighter") == 0
    face_up = bait_state([t_player("Ann", 900, [ARMORY, t_room("cleric", 2)]), t_player("Bo", 1)])
    assert [d.damage for d in dungeon_damage(face_up.player("Ann"))] == [1, 3]


def test_counters_on_a_table_room_add_their_damage_and_come_back_out() -> None:
    """A Room printed 0 with three +1 counters deals 3; the export keeps the counters."""
    portal = {
        "id": "TPU004",
        "name": "Elder Portal",
        "treasure": ["cleric"],
        "damage": 0,
        "kind": "trap",
        "counters": 3,
    }
    state = bait_state([t_player("Ann", 900, [portal]), t_player("Bo", 100)])
    assert [d.damage for d in dungeon_damage(state.player("Ann"))] == [3]
    exported = table_from_state(state).model_dump()
    assert exported["players"][0]["rooms"][0]["counters"] == 3


def test_a_catalogue_boss_that_levelled_up_applies_its_lasting_level_up() -> None:
    """Scythe (KSA005) with five Rooms has levelled up: the last Room deals +3."""
    rooms = [t_room("fighter", 1) for _ in range(5)]
    state = bait_state([t_player("Ann", 775, rooms, boss_id="KSA005"), t_player("Bo", 100)])
    assert [d.damage for d in dungeon_damage(state.player("Ann"))] == [1, 1, 1, 1, 4]
    assert table_from_state(state).players[0].boss_id == "KSA005"


def test_a_boss_that_copied_another_level_up_applies_the_copied_one() -> None:
    """Klonos (CRL002) that copied Scythe (KSA005), five Rooms: the last Room deals +3;
    the copy goes back out with the table. Naming a Room card there is refused."""
    rooms = [t_room("fighter", 1) for _ in range(5)]
    ann = t_player("Ann", 175, rooms, boss_id="CRL002", copied_boss_id="KSA005")
    state = bait_state([ann, t_player("Bo", 100)])
    assert [d.damage for d in dungeon_damage(state.player("Ann"))] == [1, 1, 1, 1, 4]
    assert table_from_state(state).players[0].copied_boss_id == "KSA005"
    with pytest.raises(ValidationError, match="copied_boss_id"):
        bait_state([{**ann, "copied_boss_id": "BMA015"}, t_player("Bo", 100)])


def test_a_boss_id_that_is_no_boss_is_refused_naming_the_field() -> None:
    table = {
        "players": [t_player("Ann", 900, boss_id="BMA015"), t_player("Bo", 100)],
        "town": [t_hero("fighter", 4)],
    }
    done = cli(json.dumps(table))
    assert done.returncode == 2 and done.stdout == ""
    assert "boss_id" in done.stderr and "Traceback" not in done.stderr


def test_defaults_are_left_out_of_an_exported_table() -> None:
    """Tables without the new fields read and answer as before (no new keys)."""
    table = Table.model_validate(
        {"players": [t_player("Ann", 9, [t_room("cleric", 1)]), t_player("Bo", 1)]}
    )
    dumped = table.model_dump()
    assert "boss_id" not in dumped["players"][0]
    assert set(dumped["players"][0]["rooms"][0]) == {
        "name",
        "treasure",
        "damage",
        "kind",
        "advanced",
        "deactivated",
    }
