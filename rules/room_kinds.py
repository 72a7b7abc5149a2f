"""Rooms put in another order, covered Rooms brought up, damage a die decides: the effect
vocabulary of the cards that move Rooms or roll (R-CARD-EFFECT).

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.room_order`` carries them out. Each asks its player when it fires: which two
Rooms, which order, which covered Room, what the die showed (``room_offer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, Field

from rules.fact import Fact

RoomOffer = Literal[
    "swap_own_rooms",  # two Rooms of the owner's dungeon change places (Oh, Yeah!)
    "rearrange_any_dungeon",  # the Rooms of one dungeon in the order the owner gives
    "swap_any_dungeon",  # two Rooms of one dungeon (any player's) change places (Shellda)
    "uncover_own_room",  # a covered Room of the owner's brought to the top of its stack
    "uncover_opponent_room",  # the same in an opponent's dungeon, once in each (Mando)
    "die_roll",  # what the die showed: that much damage to the Hero in the dungeon
    "die_roll_entrance",  # Yes with the die's number: to each Hero at the entrance
    "stated_boost",  # a number the owner states: this Room +that until end of turn
    "boost_choice",  # one of the card's amounts, the owner's pick: this Room +/- that
    "spells_in_hand",  # how many Spell cards the owner holds: the entering Hero takes more
    "treasure_to_dungeon",  # a dungeon and a treasure type: one more icon there this turn
]
ROOM_OFFERS: frozenset[str] = frozenset(get_args(RoomOffer))
DIE_OFFERS = frozenset({"die_roll", "die_roll_entrance"})
DIE_FACES = range(1, 7)  # a six-sided die: 1 to 6


class RearrangeRooms(Fact):
    """Rooms of a dungeon change places (their stacks move whole): two of the owner's
    (``swap``), all of one dungeon in any order (``any``, in ``dungeon``), or the owner's
    reversed (``reverse``: done by the engine, Magic Mirror's Power-Up)."""

    kind: Literal["rearrange_rooms"] = "rearrange_rooms"
    how: Literal["swap", "any", "reverse"]
    dungeon: Literal["own", "any"] = "own"


class UncoverRoom(Fact):
    """One covered Room is moved to the top of its stack, uncovering it: in the owner's
    dungeon, or (``each_opponent``) one in each opponent's."""

    kind: Literal["uncover_room"] = "uncover_room"
    dungeon: Literal["own", "each_opponent"] = "own"


class DieDamage(Fact):
    """Damage a six-sided die decides (the player states the roll): to the Hero walking
    the owner's dungeon, or (``entrance``) to each Hero waiting at its entrance."""

    kind: Literal["die_damage"] = "die_damage"
    entrance: bool = False
    destroys_room: bool = False  # the Room the Hero stands in is destroyed (Explodo)


class StatedBoost(Fact):
    """This Room deals X more until end of turn, X a number only its owner knows and
    states, at most ``most`` (the damage printed on a Monster Room revealed from the
    hand: The Arena)."""

    kind: Literal["stated_boost"] = "stated_boost"
    most: Annotated[int, Field(ge=1, le=12)] = 9


class BoostChoice(Fact):
    """This Room deals one of ``amounts`` more (less, when negative) until end of turn,
    the owner's pick (each paid with a card from the hand: Efreet's Chamber)."""

    kind: Literal["boost_choice"] = "boost_choice"
    amounts: tuple[Annotated[int, Field(ge=-5, le=5)], ...] = Field(min_length=2, max_length=4)


class DamagePerSpellInHand(Fact):
    """This Room deals ``amount`` more per Spell card in its owner's hand: a number only
    the owner knows, asked as a Hero enters the Room (the damage it takes there)."""

    kind: Literal["damage_per_spells_in_hand"] = "damage_per_spells_in_hand"
    amount: Annotated[int, Field(ge=1, le=3)] = 1
    most: Annotated[int, Field(ge=1, le=20)] = 10


class TreasureToDungeon(Fact):
    """One treasure icon of a type its owner picks is added to a dungeon of any player
    until end of turn (asked which dungeon and which type; kept on its first active Room)."""

    kind: Literal["treasure_to_dungeon"] = "treasure_to_dungeon"


RoomEffect = (
    RearrangeRooms
    | UncoverRoom
    | DieDamage
    | StatedBoost
    | BoostChoice
    | DamagePerSpellInHand
    | TreasureToDungeon
)
ROOM_TYPES = (
    RearrangeRooms,
    UncoverRoom,
    DieDamage,
    StatedBoost,
    BoostChoice,
    DamagePerSpellInHand,
    TreasureToDungeon,
)
ROOM_KINDS = frozenset(
    {
        "rearrange_rooms",
        "uncover_room",
        "die_damage",
        "stated_boost",
        "boost_choice",
        "damage_per_spells_in_hand",
        "treasure_to_dungeon",
    }
)
# Asked when a Room's own button is used (``rules.activated``).
AT_WILL_KINDS = frozenset({"stated_boost", "boost_choice", "treasure_to_dungeon"})
# Fired at the moments the engine sees (a Room built, a Level Up, a Spell cast, an Item's
# carrier entering the dungeon).
_SEEN = frozenset(
    {
        "you_build_this",
        "level_up",
        "cast",
        "carrier_enters_dungeon",
        "at_will",
        "hero_enters",
        "boss_turn_end",  # asked as each turn would end (rules.boss_turn_end)
    }
)


def room_offer(effects: Sequence[BaseModel]) -> RoomOffer | None:
    """The question an ability made of one of these effects asks when it fires (None:
    none, or not one of these)."""
    if len(effects) != 1:
        return None
    effect = effects[0]
    if isinstance(effect, DieDamage):
        return "die_roll_entrance" if effect.entrance else "die_roll"
    if isinstance(effect, DamagePerSpellInHand):
        return "spells_in_hand"
    if isinstance(effect, TreasureToDungeon):
        return "treasure_to_dungeon"
    if isinstance(effect, StatedBoost | BoostChoice):
        return "stated_boost" if isinstance(effect, StatedBoost) else "boost_choice"
    if isinstance(effect, UncoverRoom):
        return "uncover_own_room" if effect.dungeon == "own" else "uncover_opponent_room"
    if isinstance(effect, RearrangeRooms) and effect.how != "reverse":
        if effect.how == "swap":
            return "swap_own_rooms" if effect.dungeon == "own" else "swap_any_dungeon"
        return "rearrange_any_dungeon"
    return None


def room_handling(trigger: str, effects: Sequence[BaseModel]) -> Literal["auto", "prompt"] | None:
    """How the referee deals with an ability made of these effects alone (None: another
    effect decides): the engine reverses the Rooms itself (``auto``), asks the rest."""
    kinds = {getattr(e, "kind", "") for e in effects}
    if not kinds or not kinds <= ROOM_KINDS or trigger not in _SEEN:
        return None
    if all(isinstance(e, RearrangeRooms) and e.how == "reverse" for e in effects):
        return "auto" if trigger == "carrier_enters_dungeon" else None
    return "prompt" if room_offer(effects) is not None else None


RoomPhrase = tuple[str, dict[str, str | int]]


def room_phrases(effect: RoomEffect) -> list[RoomPhrase]:
    """An effect of these in message keys with arguments (``rules.card_text``)."""
    if isinstance(effect, RearrangeRooms):
        return [(f"card.fx.rearrange_rooms.{effect.how}.{effect.dungeon}", {})]
    if isinstance(effect, UncoverRoom):
        return [(f"card.fx.uncover_room.{effect.dungeon}", {})]
    if isinstance(effect, StatedBoost):
        return [("card.fx.stated_boost", {})]
    if isinstance(effect, TreasureToDungeon):
        return [("card.fx.treasure_to_dungeon", {})]
    if isinstance(effect, DamagePerSpellInHand):
        return [("card.fx.damage_per_spells_in_hand", {"amount": effect.amount})]
    if isinstance(effect, BoostChoice):
        shown = " / ".join(f"{a:+d}" for a in effect.amounts)
        return [("card.fx.boost_choice", {"amounts": shown})]
    if effect.destroys_room:
        return [("card.fx.die_damage.destroys_room", {})]
    return [(f"card.fx.die_damage{'.entrance' if effect.entrance else ''}", {})]
