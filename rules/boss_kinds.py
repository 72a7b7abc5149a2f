"""A Boss's Level Up used at will in the effect vocabulary: "for the rest of the game, once
per turn you may pay 2 Coins to ..." (Rise of the Minibosses' Bosses, R-CARD-EFFECT).

Values only, like ``rules.coin_kinds`` (``rules.effect_kinds`` joins these effects to its
``Effect`` union); ``rules.boss_actions`` carries them out through ``UseBossAbility``, the
Boss's own button. ``boss_handling`` tells ``Ability.handling`` how the referee deals
with an ability used this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from rules.fact import Fact

BossTrigger = Literal[
    "boss_at_will",  # from the Boss's Level Up on, used by its owner when allowed
    "boss_turn_end",  # from the Boss's Level Up on, at the end of each turn (Shellda)
]
BossCost = Literal[
    "pay_two_coins",  # 2 Coins from the hoard
    "discard_card",  # any one card from the hand (the player's word)
]


class PromoteFree(Fact):
    """Promote one of the owner's Minibosses one level without paying its Coin: it is still
    the one promotion of the turn (R-MINI; Calabeza, whose price is a Monster Room card)."""

    kind: Literal["promote_free"] = "promote_free"


class AddTreasure(Fact):
    """One treasure icon of the type the owner picks, in the dungeon of the player the owner
    picks, for the rest of the game (kept as that dungeon's treasure bonus, R-BAIT-TOTAL;
    Kirax)."""

    kind: Literal["add_treasure"] = "add_treasure"


BossEffect = PromoteFree | AddTreasure
BOSS_TYPES = (PromoteFree, AddTreasure)
BOSS_KINDS = frozenset(t.model_fields["kind"].default for t in BOSS_TYPES)
# What a Boss's button carries out besides these: a Room of the owner's asked for (doubled,
# Ravenus), Coins paid or gained, a Hero kept in town (Doc Scarecrow, rules.hold_kinds), a
# counter on a Room, a die rolled (rules.boss_rooms).
_ALSO_CARRIED = frozenset(
    {
        "pick_room",
        "pay_coins",
        "gain_coins",
        "keep_in_town",
        "room_counters",  # a +1 counter on the Room of the owner's it names (Chase)
        "die_damage",  # a die's damage to the Hero in the Room it destroys (Explodo)
    }
)


def boss_handling(trigger: str, effects: Sequence[BaseModel]) -> Literal["prompt"] | None:
    """How the referee deals with a Boss ability used at will (None: not one, or some
    effect the Boss's button leaves to the players): its button carries it out."""
    kinds = {getattr(e, "kind", "") for e in effects}
    if trigger != "boss_at_will" or not kinds <= BOSS_KINDS | _ALSO_CARRIED:
        return None
    return "prompt"


BossPhrase = tuple[str, dict[str, str | int]]


def boss_phrases(effect: BossEffect) -> list[BossPhrase]:
    """An effect of these in message keys with arguments (``rules.card_text``)."""
    return [(f"card.fx.{effect.kind}", {})]
