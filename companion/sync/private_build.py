"""Building in private: each player places this turn's Room on their own phone.

The engine already keeps a placed Room face down (``PlayerState.pending``) until
``RevealRooms``; this module decides which device may build for whom, who is ready, and
who may reveal. The rules:

* A seated device builds only for its own player.
* A host or table device builds for any player who has no connected device of their
  own (a player without a phone); a player whose phone is here builds there.
* A player is *ready* once their Room is placed (or they are out of the game).
* The host may reveal at any time (a player who chooses not to build this turn just says
  so); seated players and table devices once every player is ready, and the Reveal
  button shows only where it may be tapped.
* A face-down Room (or Miniboss) is seen, on screen or in an export, only by the device
  that could build it: its owner's seat, or a host or table device for a player with no
  device of their own. Never by a spectator or another seat (R-BUILD-ONE).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.sync.access import Access, GameAccess
from rules import flow
from rules.commands import BuildMiniboss, BuildRoom, CastSpell, Command
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
    return flow.is_out(state, player) or state.player(player).has_built


def waiting_for(state: GameState) -> tuple[str, ...]:
    """Players who have not placed their Room yet, in seating order."""
    return tuple(p.name for p in state.players if not is_ready(state, p.name))


def may_reveal(access: Access, state: GameState) -> bool:
    """The host may reveal at any time (a player who passes this turn says so at the
    table); any other device once every player is ready."""
    if not access.can_change:
        return False
    if access.role == "host":
        return True
    return not waiting_for(state)


def may_see_face_down(access: Access, record: GameAccess | None, player: str) -> bool:
    """Whether this device may see what ``player`` placed face down this phase."""
    if access.seat == player:
        return True
    if access.role not in ("host", "table"):
        return False
    return record is None or record.holder(player) is None


def face_down_hidden(
    state: GameState, access: Access, record: GameAccess | None
) -> tuple[str, ...]:
    """Players whose face-down Room or Miniboss this device may not see, in seating order
    (a Room placed in another's dungeon, Surprise Gift, is its placer's to see)."""
    placed = state.placed_face_down()
    return tuple(
        p.name
        for p in state.players
        if p.name in placed and not may_see_face_down(access, record, p.name)
    )


def taken_back_hidden(undone: Iterable[Command], access: Access, record: GameAccess | None) -> bool:
    """Whether the redo stack holds a Room or Miniboss that a player placed and took back
    into their hand, and this device may not see it."""
    return any(
        (isinstance(c, BuildRoom | BuildMiniboss) or (isinstance(c, CastSpell) and c.build))
        and not may_see_face_down(access, record, c.player)
        for c in undone
    )
