"""Rise of the Minibosses in the effect vocabulary: Coins gained, Coins on a Room, a Boss's
lasting gain from its Level Up, Minibosses built on a higher level (R-MINI, R-CARD-EFFECT).

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.coin_effects`` carries them out. ``coin_handling`` tells ``Ability.handling``
how the referee deals with an ability made of these effects alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.fact import Fact
from rules.spell_coin_kinds import DamagePerCoin

CoinTrigger = Literal[
    "room_destroyed",  # a Room in any dungeon is destroyed
    "you_build_adjacent",  # you build a Room next to this one
    "opponent_miniboss",  # an opponent reveals (plays) or promotes a Miniboss
]
CoinCost = Literal[  # a Miniboss card discarded is the player's word
    "discard_miniboss",
    "discard_miniboss_or_two_monster_rooms",
    "pay_coin",  # 1 Coin from the hoard
    "destroy_own_monster_room",  # another Monster Room of the owner's dungeon
]
CoinOffer = Literal[
    "count",  # a number only the player knows, picked from the ones allowed
    "swap_hoard_with",  # another player, whose hoard the owner's is exchanged with
]


CoinCount = Literal[
    "none",  # just ``amount``
    "wound",  # per Wound the owner has
    "other_room",  # per other Room in the owner's dungeon (the ones left when this goes)
    "multi_treasure_room",  # per Room of the owner's with two or more treasure icons
    "minibosses_shown",  # per Miniboss the owner reveals from the hand (asked: a number)
]
STATED_COUNTS = frozenset({"minibosses_shown"})  # counts only the player knows


class GainCoins(Fact):
    """The owner gains ``amount`` Coins into the hoard (``per``: that many per thing
    counted); ``if_hoard_empty``: only when the hoard holds none (Windfall)."""

    kind: Literal["gain_coins"] = "gain_coins"
    amount: Annotated[int, Field(ge=1, le=5)]
    per: CoinCount = "none"
    most: Annotated[int, Field(ge=1, le=10)] = 5  # the highest count a player may state
    if_hoard_empty: bool = False


class CoinDamage(Fact):
    """This Room deals ``amount`` more (less, when negative) per Coin lying on it."""

    kind: Literal["coin_damage"] = "coin_damage"
    amount: Annotated[int, Field(ge=-3, le=3)]


class PlaceCoins(Fact):
    """The owner places up to ``most`` Coins of the hoard on this Room (asked: how many)."""

    kind: Literal["place_coins"] = "place_coins"
    most: Annotated[int, Field(ge=1, le=5)]


LastingWhen = Literal["build_monster_room", "build_trap_room", "cast_spell", "kill_hero"]


class LastingCoins(Fact):
    """For the rest of the game (a Level Up): gain ``amount`` Coins whenever the owner
    builds a Monster or a Trap Room, casts a Spell, or kills a Hero (once per turn where
    ``once_per_turn``)."""

    kind: Literal["lasting_coins"] = "lasting_coins"
    amount: Annotated[int, Field(ge=1, le=5)]
    when: LastingWhen
    once_per_turn: bool = False


class MinibossStartLevel(Fact):
    """For the rest of the game (a Level Up): the owner's Minibosses start on ``level``."""

    kind: Literal["miniboss_start_level"] = "miniboss_start_level"
    level: Annotated[int, Field(ge=2, le=3)]


class PayCoins(Fact):
    """The owner pays ``amount`` Coins from the hoard (none paid when it holds fewer)."""

    kind: Literal["pay_coins"] = "pay_coins"
    amount: Annotated[int, Field(ge=1, le=5)]


class DamagePerLured(Fact):
    """This Room deals ``amount`` more per Hero lured to its dungeon this turn (each
    counted by a mark in the turn's card uses, ``LURED``)."""

    kind: Literal["damage_per_lured"] = "damage_per_lured"
    amount: Annotated[int, Field(ge=1, le=3)] = 1


LURED = "lured:"  # the turn's mark of a Hero lured to a dungeon: lured:<player>:<hero>


def lured_count(uses: Sequence[str], player: str) -> int:
    """The Heroes lured to ``player``'s dungeon this turn, by their marks."""
    return sum(1 for u in uses if u.startswith(f"{LURED}{player}:"))


class HealthPerCoin(Fact):
    """The walking Hero has +``amount`` Health until end of turn for every Coin the caster
    spends on it (asked: how many; Armor Up!)."""

    kind: Literal["health_per_coin"] = "health_per_coin"
    amount: Annotated[int, Field(ge=1, le=5)]


class FeedCoin(Fact):
    """1 Coin of the hoard goes on this Room; when the hoard holds none, the Room is
    destroyed instead (The Dreadmill)."""

    kind: Literal["feed_coin"] = "feed_coin"


class SwapHoards(Fact):
    """The owner exchanges hoards with another player of their choice (asked)."""

    kind: Literal["swap_hoards"] = "swap_hoards"


class TreasureBoost(Fact):
    """Until end of turn, each other Room of ``room_type`` in the owner's dungeon has
    +``amount`` per treasure icon it shows (Dragon's Nest)."""

    kind: Literal["treasure_boost"] = "treasure_boost"
    amount: Annotated[int, Field(ge=1, le=3)] = 1
    room_type: Literal["monster", "trap", "any"] = "monster"


CoinEffect = (
    GainCoins
    | PayCoins
    | CoinDamage
    | PlaceCoins
    | LastingCoins
    | MinibossStartLevel
    | TreasureBoost
    | SwapHoards
    | FeedCoin
    | DamagePerLured
    | HealthPerCoin
)
COIN_TYPES = (
    GainCoins,
    PayCoins,
    CoinDamage,
    PlaceCoins,
    LastingCoins,
    MinibossStartLevel,
    TreasureBoost,
    SwapHoards,
    FeedCoin,
    DamagePerLured,
    HealthPerCoin,
)
COIN_KINDS = frozenset(
    {
        "gain_coins",
        "pay_coins",
        "coin_damage",
        "place_coins",
        "lasting_coins",
        "miniboss_start_level",
        "treasure_boost",
        "swap_hoards",
        "feed_coin",
        "damage_per_lured",
        "health_per_coin",
    }
)
COIN_PASSIVE_KINDS = frozenset({"coin_damage", "damage_per_lured"})
# What a Spell cast or a Room's button carries out of these when it fires.
COIN_FIRED_KINDS = frozenset({"gain_coins", "health_per_coin"})
# Triggers the engine sees for an ability that gains Coins.
_SEEN = frozenset(
    {
        "hero_dies_here",
        "hero_survives_here",
        "you_build_this",
        "you_uncover_this",
        "you_build_another",
        "another_destroyed",
        "room_destroyed",
        "you_build_adjacent",
        "opponent_miniboss",
        "you_play_spell",
        "turn_start",
        "turn_end",
        "at_will",
        "cast",
        "from_hand",
        "level_up",
    }
)


def asks_count(effects: Sequence[BaseModel]) -> bool:
    """Whether an ability's effects need a number only the player knows (asked, 0..n)."""
    return any(
        (isinstance(e, GainCoins) and e.per in STATED_COUNTS)
        or isinstance(e, PlaceCoins | HealthPerCoin | DamagePerCoin)
        for e in effects
    )


def coin_offer(effects: Sequence[BaseModel]) -> Literal["count", "swap_hoard_with"] | None:
    """The question an ability of these effects asks its owner when it fires, if any."""
    if asks_count(effects):
        return "count"
    if any(isinstance(e, SwapHoards) for e in effects):
        return "swap_hoard_with"
    return None


def coin_handling(
    trigger: str, cost: str, effects: Sequence[BaseModel]
) -> Literal["auto", "prompt"] | None:
    """How the referee deals with an ability made of Coin effects alone (None: some
    other effect decides). Gains at a moment the engine sees are applied (``auto``);
    an activated one has its Room's button, a number to state is asked (``prompt``)."""
    kinds = {getattr(e, "kind", "") for e in effects}
    if not kinds or not kinds <= COIN_KINDS:
        return None
    if trigger == "always":
        return "auto" if kinds <= COIN_PASSIVE_KINDS else None
    if trigger not in _SEEN or cost in ("discard_two_rooms",):
        return None
    if trigger == "level_up" and not kinds <= {"lasting_coins", "miniboss_start_level"}:
        return None
    if trigger in ("at_will", "cast", "from_hand") or coin_offer(effects) is not None:
        return "prompt"
    return "auto"


CoinPhrase = tuple[str, dict[str, str | int]]


def coin_phrases(effect: CoinEffect) -> list[CoinPhrase]:
    """An effect of these in message keys with arguments (``rules.card_text``)."""
    if isinstance(effect, GainCoins):
        key = "card.fx.gain_coins.if_empty" if effect.if_hoard_empty else "card.fx.gain_coins"
        return [(f"{key}.{effect.per}", {"amount": effect.amount})]
    if isinstance(effect, HealthPerCoin):
        return [("card.fx.health_per_coin", {"amount": effect.amount})]
    if isinstance(effect, DamagePerLured):
        return [("card.fx.damage_per_lured", {"amount": effect.amount})]
    if isinstance(effect, FeedCoin):
        return [("card.fx.feed_coin", {})]
    if isinstance(effect, SwapHoards):
        return [("card.fx.swap_hoards", {})]
    if isinstance(effect, PayCoins):
        return [("card.fx.pay_coins", {"amount": effect.amount})]
    if isinstance(effect, CoinDamage):
        sign = "plus" if effect.amount > 0 else "minus"
        return [(f"card.fx.coin_damage.{sign}", {"amount": abs(effect.amount)})]
    if isinstance(effect, PlaceCoins):
        return [("card.fx.place_coins", {"most": effect.most})]
    if isinstance(effect, TreasureBoost):
        return [(f"card.fx.treasure_boost.{effect.room_type}", {"amount": effect.amount})]
    if isinstance(effect, LastingCoins):
        out: list[CoinPhrase] = [
            (f"card.fx.lasting_coins.{effect.when}", {"amount": effect.amount})
        ]
        return out + ([("card.once_per_turn", {})] if effect.once_per_turn else [])
    return [("card.fx.miniboss_start_level", {"level": effect.level})]
