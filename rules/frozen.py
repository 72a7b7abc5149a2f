"""The base of every value of the game (``rules.models`` and the modules it gathers)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

NonNegative = Annotated[int, Field(ge=0)]


class Frozen(BaseModel):
    """Base for every value of the game: immutable, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")
