"""Coins another player gives a card's owner, in the effect vocabulary (Paywall), R-MINI
with R-CARD-EFFECT. Values only, like ``rules.coin_kinds``; ``rules.coin_gifts`` carries
them out through ``GiveCoins``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.fact import Fact

GiftTrigger = Literal["coins_given"]  # another player gives the owner Coins for this card


class CancelLasting(Fact):
    """One Coin given cancels the owner's Boss's lasting Level Up until end of turn
    (Scott's Trap Rooms +1)."""

    kind: Literal["cancel_lasting"] = "cancel_lasting"


class LessPerCoin(Fact):
    """This Room has -``amount`` damage per Coin given for it, until end of turn."""

    kind: Literal["less_per_coin"] = "less_per_coin"
    amount: Annotated[int, Field(ge=1, le=3)] = 1
