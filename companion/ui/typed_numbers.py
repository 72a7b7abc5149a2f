"""Numbers typed into the forms, read by pydantic against the bounds the models give them
(a Health, an XP, a Room's damage, a printed strength): no form checks digits by hand."""

from __future__ import annotations

from typing import TypeVar

from pydantic import TypeAdapter, ValidationError

from rules.frozen import NonNegative

T = TypeVar("T")

#: A whole number from 0 up, as the models take a Boss's XP and a Room's damage
#: (``NonNegative``).
WHOLE: TypeAdapter[int] = TypeAdapter(NonNegative)


def read_typed(adapter: TypeAdapter[T], text: str) -> T | None:
    """``text``, spaces around it left out, read by ``adapter`` (pydantic's lax mode: "7"
    and "+7" are 7); None when it holds no such value, for the form to name what was
    typed."""
    try:
        return adapter.validate_python(text.strip())
    except ValidationError:
        return None
