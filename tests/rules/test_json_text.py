"""parse_json tells a file that simply stops early from one damaged in the middle.

CI once cut a saved game in half inside a ``true`` (``"won": tr``): the parser reports
"Expecting value" where the word starts, not at the end, and the file was called damaged
rather than cut short. Every prefix of a real document must read as cut short."""

from __future__ import annotations

import contextlib
import gc
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.json_text import JsonTextError, parse_json

DOCUMENT = json.dumps(
    {
        "name": "Damaged game",
        "finished": False,
        "won": True,
        "winner": None,
        "xp": [-12, 3.5, 1e3, 0],
        "text": 'quote " and \\ backslash \u00e9',
        "nested": [{"a": [True, False, None]}, []],
    }
)


@pytest.mark.parametrize("cut", range(len(DOCUMENT)))
def test_every_prefix_of_a_document_is_cut_short(cut: int) -> None:
    with pytest.raises(JsonTextError) as caught:
        parse_json(DOCUMENT[:cut])
    assert caught.value.kind == "truncated", (DOCUMENT[:cut], caught.value.detail)


@settings(max_examples=300)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=12,
    ),
    st.data(),
)
def test_any_prefix_of_any_document_is_cut_short(value: object, data: st.DataObject) -> None:
    text = json.dumps(value, indent=data.draw(st.sampled_from([None, 1])))
    cut = data.draw(st.integers(0, len(text)))
    prefix = text[:cut]
    try:
        parse_json(prefix)
    except JsonTextError as e:
        assert e.kind == "truncated", (prefix, e.detail)
    # A prefix may be a whole value itself ("12" of "123"): then nothing is wrong.


@pytest.mark.parametrize(
    "text",
    ['{"a": trux}', '{"a": nope}', "[1, 2,, 3]", '{"a" 1}', "[tru, 1]", "[1 2]"],
)
def test_damage_in_the_middle_is_not_called_cut_short(text: str) -> None:
    with pytest.raises(JsonTextError) as caught:
        parse_json(text)
    assert caught.value.kind == "corrupt", caught.value.detail


# --- hostile text costs what ordinary text of its size costs ------------------------------

MIB = 1 << 20


def _ordinary(size: int) -> str:
    """About ``size`` characters of JSON shaped like a saved game's log."""
    one = json.dumps(
        {
            "type": "build",
            "player": "Ann",
            "room": {"name": "Dark Altar", "treasure": ["cleric", "cleric"], "damage": 1},
            "note": 'a "quote"',
        }
    )
    return "[" + ",".join([one] * (size // (len(one) + 1))) + "]"


#: Every class of text that once cost more than its length: a string that never closes
#: (each quote re-scanned to the end), escaped quotes and backslashes in one, thousands
#: of lists inside each other, and pairs of brackets as many as fit.
HOSTILE = {
    "unterminated escaped quotes": '"' + '\\"' * (MIB // 2),
    "unterminated backslashes": '"' + "\\\\" * (MIB // 2) + "\\",
    "quotes after brackets": "[" * 60 + '"' + '\\"' * (MIB // 2),
    "a string that never closes": '"' + "a" * MIB,
    "deep nesting": "[" * MIB,
    "nesting at the limit, repeated": ("[" * 64 + "]" * 64) * (MIB // 128),
    "empty pairs": "[" + "[]," * (MIB // 3) + "[]]",
    "peaks just past the passes": ("[" * 17 + "]" * 17) * (MIB // 34 + 1),
}


def _cost(text: str) -> float:
    """The fastest of three parses of ``text`` (the machine is shared: the minimum is
    the parse's own cost)."""
    best = float("inf")
    # The garbage collector's passes cost in proportion to everything the test process
    # holds (a long pytest run holds a lot), not to the parse: leave them out of both sides.
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            start = time.perf_counter()
            with contextlib.suppress(JsonTextError):
                parse_json(text)
            best = min(best, time.perf_counter() - start)
    finally:
        gc.enable()
    return best


@pytest.mark.parametrize("name", HOSTILE)
def test_a_mebibyte_of_hostile_text_costs_about_what_ordinary_json_does(name: str) -> None:
    """Measured side by side as a ratio: 1 MiB of hostile text against 1 MiB of ordinary
    JSON (a quadratic scan took minutes here, an hour for an unterminated string)."""
    hostile = HOSTILE[name]
    assert MIB <= len(hostile) <= 2 * MIB
    ordinary = _ordinary(MIB)
    ratio = _cost(hostile) / _cost(ordinary)
    # A quadratic scan is thousands of times slower; the parser itself spends up to
    # about 5 times as long on a mebibyte of empty lists as on a saved game's log.
    assert ratio < 10, f"{name}: {ratio:.1f} times the cost of ordinary JSON"
