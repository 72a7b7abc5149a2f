"""Who a device is in a game: the host, a seated player, the table, a spectator, or nobody.

The rules, in one place (the screens and the game screen's command path both ask here):

* The **host** devices are the one that created the game on this server (and, for a game
  saved before join codes existed, the first device on the server's own computer that
  opens it). They always know the code.
* A device that presents the game's **join code** may change the game. If it also holds
  a **seat** (one of the players) it builds that player's Room privately on its own
  screen; without a seat it is a **table** device that may act for any player who has no
  device of their own.
* Without the code, a device may only **watch** if the host allows spectators for that
  game; otherwise it sees **nothing** of the game (not even that it exists).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.sync.codes import ALPHABET, CODE_LENGTH

Role = Literal["host", "table", "seat", "spectator", "none"]
DEVICE_ID_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
CODE_PATTERN = rf"^[{ALPHABET}]{{{CODE_LENGTH}}}$"


class SeatClaim(BaseModel):
    """One player's seat, held by one device."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str = Field(min_length=1, max_length=40)
    device: str = Field(pattern=DEVICE_ID_PATTERN)


class GameAccess(BaseModel):
    """A game's join code and seats, kept by the server next to the saved games."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_id: str = Field(min_length=3, max_length=64)
    code: str = Field(pattern=CODE_PATTERN)
    allow_spectators: bool = False
    hosts: tuple[str, ...] = ()
    seats: tuple[SeatClaim, ...] = ()

    def seat_of(self, device: str) -> str | None:
        return next((s.player for s in self.seats if s.device == device), None)

    def holder(self, player: str) -> str | None:
        return next((s.device for s in self.seats if s.player == player), None)

    def with_seat(self, player: str | None, device: str) -> GameAccess:
        """``device`` sits at ``player`` (None: leaves its seat); one seat per device."""
        kept = tuple(s for s in self.seats if s.device != device and s.player != player)
        if player is not None:
            kept = (*kept, SeatClaim(player=player, device=device))
        return self.model_copy(update={"seats": kept})


class Join(BaseModel):
    """What a device remembers about one game it joined (in its own storage)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(pattern=CODE_PATTERN)
    seat: str | None = None


@dataclass(frozen=True)
class Access:
    """This device in this game."""

    role: Role
    seat: str | None = None  # the player this device sits at (host or seat role)
    stale_code: bool = False  # it remembered a code that is no longer the game's

    @property
    def can_change(self) -> bool:
        return self.role in ("host", "table", "seat")

    @property
    def can_view(self) -> bool:
        return self.role != "none"


def decide_access(game: GameAccess, device: str, join: Join | None) -> Access:
    """The role of ``device`` in ``game``, given the join it remembers (if any)."""
    seat = game.seat_of(device)
    if device in game.hosts:
        return Access("host", seat)
    if join is not None and join.code == game.code:
        return Access("seat", seat) if seat is not None else Access("table")
    stale = join is not None
    if game.allow_spectators:
        return Access("spectator", stale_code=stale)
    return Access("none", stale_code=stale)


def seat_free_for(game: GameAccess, player: str, device: str, online: set[str]) -> bool:
    """Whether ``device`` may take ``player``'s seat: it is free, already this device's,
    or held by a device that is not connected now (a phone that died or was swapped)."""
    holder = game.holder(player)
    return holder is None or holder == device or holder not in online


def may_repair(record: GameAccess | None, device: str, local: bool) -> bool:
    """Whether a device may see what is wrong with a damaged saved game (the message
    names its file on the server) and restore a backup: the server's own computer, or a
    host device of that game. Any other device hears only that the game can't be opened,
    and only if it may view the game."""
    return local or (record is not None and device in record.hosts)
