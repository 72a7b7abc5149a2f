"""``python -m rules turn TABLE``: the command-line referee's contract, good and bad tables."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.table import Table, state_from_table, table_from_state
from rules.table_turn import referee_turn

TABLES = Path(__file__).parent / "tables"


def cli(table: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "turn", table],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def turn(name: str) -> dict[str, Any]:
    done = cli(str(TABLES / name))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def adventure(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (a["player"], a["hero"], a["outcome"], a["room"], a["damage"], a["rule"])
        for a in result["adventure"]
    ]


def test_cli_rulebook_bait_example_from_a_file() -> None:
    """R-BAIT-HIGHEST, rulebook example through the CLI: Mage→P1, Cleric→P2, Thief stays."""
    result = turn("rulebook_bait.json")
    assert set(result) >= {"bait", "town", "adventure", "players", "game_over", "winner", "why"}
    assert [(b["hero"], b["lured_by"], b["rule"]) for b in result["bait"]] == [
        (0, "Player 1", "R-BAIT-HIGHEST"),
        (1, "Player 2", "R-BAIT-HIGHEST"),
        (2, None, "R-BAIT-HIGHEST"),
    ]
    assert all(b["why"] for b in result["bait"])
    assert result["town"] == [2]
    assert adventure(result) == [
        ("Player 1", 0, "wound", None, 3, "R-ADV-SURVIVE"),
        ("Player 2", 1, "soul", 2, 4, "R-ADV-DEATH"),
    ]
    assert result["players"] == [
        {"name": "Player 1", "souls": 0, "wounds": 1, "eliminated": False},
        {"name": "Player 2", "souls": 1, "wounds": 0, "eliminated": False},
    ]
    assert (result["game_over"], result["winner"]) == (False, None)
    assert result["why"]


def test_cli_reads_the_table_from_stdin() -> None:
    """``-`` reads the table from standard input; same answer as from the file."""
    text = (TABLES / "rulebook_bait.json").read_text()
    done = cli("-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == turn("rulebook_bait.json")


def test_cli_adventure_in_processing_order_with_rooms_and_damage() -> None:
    """R-ADV-ORDER / R-ADV-DEATH / R-DEACTIVATE: highest XP first, arrival order; the room
    index where each Hero died (null at the Boss); damage totals; a deactivated Room deals
    nothing."""
    result = turn("order_and_damage.json")
    assert result["town"] == [3]
    assert adventure(result) == [
        ("High", 1, "wound", None, 5, "R-ADV-SURVIVE"),
        ("High", 2, "soul", 1, 5, "R-ADV-DEATH"),
        ("Low", 0, "soul", 1, 5, "R-ADV-DEATH"),
    ]


def test_cli_six_players_split_and_no_elimination() -> None:
    """R-BAIT-SPLIT and R-END-FIVESIX through the CLI: seven Explorers shared highest XP
    first, the 7th stays; 5 Wounds eliminate nobody."""
    result = turn("six_players_split.json")
    assert [b["lured_by"] for b in result["bait"]] == [
        "P2", "P4", "P5", "P2", "P4", "P5", None, "P6",
    ]  # fmt: skip
    assert {b["rule"] for b in result["bait"][:7]} == {"R-BAIT-SPLIT"}
    assert result["town"] == [6]
    assert [a["player"] for a in result["adventure"]] == ["P2", "P2", "P4", "P4", "P5", "P5", "P6"]
    p6 = result["players"][5]
    assert (p6["wounds"], p6["eliminated"]) == (5, False)
    assert result["game_over"] is False


def test_cli_five_players_deck_empty_ends_the_game() -> None:
    """R-END-FIVESIX then R-END-XP: with five players the turn the deck ran out ends the
    game; the net tie goes to the lowest XP."""
    table = json.loads((TABLES / "six_players_split.json").read_text())
    table["players"] = table["players"][:5]
    table["hero_deck_empty"] = True
    done = cli("-", stdin=json.dumps(table))
    result = json.loads(done.stdout)
    assert result["game_over"] is True
    # P2, P4 and P5 each caught two Explorers (net 2): the tie goes to the lowest XP.
    assert (result["winner"], result["rule"]) == ("P5", "R-END-XP")
    assert [p["eliminated"] for p in result["players"]] == [False] * 5


def test_cli_unlimited_lives_with_hero_deck_empty() -> None:
    """R-VAR-UNLIMITED: 8 Wounds eliminate nobody; the empty deck ends the game; highest
    Souls minus Wounds wins."""
    result = turn("unlimited_deck_empty.json")
    assert result["players"][0] == {"name": "Ann", "souls": 12, "wounds": 8, "eliminated": False}
    assert result["players"][1]["souls"] == 6  # an Epic Hero is worth 2
    assert (result["game_over"], result["winner"], result["rule"]) == (
        True,
        "Bo",
        "R-VAR-UNLIMITED",
    )


def test_cli_all_out_in_one_turn() -> None:
    """R-END-ALLOUT: both remaining players go out the same turn: highest net wins."""
    result = turn("all_out.json")
    assert [p["eliminated"] for p in result["players"]] == [True, True, True]
    assert (result["game_over"], result["winner"], result["rule"]) == (True, "Ann", "R-END-ALLOUT")


def test_cli_simultaneous_ten_souls_tiebreak_to_lowest_xp() -> None:
    """R-END-WIN then R-END-XP: two reach 10 Souls, equal net: the lower XP wins."""
    result = turn("simultaneous_ten.json")
    assert [p["souls"] for p in result["players"]] == [10, 10, 2]
    assert (result["game_over"], result["winner"], result["rule"]) == (True, "Bo", "R-END-XP")
    assert "lowest XP" in result["why"]


def test_cli_simultaneous_ten_souls_highest_net_wins() -> None:
    """R-END-WIN: two reach 10 Souls; fewer Wounds wins before any XP tiebreak."""
    table = json.loads((TABLES / "simultaneous_ten.json").read_text())
    table["players"][1]["wounds"] = 0
    result = json.loads(cli("-", stdin=json.dumps(table)).stdout)
    assert (result["winner"], result["rule"]) == ("Bo", "R-END-WIN")
    table["players"][1]["wounds"] = 2
    result = json.loads(cli("-", stdin=json.dumps(table)).stdout)
    assert (result["winner"], result["rule"]) == ("Ann", "R-END-WIN")


def good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((TABLES / "rulebook_bait.json").read_text())
    return data


def bad_tables() -> list[tuple[str, Any, str]]:
    """(case, table text or None for a missing file, word the message must name)."""
    cases: list[tuple[str, Any, str]] = [("not JSON", "{players: [", "not JSON")]
    t = good()
    del t["players"][0]["xp"]
    cases.append(("missing xp", t, "players[0].xp"))
    t = good()
    del t["players"]
    cases.append(("missing players", t, "players"))
    t = good()
    t["players"][1]["xp"] = -1
    cases.append(("negative xp", t, "players[1].xp"))
    t = good()
    t["town"][0]["health"] = 0
    cases.append(("health 0", t, "town[0].health"))
    t = good()
    t["players"][0]["rooms"][0]["damage"] = -2
    cases.append(("negative damage", t, "players[0].rooms[0].damage"))
    t = good()
    t["players"][0]["rooms"] = t["players"][0]["rooms"] * 2
    cases.append(("six rooms", t, "players[0].rooms"))
    t = good()
    t["players"][0]["rooms"][1]["treasure"] = ["gold"]
    cases.append(("unknown room treasure", t, "players[0].rooms[1].treasure[0]"))
    t = good()
    t["town"][2]["treasure"] = ["bard"]
    cases.append(("unknown hero treasure", t, "town[2].treasure[0]"))
    t = good()
    t["town"][2]["treasure"] = ["mage", "thief", "cleric"]
    cases.append(("three hero treasures", t, "town[2].treasure"))
    t = good()
    t["players"][1]["name"] = "Player 1"
    cases.append(("duplicate names", t, "players"))
    t = good()
    t["players"] = t["players"][:1]
    cases.append(("one player", t, "players"))
    t = good()
    t["players"] = [dict(t["players"][0], name=f"P{i}") for i in range(7)]
    cases.append(("seven players", t, "players"))
    t = good()
    t["variant"] = "endless"
    cases.append(("unknown variant", t, "variant"))
    t = good()
    t["players"][0]["souls"] = -1
    cases.append(("negative souls", t, "players[0].souls"))
    cases.append(("not an object", [1, 2], "table"))
    return cases


@pytest.mark.parametrize(("case", "table", "field"), bad_tables(), ids=lambda v: str(v)[:30])
def test_cli_bad_table_exits_2_naming_the_field(case: str, table: Any, field: str) -> None:
    """Invalid input: exit 2, a message naming the field on stderr, nothing on stdout."""
    text = table if isinstance(table, str) else json.dumps(table)
    done = cli("-", stdin=text)
    assert done.returncode == 2, (case, done.stdout, done.stderr)
    assert done.stdout == ""
    assert field in done.stderr, (case, done.stderr)


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    """A table file that is not there: exit 2, the path on stderr, nothing on stdout."""
    missing = tmp_path / "nope.json"
    done = cli(str(missing))
    assert done.returncode == 2
    assert done.stdout == ""
    assert "nope.json" in done.stderr


def test_cli_bad_file_from_a_path_exits_2(tmp_path: Path) -> None:
    """Bad input read from a file is refused the same way as from stdin."""
    path = tmp_path / "bad.json"
    path.write_text("[]")
    done = cli(str(path))
    assert (done.returncode, done.stdout) == (2, "")


def test_table_round_trips_through_the_game_state() -> None:
    """The export format: a table becomes a state and back unchanged."""
    table = Table.model_validate(json.loads((TABLES / "order_and_damage.json").read_text()))
    assert table_from_state(state_from_table(table)) == table


def test_referee_turn_in_process_matches_the_cli() -> None:
    """rules.table_turn.referee_turn is what the CLI prints."""
    table = Table.model_validate(good())
    assert referee_turn(table).model_dump(mode="json") == turn("rulebook_bait.json")


# --- expansions: Items on town Heroes, Coins on players (R-ITEM, R-MINI) -----------------

OLD_KEYS = {"bait", "town", "adventure", "players", "game_over", "winner", "why", "rule"}


@pytest.mark.parametrize(
    "name", sorted(p.name for p in TABLES.glob("*.json") if "items" not in p.name)
)
def test_cli_tables_without_expansions_answer_in_the_old_shape(name: str) -> None:
    """R-ITEM / R-MINI: a table without Items or Coins gets exactly the old fields back,
    and its export carries no expansion field."""
    result = turn(name)
    assert set(result) == OLD_KEYS
    table = Table.model_validate(json.loads((TABLES / name).read_text()))
    exported = table_from_state(state_from_table(table)).model_dump(mode="json")
    assert all("coins" not in p for p in exported["players"])
    assert all("item" not in h for h in exported["town"])


def test_cli_items_go_to_the_killer_face_up_or_the_boss_face_down() -> None:
    """R-ITEM through the CLI: a killed Hero's Item goes face up to the dungeon's owner, a
    surviving Hero's face down, and a Hero still in town keeps its Item."""
    result = turn("items_and_coins.json")
    assert [
        (i["item"], i["hero"], i["player"], i["face_up"], i["rule"]) for i in result["items"]
    ] == [
        (0, 0, "Ann", True, "R-ITEM"),
        (1, 1, "Bo", False, "R-ITEM"),
        (2, 2, None, None, "R-ITEM"),
    ]
    assert [i["name"] for i in result["items"]] == ["Ice Rod", None, "Ten Foot Pole"]
    assert all(i["why"] for i in result["items"])
    assert adventure(result) == [
        ("Ann", 0, "soul", 0, 5, "R-ADV-DEATH"),
        ("Bo", 1, "wound", None, 1, "R-ADV-SURVIVE"),
    ]


def test_cli_items_and_coins_round_trip_through_the_game_state() -> None:
    """R-ITEM / R-MINI: Items on town Heroes and Coins on players survive the export."""
    table = Table.model_validate(json.loads((TABLES / "items_and_coins.json").read_text()))
    state = state_from_table(table)
    assert state.setup.ruleset.items and state.setup.ruleset.minibosses
    assert state.items.carried == ((0, 0), (1, 1), (2, 2))
    assert [p.coins for p in state.players] == [2, 0]
    assert table_from_state(state) == table


def test_cli_table_with_items_and_no_taker_lists_none() -> None:
    """R-ITEM: a table whose town carries no Item reports no ``items`` field."""
    table = good()
    table["players"][0]["coins"] = 3
    result = json.loads(cli("-", stdin=json.dumps(table)).stdout)
    assert set(result) == OLD_KEYS


@pytest.mark.parametrize(
    ("case", "change", "field"),
    [
        (
            "unknown item class",
            lambda t: t["town"][0].update(item={"treasure": ["bard"]}),
            "town[0].item.treasure[0]",
        ),
        (
            "empty item class",
            lambda t: t["town"][0].update(item={"treasure": []}),
            "town[0].item.treasure",
        ),
        (
            "any with a class",
            lambda t: t["town"][0].update(item={"treasure": ["any", "mage"]}),
            "town[0].item",
        ),
        ("negative coins", lambda t: t["players"][0].update(coins=-1), "players[0].coins"),
        (
            "unknown item field",
            lambda t: t["town"][0].update(item={"treasure": ["any"], "power": 3}),
            "town[0].item.power",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_cli_bad_expansion_fields_exit_2_naming_the_field(
    case: str, change: Any, field: str
) -> None:
    """R-ITEM / R-MINI: bad Item or Coin fields are refused like any bad table field."""
    table = good()
    change(table)
    done = cli("-", stdin=json.dumps(table))
    assert done.returncode == 2, (case, done.stdout)
    assert done.stdout == ""
    assert field in done.stderr, (case, done.stderr)


# --- hostile tables (issue 11): strict fields, names as the game keeps them, one line -----


def _changed(change: Any) -> dict[str, Any]:
    table = good()
    change(table)
    return table


@pytest.mark.parametrize(
    ("case", "change", "field"),
    [
        ("xp true", lambda t: t["players"][0].update(xp=True), "players[0].xp"),
        ("xp '9'", lambda t: t["players"][0].update(xp="9"), "players[0].xp"),
        ("xp 900.0", lambda t: t["players"][0].update(xp=900.0), "players[0].xp"),
        ("health '9'", lambda t: t["town"][0].update(health="9"), "town[0].health"),
        ("damage true", lambda t: t["players"][1]["rooms"][0].update(damage=True), "damage"),
        ("souls '3'", lambda t: t["players"][0].update(souls="3"), "players[0].souls"),
        ("epic 'yes'", lambda t: t["town"][1].update(epic="yes"), "town[1].epic"),
        ("eliminated 1", lambda t: t["players"][0].update(eliminated=1), "players[0].eliminated"),
        ("deck empty 'true'", lambda t: t.update(hero_deck_empty="true"), "hero_deck_empty"),
        (
            "deactivated 'yes'",
            lambda t: t["players"][0]["rooms"][0].update(deactivated="yes"),
            "players[0].rooms[0].deactivated",
        ),
        ("xp a million and one", lambda t: t["players"][0].update(xp=10**6 + 1), "players[0].xp"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_cli_table_fields_are_strict_no_number_or_flag_from_other_types(
    case: str, change: Any, field: str
) -> None:
    """Numbers are JSON integers and flags JSON booleans: ``true``, ``"9"``, ``"yes"``
    (which pydantic's lax mode would convert) exit 2 naming the field."""
    done = cli("-", stdin=json.dumps(_changed(change)))
    assert (done.returncode, done.stdout) == (2, ""), (case, done.stdout)
    assert field in done.stderr, (case, done.stderr)


@pytest.mark.parametrize(
    ("case", "change", "field"),
    [
        (
            "room name of 61",
            lambda t: t["players"][0]["rooms"][0].update(name="R" * 61),
            "players[0].rooms[0].name",
        ),
        ("hero name of 61", lambda t: t["town"][2].update(name="H" * 61), "town[2].name"),
        (
            "item name of 61",
            lambda t: t["town"][0].update(item={"name": "I" * 61, "treasure": ["any"]}),
            "town[0].item.name",
        ),
        ("player name of 41", lambda t: t["players"][0].update(name="P" * 41), "players[0].name"),
        ("blank player name", lambda t: t["players"][1].update(name="  "), "players[1].name"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_cli_names_have_the_game_limits(case: str, change: Any, field: str) -> None:
    """A card's name is at most 60 characters, a player's 40 and not blank, as in the
    game's own models: longer ones exit 2 naming the field (no traceback)."""
    done = cli("-", stdin=json.dumps(_changed(change)))
    assert (done.returncode, done.stdout) == (2, ""), (case, done.stdout, done.stderr)
    assert field in done.stderr, (case, done.stderr)
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("other", ["player 1", "PLAYER 1", "Player 1 ", " Player 1", "Player 1\t"])
def test_cli_names_equal_but_for_case_or_spaces_are_the_same_player(other: str) -> None:
    """Names that differ only by case or surrounding spaces name the same player, as in
    the game's set-up: exit 2 naming ``players``."""
    done = cli("-", stdin=json.dumps(_changed(lambda t: t["players"][1].update(name=other))))
    assert (done.returncode, done.stdout) == (2, ""), (other, done.stderr)
    assert done.stderr.startswith("error: players: two players are called"), done.stderr


def test_cli_a_name_with_surrounding_spaces_is_kept_without_them() -> None:
    """A player's name is stripped as the game strips it; the answer uses the stripped
    name and matches the table without the spaces."""
    spaced = _changed(lambda t: t["players"][0].update(name="  Player 1 "))
    done = cli("-", stdin=json.dumps(spaced))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == turn("rulebook_bait.json")


@pytest.mark.parametrize(
    ("case", "extra"),
    [
        ("standard", {}),
        ("unlimited lives, deck empty", {"variant": "unlimited_lives", "hero_deck_empty": True}),
        ("unlimited lives", {"variant": "unlimited_lives"}),
        ("deck empty", {"hero_deck_empty": True}),
    ],
)
def test_cli_every_player_already_out_is_refused(case: str, extra: dict[str, Any]) -> None:
    """R-END-ELIM / R-END-ALLOUT: a table where every player is already out has no turn
    left: exit 2 with one line saying so (the unlimited-lives case used to crash)."""
    table = good()
    for player in table["players"]:
        player["eliminated"] = True
    table.update(extra)
    done = cli("-", stdin=json.dumps(table))
    assert (done.returncode, done.stdout) == (2, ""), (case, done.stderr)
    assert done.stderr == (
        "error: players: every player is already out (eliminated): the game is over,"
        " there is no turn to referee\n"
    )


def test_referee_turn_refuses_a_table_where_every_player_is_out() -> None:
    """R-END-ALLOUT, in process: ``referee_turn`` raises ``TableError`` (a ValueError)
    instead of failing inside the end of turn."""
    from rules.table import TableError

    table = good()
    for player in table["players"]:
        player["eliminated"] = True
    table["variant"] = "unlimited_lives"
    table["hero_deck_empty"] = True
    with pytest.raises(TableError, match="every player is already out"):
        referee_turn(Table.model_validate(table))


def test_cli_several_problems_are_one_line_naming_each_field() -> None:
    """Every problem on one stderr line, each field named; a field name holding a line
    break is written as an escape, so it cannot start a second line."""
    table = good()
    table["players"][0]["xp"] = -1
    table["town"][0]["health"] = "4"
    table["town"][1]["bad\nkey"] = 1
    done = cli("-", stdin=json.dumps(table))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and done.stderr.endswith("\n"), done.stderr
    for field in ("players[0].xp", "town[0].health", "town[1].bad\\nkey"):
        assert field in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("key", "shown"),
    [
        ("\xa0s", '"\xa0s"'),  # a no-break space in front (found by the CLI fuzz test)
        ("trail ", '"trail "'),
        ("\u200bzero", '"\u200bzero"'),  # a zero-width space shows nothing at all
        ("", '""'),
        ("in side", "in side"),  # a space inside shows where it is: no quotes
    ],
)
def test_cli_a_field_name_with_an_invisible_edge_is_quoted(key: str, shown: str) -> None:
    """A field name that starts or ends with a space (of any kind) is shown in quotes,
    so the message says where the name begins and ends."""
    table = good()
    table["town"][0][key] = 1
    done = cli("-", stdin=json.dumps(table))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"error: town[0].{shown}: Extra inputs are not permitted")
