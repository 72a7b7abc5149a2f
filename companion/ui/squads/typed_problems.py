"""What the squad game's models refuse of what was typed, in the player's language.

pydantic names a problem in English and by the model's field ("color: String should have
at most 20 characters"); a form names it by the label the player sees on it, and says
what is wrong in the app's language ("Farbe: höchstens 20 Zeichen"). A problem no form
can expect (a pasted control character) keeps pydantic's words, with the field named.
"""

from __future__ import annotations

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from companion.i18n import Translator
from rules.input_errors import MAX_PROBLEMS, located, model_words
from rules.printable import printable

#: pydantic's error types the app words itself, with their i18n key and the bound they
#: name (``ctx``): the ones typing on a form reaches.
WORDED: dict[str, tuple[str, str]] = {
    "string_too_long": ("squads.typed.too_long", "max_length"),
    "string_too_short": ("squads.typed.too_short", "min_length"),
}

Loc = tuple[int | str, ...]


def typed_problems(tr: Translator, error: ValidationError) -> str:
    """``error``'s problems on one line, each as "field: what is wrong", the field named
    as the squad forms label it (``field_label``)."""
    found = located(error)
    # A list with an item refused is also "too short" to pydantic (the item left out):
    # a consequence, not a problem of its own, so only the item is said.
    locs = [loc for loc, _problem in found]
    problems = [
        (loc, problem)
        for loc, problem in found
        if not any(len(o) > len(loc) and o[: len(loc)] == loc for o in locs)
    ]
    said = "; ".join(_said(tr, loc, problem) for loc, problem in problems[:MAX_PROBLEMS])
    more = len(problems) - MAX_PROBLEMS
    return said + (tr("squads.typed.more", n=more) if more > 0 else "")


def field_label(tr: Translator, loc: Loc) -> str:
    """A field of the squad game's orders and set-up as its form labels it: "Colour",
    "Player 2, Boss", "SLOT1, Colour"; a field no form shows by its place in the model."""
    if len(loc) == 3 and loc[0] == "players" and isinstance(loc[1], int):
        seat = tr("squads.new.player", number=loc[1] + 1)
        return f"{seat}, {tr(f'squads.new.{loc[2]}')}" if loc[2] in SEAT_FIELDS else seat
    if len(loc) == 2 and loc[0] in ("slot1", "slot2") and loc[1] == "color":
        return f"{str(loc[0]).upper()}, {tr('squads.color')}"
    if len(loc) == 1 and loc[0] in FIELDS:
        return tr(FIELDS[str(loc[0])])
    return ".".join(str(part) for part in loc) or "?"


#: The orders' fields by the words of their forms.
FIELDS = {
    "color": "squads.color",
    "strength": "squads.strength",
    "princess": "squads.princess_color",
}
#: A seat's fields on the new game's form (``squads.new.<field>``).
SEAT_FIELDS = ("name", "boss", "princess")


def _said(tr: Translator, loc: Loc, problem: ErrorDetails) -> str:
    worded = WORDED.get(problem["type"])
    ctx = problem.get("ctx") or {}
    if worded is not None and worded[1] in ctx:
        key, bound = worded
        what = tr(key, n=ctx[bound])
    else:
        what = model_words(problem)
    return f"{printable(field_label(tr, loc))}: {what}"
