"""Input typed as JSON: the strict base of both games' tables, and bad input named field by
field, on one line (the command line's and the forecast's)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from rules.printable import printable

# How many problems one error line lists, and how long a field name in it may get: the
# line stays readable whatever the table holds.
MAX_PROBLEMS = 3
MAX_FIELD = 60


class StrictInput(BaseModel):
    """Base of a table typed as JSON (both games' ``python -m rules`` tables): strict, as a
    table says what it means; ``true``, ``"9"`` or ``"yes"`` is no number and no flag, and
    ``1`` no name (pydantic's lax mode would convert them)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


def _unclear(char: str) -> bool:
    """A character that does not show where it is (a space, a no-break space, a
    zero-width one)."""
    return char.isspace() or not char.isprintable()


def _field(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = printable(part)
            if len(name) > MAX_FIELD:
                name = name[:MAX_FIELD] + "…"
            if not name or _unclear(name[0]) or _unclear(name[-1]):
                name = f'"{name}"'  # where a name starting or ending in a space starts or ends
            out += f".{name}" if out else name
    return out or "table"


def located(error: ValidationError) -> list[tuple[tuple[int | str, ...], ErrorDetails]]:
    """Each problem with its field's place in the model (the validator steps pydantic puts
    in it, ``function-after[…]``, left out)."""
    return [
        (tuple(p for p in problem["loc"] if not str(p).startswith("function-after")), problem)
        for problem in error.errors(include_url=False)
    ]


def model_words(problem: ErrorDetails) -> str:
    """pydantic's own words for ``problem``, on one line."""
    return printable(problem["msg"].removeprefix("Value error, "))


def describe(error: ValidationError) -> str:
    """The problems on one line, each naming the field: ``players[0].xp: …; town: …``."""
    problems = [f"{_field(loc)}: {model_words(problem)}" for loc, problem in located(error)]
    more = len(problems) - MAX_PROBLEMS
    return "; ".join(problems[:MAX_PROBLEMS]) + (f" (and {more} more)" if more > 0 else "")
