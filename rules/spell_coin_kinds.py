"""Spells whose bonus grows with what the caster puts in (Rise of the Minibosses, R-MINI
with R-CARD-EFFECT): Coins spent as the Spell is cast (Pay to Win), a Miniboss's level
(Rage!).

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.spell_coins`` carries them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.fact import Fact


class DamagePerCoin(Fact):
    """The Room the Spell aims at has +``amount`` until end of turn for every Coin its
    caster spends on it as it is cast (asked: how many; Pay to Win)."""

    kind: Literal["damage_per_coin"] = "damage_per_coin"
    amount: Annotated[int, Field(ge=1, le=3)] = 1


class DamagePerMinibossLevel(Fact):
    """The Room of the Miniboss the Spell aims at has +``amount`` per level of that
    Miniboss until end of turn; ``double_if_alone``: when it is the caster's only Miniboss
    in play, the caster may then double that Room's damage (asked Yes or No; Rage!)."""

    kind: Literal["damage_per_miniboss_level"] = "damage_per_miniboss_level"
    amount: Annotated[int, Field(ge=1, le=3)] = 1
    double_if_alone: bool = False


class CoinForSpell(Fact):
    """The owner may give the opponent it names a Coin from the hoard to take one random
    Spell card from that opponent's hand (the card itself is the players'; Ancient
    Guardtower)."""

    kind: Literal["coin_for_spell"] = "coin_for_spell"


SpellCoinEffect = DamagePerCoin | DamagePerMinibossLevel | CoinForSpell
SPELL_COIN_KINDS = frozenset({"damage_per_coin", "damage_per_miniboss_level"})
SpellCoinOffer = Literal[
    "double_aimed_room",  # Yes: the Room the Spell aimed at deals twice its damage (Rage!)
    "coin_for_spell",  # an opponent named, given a Coin (Ancient Guardtower)
]


def spell_coin_offer(effects: Sequence[BaseModel]) -> Literal["coin_for_spell"] | None:
    """The question an ability of these effects asks when it fires, if any."""
    return "coin_for_spell" if any(isinstance(e, CoinForSpell) for e in effects) else None
