"""The base of every card fact (effects, Coins', Items'): frozen, unknown fields refused.

A module of its own so that the expansions' vocabularies (``rules.coin_kinds``,
``rules.item_kinds``) and ``rules.effect_kinds``, which names them in its union, share one
base without importing each other."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Fact(BaseModel):
    """A frozen card fact: unknown fields are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")
