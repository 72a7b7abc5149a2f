"""A dungeon's treasure as the Bait counts it (R-BAIT-TOTAL)."""

from __future__ import annotations

from rules.card_effects import shown_treasure as shown_treasure
from rules.card_effects import treasure_bonus
from rules.models import GameState, Treasure


def treasure_total(state: GameState, name: str, treasure: Treasure) -> int:
    """R-BAIT-TOTAL: active visible Rooms + Boss + bonuses (which may be negative), with
    the passive card effects that add treasure (R-CARD-EFFECT)."""
    p = state.player(name)
    rooms = sum(shown_treasure(stack).count(treasure) for _, stack in p.active_rooms())
    cards = treasure_bonus(p, treasure)
    return rooms + cards + p.boss_treasure.count(treasure) + p.bonus(treasure)
