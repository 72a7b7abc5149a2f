"""Join codes: six characters a player can read off a screen and type on a phone.

The alphabet leaves out characters that look alike on a small screen or in a hurried
hand (0/O, 1/I/L), so a code read aloud at the table is typed right the first time.
Thirty-one characters to the sixth power is about 887 million codes: guessing one over
the local network is slow, and the join screen throttles wrong guesses.
"""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Typing separators people add by themselves ("K7M-2QX", "k7m 2qx") are fine.
_SEPARATORS = " -_.\t"


class BadJoinCode(ValueError):
    """Text that can't be a join code, with what is wrong with it."""


def new_code(taken: frozenset[str] | set[str] = frozenset()) -> str:
    """A fresh random code that is not in ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normalise_code(text: str) -> str:
    """The code someone typed, upper-cased and without separators; ``BadJoinCode`` if it
    can't be one (the message names the length or the characters that are wrong)."""
    cleaned = "".join(ch for ch in text.upper() if ch not in _SEPARATORS)
    if not cleaned:
        raise BadJoinCode("type the join code shown on the host's screen")
    wrong = sorted({ch for ch in cleaned if ch not in ALPHABET})
    if wrong:
        shown = ", ".join(repr(ch) for ch in wrong)
        hint = " (codes use no 0, O, 1, I or L)" if set(wrong) & set("0O1IL") else ""
        raise BadJoinCode(f"a join code has no {shown}{hint}")
    if len(cleaned) != CODE_LENGTH:
        raise BadJoinCode(
            f"a join code has {CODE_LENGTH} characters; {text.strip()!r} has {len(cleaned)}"
        )
    return cleaned


def display_code(code: str) -> str:
    """'K7M2QX' -> 'K7M-2QX': easier to read aloud in two halves."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"
