"""The effects a card ability may have: the "what happens" of the effect vocabulary.

Each effect is a frozen fact with a ``kind``; ``Effect`` is their discriminated union.
``rules.effects`` holds the rest of the vocabulary (when, at what price, on what) and the
ability and card records; this module imports nothing from the engine.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.boss_kinds import BossEffect
from rules.coin_kinds import CoinEffect
from rules.fact import Fact
from rules.gift_kinds import CancelLasting, LessPerCoin
from rules.hold_kinds import HoldEffect
from rules.item_kinds import ItemEffect
from rules.miniboss_kinds import MinibossEffect
from rules.other_boss_kinds import OtherBossEffect
from rules.room_kinds import RoomEffect
from rules.rule_change_kinds import RuleChangeEffect
from rules.spell_coin_kinds import SpellCoinEffect
from rules.walk_kinds import WalkEffect

TreasureName = Literal["cleric", "fighter", "mage", "thief", "explorer"]
RoomType = Literal["monster", "trap", "any"]


# --- effects ------------------------------------------------------------------------------


class RoomDamagePlus(Fact):
    """Rooms deal more damage: the ones ``rooms`` names, of ``room_type`` (``this``: the
    card's own Room, from an ability that fires)."""

    kind: Literal["room_damage_plus"] = "room_damage_plus"
    amount: Annotated[int, Field(ge=-5, le=10)]  # less, for a chosen Room (Rust Monster Pen)
    rooms: Literal["adjacent", "next", "previous", "all_own", "target", "this", "last", "uncovered"]
    room_type: RoomType = "any"
    until_end_of_turn: bool = False
    advanced_only: bool = False  # only Advanced Rooms (Reactor Core)

    @model_validator(mode="after")
    def _some_amount(self) -> RoomDamagePlus:
        if self.amount == 0 or (self.amount < 0 and self.rooms != "target"):
            raise ValueError("amount: more damage, or less only for a Room aimed at")
        return self


class DamageEqualsCount(Fact):
    """This Room's damage is the number of (active) Rooms of a type in its dungeon."""

    kind: Literal["damage_equals_count"] = "damage_equals_count"
    room_type: RoomType


class DamagePerCount(Fact):
    """This Room deals ``amount`` more per other (active) Room of a type in its dungeon."""

    kind: Literal["damage_per_count"] = "damage_per_count"
    amount: Annotated[int, Field(ge=1, le=5)] = 1
    room_type: RoomType


class TreasurePlus(Fact):
    """The dungeon counts ``amount`` more treasure of one type while this card is active."""

    kind: Literal["treasure_plus"] = "treasure_plus"
    treasure: TreasureName
    amount: Annotated[int, Field(ge=-5, le=5)]


class BossTreasure(Fact):
    """For the rest of the game the Boss counts these treasures too (a Level Up): kept as
    the dungeon's treasure bonus, R-BAIT-TOTAL."""

    kind: Literal["boss_treasure"] = "boss_treasure"
    treasure: tuple[TreasureName, ...] = Field(min_length=1, max_length=4)


class TreasureDouble(Fact):
    """Double the treasure of your other Rooms until end of turn."""

    kind: Literal["treasure_double"] = "treasure_double"


class NoBuildOver(Fact):
    """No Advanced Room (or, with ``advanced`` False, no Room at all) may be built on it."""

    kind: Literal["no_build_over"] = "no_build_over"
    advanced: bool = True


class BuildOverAny(Fact):
    """An Advanced Room goes over any Room, whatever its treasure: this Room itself (a
    Room's passive), or the caster's Advanced Room in this Build phase (a Spell)."""

    kind: Literal["build_over_any"] = "build_over_any"


class NoBuildAdjacent(Fact):
    """No Room of ``room_type`` may be built next to this Room (this Room itself may be
    built next to them)."""

    kind: Literal["no_build_adjacent"] = "no_build_adjacent"
    room_type: RoomType = "monster"


class HealWound(Fact):
    kind: Literal["heal_wound"] = "heal_wound"


class KillHero(Fact):
    """Kill the Hero: only one of at most ``max_health`` printed Health, unless its
    killer has at least ``or_wounds`` Wounds (It's On!)."""

    kind: Literal["kill_hero"] = "kill_hero"
    max_health: Annotated[int, Field(ge=1, le=30)] | None = None
    or_wounds: Annotated[int, Field(ge=1, le=10)] | None = None


class DamageHero(Fact):
    """Deal damage to a Hero: ``amount``, or (``amount`` None) the number of your Rooms."""

    kind: Literal["damage_hero"] = "damage_hero"
    amount: Annotated[int, Field(ge=1, le=10)] | None


class DamageEntrance(Fact):
    """Deal ``amount`` damage (None: as many as your Wounds) to each Hero waiting at your
    dungeon's entrance, and (``walking``) to the one walking it."""

    kind: Literal["damage_entrance"] = "damage_entrance"
    amount: Annotated[int, Field(ge=1, le=10)] | None
    walking: bool = False


class HeroDamage(Fact):
    """This Room deals a Hero entering it more: ``plus``, or twice its damage (``double``),
    only to an Epic Hero (``epic``) or to one that has taken at least half its Health
    (``half_health_taken``)."""

    kind: Literal["hero_damage"] = "hero_damage"
    epic: bool = False
    half_health_taken: bool = False
    plus: Annotated[int, Field(ge=0, le=10)] = 0
    double: bool = False


class HeroHealth(Fact):
    """A Hero has more Health until end of turn: ``amount``, or (None) as many as your
    Wounds (Essence Transfer)."""

    kind: Literal["hero_health"] = "hero_health"
    amount: Annotated[int, Field(ge=1, le=10)] | None


class MoveHero(Fact):
    kind: Literal["move_hero"] = "move_hero"
    to: Literal[
        "town", "first_room", "back_one_room", "own_entrance", "owner_entrance", "opponent_entrance"
    ]


class RemoveHero(Fact):
    """Remove a Hero from the game: a scored one, or the one walking a dungeon (Pity);
    ``damage_its_health``: one of your face-down Heroes, whose printed Health is dealt to
    the Hero walking your dungeon (Undead Minion)."""

    kind: Literal["remove_hero"] = "remove_hero"
    damage_its_health: bool = False


class DestroyRoom(Fact):
    kind: Literal["destroy_room"] = "destroy_room"
    which: Literal["target", "each_opponent_chooses", "this"]


class DeactivateRoom(Fact):
    kind: Literal["deactivate_room"] = "deactivate_room"


class NoMoreDamage(Fact):
    """This Room deals no more damage until end of turn; it stays a Room, with its
    treasure and its place (unlike a deactivation)."""

    kind: Literal["no_more_damage"] = "no_more_damage"


class CancelSpell(Fact):
    kind: Literal["cancel_spell"] = "cancel_spell"


class BuildExtra(Fact):
    """Build one more Room this turn: of ``room_type``, and (``over``) only over a Room
    already in your dungeon, at once (Wild Monster, in the Adventure phase)."""

    kind: Literal["build_extra"] = "build_extra"
    room_type: RoomType = "any"
    over: bool = False


class NoBuildThisTurn(Fact):
    """No Room is built this turn; face-down Rooms go back to their owners' hands."""

    kind: Literal["no_build_this_turn"] = "no_build_this_turn"


class NoHeroEnters(Fact):
    """No Hero enters the target's dungeon this turn (they wait at its entrance)."""

    kind: Literal["no_hero_enters"] = "no_hero_enters"


class SwapRooms(Fact):
    """Swap two Rooms of any one dungeon."""

    kind: Literal["swap_rooms"] = "swap_rooms"


CardPile = Literal[
    "any", "room", "spell", "monster_room", "advanced_monster_room", "advanced_trap_room"
]


class Reminder(Fact):
    """An effect off the table (cards in hands and decks): the referee reminds, the players
    do it. ``who`` acts; ``count`` cards of ``card``."""

    kind: Literal["reminder"] = "reminder"
    action: Literal[
        "draw",
        "discard",
        "discard_random",
        "take_from_discard",
        "take_random_from_hand",
        "take_from_revealed_hand",
        "search_and_build",
        "search_deck",  # search a deck for a card and take it into the hand
        "discard_hand",
        "draw_spell_instead",
    ]
    count: Annotated[int, Field(ge=1, le=5)] = 1
    card: CardPile = "any"
    who: Literal["you", "opponent", "each_opponent", "every_player"] = "you"


#: Why a card's ability is still done by hand. Everything that lands on what the referee
#: tracks is carried out, so only this stays (R-CARD-EFFECT): cards in hands, decks or the
#: discard pile. (An ability copied from another card is carried out since Klonos's.)
ByHandWhat = Literal["hands_and_decks"]


class ByHand(Fact):
    """An effect the referee does not carry out: the players do it by hand, with the
    table's interventions where they help. ``what`` says what kind of thing they handle
    (worded per language)."""

    kind: Literal["by_hand"] = "by_hand"
    what: ByHandWhat


# --- conditions, counters and lasting changes -------------------------------------------
# Passive bonuses that depend on the dungeon, +1 counters on Rooms, and what a Boss's Level
# Up changes for the rest of the game (``rules.card_lasting`` carries them out).


class DamagePerTreasure(Fact):
    """Each of your Rooms deals ``amount`` more per ``treasure`` icon it shows (a Boss's
    lasting Level Up, Imperiatrix)."""

    kind: Literal["damage_per_treasure"] = "damage_per_treasure"
    treasure: TreasureName
    amount: Annotated[int, Field(ge=1, le=5)] = 1


class DamageIfOthers(Fact):
    """This Room deals ``amount`` more while at least ``at_least`` other active Rooms of its
    dungeon show a ``treasure`` icon (Alien Ooze)."""

    kind: Literal["damage_if_others"] = "damage_if_others"
    amount: Annotated[int, Field(ge=1, le=5)]
    treasure: TreasureName
    at_least: Annotated[int, Field(ge=1, le=4)] = 1


class RoomCounters(Fact):
    """Put ``amount`` +1 counters on this Room (negative: remove that many, never below
    none); each counter adds 1 to its damage."""

    kind: Literal["room_counters"] = "room_counters"
    amount: Annotated[int, Field(ge=-4, le=4)]
    on_built: bool = False  # on the Room just built, not this one (Greg)
    named: bool = False  # on the Room the owner names, not this one (Chase)


class DamageDouble(Fact):
    """This Room's damage is doubled until end of turn (its damage when it fires)."""

    kind: Literal["damage_double"] = "damage_double"


class RoomTreasure(Fact):
    """Until end of turn the Room (this one, or the one aimed at) shows ``amount`` more
    ``treasure`` icons; ``treasure`` None: it shows no treasure at all."""

    kind: Literal["room_treasure"] = "room_treasure"
    treasure: TreasureName | None = None
    amount: Annotated[int, Field(ge=1, le=2)] = 1
    rooms: Literal["this", "target"] = "target"
    chosen: bool = False  # the caster picks a Cleric, Fighter, Mage or Thief (Secret Stash)


class SkipRooms(Fact):
    """The walking Hero skips the next Room it would enter: ``rooms``, or
    ``rooms_if_five`` in a dungeon of five Rooms (Shortcut!)."""

    kind: Literal["skip_rooms"] = "skip_rooms"
    rooms: Annotated[int, Field(ge=1, le=2)] = 1
    rooms_if_five: Annotated[int, Field(ge=1, le=2)] = 1


class TakeScoredHero(Fact):
    """Move an ordinary Hero from an opponent's scorekeeping area face down to yours (its
    Souls go with it; Kaw'nee)."""

    kind: Literal["take_scored_hero"] = "take_scored_hero"


class EnteringHealth(Fact):
    """Until end of turn each Hero entering the dungeon named has ``amount`` more Health
    (Party Up)."""

    kind: Literal["entering_health"] = "entering_health"
    amount: Annotated[int, Field(ge=1, le=3)] = 1


class GainSouls(Fact):
    """You have ``amount`` more Souls for the rest of the game."""

    kind: Literal["gain_souls"] = "gain_souls"
    amount: Annotated[int, Field(ge=1, le=3)]


class RoomsRebuilt(Fact):
    """Each active Room of the caster's is treated as just built: its own "when you build
    this Room" abilities fire again (Respawn)."""

    kind: Literal["rooms_rebuilt"] = "rooms_rebuilt"


class AbilityAgain(Fact):
    """Another Room of your dungeon, your pick: its own "when you build this Room" abilities
    fire again, or, with none, its "when you uncover this Room" ones (The Omega 42;
    ``rules.activated``)."""

    kind: Literal["ability_again"] = "ability_again"


class MinibossAtOnce(Fact):
    """The caster may at once build a Miniboss found among Room cards turned over (the
    player's word) on a Room of theirs it names, besides the phase's build (Internship)."""

    kind: Literal["miniboss_at_once"] = "miniboss_at_once"


class MinibossBought(Fact):
    """The caster pays an opponent one Coin per level of that opponent's Miniboss named,
    takes it and builds it at once, at the same level, as their build this turn (Traitor)."""

    kind: Literal["miniboss_bought"] = "miniboss_bought"


class GiftRoom(Fact):
    """The caster places a Room card of theirs face down over a face-up Room of an
    opponent's, as their build this turn; revealed with the builds, it is that opponent's
    Room, its build abilities theirs (Surprise Gift, ``rules.gift_build``)."""

    kind: Literal["gift_room"] = "gift_room"


Effect = Annotated[
    RoomDamagePlus
    | DamageEqualsCount
    | DamagePerCount
    | TreasurePlus
    | TreasureDouble
    | BossTreasure
    | NoBuildOver
    | BuildOverAny
    | NoBuildAdjacent
    | HealWound
    | KillHero
    | DamageHero
    | DamageEntrance
    | HeroDamage
    | HeroHealth
    | MoveHero
    | RemoveHero
    | DestroyRoom
    | DeactivateRoom
    | NoMoreDamage
    | CancelSpell
    | BuildExtra
    | NoBuildThisTurn
    | NoHeroEnters
    | SwapRooms
    | Reminder
    | ByHand
    | DamagePerTreasure
    | DamageIfOthers
    | RoomCounters
    | DamageDouble
    | RoomTreasure
    | OtherBossEffect  # another player's Boss taken from (rules.other_boss_kinds)
    | SkipRooms
    | TakeScoredHero
    | EnteringHealth
    | GainSouls
    | RoomsRebuilt
    | AbilityAgain
    | MinibossAtOnce
    | MinibossBought
    | GiftRoom
    | CoinEffect  # Rise of the Minibosses: Coins and Minibosses (rules.coin_kinds)
    | ItemEffect  # Tools of Hero-Kind: Items' Power-Ups and Rewards (rules.item_kinds)
    | RoomEffect  # Rooms moved or uncovered, a die's damage (rules.room_kinds)
    | WalkEffect  # the Adventure held back, a Room made harmless (rules.walk_kinds)
    | BossEffect  # a Boss's Level Up used at will (rules.boss_kinds)
    | HoldEffect  # a Hero held in town or at an entrance this turn (rules.hold_kinds)
    | LessPerCoin  # a Room weaker per Coin another player gives (rules.gift_kinds)
    | CancelLasting  # a Boss's lasting Level Up off for the turn, for a Coin (Scott)
    | RuleChangeEffect  # a rule changed until end of turn (rules.rule_change_kinds)
    | SpellCoinEffect  # Coins spent on a Spell, a Miniboss's level (rules.spell_coin_kinds)
    | MinibossEffect,  # a Miniboss card's level passives on its Room (rules.miniboss_kinds)
    Field(discriminator="kind"),
]
