"""What an offer that moves Rooms or asks a die's roll may take (R-CARD-EFFECT):
two Rooms to swap, a dungeon to rearrange, a covered Room to bring up, the die's faces.
``rules.room_order`` checks answers against these; the app makes its buttons from them.
"""

from __future__ import annotations

from itertools import combinations

from rules.models import CardOffer, GameState
from rules.room_kinds import DIE_FACES

# A covered Room: (the dungeon's owner, the stack's place, the Room's place in the stack).
Covered = tuple[str, int, int]


def uncovered_mark(player: str, card_id: str, dungeon: str) -> str:
    """The turn's mark that ``player``'s card has uncovered a Room in ``dungeon``."""
    return f"{player}:uncovered:{card_id}:{dungeon}"


def swaps(state: GameState, player: str) -> tuple[tuple[int, int], ...]:
    """The pairs of places of ``player``'s dungeon whose Rooms may change places."""
    return tuple(combinations(range(len(state.player(player).dungeon)), 2))


def rearranging_mark(player: str, card_id: str, dungeon: str) -> str:
    """The turn's mark that ``player``'s card is putting ``dungeon``'s Rooms in order."""
    return f"{player}:rearranging:{card_id}:{dungeon}"


def rearrangeable(state: GameState, offer: CardOffer | None = None) -> tuple[str, ...]:
    """The players still in whose dungeon has two Rooms or more to put in another order;
    for an ``offer`` already rearranging one dungeon (Hellcow's swaps, one at a time),
    that dungeon alone."""
    out = tuple(p.name for p in state.players if not p.eliminated and len(p.dungeon) >= 2)
    if offer is not None:
        chosen = [
            d for d in out if rearranging_mark(offer.player, offer.card_id, d) in state.card_uses
        ]
        return tuple(chosen) or out
    return out


def covered_rooms(state: GameState, player: str) -> tuple[Covered, ...]:
    """Every covered Room of ``player``'s dungeon, stack by stack, bottom first."""
    return tuple(
        (player, index, place)
        for index, stack in enumerate(state.player(player).dungeon)
        for place in range(len(stack.rooms) - 1)
    )


def uncover_choices(state: GameState, offer: CardOffer) -> tuple[Covered, ...]:
    """The covered Rooms an uncover offer may bring up: its player's own, or those of
    each opponent still in whose dungeon the card has not uncovered one yet."""
    if offer.offer == "uncover_own_room":
        return covered_rooms(state, offer.player)
    if offer.offer != "uncover_opponent_room":
        return ()
    return tuple(
        covered
        for p in state.players
        if p.name != offer.player and not p.eliminated
        if uncovered_mark(offer.player, offer.card_id, p.name) not in state.card_uses
        for covered in covered_rooms(state, p.name)
    )


def has_choice(state: GameState, offer: CardOffer) -> bool:
    """Whether an offer of these still has something to take (else it may lapse)."""
    if offer.offer == "swap_own_rooms":
        return bool(swaps(state, offer.player))
    if offer.offer in ("rearrange_any_dungeon", "swap_any_dungeon"):
        return bool(rearrangeable(state, offer))
    if offer.offer == "die_roll":
        walk = state.walk
        return walk is not None and walk.player == offer.player and walk.room is not None
    if offer.offer == "die_roll_entrance":
        return bool(state.entrance(offer.player))
    if offer.offer in ("stated_boost", "boost_choice", "build_drawn_room"):
        return True  # a number or an amount: always one to give; a Room card drawn
    if offer.offer == "treasure_to_dungeon":
        return bool(treasure_dungeons(state))
    if offer.offer == "spells_in_hand":  # while the Hero is still in the card's Room
        walk = state.walk
        if walk is None or walk.player != offer.player or walk.room is None:
            return False
        return state.player(offer.player).dungeon[walk.room].top.card_id == offer.card_id
    return bool(uncover_choices(state, offer))


def treasure_dungeons(state: GameState) -> tuple[str, ...]:
    """The players still in whose dungeon a treasure may be added (one with an active
    Room to hold it until end of turn)."""
    return tuple(
        p.name for p in state.players if not p.eliminated and any(True for _ in p.active_rooms())
    )


def die_faces() -> range:
    return DIE_FACES
