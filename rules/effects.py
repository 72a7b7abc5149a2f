"""What a card does, as structured facts: the effect vocabulary (no card text).

A card has abilities; an ability is *when* (its trigger), *at what price* (its cost), *on
what* (its target), *how often* (once per turn), whether the owner *may* decline it, and
*what happens* (its effects, a discriminated union on ``kind``). English and German
descriptions are generated from these facts (``rules.card_text``), never stored.

This module holds only values; ``rules.card_effects`` applies them to a game. It imports
nothing from the rest of the engine, so the table models may look effects up lazily.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from rules import boss_kinds, coin_kinds, gift_kinds, item_kinds, room_kinds, spell_coin_kinds
from rules.effect_groups import (
    BUTTON_AIMS,
    LASTING_KINDS,
    LEVEL3_KINDS,
    PASSIVE_KINDS,
    ROOM_AIMS,
    SPELL_KINDS,
)
from rules.effect_kinds import (
    DamageHero,
    DeactivateRoom,
    DestroyRoom,
    Effect,
    HealWound,
    KillHero,
    MoveHero,
    RoomDamagePlus,
    TakeScoredHero,
    TreasureDouble,
)
from rules.fact import Fact
from rules.miniboss_kinds import death_offer
from rules.offer_kinds import OfferKind
from rules.other_boss_kinds import BossTreasureOfAnother, CopyBossLevelUp

BaseTrigger = Literal[
    "always",  # a passive effect, on while the Room is visible and active
    "hero_enters_first",  # the first time a Hero enters this Room (each Hero, each turn)
    "hero_dies_here",  # a Hero dies in this Room
    "you_build_this",  # when you build this Room
    "you_build_another",  # when you build another Room
    "another_destroyed",  # when another Room in your dungeon is destroyed
    "level_up",  # the Boss's Level Up
    "turn_start",  # at the beginning of your turn
    "you_play_spell",  # when you play a Spell card
    "opponent_plays_spell",  # when an opponent plays a Spell card
    "at_will",  # an activated ability: the owner uses it when allowed
    "hero_enters",  # each time a Hero enters this Room
    "hero_survives_here",  # a Hero survives this Room (walks on alive)
    "turn_end",  # at the end of each turn
    "you_uncover_this",  # when this Room is uncovered (the Room over it leaves)
    "cast",  # a Spell card played from the hand
    "from_hand",  # a Room card discarded from the hand for its ability, never built
    "from_level_up",  # a Boss's passive for the rest of the game, once it has levelled up
]
Trigger = (
    BaseTrigger
    | coin_kinds.CoinTrigger
    | item_kinds.ItemTrigger
    | boss_kinds.BossTrigger
    | gift_kinds.GiftTrigger  # another player's Coins for the card (Paywall)
)  # the expansions' moments (rules.coin_kinds, item_kinds), a Boss's button (boss_kinds)

BaseCost = Literal[
    "none",
    "destroy_this",
    "destroy_another",
    "discard_two_rooms",
    "discard_monster_room",
    "discard_spell",
    "remove_counter",  # take one +1 counter off this Room
    "discard_advanced_room",
    "discard_trap_room",
    "destroy_all_others",  # every other visible Room of your dungeon (The Smashinator)
]
# Rise of the Minibosses' prices (rules.coin_kinds, boss_kinds):
Cost = BaseCost | coin_kinds.CoinCost | boss_kinds.BossCost

Timing = Literal["any", "build", "adventure"]

Target = Literal[
    "none",
    "opponent",
    "player_two_more_souls",
    "room_any_dungeon",
    "opponent_room",  # a Room of an opponent's dungeon (Surprise Gift places a Room over it)
    "advanced_room_any_dungeon",
    "own_room",
    "trap_room",
    "monster_room",
    "other_own_monster_room",  # a Monster Room of your dungeon other than this one
    "hero_in_this_room",
    "hero_in_own_dungeon",
    "hero_own_dungeon_or_entrance",  # walking your dungeon or waiting at its entrance
    "any_dungeon",  # a dungeon, any player's (the caster names its owner)
    "hero_in_opponent_dungeon",
    "hero_in_any_dungeon",
    "hero_in_town",
    "ordinary_hero_in_town",
    "hero_town_or_deck",
    "dead_hero_own",
    "dead_hero_opponent",
    "spell_just_played",
]

Condition = Literal[
    "none",
    "built_monster_room",  # the other Room just built is a Monster Room
    "fewer_rooms_than_opponent",
    "before_rooms_revealed",
    "has_four_counters",  # this Room has (at least) four counters
    "no_hero_lured_to_you",  # no Hero was lured to your dungeon this turn
    "three_wounds",  # you have 3 Wounds or more
    "other_advanced_room",  # another Advanced Room is in your dungeon
    "one_hero_lured",  # exactly one Hero was lured to your dungeon this turn
    "you_build_monster_room",  # whenever you build a Monster Room (a Boss's lasting Level Up)
    "hero_in_miniboss_room",  # the Hero walking your dungeon stands in a Room with a Miniboss
    "two_own_rooms_destroyed",  # two or more of your Rooms were destroyed this turn (Oh, Yeah!)
    "hero_at_your_entrance",  # a Hero waits at your dungeon's entrance (Efreet's Chamber)
    "fewer_souls_than_any",  # another player has more Souls than you (Finish Him!)
    "all_classes_scored",  # a Cleric, Fighter, Mage and Thief face down in your score (T.P.K.)
    "more_minibosses",  # you have more Minibosses than each opponent (Sabotage!)
]


# The moments the engine sees and offers an ability at (R-CARD-EFFECT).
OFFERED_TRIGGERS = frozenset({"hero_dies_here", "you_build_this", "you_uncover_this", "level_up"})
#: A card played from the hand: a Spell cast, or a Room card discarded for its ability.
#: Both are played with the table's "Play a Spell" (``CastSpell``); only a Spell is a
#: Spell for what watches Spells (R-CARD-EFFECT).
PLAYED_TRIGGERS = frozenset({"cast", "from_hand"})
# A Boss's Level Up and what it switches on for the rest of the game (its card alone).
LEVEL_UP_TRIGGERS = frozenset({"level_up", "from_level_up", "boss_at_will", "boss_turn_end"})


class Ability(Fact):
    trigger: Trigger
    effects: tuple[Effect, ...] = Field(min_length=1)
    cost: Cost = "none"
    target: Target = "none"
    timing: Timing = "any"
    condition: Condition = "none"
    once_per_turn: bool = False
    optional: bool = False
    # A Miniboss's level (R-MINI): on from it while face up (rules.miniboss_levels).
    level: Literal[1, 2, 3] | None = None

    @model_validator(mode="after")
    def _passive_is_always(self) -> Ability:
        if self.trigger in ("always", "from_level_up") and not self.on_build:
            for effect in self.effects:
                if effect.kind not in PASSIVE_KINDS | {"by_hand"}:
                    raise ValueError(f"a passive ('always') ability cannot {effect.kind}")
                if (
                    isinstance(effect, RoomDamagePlus)
                    and effect.rooms != "uncovered"  # Eclipse: fires as a Room is uncovered
                    and (
                        effect.rooms == "target"
                        or effect.until_end_of_turn
                        # a Miniboss's "this Room has +1": the Room it stands on
                        or (effect.rooms == "this" and self.level is None)
                    )
                ):
                    raise ValueError("a passive damage bonus is neither targeted nor temporary")
        return self

    @property
    def activated_by_engine(self) -> bool:
        """Whether ``UseRoomAbility`` carries this at-will ability out in full (its Room's
        own button): kill, damage or move the Hero standing in the Room, +N to every Room
        of the owner's or to this one, or deactivate, boost (or weaken) or take the treasure
        of a Room its owner aims at; a cost of the owner's cards is the player's word."""
        if self.trigger != "at_will":
            return False
        if self.target not in BUTTON_AIMS:
            # The Omega 42: another Room of the owner's, its "when you build" again.
            return self.target == "own_room" and [e.kind for e in self.effects] == ["ability_again"]
        for effect in self.effects:
            if isinstance(effect, MoveHero):
                if effect.to not in ("town", "first_room"):
                    return False
            elif isinstance(effect, RoomDamagePlus):
                if effect.rooms not in ("all_own", "this", "target"):
                    return False
                if effect.rooms == "target" and self.target not in ROOM_AIMS:
                    return False
            elif effect.kind == "hero_health":  # Werewolf Den: the walking Hero
                if self.target != "hero_in_any_dungeon":
                    return False
            elif effect.kind == "treasure_double":
                if self.target != "none":
                    return False
            elif effect.kind in ("deactivate_room", "room_treasure"):
                if self.target not in ROOM_AIMS:
                    return False
            elif effect.kind not in (
                "kill_hero",
                "damage_hero",
                "pick_room",
                "flip_item",  # an Item of the owner's turned (rules.item_flips)
                "attach_item",  # an Item in town given a Hero (rules.item_flips)
                "keep_at_entrance",  # a Hero waits at the entrance (rules.hold_kinds)
                *coin_kinds.COIN_FIRED_KINDS,
                *room_kinds.AT_WILL_KINDS,  # a number stated, an amount picked: asked
            ):
                return False
        return True

    @property
    def destroys_itself(self) -> bool:
        """Whether a Hero dying in or surviving the Room destroys it (its only effect)."""
        return self.trigger in ("hero_dies_here", "hero_survives_here") and all(
            isinstance(e, DestroyRoom) and e.which == "this" for e in self.effects
        )

    @property
    def on_build(self) -> bool:
        """A Boss's lasting "whenever you build a Monster Room, you may" (Greg): asked when
        such a Room is built, not passive."""
        return self.trigger == "from_level_up" and self.condition == "you_build_monster_room"

    @property
    def carried_lasting(self) -> bool:
        """Whether ``rules.card_lasting`` carries this ability out when it fires: counters,
        doubled damage or Souls, or (with four counters) the Room destroying itself."""
        if (
            self.trigger in ("at_will", "always", "from_level_up", *PLAYED_TRIGGERS)
            or self.optional
        ):
            return False
        if self.condition == "has_four_counters":
            return all(isinstance(e, DestroyRoom) and e.which == "this" for e in self.effects)
        return all(
            e.kind in LASTING_KINDS or (isinstance(e, DestroyRoom) and e.which == "this")
            for e in self.effects
        )

    @property
    def self_boost(self) -> int:
        """The damage this ability gives its own Room until end of turn when it fires (0:
        it does something else)."""
        if all(isinstance(e, RoomDamagePlus) and e.rooms == "this" for e in self.effects):
            return sum(e.amount for e in self.effects if isinstance(e, RoomDamagePlus))
        return 0

    @property
    def cast_by_engine(self) -> bool:
        """Whether ``CastSpell`` carries out every effect of this (Spell) ability itself:
        a Hero moves only to town, the first Room or the caster's entrance; a Room
        destroyed is one of the caster's own."""
        for effect in self.effects:
            if effect.kind not in SPELL_KINDS:
                return False
            if isinstance(effect, MoveHero) and effect.to not in (
                "town",
                "own_entrance",
                "first_room",
                "opponent_entrance",  # Another Castle, Agent of Evil
            ):
                return False
            if isinstance(effect, DestroyRoom) and (
                effect.which != "target" or self.target not in ("own_room", "room_any_dungeon")
            ):
                return False
        return True

    @property
    def offer(self) -> OfferKind | None:
        """What the engine offers when this ability fires at its moment (None: nothing it
        can carry out, or no moment it sees)."""
        kinds = [e.kind for e in self.effects]
        if self.trigger == "cast" and self.optional and kinds == ["damage_entrance"]:
            return "damage_entrance"  # asked once the Spell is cast (Lightning Bolt!)
        # a number or a player (Rise of the Minibosses), a Yes or No (Magnetic Ceiling):
        if asked := coin_kinds.coin_offer(self.effects) or item_kinds.item_offer(
            self.trigger, self.effects
        ):
            return asked
        if asked_room := room_kinds.room_offer(self.effects):  # Rooms moved, a die rolled
            return asked_room
        if given := spell_coin_kinds.spell_coin_offer(self.effects):  # Ancient Guardtower
            return given
        if dying := death_offer(self.trigger, self.effects):  # a Miniboss's Level 2
            return dying
        if kinds == ["remove_survivor"]:  # which Hero: asked (rules.walk_spells)
            return "remove_survivor"
        if kinds == ["swap_soul"]:  # which face-down Hero, and the new one's Souls
            return "swap_soul"
        if self.on_build and kinds == ["room_counters"]:
            return "counter_on_built"  # Greg: asked as a Monster Room is built
        if self.trigger == "turn_end" and self.target == "own_room" and kinds == ["destroy_room"]:
            return "destroy_room_own"  # asked as the turn ends (Blockpile Puzzle)
        if self.trigger not in OFFERED_TRIGGERS or len(self.effects) != 1:
            return None
        effect = self.effects[0]
        if isinstance(effect, HealWound):
            return "heal_wound"
        if isinstance(effect, TreasureDouble) and self.optional:
            return "double_treasure"  # Elicon's Level Up
        if isinstance(effect, DamageHero) and self.target == "hero_own_dungeon_or_entrance":
            return "damage_own_hero"  # Darkling Lair, uncovered
        if isinstance(effect, TakeScoredHero):
            return "take_scored_hero"  # Kaw'nee's Level Up
        if isinstance(effect, BossTreasureOfAnother):
            return "boss_treasure_of_another"  # Mirrax's Level Up
        if isinstance(effect, CopyBossLevelUp):
            return "copy_boss_level_up"  # Klonos's Level Up
        if isinstance(effect, MoveHero) and effect.to == "own_entrance":
            if self.target == "ordinary_hero_in_town":
                return "ordinary_hero_to_entrance"
            if self.target in ("hero_in_town", "hero_town_or_deck"):
                return "town_hero_to_entrance"  # a Hero from the deck: by hand
        if isinstance(effect, KillHero) and self.target == "hero_in_town":
            return "kill_town_hero"
        if isinstance(effect, DestroyRoom) and effect.which == "each_opponent_chooses":
            return "destroy_own_room"
        if isinstance(effect, DestroyRoom) and self.target == "advanced_room_any_dungeon":
            return "destroy_advanced_room_any"
        if isinstance(effect, DeactivateRoom) and self.target == "room_any_dungeon":
            return "deactivate_room_any"
        if isinstance(effect, RoomDamagePlus) and self.target == "other_own_monster_room":
            return "boost_own_room"  # a Room the owner picks, +amount until end of turn
        return None

    @property
    def handling(self) -> Literal["auto", "prompt", "reminder"]:
        """How the referee deals with it: applies it itself (``auto``: passive effects, the
        first-entry send-back, a Room that deals no more damage once a Hero survives it),
        offers it when it fires or is played (``prompt``: a Spell ``CastSpell`` carries
        out, or an ability with an ``offer``), or reminds the
        players (``reminder``: some effect is off the table or beyond the engine, or the
        ability is used at will with no moment the engine sees; players carry it out by
        hand, with the table's interventions)."""
        kinds = {e.kind for e in self.effects}
        if "by_hand" in kinds:
            return "reminder"
        # Rise of the Minibosses' Coins and Minibosses, Tools of Hero-Kind's Items:
        extra = coin_kinds.coin_handling(self.trigger, self.cost, self.effects)
        extra = extra or room_kinds.room_handling(self.trigger, self.effects)  # Rooms moved
        extra = extra or boss_kinds.boss_handling(self.trigger, self.effects)  # a Boss's button
        if self.trigger == "coins_given" and kinds <= {"less_per_coin", "cancel_lasting"}:
            return "prompt"  # the giver's button on the Room or the Boss (GiveCoins)
        if (extra := extra or item_kinds.item_handling(self.trigger, self.effects)) is not None:
            return extra
        if self.on_build:
            return "prompt"  # asked when a Monster Room is built (Greg)
        if self.trigger in ("always", "from_level_up"):
            return "auto"
        if self.level is not None and self.trigger == "at_will":  # rules.miniboss_level2/3
            return "prompt" if kinds <= LEVEL3_KINDS or self.cast_by_engine else "reminder"
        if self.carried_lasting:
            return "auto"
        if self.trigger == "hero_enters_first" and kinds == {"move_hero"}:
            return "auto"
        if self.trigger == "hero_survives_here" and kinds == {"no_more_damage"}:
            return "auto"
        if self.destroys_itself:
            return "auto"  # the walk destroys the Room (Bom-Boy Factory)
        if self.trigger == "hero_enters" and kinds == {"hero_damage"}:
            return "auto"  # the walk deals it to the Hero it fits
        if self.trigger == "level_up" and kinds == {"boss_treasure"}:
            return "auto"  # the treasure bonus is set at the Level Up
        if self.self_boost and self.trigger not in PLAYED_TRIGGERS:
            return "auto"  # the engine boosts the card's own Room when it fires
        if self.trigger in PLAYED_TRIGGERS:
            return "prompt" if self.cast_by_engine or self.offer else "reminder"
        if self.trigger == "at_will":  # used with its Room's own button (UseRoomAbility)
            return "prompt" if self.activated_by_engine else "reminder"
        if self.offer is not None:
            return "prompt"
        return "reminder"


Source = Literal["official-app", "fan-wiki", "rulebook"]


class CardSource(Fact):
    """Where the facts come from: the data set and a place in it."""

    data: Source
    where: str = Field(min_length=1, max_length=200)
    ruling: str | None = Field(default=None, max_length=200)  # a clarification used


class CardEffects(Fact):
    id: str = Field(pattern=r"^[A-Z]{3}\d{3}$")
    name: str = Field(min_length=1, max_length=60)  # the card's proper name, for rulings
    kind: Literal["room", "boss", "spell", "miniboss", "item"]
    abilities: tuple[Ability, ...] = ()
    source: CardSource

    @model_validator(mode="after")
    def _kind_fits(self) -> CardEffects:
        for ability in self.abilities:
            if (ability.trigger == "cast") != (self.kind == "spell"):
                raise ValueError(f"{self.id}: only Spells are cast, and Spells only so")
            if ability.trigger == "from_hand" and self.kind != "room":
                raise ValueError(f"{self.id}: only a Room card is discarded for its ability")
            if ability.trigger in LEVEL_UP_TRIGGERS and self.kind != "boss":
                raise ValueError(f"{self.id}: only a Boss has a Level Up")
            if (ability.level is None) == (self.kind == "miniboss"):
                raise ValueError(f"{self.id}: a Miniboss's abilities, and only they, have a level")
        if self.kind in ("spell", "boss") and not self.abilities:
            raise ValueError(f"{self.id}: a {self.kind} card always has an ability")
        return self

    @property
    def handling(self) -> Literal["auto", "prompt", "reminder", "none"]:
        """The least automated of its abilities (``none``: it has no ability)."""
        levels = [a.handling for a in self.abilities]
        if not levels:
            return "none"
        return max(levels, key=("auto", "prompt", "reminder").index)


class EffectsFile(Fact):
    set: str = Field(min_length=1)
    note: str = ""
    cards: tuple[CardEffects, ...]

    @model_validator(mode="after")
    def _unique(self) -> EffectsFile:
        seen: set[str] = set()
        for card in self.cards:
            if card.id in seen:
                raise ValueError(f"{card.id} has effects twice")
            seen.add(card.id)
        return self
