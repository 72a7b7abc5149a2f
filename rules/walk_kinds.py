"""Spells and Rewards on the Adventure, in the effect vocabulary (R-CARD-EFFECT): the Hero
walking a dungeon back at its entrance with full Health, a Room made harmless (and kind
to the Heroes entering it), a Room showing every treasure type, a Hero that survived a
dungeon this turn taken into another scorekeeping area or removed from the game.

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.walk_spells`` carries them out when the Spell is cast. ``no_hero_enters`` (a
dungeon closed for the turn) is ``rules.effect_kinds``' own; the engine casts it here too.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.fact import Fact
from rules.place_marks import HARMLESS  # harmless:<player>:<index>:<health>


class BackToEntrance(Fact):
    """The Hero walking the caster's dungeon goes back to its entrance, restored to full
    Health (the damage it took is gone)."""

    kind: Literal["back_to_entrance"] = "back_to_entrance"


class HarmlessRoom(Fact):
    """Until end of turn the Room aimed at deals no damage, and each Hero entering it
    gains ``health`` Health until end of turn."""

    kind: Literal["harmless_room"] = "harmless_room"
    health: Annotated[int, Field(ge=0, le=3)] = 1


class EveryTreasure(Fact):
    """Until end of turn the Room aimed at shows one of each treasure type (Cleric,
    Fighter, Mage, Thief) instead of its own."""

    kind: Literal["every_treasure"] = "every_treasure"


class TakeSurvivor(Fact):
    """A Hero that survived another player's dungeon this turn moves from that player's
    scorekeeping area, face down, to the caster's (a Wound of theirs, a Soul of yours)."""

    kind: Literal["take_survivor"] = "take_survivor"


class RemoveSurvivor(Fact):
    """A Hero that survived the owner's dungeon this turn is removed from the game (the
    Wound it gave is gone): asked which, when there are several."""

    kind: Literal["remove_survivor"] = "remove_survivor"


class SwapSoul(Fact):
    """One of the owner's face-down Heroes is removed from the game and a Hero searched
    from the Hero decks goes face down in its place: asked which Hero goes and how many
    Souls the new one is worth (1, an Epic Hero 2)."""

    kind: Literal["swap_soul"] = "swap_soul"


WalkEffect = (
    BackToEntrance | HarmlessRoom | EveryTreasure | TakeSurvivor | RemoveSurvivor | SwapSoul
)
WALK_TYPES = (BackToEntrance, HarmlessRoom, EveryTreasure, TakeSurvivor, RemoveSurvivor, SwapSoul)
SOULS_OF_A_HERO = (1, 2)  # an ordinary Hero, an Epic Hero
# Cast by the engine (``rules.walk_spells``), with effect_kinds' ``no_hero_enters``.
WALK_KINDS = frozenset(
    {"back_to_entrance", "harmless_room", "every_treasure", "no_hero_enters", "take_survivor"}
)
# A Spell's choice that names a Hero (``CastSpell.hero``): chosen only when one is named.
NAMES_HERO = frozenset({"take_survivor"})


def walk_phrases(effect: WalkEffect) -> list[tuple[str, dict[str, str | int]]]:
    """An effect of these in message keys with arguments (``rules.card_text``)."""
    if isinstance(effect, HarmlessRoom):
        return [("card.fx.harmless_room", {"amount": effect.health})]
    return [(f"card.fx.{effect.kind}", {})]


def harmless_mark(player: str, index: int, health: int) -> str:
    """The turn's mark of ``player``'s Room at ``index`` made harmless, with the Health it
    gives each Hero entering it."""
    return f"{HARMLESS}{player}:{index}:{health}"


def harmless_health(uses: tuple[str, ...], player: str, index: int) -> int | None:
    """The Health a harmless Room of ``player``'s at ``index`` gives each Hero entering it
    this turn (None: the Room is not harmless). Exact marks, looked up at C speed: this
    runs for every Room a Hero enters."""
    return next((h for h in range(4) if harmless_mark(player, index, h) in uses), None)


def harmless(uses: tuple[str, ...], player: str, index: int) -> bool:
    """Whether ``player``'s Room at ``index`` deals no damage this turn (Fairy Fountain)."""
    return harmless_health(uses, player, index) is not None
