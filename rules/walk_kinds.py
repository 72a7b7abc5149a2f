"""Spells that hold the Adventure back, in the effect vocabulary (R-CARD-EFFECT): the Hero
walking a dungeon back at its entrance with full Health, a Room made harmless (and kind
to the Heroes entering it), a Room showing every treasure type.

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.walk_spells`` carries them out when the Spell is cast. ``no_hero_enters`` (a
dungeon closed for the turn) is ``rules.effect_kinds``' own; the engine casts it here too.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.fact import Fact


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


WalkEffect = BackToEntrance | HarmlessRoom | EveryTreasure
WALK_TYPES = (BackToEntrance, HarmlessRoom, EveryTreasure)
# Cast by the engine (``rules.walk_spells``), with effect_kinds' ``no_hero_enters``.
WALK_KINDS = frozenset({"back_to_entrance", "harmless_room", "every_treasure", "no_hero_enters"})


def walk_phrases(effect: WalkEffect) -> list[tuple[str, dict[str, str | int]]]:
    """An effect of these in message keys with arguments (``rules.card_text``)."""
    if isinstance(effect, HarmlessRoom):
        return [("card.fx.harmless_room", {"amount": effect.health})]
    return [(f"card.fx.{effect.kind}", {})]


HARMLESS = "harmless:"  # the turn's mark of a harmless Room: harmless:<player>:<index>:<health>


def harmless(uses: tuple[str, ...], player: str, index: int) -> bool:
    """Whether ``player``'s Room at ``index`` deals no damage this turn (Fairy Fountain)."""
    return any(u.startswith(f"{HARMLESS}{player}:{index}:") for u in uses)
