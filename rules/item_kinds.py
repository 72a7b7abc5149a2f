"""Tools of Hero-Kind in the effect vocabulary: an Item's Power-Up on the Hero carrying it
and its Reward for the Boss who uses it (R-ITEM, R-CARD-EFFECT).

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.item_effects`` carries them out. A Power-Up fires for the carrier
(``carrier_enters_dungeon``, ``carrier_enters_room``, ``carrier_survives_room``); a
Reward when its owner uses the face-up Item (``item_used``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.fact import Fact
from rules.rule_change_kinds import ITEM_RULE_KINDS

ItemTrigger = Literal[
    "carrier_enters_dungeon",  # the Hero carrying this Item enters a dungeon
    "carrier_enters_room",  # it enters a Room
    "carrier_survives_room",  # it walks alive out of a Room
    "item_used",  # the Boss owning this Item face up uses it
    "carrier_survives_dungeon",  # it survives the whole dungeon (Vorpal Blade)
]
ItemOffer = Literal[  # a Room to pick (deactivated until end of turn, doubled), a Hero
    "deactivate_opponent_room",
    "deactivate_monster_room_any",
    "deactivate_trap_room_any",
    "raise_hero_health",  # the walking Hero gets +Health until end of turn
    "double_own_monster_room",  # one of the owner's Monster Rooms: twice its damage
    "ability_off_room_any",  # a Room in any dungeon: its ability text ignored (Cheat Code)
    "copy_item_reward",  # a face-up Item whose Reward is carried out again (Magic Mirror)
]


ITEM_TRIGGERS = frozenset(
    {
        "carrier_enters_dungeon",
        "carrier_enters_room",
        "carrier_survives_room",
        "item_used",
        "carrier_survives_dungeon",
    }
)


class IgnoreDamage(Fact):
    """The carrier takes no damage from the Room it enters when that Room is an ordinary
    (not Advanced) Monster Room, one of the dungeon's first three, or its last."""

    kind: Literal["ignore_damage"] = "ignore_damage"
    rooms: Literal["ordinary_monster", "first_three", "last"]


class DeactivateFirst(Fact):
    """Deactivate the first (nearest the entrance) active Room of ``room_type``."""

    kind: Literal["deactivate_first"] = "deactivate_first"
    room_type: Literal["monster", "trap"]


class ActOnRoom(Fact):
    """Deactivate or destroy the Room the carrier is in (entered or just survived), when it
    is ``only`` such a Room: Advanced, with two or more treasure icons, or the last one;
    ``first_only``: only the first such Room of the walk."""

    kind: Literal["act_on_room"] = "act_on_room"
    action: Literal["deactivate", "destroy"]
    only: Literal["any", "advanced", "multi_treasure", "last"] = "any"
    first_only: bool = False


class SkipNextRoom(Fact):
    """The (walking) Hero ignores the next Room it would enter."""

    kind: Literal["skip_next_room"] = "skip_next_room"


class BoostOwnRooms(Fact):
    """Until end of turn, the owner's (ordinary) Rooms of ``room_type`` have +``amount``."""

    kind: Literal["boost_own_rooms"] = "boost_own_rooms"
    amount: Annotated[int, Field(ge=1, le=5)]
    room_type: Literal["monster", "trap", "any"] = "any"
    ordinary_only: bool = False


class HealOrdinaryWound(Fact):
    """Heal one ordinary Wound (an ordinary Hero's, never an Epic one's two)."""

    kind: Literal["heal_ordinary_wound"] = "heal_ordinary_wound"


class KillWornHero(Fact):
    """Kill the walking Hero if it has taken damage equal to at least half its Health."""

    kind: Literal["kill_worn_hero"] = "kill_worn_hero"


class RoomBlast(Fact):
    """Destroy the owner's Room where the walking Hero stands, dealing it ``damage``."""

    kind: Literal["room_blast"] = "room_blast"
    damage: Annotated[int, Field(ge=1, le=10)]


class TakeItem(Fact):
    """The Item of the Hero in this Room goes face down to the owner's scorekeeping area
    (Magnetic Ceiling; a "may": asked)."""

    kind: Literal["take_item"] = "take_item"


class PickRoom(Fact):
    """The owner picks a Room to deactivate (until end of turn) or destroy: of
    ``room_type``, Advanced only, in any dungeon or an opponent's (an offer); or one of
    their own Monster Rooms whose damage is doubled until end of turn (``double``)."""

    kind: Literal["pick_room"] = "pick_room"
    action: Literal["deactivate", "destroy", "double", "ignore_ability"]
    room_type: Literal["monster", "trap", "any"] = "any"
    advanced_only: bool = False
    opponents_only: bool = False


class HealthBonus(Fact):
    """A Hero has +``amount`` Health until end of turn (``per`` Monster Room in the owner's
    dungeon: that many times); ``every_hero``: each Hero entering the owner's dungeon
    this turn (Staff of Healing). As a Reward, the owner picks the Hero."""

    kind: Literal["health_bonus"] = "health_bonus"
    amount: Annotated[int, Field(ge=1, le=10)]
    per: Literal["none", "monster_room"] = "none"
    every_hero: bool = False


class WoundUntilEndOfTurn(Fact):
    """The dungeon's owner has one Wound more until end of turn (the carrier survived)."""

    kind: Literal["wound_until_end_of_turn"] = "wound_until_end_of_turn"


class FlipItem(Fact):
    """Turn an Item of the owner's scorekeeping area face up (a face-down one; the Item up
    until then goes face down: one face-up Item at a time, R-ITEM) or face down (the
    face-up one), its Reward unused (Burial Mound, Artificer's Workbench)."""

    kind: Literal["flip_item"] = "flip_item"
    to: Literal["up", "down", "either"]  # either: an Item in any scorekeeping area (a Spell)


class AttachItem(Fact):
    """An Item waiting in town goes to a Hero in town the owner picks, whatever its
    treasure type (one Item per Hero, R-ITEM; Orcish Smithy)."""

    kind: Literal["attach_item"] = "attach_item"


class CopyReward(Fact):
    """Another face-up Item's Reward, its owner's pick, carried out as that Item's for the
    one who uses this one (Magic Mirror; ``rules.item_rewards``)."""

    kind: Literal["copy_reward"] = "copy_reward"


ItemEffect = (
    HealthBonus
    | IgnoreDamage
    | DeactivateFirst
    | ActOnRoom
    | SkipNextRoom
    | BoostOwnRooms
    | HealOrdinaryWound
    | KillWornHero
    | RoomBlast
    | PickRoom
    | TakeItem
    | WoundUntilEndOfTurn
    | FlipItem
    | AttachItem
    | CopyReward
)
ITEM_TYPES = (
    HealthBonus,
    IgnoreDamage,
    DeactivateFirst,
    ActOnRoom,
    SkipNextRoom,
    BoostOwnRooms,
    HealOrdinaryWound,
    KillWornHero,
    RoomBlast,
    PickRoom,
    TakeItem,
    WoundUntilEndOfTurn,
    FlipItem,
    AttachItem,
    CopyReward,
)
ITEM_KINDS = frozenset(t.model_fields["kind"].default for t in ITEM_TYPES)


def item_offer(trigger: str, effects: Sequence[BaseModel]) -> Literal["may"] | None:
    """The question an Item-vocabulary ability asks when it fires: a Room that may take
    the entering Hero's Item is asked Yes or No."""
    kinds = {getattr(e, "kind", "") for e in effects}
    return "may" if trigger == "hero_enters" and kinds == {"take_item"} else None


def item_handling(trigger: str, effects: Sequence[BaseModel]) -> Literal["auto", "prompt"] | None:
    """How the referee deals with an Item ability made of these effects alone (None:
    another effect decides): a Power-Up it applies to the carrier's walk (``auto``), a
    Reward it carries out when the Boss uses the Item (``prompt``: UseItem)."""
    if item_offer(trigger, effects) is not None:
        return "prompt"  # a Room that may take the entering Hero's Item: asked
    kinds = {getattr(e, "kind", "") for e in effects}
    if trigger not in ITEM_TRIGGERS or not kinds or not kinds <= ITEM_KINDS | ITEM_RULE_KINDS:
        return None
    return "prompt" if trigger == "item_used" else "auto"


ItemPhrase = tuple[str, dict[str, str | int]]


def item_phrases(effect: ItemEffect) -> list[ItemPhrase]:
    """An effect of these in message keys with arguments (``rules.card_text``)."""
    if isinstance(effect, IgnoreDamage):
        return [(f"card.fx.ignore_damage.{effect.rooms}", {})]
    if isinstance(effect, WoundUntilEndOfTurn):
        return [("card.fx.wound_until_end_of_turn", {})]
    if isinstance(effect, DeactivateFirst):
        return [(f"card.fx.deactivate_first.{effect.room_type}", {})]
    if isinstance(effect, ActOnRoom):
        first = ".first" if effect.first_only else ""
        return [(f"card.fx.act_on_room.{effect.action}.{effect.only}{first}", {})]
    if isinstance(effect, BoostOwnRooms):
        plain = ".ordinary" if effect.ordinary_only else ""
        return [(f"card.fx.boost_own_rooms.{effect.room_type}{plain}", {"amount": effect.amount})]
    if isinstance(effect, HealthBonus):
        who = "every_hero" if effect.every_hero else "hero"
        return [(f"card.fx.health_bonus.{who}.{effect.per}", {"amount": effect.amount})]
    if isinstance(effect, RoomBlast):
        return [("card.fx.room_blast", {"damage": effect.damage})]
    if isinstance(effect, PickRoom):
        where = "opponent" if effect.opponents_only else "any"
        what = "advanced" if effect.advanced_only else effect.room_type
        return [(f"card.fx.pick_room.{effect.action}.{what}.{where}", {})]
    if isinstance(effect, FlipItem):
        return [(f"card.fx.flip_item.{effect.to}", {})]
    if isinstance(effect, AttachItem):
        return [("card.fx.attach_item", {})]
    return [(f"card.fx.{effect.kind}", {})]
