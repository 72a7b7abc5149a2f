"""Miniboss cards' levels in the effect vocabulary that no other card has: a bonus per
treasure icon of the Miniboss's own Room, that Room's printed icons shown twice, any Room
built over it (R-MINI with R-CARD-EFFECT; ``rules.card_effects`` carries them out in
damage, Bait and building), and a whole dungeon's ability text ignored for the turn or a
Miniboss sent back to its owner's hand (a Level 3, ``rules.miniboss_level3``), or what a
Hero dying in its Room lets its owner do (a Level 2, ``rules.miniboss_deaths``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.fact import Fact


class IconDamage(Fact):
    """Its Room deals ``amount`` more per treasure icon it shows (Mageseeker's Level 1)."""

    kind: Literal["icon_damage"] = "icon_damage"
    amount: Annotated[int, Field(ge=1, le=3)] = 1


class IconsDoubled(Fact):
    """Its Room shows each of its printed treasure icons once more (Jinx's Level 2)."""

    kind: Literal["icons_doubled"] = "icons_doubled"


class BuildOverThis(Fact):
    """Any Room may be built over its Room, whatever its treasure (Rocky's Level 1): an
    Advanced Room needs no matching icon there (R-BUILD-WHERE)."""

    kind: Literal["build_over_this"] = "build_over_this"


class DungeonSilenced(Fact):
    """Until end of turn every ability text of the dungeon named is ignored (Cerebella's
    Level 3): each of its Rooms, with the Miniboss on it, as Sabotage! does one Room."""

    kind: Literal["dungeon_silenced"] = "dungeon_silenced"


class MinibossToHand(Fact):
    """The Miniboss on the Room named, in any dungeon, goes back to its owner's hand: off
    the table (Spike's Level 3)."""

    kind: Literal["miniboss_to_hand"] = "miniboss_to_hand"


class MonsterRoomsPlus(Fact):
    """Every Monster Room of the dungeon named deals 1 more or 1 less until end of turn,
    the player's pick (Kid Croak's Level 3)."""

    kind: Literal["monster_rooms_plus"] = "monster_rooms_plus"


class FirstRoomSkipped(Fact):
    """Until end of turn, each Hero entering the dungeon named skips its first Room
    (Mageseeker's Level 3)."""

    kind: Literal["first_room_skipped"] = "first_room_skipped"


class HeroesIgnored(Fact):
    """The ability text of Heroes in, or at the entrance to, its owner's dungeon is
    ignored (Icicle Man's Level 2): an Item's Power-Up, what its carrier is granted, does
    not apply there (``rules.miniboss_heroes``)."""

    kind: Literal["heroes_ignored"] = "heroes_ignored"


class CoinBonus(Fact):
    """Once per turn, when its owner gains one or more Coins, one Coin more (Paddywhack's
    Level 2; ``rules.miniboss_coins``)."""

    kind: Literal["coin_bonus"] = "coin_bonus"


class RoomRebuilt(Fact):
    """When a Hero dies in its Room, another Room of its owner's dungeon, the owner's
    pick, counts as just built: that Room's own "when you build this Room" again (Rocky's
    Level 2; ``rules.miniboss_deaths``)."""

    kind: Literal["room_rebuilt"] = "room_rebuilt"


class DrawnRoomBuilt(Fact):
    """When a Hero dies in its Room, its owner draws a Room card (the players') and may
    build it at once, checked as a build is (Brassknuckle's Level 2;
    ``rules.miniboss_deaths``)."""

    kind: Literal["drawn_room_built"] = "drawn_room_built"


MinibossEffect = (
    IconDamage
    | IconsDoubled
    | BuildOverThis
    | DungeonSilenced
    | MinibossToHand
    | MonsterRoomsPlus
    | FirstRoomSkipped
    | HeroesIgnored
    | CoinBonus
    | RoomRebuilt
    | DrawnRoomBuilt
)
MINIBOSS_PASSIVE_KINDS = frozenset(
    {"icon_damage", "icons_doubled", "build_over_this", "coin_bonus", "heroes_ignored"}
)
# What a Miniboss's Level 3 does that ``rules.miniboss_level3`` carries out itself (the
# others are a Spell's effects, carried out as a Spell's: ``rules.spells.carry_out``).
LEVEL3_KINDS = frozenset(
    {
        "damage_double",
        "dungeon_silenced",
        "miniboss_to_hand",
        "monster_rooms_plus",
        "first_room_skipped",
    }
)

# What a Miniboss's level asks its owner when a Hero dies in its Room, by its effect's
# kind: which other Room of theirs counts as just built (Rocky), or the Room card drawn and
# where it is built (Brassknuckle); ``rules.miniboss_deaths`` answers them.
MinibossOffer = Literal["rebuild_own_room", "build_drawn_room"]
_DEATH_OFFERS: dict[str, MinibossOffer] = {
    "room_rebuilt": "rebuild_own_room",
    "drawn_room_built": "build_drawn_room",
}
DEATH_OFFERS: frozenset[str] = frozenset(_DEATH_OFFERS.values())


def death_offer(trigger: str, effects: Sequence[BaseModel]) -> MinibossOffer | None:
    """The question an ability made of one of these effects asks as a Hero dies in its
    Room (None: none, or not one of these)."""
    if trigger != "hero_dies_here" or len(effects) != 1:
        return None
    return _DEATH_OFFERS.get(getattr(effects[0], "kind", ""))
