"""Names as the table types them: a player's and a card's (checked on every input)."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field


def unicode_text(value: str) -> str:
    """Refuse a lone surrogate (``"\\ud800"`` in JSON): it is no character, and a name
    holding one could not be written out again as UTF-8 (an answer, a file, a screen)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("must be Unicode text (it holds a lone surrogate)") from None
    return value


def _player_name(value: str) -> str:
    value = unicode_text(value).strip()
    if not value:
        raise ValueError("a player's name must not be blank")
    return value


# A player's name as the game keeps it: without surrounding spaces, never blank.
PlayerName = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_player_name)]
# The name printed on a card (Room, Hero, Item, Boss, Miniboss); may be left out ("").
CardName = Annotated[str, Field(max_length=60), AfterValidator(unicode_text)]
