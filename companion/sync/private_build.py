"""Building in private: each player places this turn's Room on their own phone.

The engine already keeps a placed Room face down (``PlayerState.pending``) until
``RevealRooms``; this module decides which device may build for whom, who is ready, and
who may reveal. The rules:

* A seated device builds only for its own player.
* A host or table device builds for any player who has no connected device of their
  own (a player without a phone); a player whose phone is here builds there.
* A player is *ready* once their Room is placed (or they are out of the game).
* A seated player may reveal once every player is ready; the host and table devices may
  reveal at any time (a player who chooses not to build this turn just says so).
"""

from __future__ import annotations

from companion.sync.access import Access, GameAccess
from rules.models import GameState


def may_build_for(
    access: Access, record: GameAccess | None, online: set[str], player: str, device: str
) -> bool:
    if not access.can_change:
        return False
    if access.role == "seat":
        return access.seat == player
    if record is None:
        return True
    holder = record.holder(player)
    return holder is None or holder == device or holder not in online


def is_ready(state: GameState, player: str) -> bool:
    p = state.player(player)
    return p.eliminated or p.pending is not None or p.built_this_phase


def waiting_for(state: GameState) -> tuple[str, ...]:
    """Players who have not placed their Room yet, in seating order."""
    return tuple(p.name for p in state.players if not is_ready(state, p.name))


def may_reveal(access: Access, state: GameState) -> bool:
    if not access.can_change:
        return False
    if access.role == "seat":
        return not waiting_for(state)
    return True
