"""What a card does, as structured facts: the effect vocabulary (no card text).

A card has abilities; an ability is *when* (its trigger), *at what price* (its cost), *on
what* (its target), *how often* (once per turn), whether the owner *may* decline it, and
*what happens* (its effects, a discriminated union on ``kind``). English and German
descriptions are generated from these facts (``rules.card_text``), never stored.

This module holds only values; ``rules.card_effects`` applies them to a game. It imports
nothing from the rest of the engine, so the table models may look effects up lazily.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

TreasureName = Literal["cleric", "fighter", "mage", "thief", "explorer"]
RoomType = Literal["monster", "trap", "any"]

Trigger = Literal[
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
]

Cost = Literal[
    "none",
    "destroy_this",
    "destroy_another",
    "discard_two_rooms",
    "discard_monster_room",
    "discard_spell",
]

Timing = Literal["any", "build", "adventure"]

Target = Literal[
    "none",
    "opponent",
    "player_two_more_souls",
    "room_any_dungeon",
    "own_room",
    "trap_room",
    "monster_room",
    "hero_in_this_room",
    "hero_in_own_dungeon",
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
]


class _Fact(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- effects ------------------------------------------------------------------------------


class RoomDamagePlus(_Fact):
    """Rooms deal more damage: the ones ``rooms`` names, of ``room_type``."""

    kind: Literal["room_damage_plus"] = "room_damage_plus"
    amount: Annotated[int, Field(ge=1, le=10)]
    rooms: Literal["adjacent", "next", "all_own", "target"]
    room_type: RoomType = "any"
    until_end_of_turn: bool = False


class DamageEqualsCount(_Fact):
    """This Room's damage is the number of (active) Rooms of a type in its dungeon."""

    kind: Literal["damage_equals_count"] = "damage_equals_count"
    room_type: RoomType


class DamagePerCount(_Fact):
    """This Room deals ``amount`` more per other (active) Room of a type in its dungeon."""

    kind: Literal["damage_per_count"] = "damage_per_count"
    amount: Annotated[int, Field(ge=1, le=5)] = 1
    room_type: RoomType


class TreasurePlus(_Fact):
    """The dungeon counts ``amount`` more treasure of one type while this card is active."""

    kind: Literal["treasure_plus"] = "treasure_plus"
    treasure: TreasureName
    amount: Annotated[int, Field(ge=-5, le=5)]


class TreasureDouble(_Fact):
    """Double the treasure of your other Rooms until end of turn."""

    kind: Literal["treasure_double"] = "treasure_double"


class NoBuildOver(_Fact):
    """No Advanced Room (or, with ``advanced`` False, no Room at all) may be built on it."""

    kind: Literal["no_build_over"] = "no_build_over"
    advanced: bool = True


class BuildOverAny(_Fact):
    """An Advanced Room goes over any Room, whatever its treasure: this Room itself (a
    Room's passive), or the caster's Advanced Room in this Build phase (a Spell)."""

    kind: Literal["build_over_any"] = "build_over_any"


class NoBuildAdjacent(_Fact):
    """No Room of ``room_type`` may be built next to this Room (this Room itself may be
    built next to them)."""

    kind: Literal["no_build_adjacent"] = "no_build_adjacent"
    room_type: RoomType = "monster"


class HealWound(_Fact):
    kind: Literal["heal_wound"] = "heal_wound"


class KillHero(_Fact):
    kind: Literal["kill_hero"] = "kill_hero"


class DamageHero(_Fact):
    """Deal damage to a Hero: ``amount``, or (``amount`` None) the number of your Rooms."""

    kind: Literal["damage_hero"] = "damage_hero"
    amount: Annotated[int, Field(ge=1, le=10)] | None


class HeroHealth(_Fact):
    """A Hero has more Health until end of turn."""

    kind: Literal["hero_health"] = "hero_health"
    amount: Annotated[int, Field(ge=1, le=10)]


class MoveHero(_Fact):
    kind: Literal["move_hero"] = "move_hero"
    to: Literal[
        "town", "first_room", "back_one_room", "own_entrance", "owner_entrance", "opponent_entrance"
    ]


class RemoveHero(_Fact):
    """Remove a scored Hero from the game."""

    kind: Literal["remove_hero"] = "remove_hero"


class DestroyRoom(_Fact):
    kind: Literal["destroy_room"] = "destroy_room"
    which: Literal["target", "each_opponent_chooses"]


class DeactivateRoom(_Fact):
    kind: Literal["deactivate_room"] = "deactivate_room"


class CancelSpell(_Fact):
    kind: Literal["cancel_spell"] = "cancel_spell"


class BuildExtra(_Fact):
    """Build one more Room this turn."""

    kind: Literal["build_extra"] = "build_extra"


class NoBuildThisTurn(_Fact):
    """No Room is built this turn; face-down Rooms go back to their owners' hands."""

    kind: Literal["no_build_this_turn"] = "no_build_this_turn"


class NoHeroEnters(_Fact):
    """No Hero enters the target's dungeon this turn (they wait at its entrance)."""

    kind: Literal["no_hero_enters"] = "no_hero_enters"


class SwapRooms(_Fact):
    """Swap two Rooms of any one dungeon."""

    kind: Literal["swap_rooms"] = "swap_rooms"


CardPile = Literal[
    "any", "room", "spell", "monster_room", "advanced_monster_room", "advanced_trap_room"
]


class Reminder(_Fact):
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
    who: Literal["you", "opponent", "every_player"] = "you"


ByHandWhat = Literal[
    "room_counters",  # counters on Rooms: players keep them
    "random_damage",  # a die roll decides the damage
    "hero_condition",  # a bonus that depends on the Hero (its type, Health, damage taken)
    "room_condition",  # a bonus that depends on the dungeon in a way not modelled
    "items",  # Items flipped, attached or taken (Tools of Hero-Kind)
    "rules_change",  # a lasting change of a rule (treasure, Souls, Level Up abilities)
    "rearrange_rooms",  # Rooms moved, swapped or uncovered
    "scored_cards",  # cards moved in or out of scorekeeping areas
    "miniboss",  # a Miniboss or its Coins
    "read_card",  # the source's words were not structured: follow the printed card
]


class ByHand(_Fact):
    """An effect the referee does not carry out: the players do it by hand, with the
    table's interventions where they help. ``what`` says what kind of thing they handle
    (worded per language); ``read_card`` flags a card whose words were not structured."""

    kind: Literal["by_hand"] = "by_hand"
    what: ByHandWhat


Effect = Annotated[
    RoomDamagePlus
    | DamageEqualsCount
    | DamagePerCount
    | TreasurePlus
    | TreasureDouble
    | NoBuildOver
    | BuildOverAny
    | NoBuildAdjacent
    | HealWound
    | KillHero
    | DamageHero
    | HeroHealth
    | MoveHero
    | RemoveHero
    | DestroyRoom
    | DeactivateRoom
    | CancelSpell
    | BuildExtra
    | NoBuildThisTurn
    | NoHeroEnters
    | SwapRooms
    | Reminder
    | ByHand,
    Field(discriminator="kind"),
]

# Effects the engine applies by itself whenever their card is visible and active.
PASSIVE_KINDS = frozenset(
    {
        "room_damage_plus",
        "damage_equals_count",
        "damage_per_count",
        "treasure_plus",
        "no_build_over",
        "build_over_any",
        "no_build_adjacent",
    }
)
# The effect kinds a Spell may have for the engine to carry it out in full (CastSpell).
SPELL_KINDS = frozenset(
    {"deactivate_room", "room_damage_plus", "damage_hero", "move_hero", "build_over_any"}
)
# Effects the engine can carry out once a player chooses them (through a command).
ENGINE_KINDS = frozenset(
    {
        "heal_wound",
        "kill_hero",
        "damage_hero",
        "move_hero",
        "destroy_room",
        "deactivate_room",
        "room_damage_plus",
    }
)


# What an ability fired at a moment lets its player do, answered through a command (the
# engine applies it): heal a Wound, bring a town Hero to the entrance (ordinary ones
# only, or any), kill a town Hero, or (each opponent) destroy one of their own Rooms.
OfferKind = Literal[
    "heal_wound",
    "ordinary_hero_to_entrance",
    "town_hero_to_entrance",
    "kill_town_hero",
    "destroy_own_room",
]
# The moments the engine sees and offers an ability at (R-CARD-EFFECT).
OFFERED_TRIGGERS = frozenset({"hero_dies_here", "you_build_this", "level_up"})


class Ability(_Fact):
    trigger: Trigger
    effects: tuple[Effect, ...] = Field(min_length=1)
    cost: Cost = "none"
    target: Target = "none"
    timing: Timing = "any"
    condition: Condition = "none"
    once_per_turn: bool = False
    optional: bool = False

    @model_validator(mode="after")
    def _passive_is_always(self) -> Ability:
        if self.trigger == "always":
            for effect in self.effects:
                if effect.kind not in PASSIVE_KINDS | {"by_hand"}:
                    raise ValueError(f"a passive ('always') ability cannot {effect.kind}")
                if isinstance(effect, RoomDamagePlus) and (
                    effect.rooms == "target" or effect.until_end_of_turn
                ):
                    raise ValueError("a passive damage bonus is neither targeted nor temporary")
        return self

    @property
    def cast_by_engine(self) -> bool:
        """Whether ``CastSpell`` carries out every effect of this (Spell) ability itself:
        a Hero moves only to town or to the caster's entrance."""
        for effect in self.effects:
            if effect.kind not in SPELL_KINDS:
                return False
            if isinstance(effect, MoveHero) and effect.to not in ("town", "own_entrance"):
                return False
        return True

    @property
    def offer(self) -> OfferKind | None:
        """What the engine offers when this ability fires at its moment (None: nothing it
        can carry out, or no moment it sees)."""
        if self.trigger not in OFFERED_TRIGGERS or len(self.effects) != 1:
            return None
        effect = self.effects[0]
        if isinstance(effect, HealWound):
            return "heal_wound"
        if isinstance(effect, MoveHero) and effect.to == "own_entrance":
            if self.target == "ordinary_hero_in_town":
                return "ordinary_hero_to_entrance"
            if self.target in ("hero_in_town", "hero_town_or_deck"):
                return "town_hero_to_entrance"  # a Hero from the deck: by hand
        if isinstance(effect, KillHero) and self.target == "hero_in_town":
            return "kill_town_hero"
        if isinstance(effect, DestroyRoom) and effect.which == "each_opponent_chooses":
            return "destroy_own_room"
        return None

    @property
    def handling(self) -> Literal["auto", "prompt", "reminder"]:
        """How the referee deals with it: applies it itself (``auto``: passive effects and
        the first-entry send-back), offers it when it fires or is played (``prompt``: a
        Spell ``CastSpell`` carries out, or an ability with an ``offer``), or reminds the
        players (``reminder``: some effect is off the table or beyond the engine, or the
        ability is used at will with no moment the engine sees; players carry it out by
        hand, with the table's interventions)."""
        kinds = {e.kind for e in self.effects}
        if "by_hand" in kinds:
            return "reminder"
        if self.trigger == "always":
            return "auto"
        if self.trigger == "hero_enters_first" and kinds == {"move_hero"}:
            return "auto"
        if self.trigger == "cast":
            return "prompt" if self.cast_by_engine else "reminder"
        if self.offer is not None:
            return "prompt"
        return "reminder"


Source = Literal["official-app", "fan-wiki", "rulebook"]


class CardSource(_Fact):
    """Where the facts come from: the data set and a place in it."""

    data: Source
    where: str = Field(min_length=1, max_length=200)
    ruling: str | None = Field(default=None, max_length=200)  # a clarification used


class CardEffects(_Fact):
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
            if ability.trigger == "level_up" and self.kind != "boss":
                raise ValueError(f"{self.id}: only a Boss has a Level Up")
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


class EffectsFile(_Fact):
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
