"""What a player can ask the referee to do: one frozen model per command.

Commands are imperative (``BuildRoom``); the engine decides whether they are legal and
answers with events. A game is its set-up plus the list of commands made, so commands
are plain data that serialise to JSON through ``COMMANDS``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.models import Frozen, HeroCard, Name, NonNegative, Room, Treasure

Amount = Annotated[int, Field(ge=1, le=99)]


class BuildRoom(Frozen):
    """Place a Room face down: at the entrance end (``over`` None) or over Room ``over``."""

    type: Literal["build_room"] = "build_room"
    player: Name
    room: Room
    over: NonNegative | None = None


class RevealRooms(Frozen):
    """End the Build phase (or set-up): every face-down Room is revealed together."""

    type: Literal["reveal_rooms"] = "reveal_rooms"


class RevealHeroes(Frozen):
    """Beginning of turn: the Heroes just turned over join the back of the town line."""

    type: Literal["reveal_heroes"] = "reveal_heroes"
    heroes: tuple[HeroCard, ...] = Field(default=(), max_length=6)


class ResolveBait(Frozen):
    type: Literal["resolve_bait"] = "resolve_bait"


class AdvanceHero(Frozen):
    """The walking Hero leaves its Room (dying there if damaged enough) for the next one."""

    type: Literal["advance_hero"] = "advance_hero"


class FinishWalk(Frozen):
    """No more spells for this Hero: walk it to its death or to the Boss."""

    type: Literal["finish_walk"] = "finish_walk"


class FinishAdventure(Frozen):
    """No more spells this Adventure phase: walk every remaining Hero."""

    type: Literal["finish_adventure"] = "finish_adventure"


class DamageHero(Frozen):
    type: Literal["damage_hero"] = "damage_hero"
    amount: Amount


class HealHero(Frozen):
    type: Literal["heal_hero"] = "heal_hero"
    amount: Amount


class KillHero(Frozen):
    type: Literal["kill_hero"] = "kill_hero"


class SendHeroBack(Frozen):
    type: Literal["send_hero_back"] = "send_hero_back"
    to: Literal["town", "entrance"] = "town"


class SkipRoom(Frozen):
    """The walking Hero will pass the next Room without entering it."""

    type: Literal["skip_room"] = "skip_room"


class DestroyRoom(Frozen):
    type: Literal["destroy_room"] = "destroy_room"
    player: Name
    index: NonNegative


class DeactivateRoom(Frozen):
    type: Literal["deactivate_room"] = "deactivate_room"
    player: Name
    index: NonNegative


class SetTreasureBonus(Frozen):
    """A bonus from a spell or ability to one treasure type (may be negative)."""

    type: Literal["set_treasure_bonus"] = "set_treasure_bonus"
    player: Name
    treasure: Treasure
    amount: Annotated[int, Field(ge=-20, le=20)]


class HealWound(Frozen):
    """Flip one face-up Hero face down (R-HEAL); ``hero`` None: the most valuable one."""

    type: Literal["heal_wound"] = "heal_wound"
    player: Name
    hero: NonNegative | None = None


class CorrectScore(Frozen):
    """A manual correction of Souls or Wounds, logged as such."""

    type: Literal["correct_score"] = "correct_score"
    player: Name
    souls: Annotated[int, Field(ge=-20, le=20)] = 0
    wounds: Annotated[int, Field(ge=-20, le=20)] = 0
    reason: str = Field(default="correction", max_length=120)


class EndTurn(Frozen):
    type: Literal["end_turn"] = "end_turn"


Command = Annotated[
    BuildRoom
    | RevealRooms
    | RevealHeroes
    | ResolveBait
    | AdvanceHero
    | FinishWalk
    | FinishAdventure
    | DamageHero
    | HealHero
    | KillHero
    | SendHeroBack
    | SkipRoom
    | DestroyRoom
    | DeactivateRoom
    | SetTreasureBonus
    | HealWound
    | CorrectScore
    | EndTurn,
    Field(discriminator="type"),
]

COMMANDS: TypeAdapter[Command] = TypeAdapter(Command)
COMMAND_LIST: TypeAdapter[list[Command]] = TypeAdapter(list[Command])
