"""A dungeon's treasure as the Bait counts it (R-BAIT-TOTAL)."""

from __future__ import annotations

from rules.card_effects import treasure_bonus
from rules.models import GameState, RoomStack, Treasure


def shown_treasure(stack: RoomStack) -> tuple[Treasure, ...]:
    """The treasure icons a place counts for now: its top Room's, with those a card gave
    it until end of turn, or none (R-CARD-EFFECT)."""
    return () if stack.no_treasure else (*stack.top.treasure, *stack.extra_treasure)


def treasure_total(state: GameState, name: str, treasure: Treasure) -> int:
    """R-BAIT-TOTAL: active visible Rooms + Boss + bonuses (which may be negative), with
    the passive card effects that add treasure (R-CARD-EFFECT)."""
    p = state.player(name)
    rooms = sum(shown_treasure(stack).count(treasure) for _, stack in p.active_rooms())
    cards = treasure_bonus(p, treasure)
    return rooms + cards + p.boss_treasure.count(treasure) + p.bonus(treasure)
