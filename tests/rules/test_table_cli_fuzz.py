"""``python -m rules turn`` under attack: thousands of malformed tables, zero tracebacks.

Every input is one of the valid tables of ``tables/`` changed by a few random mutations
(wrong types, strings and booleans where numbers go, huge and negative numbers, long,
blank, duplicate, case- and whitespace-variant names, deep nesting, lone surrogates,
missing and extra fields, empty and overlong lists, every player out, cut or garbled
text, strings that never close, lists far past their ceilings, files one byte past the
size ceiling), or plain garbage text and bytes. (The same classes at full size run in
real processes under CPU and memory ceilings: ``test_table_cli_hostile_sizes.py``.)
The contract for each: exit 0 with JSON on standard output and nothing on standard
error, or exit 2 with nothing on standard output and exactly one line on standard error
naming the field or problem. Anything else, and above all an exception escaping
``main`` (a traceback, exit 1), is a failure.

The fast test runs the CLI in process through ``rules.cli.main`` with standard streams
that encode like the real ones (strict UTF-8 out, so a name the JSON cannot carry fails
here as it would in a terminal); a handful of real subprocess runs check the same contract
end to end. Failures are collected rather than raised at the first one, so a run reports
how many inputs of how many broke the contract.
"""

from __future__ import annotations

import copy
import io
import json
import re
import subprocess
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cli import MAX_TABLE_BYTES, main
from rules.models import TREASURES
from rules.table import MAX_TOWN, TABLE_MAX

TABLES = Path(__file__).parent / "tables"
VALID: list[dict[str, Any]] = [
    json.loads(p.read_text(encoding="utf-8")) for p in sorted(TABLES.glob("*.json"))
]

# "error: <the field or problem and what is wrong>", on one line.
ONE_LINE_ERROR = re.compile(r"error: \S[^\n]*\n")


# --- running the CLI --------------------------------------------------------------------


@dataclass
class Run:
    code: int | None
    stdout: bytes
    stderr: bytes
    crash: str | None = None  # the traceback of an exception that escaped main


def run_in_process(data: bytes, command: str = "turn") -> Run:
    """``main([command, "-"])`` with ``data`` on standard input, streams like a terminal's."""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict")
    stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    code: int | None = None
    crash = None
    try:
        code = main([command, "-"])
    except BaseException as error:  # any escape is the traceback hunted here
        crash = _summary(error) + "\n" + traceback.format_exc()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    for stream in (stdout, stderr):
        try:
            stream.flush()
        except Exception as error:  # text the stream could not encode
            crash = crash or _summary(error) + "\n" + traceback.format_exc()
    return Run(code, out.getvalue(), err.getvalue(), crash)


def _summary(error: BaseException) -> str:
    lines = str(error).splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"[:200]


def run_subprocess(data: bytes, command: str = "turn") -> Run:
    done = subprocess.run(
        [sys.executable, "-m", "rules", command, "-"],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    crash = None
    if b"Traceback" in done.stderr:
        crash = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1]
    return Run(done.returncode, done.stdout, done.stderr, crash)


def broken(run: Run) -> str | None:
    """Why ``run`` breaks the contract, or None when it keeps it."""
    if run.crash is not None:
        return "traceback: " + run.crash.strip().splitlines()[0][:200]
    if run.code == 0:
        if run.stderr:
            return f"exit 0 with stderr {run.stderr[:200]!r}"
        try:
            json.loads(run.stdout.decode("utf-8"))
        except ValueError as error:
            return f"exit 0 without JSON on stdout: {error}"
        return None
    if run.code == 2:
        if run.stdout:
            return f"exit 2 with stdout {run.stdout[:200]!r}"
        try:
            text = run.stderr.decode("utf-8")
        except UnicodeDecodeError:
            return f"stderr not UTF-8: {run.stderr[:200]!r}"
        if not ONE_LINE_ERROR.fullmatch(text):
            return f"stderr not one line naming the problem: {text[:300]!r}"
        return None
    return f"exit {run.code}"


# --- building bad tables ----------------------------------------------------------------


@dataclass(frozen=True)
class Raw:
    """JSON text spliced in as is: numbers Python's json would not write, deep nesting."""

    text: str


@dataclass
class Doc:
    """The table being mutated (a mutation may replace it whole)."""

    value: Any


def dump(doc: Doc) -> str:
    """The document as JSON text, with its Raw pieces spliced in."""
    raws: list[str] = []

    def swap(value: Any) -> Any:
        if isinstance(value, Raw):
            raws.append(value.text)
            return f"\x00RAW{len(raws) - 1}\x00"
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    text = json.dumps(swap(doc.value))
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x00RAW{i}\x00"), raw, 1)
    return text


Path_ = tuple[str | int, ...]


def paths(value: Any, here: Path_ = ()) -> list[Path_]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*here, i))
    return out


def get(value: Any, path: Path_) -> Any:
    for part in path:
        value = value[part]
    return value


def put(root: Any, path: Path_, new: Any) -> Any:
    if not path:
        return new
    get(root, path[:-1])[path[-1]] = new
    return root


SURROGATES = ["\ud800", "\udfff", "a\udc80b", "\ud83d"]
NAMELIKE = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "\t", "\n", "Ann", "ann", "ANN", "Ann ", " Ann", "Ann\u00a0"]),
    st.sampled_from(SURROGATES),
    st.integers(41, 3000).map(lambda n: "x" * n),
    st.sampled_from(["Zoë", "名前", "🐉", "a\u0000b", "\u202eevil"]),
)
ODD_NUMBERS = st.one_of(
    st.integers(),
    st.integers(-3, 12),
    st.integers(0, 4299).map(lambda n: 10**n),  # 4300 digits at most: json can write it
    st.integers(4290, 5000).map(lambda n: Raw("9" * n)),
    st.integers(4290, 5000).map(lambda n: Raw("-" + "1" * n)),
    st.sampled_from([Raw("1e999"), Raw("-1e999"), Raw("NaN"), Raw("Infinity"), Raw("1E400")]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, -0.0, 1.5, 2.0, 1e-300]),
)
DEEP = st.integers(2, 200_000).flatmap(
    lambda n: st.sampled_from(
        [Raw("[" * n + "]" * n), Raw('{"a":' * n + "1" + "}" * n), Raw("[" * n)]
    )
)
NASTY = st.one_of(
    st.sampled_from([True, False, None, "9", "yes", "true", "1", "", " ", "-1", "0x10"]),
    st.sampled_from([[], {}, [[]], {"": None}, [None], ["mage"], ["any"], ["gold"]]),
    ODD_NUMBERS,
    NAMELIKE,
    DEEP,
).map(copy.deepcopy)  # a fresh copy: later mutations must not change the sampled constant
EXTRA_KEYS = st.one_of(
    st.sampled_from(["extra", "id", "items", "Name", "XP", "", "\n", "a\nb", "__class__"]),
    st.sampled_from(SURROGATES),
    st.text(max_size=8),
    st.integers(200, 5000).map(lambda n: "k" * n),
)


def players_of(doc: Doc) -> list[Any]:
    players = doc.value.get("players") if isinstance(doc.value, dict) else None
    return players if isinstance(players, list) else []


@st.composite
def mutate(draw: st.DrawFn, doc: Doc) -> Doc:
    """One random change to ``doc``."""
    kind = draw(
        st.sampled_from(
            [
                "replace",
                "replace",
                "replace",
                "delete",
                "extra",
                "grow",
                "empty",
                "rename",
                "all_out",
                "retype",
                "wrap",
            ]
        )
    )
    where = draw(st.sampled_from(paths(doc.value)))
    node = get(doc.value, where)
    if kind == "replace":
        doc.value = put(doc.value, where, draw(NASTY))
    elif kind == "delete" and where:
        parent = get(doc.value, where[:-1])
        del parent[where[-1]]
    elif kind == "extra":
        target = node if isinstance(node, dict) else doc.value
        if isinstance(target, dict):
            target[draw(EXTRA_KEYS)] = draw(NASTY)
    elif kind == "grow" and isinstance(node, list) and node:
        node[:] = [copy.deepcopy(x) for x in node * draw(st.integers(2, 12))]
    elif kind == "empty" and isinstance(node, list | dict):
        node.clear()
    elif kind == "rename":
        players = players_of(doc)
        if players and all(isinstance(p, dict) for p in players):
            i = draw(st.integers(0, len(players) - 1))
            other = players[draw(st.integers(0, len(players) - 1))].get("name")
            base = other if isinstance(other, str) else "Ann"
            variant = draw(
                st.sampled_from(
                    [
                        base.upper(),
                        base.lower(),
                        base.swapcase(),
                        base + " ",
                        " " + base,
                        base + "\t",
                        base + "\u00a0",
                        base.casefold(),
                        base * 30,
                        "   ",
                    ]
                )
                | NAMELIKE
            )
            players[i]["name"] = variant
    elif kind == "all_out":
        for p in players_of(doc):
            if isinstance(p, dict):
                p["eliminated"] = draw(st.sampled_from([True, True, True, False]))
        if isinstance(doc.value, dict):
            if draw(st.booleans()):
                doc.value["variant"] = "unlimited_lives"
            if draw(st.booleans()):
                doc.value["hero_deck_empty"] = True
    elif kind == "retype":
        # The same value in the wrong JSON type: 9 -> "9", true -> "yes", etc.
        if isinstance(node, bool):
            new: Any = draw(st.sampled_from(["yes", "true", 1, 0, "no", None]))
        elif isinstance(node, int):
            as_float = float(node) if abs(node) < 10**300 else node  # float() overflows
            new = draw(st.sampled_from([str(node), as_float, bool(node % 2), [node]]))
        elif isinstance(node, str):
            new = draw(
                st.sampled_from(
                    [[node], {node: node}, len(node), node.encode("utf-8", "surrogatepass").hex()]
                )
            )
        else:
            new = draw(NASTY)
        doc.value = put(doc.value, where, new)
    elif kind == "wrap":
        doc.value = put(doc.value, where, draw(st.sampled_from([[node], {"value": node}])))
    return doc


@st.composite
def mutated_table(draw: st.DrawFn, valid: list[dict[str, Any]] = VALID) -> bytes:
    doc = Doc(json.loads(json.dumps(draw(st.sampled_from(valid)))))
    for _ in range(draw(st.integers(1, 3))):
        doc = draw(mutate(doc))
    text = dump(doc)
    how = draw(
        st.sampled_from(
            ["as is"] * 6 + ["cut", "garble", "bom", "latin-1", "unclosed", "huge list", "oversize"]
        )
    )
    if how == "unclosed":  # a string that never closes, full of escaped quotes
        text = text[: draw(st.integers(0, len(text)))] + '"' + '\\"' * draw(st.integers(1, 9999))
    elif how == "huge list":  # players or town far past their ceilings
        field = draw(st.sampled_from(["players", "town"]))
        text = f'{{"{field}": [' + "{}," * draw(st.integers(MAX_TOWN, 99_999)) + "{}]}"
    elif how == "oversize":  # valid JSON, one byte past the size ceiling
        text += " " * (MAX_TABLE_BYTES + 1 - len(text.encode("utf-8", "surrogatepass")))
    if how == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "garble":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at:]
    elif how == "bom":
        text = "\ufeff" + text
    data = text.encode("utf-8", "surrogatepass")
    if how == "latin-1":
        data = text.encode("latin-1", "replace")
    return data


# Valid but odd tables, built from scratch: edge numbers, odd names, every mix of flags,
# variants and expansions. Most are refereed, so these find crashes in the engine.
TREASURE = st.sampled_from(TREASURES)
EDGE = st.one_of(st.integers(0, 12), st.sampled_from([0, 1, 4, 5, 9, 10, 11, TABLE_MAX]))
CARD_NAME = st.text(max_size=60)
ROOM = st.fixed_dictionaries(
    {"treasure": st.lists(TREASURE, max_size=4), "damage": EDGE},
    optional={
        "name": CARD_NAME,
        "kind": st.sampled_from(["monster", "trap"]),
        "advanced": st.booleans(),
        "deactivated": st.booleans(),
    },
)
PLAYER = st.fixed_dictionaries(
    {
        "name": st.text(min_size=1, max_size=40).filter(str.strip),
        "xp": st.integers(0, 1000) | EDGE,
    },
    optional={
        "boss_treasure": st.lists(TREASURE, max_size=3),
        "rooms": st.lists(ROOM, max_size=5),
        "treasure_bonus": st.dictionaries(TREASURE, st.integers(-5, 5)),
        "souls": EDGE,
        "wounds": EDGE,
        "eliminated": st.booleans(),
        "coins": EDGE,
    },
)
ITEM = st.fixed_dictionaries(
    {"treasure": st.just(["any"]) | st.lists(TREASURE, min_size=1, max_size=2)},
    optional={"name": CARD_NAME},
)
HERO = st.fixed_dictionaries(
    {
        "treasure": st.lists(TREASURE, min_size=1, max_size=2),
        "health": st.integers(1, 12) | st.sampled_from([1, TABLE_MAX]),
    },
    optional={"name": CARD_NAME, "epic": st.booleans(), "item": ITEM},
)
ODD_TABLE = st.fixed_dictionaries(
    {
        "players": st.lists(
            PLAYER, min_size=2, max_size=6, unique_by=lambda p: p["name"].strip().casefold()
        ),
        "town": st.lists(HERO, max_size=14),
    },
    optional={
        "variant": st.sampled_from(["standard", "unlimited_lives"]),
        "hero_deck_empty": st.booleans(),
    },
).map(lambda table: json.dumps(table).encode())

GARBAGE = st.one_of(
    st.binary(max_size=64),
    st.text(max_size=64).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [b"", b"null", b"[]", b"1", b'"x"', b"{}", b"\xff\xfe", b'{"players": "\xed\xa0\x80"}']
    ),
    DEEP.map(lambda raw: raw.text.encode()),
)

INPUTS = st.one_of(mutated_table(), mutated_table(), ODD_TABLE, GARBAGE)


def fuzz(
    examples: int,
    runner: Callable[[bytes], Run],
    *,
    derandomize: bool,
    inputs: st.SearchStrategy[bytes] = INPUTS,
) -> list[str]:
    """Run ``examples`` inputs; the contract breaches, one line each (input cut short)."""
    failures: dict[bytes, str] = {}
    seen: set[bytes] = set()
    answered: set[bytes] = set()  # exit 0: the turn was refereed (the engine ran)

    @settings(
        max_examples=examples,
        derandomize=derandomize,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(inputs)
    def check(data: bytes) -> None:
        seen.add(data)
        run = runner(data)
        if run.code == 0:
            answered.add(data)
        why = broken(run)
        if why is not None:
            failures[data] = f"{why}  <- {data[:120]!r}"

    check()
    crashes = sum(why.startswith("traceback") for why in failures.values())
    print(
        f"CLI fuzz: {len(failures)} of {len(seen)} distinct inputs broke the contract,"
        f" {crashes} of them with a traceback; {len(answered)} refereed (exit 0)"
    )
    return list(failures.values())


def report(failures: list[str]) -> str:
    kinds: dict[str, int] = {}
    for line in failures:
        kind = line.split("  <- ")[0][:120]
        kinds[kind] = kinds.get(kind, 0) + 1
    top = sorted(kinds.items(), key=lambda kv: -kv[1])[:12]
    return (
        f"{len(failures)} inputs broke the contract:\n"
        + "\n".join(f"{n:5d} x {kind}" for kind, n in top)
        + "\nfirst: "
        + "\n".join(failures[:5])
    )


# --- the tests ----------------------------------------------------------------------------


@pytest.mark.slow
def test_cli_fuzz_thousands_of_bad_tables_exit_0_or_2_never_a_traceback() -> None:
    """No input makes the CLI crash: JSON and exit 0, or one error line and exit 2."""
    failures = fuzz(2000, run_in_process, derandomize=True)
    assert not failures, report(failures)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_cli_fuzz_big_random_run_never_a_traceback() -> None:
    """The same with a fresh random seed and 5,000 inputs (about a minute): each run of the
    suite tries inputs no run tried before. (It took 10,000, two and a half minutes of one
    core, a third of the non-browser tests' work; most of it Hypothesis making inputs.)"""
    failures = fuzz(5_000, run_in_process, derandomize=False)
    assert not failures, report(failures)


def _table(change: Callable[[dict[str, Any]], Any]) -> bytes:
    table = json.loads((TABLES / "rulebook_bait.json").read_text(encoding="utf-8"))
    change(table)
    return json.dumps(table).encode()


SUBPROCESS_CASES: list[tuple[str, bytes, str]] = [
    ("deep nesting", b"[" * 200_000, "nested"),
    ("4301-digit number", b'{"players": [' + b"9" * 4301 + b"]}", "digits"),
    (
        "lone surrogate name",
        _table(lambda t: t["players"][0].update(name="\ud800")),
        "players[0].name",
    ),
    ("not UTF-8", b'{"players": "\xff"}', "UTF-8"),
    (
        "room name over 60",
        _table(lambda t: t["players"][0]["rooms"][0].update(name="R" * 61)),
        "players[0].rooms[0].name",
    ),
    (
        "names differing by case",
        _table(lambda t: t["players"][1].update(name="PLAYER 1")),
        "players",
    ),
    (
        "every player out, unlimited lives, deck empty",
        _table(
            lambda t: (
                [p.update(eliminated=True) for p in t["players"]],
                t.update(variant="unlimited_lives", hero_deck_empty=True),
            )
        ),
        "players",
    ),
    ("xp is true", _table(lambda t: t["players"][0].update(xp=True)), "players[0].xp"),
    ("health is '9'", _table(lambda t: t["town"][0].update(health="9")), "town[0].health"),
    ("epic is 'yes'", _table(lambda t: t["town"][0].update(epic="yes")), "town[0].epic"),
]


@pytest.mark.parametrize(
    ("case", "data", "word"), SUBPROCESS_CASES, ids=[c[0] for c in SUBPROCESS_CASES]
)
def test_cli_hostile_input_in_a_real_process_exits_2_with_one_line(
    case: str, data: bytes, word: str
) -> None:
    """The real ``python -m rules turn -``: exit 2, nothing on stdout, one stderr line
    naming the field or problem."""
    run = run_subprocess(data)
    assert broken(run) is None, (case, broken(run))
    assert run.code == 2, case
    assert word in run.stderr.decode("utf-8"), (case, run.stderr)


def test_cli_fuzz_harness_sees_a_crash() -> None:
    """The harness itself: an exception escaping main, exit 1 or a two-line error count
    as breaches (so a clean fuzz run means something)."""
    assert broken(Run(None, b"", b"", crash="Traceback...\nValueError: x")) is not None
    assert broken(Run(1, b"", b"boom\n")) is not None
    assert broken(Run(2, b"", b"error: a: b\nc: d\n")) is not None
    assert broken(Run(2, b"x", b"error: a: b\n")) is not None
    assert broken(Run(0, b"{", b"")) is not None
    assert broken(Run(2, b"", b"error: players[0].xp: bad\n")) is None
