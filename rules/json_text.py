"""Parsing JSON that may be hostile: a saved game, an imported file, a join record, a table.

``json.loads`` alone lets several inputs through as exceptions nobody expects from a
parser (so a single file could take down every screen that lists games), or as values
that break later, far from the file:

* nesting thousands of levels deep raises ``RecursionError``;
* a number of more than 4,300 digits raises a plain ``ValueError`` (Python's limit on
  converting long digit strings, a guard against slow conversions);
* ``NaN`` and ``Infinity`` are accepted, although JSON has no such values;
* an escaped lone surrogate (``"\\ud800"``) becomes a string that cannot be encoded as
  UTF-8 again, so printing it, saving it or sending it to a browser fails;
* a file too big for memory raises ``MemoryError``.

:func:`parse_json` turns every one of these into a :class:`JsonTextError` that says what
is wrong in words, telling a file that simply stops early (``truncated``) from one that is
damaged or hostile (``corrupt``).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Literal, NoReturn

from rules.uncollected import collector_paused

JsonProblem = Literal["truncated", "corrupt"]

#: An escaped UTF-16 surrogate: only these can smuggle a lone surrogate into a string
#: (raw surrogates are not valid UTF-8, so decoding the bytes already refuses them).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


#: Far deeper than any file of this app nests (a saved game: about 8 levels). Checked
#: before parsing: the parser would otherwise recurse until Python's recursion limit, and
#: anything that runs at that depth meanwhile (a finaliser the garbage collector starts)
#: fails too, far from here.
MAX_DEPTH = 64

#: What is left after the parser's complaint when text stops inside a word or a number:
#: the parser points at where ``true`` or ``-`` began (``"won": tr``), or at the ``.``
#: or ``e`` of a number it read only in part (``1.``, ``2e+``), or at the ``u`` of an
#: escape the text ends in (``"caf\\u00``), not at the end.
_UNFINISHED_TOKEN = re.compile(
    r"-|(?:\.\d*)?(?:[eE][+-]?\d*)?|t(?:ru?)?|f(?:a(?:ls?)?)?|n(?:ul?)?|u[0-9a-fA-F]{0,4}"
)
#: A string, or one that never closes (it runs to the end of the text). Possessive, and
#: unrolled so that each character is looked at once: the text's strings are found in
#: one pass whatever they hold (a string that never closes once made every quote after
#: it start a scan to the end: quadratic, an hour for a mebibyte).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
#: Every bracket as ``[`` or ``]``: a ``{`` closed by a ``]`` is the parser's to refuse.
_AS_SQUARE = bytes.maketrans(b"{}", b"[]")
#: A run of openers or of closers.
_RUN = re.compile(rb"\[+|\]+")
#: Passes that drop innermost pairs before the runs left are counted one by one: each
#: pass is one sweep at C speed, and what survives 16 of them has at most one run of
#: openers per 16 brackets, so counting the runs in Python stays cheap too.
_PASSES = 16


def nests_too_deeply(text: str) -> bool:
    """Whether lists and objects nest more than ``MAX_DEPTH`` deep in ``text``.

    Brackets inside strings aside, each pass drops the innermost pairs, which lowers the
    deepest point by exactly one level; after at most ``_PASSES`` passes the depth of
    what is left is counted run by run. The cost grows with the text's length, never
    faster. Brackets that do not pair are left to the parser, which stops at the first
    and reports it as invalid JSON; openers never closed count as levels."""
    outside = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    brackets = outside.translate(_AS_SQUARE, _NOT_BRACKETS)
    dropped = 0
    while dropped < _PASSES:
        inner = brackets.replace(b"[]", b"")
        if len(inner) == len(brackets):
            break
        brackets, dropped = inner, dropped + 1
    depth = deepest = 0
    for run in _RUN.finditer(brackets):
        length = run.end() - run.start()
        depth += length if brackets[run.start()] == ord("[") else -length
        deepest = max(deepest, depth)
        if dropped + deepest > MAX_DEPTH:
            return True
    return False


#: How much of a text one count looks at: about a millisecond's work, so that a worker
#: thread counting hands the interpreter on (every few milliseconds, Python's switch
#: interval) to the thread of the loop that answers every tab.
SLICE = 1 << 18


class ValueCount:
    """The values a text may hold, counted a slice at a time before it is parsed.

    One parse is one call that keeps the interpreter until it ends: 16 MiB of empty lists
    held it for seconds, a 16 MiB string a tenth of one. So every comma and opening
    bracket is counted (those inside strings too: an upper bound, as each value of a
    list or object is preceded by one or the other), and a text past ``max_values`` is
    refused; so is a whole slice with none of them (a string or a number hundreds of
    kilobytes long), which no file of this app's holds."""

    def __init__(self, max_values: int) -> None:
        self.max_values = max_values
        self.counted = 0

    def add(self, text: str | bytes, start: int = 0, end: int | None = None) -> str | None:
        """Count ``text[start:end]`` (at most one ``SLICE``); why the text is refused,
        if it is now (None: not yet)."""
        end = len(text) if end is None else min(end, len(text))
        if isinstance(text, str):
            marks = sum(text.count(mark, start, end) for mark in ",[{")
        else:
            marks = sum(text.count(mark, start, end) for mark in (b",", b"[", b"{"))
        self.counted += marks
        if self.counted > self.max_values:
            limit = f"{self.max_values:,}"
            return f"it holds more than {limit} values (counting its commas and brackets)"
        if marks == 0 and end - start == SLICE:
            return f"it holds {SLICE:,} characters in a row without a comma or a bracket"
        return None


def too_costly(text: str | bytes, max_values: int) -> str | None:
    """Why parsing ``text`` would cost more than ``max_values`` values may (``ValueCount``),
    found a slice at a time without parsing it; None: it would not."""
    count = ValueCount(max_values)
    for start in range(0, len(text), SLICE):
        why = count.add(text, start, start + SLICE)
        if why is not None:
            return why
    return None


class JsonTextError(ValueError):
    """Text that is not JSON this app can use; ``detail`` says why, for a player."""

    def __init__(self, kind: JsonProblem, detail: str) -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(detail)


def _no_constants(name: str) -> NoReturn:
    raise JsonTextError("corrupt", f"it holds {name}, which is not a JSON number")


def _loads_uncollected(text: str) -> object:
    """``json.loads`` with the garbage collector off: a mebibyte of empty lists makes
    hundreds of thousands of objects, and a collection every few hundred of them, each
    looking at everything made so far, cost more than the parse itself."""
    with collector_paused():
        return json.loads(text, parse_constant=_no_constants)


def parse_json(
    text: str, *, lone_surrogates: bool = False, max_values: int | None = None
) -> object:
    """The value ``text`` holds; :class:`JsonTextError` if it is not usable JSON.

    ``lone_surrogates=True`` lets them through, for a caller whose models refuse them
    field by field (the table CLI names the field holding one). ``max_values``: a text
    that may hold more values than that is refused before it is parsed (``too_costly``)."""
    why = too_costly(text, max_values) if max_values is not None else None
    if why is not None:
        raise JsonTextError("corrupt", why)
    if nests_too_deeply(text):
        raise JsonTextError(
            "corrupt", f"it is nested too deeply (lists or objects more than {MAX_DEPTH} deep)"
        )
    try:
        value: object = _loads_uncollected(text)
    except json.JSONDecodeError as e:
        # An error at the very end, or inside a string that never closes, means the text
        # simply stops: the file was cut short. Anything else is damage in the middle.
        where = f"line {e.lineno}, column {e.colno}"
        rest = text[e.pos :].rstrip()
        if not rest or e.msg.startswith("Unterminated string") or _UNFINISHED_TOKEN.fullmatch(rest):
            raise JsonTextError("truncated", f"the JSON stops early ({where})") from e
        raise JsonTextError("corrupt", f"invalid JSON at {where}: {e.msg}") from e
    except JsonTextError:
        raise
    except RecursionError as e:
        raise JsonTextError(
            "corrupt",
            "it is nested too deeply (lists or objects inside each other, thousands of levels)",
        ) from e
    except ValueError as e:  # only Python's limit on long digit strings raises this here
        raise JsonTextError(
            "corrupt",
            f"it holds a number of more than {sys.get_int_max_str_digits()} digits",
        ) from e
    except MemoryError as e:
        raise JsonTextError("corrupt", "it is too large to read into memory") from e
    if not lone_surrogates and _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(value)
    return value


def _refuse_lone_surrogates(value: object) -> None:
    """Surrogate pairs were joined into one character by the parser; any surrogate left
    is alone, and encoding the value as UTF-8 finds it."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        char = e.object[e.start : e.start + 1] if isinstance(e.object, str) else ""
        code = f" (\\u{ord(char):04x})" if char else ""
        raise JsonTextError(
            "corrupt", f"it holds an unpaired surrogate escape{code}, which is not a character"
        ) from e
    except (RecursionError, MemoryError, ValueError) as e:
        raise JsonTextError("corrupt", "it is nested too deeply or too large") from e
