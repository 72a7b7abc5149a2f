"""What a player asks the squad game's referee to do: one frozen model per command.

As in Boss Monster (``rules.commands``), a game is its set-up plus the commands made, so
commands are plain data that serialise to JSON through ``SQUAD_COMMANDS``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.models import Frozen, PlayerName
from rules.squads.models import (
    Colour,
    LeaderRecruit,
    MapCard,
    RecruitKind,
    SlotNumber,
    Strength,
)

SquadNumber = Annotated[int, Field(ge=0, le=100_000)]
Cards = Annotated[int, Field(ge=0, le=20)]
#: How many princesses a captured Parasols sends back to the wilds, at most (R-SQ-PARASOLS).
MAX_PARASOLS = 2


class Deploy(Frozen):
    """Lead a new squad with a card from the hand, face up (Deploy phase)."""

    type: Literal["sq_deploy"] = "sq_deploy"
    player: PlayerName
    color: Colour | None = None
    strength: Strength = 0
    recruit: LeaderRecruit | None = None
    action: Literal["recruit"] | None = None


class Support(Frozen):
    """Put ``cards`` face down under a squad, and/or a Catapult face up (Support phase)."""

    type: Literal["sq_support"] = "sq_support"
    player: PlayerName
    squad: SquadNumber
    cards: Cards = 1
    catapult: Strength | None = None


class Retreat(Frozen):
    """Call a whole squad back into the retreat pile (Retreat phase)."""

    type: Literal["sq_retreat"] = "sq_retreat"
    player: PlayerName
    squad: SquadNumber


class PrincessPick(Frozen):
    """A princess on the table: whose, and her colour."""

    owner: PlayerName
    color: Colour


class Capture(Frozen):
    """A victorious squad captures the MAP card in ``slot``; what the card does comes with
    it: ``princess`` (Kidnap, Gullible Hero: her colour), ``victim`` (the player Kidnap
    or Gullible Hero takes from, Bullyhulk's or Fake Princess's enemy; for Kidnap None is
    the pile), ``parasols`` (up to 2 princesses sent back to the wilds)."""

    type: Literal["sq_capture"] = "sq_capture"
    player: PlayerName
    squad: SquadNumber
    slot: SlotNumber
    princess: Colour | None = None
    victim: PlayerName | None = None
    parasols: tuple[PrincessPick, ...] = Field(default=(), max_length=MAX_PARASOLS)


class ResolveAction(Frozen):
    """Resolve a Recruit action squad: it retreats and ``recruit`` (the card drawn from
    the recruit pile) joins the army."""

    type: Literal["sq_resolve_action"] = "sq_resolve_action"
    player: PlayerName
    squad: SquadNumber
    recruit: RecruitKind


class ReturnRecruit(Frozen):
    """A 4th recruit came: one goes back to the recruit pile at once."""

    type: Literal["sq_return_recruit"] = "sq_return_recruit"
    player: PlayerName
    recruit: RecruitKind


class FinishResolve(Frozen):
    """End the Resolve phase: the cards drawn into the empty slots (SLOT1 from TIMER,
    SLOT2 from MAP; None for SLOT2 when the MAP deck is empty)."""

    type: Literal["sq_finish_resolve"] = "sq_finish_resolve"
    slot1: MapCard | None = None
    slot2: MapCard | None = None


class EndTurn(Frozen):
    type: Literal["sq_end_turn"] = "sq_end_turn"
    player: PlayerName


class ShoutWin(Frozen):
    """A tied player's "I WIN!": the first to reach the referee wins."""

    type: Literal["sq_shout_win"] = "sq_shout_win"
    player: PlayerName


SquadCommand = Annotated[
    Deploy
    | Support
    | Retreat
    | Capture
    | ResolveAction
    | ReturnRecruit
    | FinishResolve
    | EndTurn
    | ShoutWin,
    Field(discriminator="type"),
]

SQUAD_COMMANDS: TypeAdapter[SquadCommand] = TypeAdapter(SquadCommand)
