"""``python -m rules squads``: the squad game's Resolve phase and score from the command
line, with ``rules turn``'s contract (exit 0 and JSON; bad input exit 2, one line on
standard error naming the field, nothing on standard output, never a traceback)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from test_table_cli_fuzz import GARBAGE, fuzz, mutated_table, report, run_in_process, run_subprocess

TABLES = Path(__file__).parent / "squad_tables"
VALID: list[dict[str, Any]] = [
    json.loads(p.read_text(encoding="utf-8")) for p in sorted(TABLES.glob("*.json"))
]

run_squads = functools.partial(run_in_process, command="squads")


def _answer(table: dict[str, Any]) -> dict[str, Any]:
    run = run_squads(json.dumps(table).encode())
    assert (run.code, run.stderr) == (0, b""), run
    answer: dict[str, Any] = json.loads(run.stdout)
    return answer


def _error(table: object) -> str:
    data = table if isinstance(table, bytes) else json.dumps(table).encode()
    run = run_squads(data)
    assert run.crash is None, run.crash
    assert (run.code, run.stdout) == (2, b""), run
    text = run.stderr.decode()
    assert text.startswith("error: ") and text.count("\n") == 1, text
    return text


def _table(name: str) -> dict[str, Any]:
    return json.loads((TABLES / name).read_text(encoding="utf-8"))


def test_two_colours_the_megagrump_and_an_action_short_of_support() -> None:
    # Cy's green: 1 + 3 = 4 against Ann's 4 + 1 = 5: beaten by Ann with 5. Cy's yellow
    # Megagrump: 6 against Bob's Mercenary 2 + 3 = 5: victorious, SLOT2 is yellow. The
    # Recruit action has 1 support: it does not resolve (2 needed).
    answer = _answer(_table("two_colours.json"))
    assert answer["victorious"] == [
        {"squad": 1, "color": "yellow", "strength": 6, "slots": [2], "rule": "R-SQ-STRONGEST"}
    ]
    assert answer["beaten"] == [
        {
            "squad": 0,
            "color": "green",
            "strength": 4,
            "by": "Ann",
            "by_strength": 5,
            "rule": "R-SQ-STRONGEST",
        }
    ]
    assert answer["actions"] == [{"squad": 2, "resolves": False, "rule": "R-SQ-ACTION"}]
    assert "scores" not in answer and "winners" not in answer


def test_the_active_player_wins_a_tie_and_the_end_scores_by_the_rulebook() -> None:
    answer = _answer(_table("end_with_tie_win.json"))
    red = answer["victorious"][0]
    # Ann's red 3 + 2 = 5 ties Bob's 4 + 1 = 5: Ann's turn wins it; both slots are red.
    assert (red["squad"], red["strength"], red["slots"], red["rule"]) == (0, 5, [1, 2], "R-SQ-TIE")
    # Ann: 4 princesses (8), red x3 is one pair (+1), FINALE (+1) = 10.
    # Bob: 3 princesses (6), blue x2 one pair (+1) = 7.
    assert answer["scores"] == [
        {"name": "Ann", "points": 10, "princesses": 4, "pairs": 1, "finale": True},
        {"name": "Bob", "points": 7, "princesses": 3, "pairs": 1, "finale": False},
    ]
    assert answer["winners"] == ["Ann"]


def test_a_tie_at_the_end_names_every_tied_player() -> None:
    table = {
        "active": "Ann",
        "end": True,
        "players": [
            {"name": "Ann", "princesses": ["red", "Red"]},  # 4 + 1 = 5
            {"name": "Bob", "princesses": ["blue", "green"], "finale": True},  # 4 + 1 = 5
            {"name": "Cy", "princesses": ["blue"]},
        ],
    }
    assert _answer(table)["winners"] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            lambda t: t["players"][2]["squads"][0].update(recruit="catapult"),
            "players[2].squads[0].recruit",
        ),
        (lambda t: t.update(active="Dee"), "active"),
        (lambda t: t["players"][0]["squads"][0].pop("color"), "players[0].squads[0]"),
        (
            lambda t: t["players"][0]["squads"][0].update(strength="4"),
            "players[0].squads[0].strength",
        ),
        (lambda t: t["slots"][0].update(slot=3), "slots[0].slot"),
        (lambda t: t["slots"][0].update(card="dragon"), "slots[0].card"),
        (lambda t: t["players"][1].update(name="ann"), "players"),
        (lambda t: t.update(players=t["players"][:1]), "players"),
        (lambda t: t["players"][0]["princesses"].append(" "), "players[0].princesses[1]"),
    ],
)
def test_bad_input_names_the_field(change: Any, field: str) -> None:
    table = _table("two_colours.json")
    change(table)
    assert field in _error(table)


def test_not_an_object_and_not_json() -> None:
    assert "'active' and 'players'" in _error([1, 2])
    assert "JSON" in _error(b'{"active": ')


def test_a_real_process_keeps_the_contract() -> None:
    ok = run_subprocess(json.dumps(_table("two_colours.json")).encode(), command="squads")
    assert ok.code == 0 and json.loads(ok.stdout)["victorious"]
    bad = run_subprocess(b'{"active": "\xff"}', command="squads")
    assert bad.code == 2 and bad.stdout == b"" and bad.stderr.count(b"\n") == 1


# Valid but odd tables, built from scratch, so the referee itself runs on most of them.
COLOUR = st.sampled_from(["red", "RED", "Blue", "green", "yellow", "purple"])
SQUAD = st.fixed_dictionaries(
    {"color": COLOUR, "strength": st.integers(0, 99), "support": st.integers(0, 99)},
    optional={
        "recruit": st.sampled_from([None, "megagrump", "mercenary"]),
        "catapult": st.integers(0, 99),
    },
) | st.fixed_dictionaries({"action": st.just("recruit"), "support": st.integers(0, 99)})
ODD_TABLE = (
    st.lists(
        st.fixed_dictionaries(
            {"name": st.text(min_size=1, max_size=40).filter(str.strip)},
            optional={
                "squads": st.lists(SQUAD, max_size=40),
                "princesses": st.lists(COLOUR, max_size=40),
                "finale": st.booleans(),
            },
        ),
        min_size=2,
        max_size=4,
        unique_by=lambda p: p["name"].strip().casefold(),
    )
    .flatmap(
        lambda players: st.fixed_dictionaries(
            {
                "active": st.sampled_from([p["name"] for p in players]),
                "players": st.just(players),
                "end": st.booleans(),
                "slots": st.lists(
                    st.fixed_dictionaries(
                        {
                            "slot": st.sampled_from([1, 2]),
                            "card": st.sampled_from(["kidnap", "parasols", "finale"]),
                            "color": COLOUR,
                        }
                    ),
                    max_size=2,
                    unique_by=lambda s: s["slot"],
                ),
            }
        )
    )
    .map(lambda table: json.dumps(table).encode())
)
SQUAD_INPUTS = st.one_of(mutated_table(VALID), mutated_table(VALID), ODD_TABLE, GARBAGE)


@pytest.mark.slow
def test_fuzz_bad_squad_tables_exit_0_or_2_never_a_traceback() -> None:
    failures = fuzz(1500, run_squads, derandomize=True, inputs=SQUAD_INPUTS)
    assert not failures, report(failures)
