"""Control characters in text a player or a file supplied: refused in new names, written
as escapes when printed.

A game's name, or a field name in a table or a damaged file, can hold anything JSON can:
a terminal escape (ESC [ 2 J clears the screen), a carriage return that overwrites the
line, NUL, a line break that forges another line of output, a right-to-left override
that reverses what follows. None of them belongs in a name, and none is printed raw by
``python -m rules turn`` or ``dungeon-referee games``.
"""

from __future__ import annotations

import unicodedata

#: Unicode's control characters (C0, DEL, C1), lone surrogates, line and paragraph
#: separators.
_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
#: Bidirectional embeddings, overrides and isolates: they reorder the text around them.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_control(char: str) -> bool:
    return char in _BIDI or unicodedata.category(char) in _CATEGORIES


def codepoint(char: str) -> str:
    """``"\\x1b"`` -> ``"U+001B"``: how a message names a character it can't show."""
    return f"U+{ord(char):04X}"


def refuse_control(text: str, what: str) -> str:
    """``text`` unchanged, or ValueError naming the first control character in it."""
    for place, char in enumerate(text, 1):
        if is_control(char):
            raise ValueError(
                f"{what} must not hold control characters such as line breaks or "
                f"terminal escapes ({codepoint(char)} at character {place})"
            )
    return text


def shortened(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with "…" at the end when longer: what a
    message quotes of a field name, a file's words or a player's typing stays readable."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def printable(text: str) -> str:
    """``text`` on one line with each control character written as Python writes it
    (``\\x1b``, ``\\n``, ``\\u202e``), so a terminal shows what the text holds instead of
    obeying it."""
    if not any(is_control(char) for char in text):
        return text
    return "".join(repr(char)[1:-1] if is_control(char) else char for char in text)
