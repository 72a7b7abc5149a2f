"""What happened in the squad game, each event with the ruling that explains it.

Events share Boss Monster's base (``rules.events.EventBase``: a ruling with a rule id);
``rules.squads.engine.evolve`` folds them into the state.
"""

from __future__ import annotations

from typing import Literal

from rules.events import EventBase, Noted
from rules.squads.models import MapCard, Phase, RecruitKind, Squad
from rules.squads.scoring import Score

__all__ = [
    "EventBase",
    "GameOver",
    "Noted",
    "PhaseChanged",
    "PrincessMoved",
    "RecruitJoined",
    "RecruitLeft",
    "ReturnAsked",
    "SlotFilled",
    "SlotTaken",
    "SquadDeployed",
    "SquadLeft",
    "SupportAdded",
    "WinnerShouted",
]


class SquadDeployed(EventBase):
    type: Literal["sq_deployed"] = "sq_deployed"
    player: str
    squad: Squad


class SupportAdded(EventBase):
    type: Literal["sq_support_added"] = "sq_support_added"
    player: str
    squad: int
    cards: int
    catapult: int | None = None


class SquadLeft(EventBase):
    """A squad left the table whole (retreat, capture, a Bullyhulk, a resolved action)."""

    type: Literal["sq_left"] = "sq_left"
    player: str
    squad: int


class RecruitJoined(EventBase):
    type: Literal["sq_recruit_joined"] = "sq_recruit_joined"
    player: str
    recruit: RecruitKind


class RecruitLeft(EventBase):
    """A recruit went back to the recruit pile (played face up, or a 4th one returned)."""

    type: Literal["sq_recruit_left"] = "sq_recruit_left"
    player: str
    recruit: RecruitKind


class ReturnAsked(EventBase):
    type: Literal["sq_return_asked"] = "sq_return_asked"
    player: str


class SlotTaken(EventBase):
    """A MAP card was captured from its slot."""

    type: Literal["sq_slot_taken"] = "sq_slot_taken"
    player: str
    slot: int
    card: MapCard


class SlotFilled(EventBase):
    type: Literal["sq_slot_filled"] = "sq_slot_filled"
    slot: int
    card: MapCard


class PrincessMoved(EventBase):
    """A princess changed hands: ``giver``/``taker`` None is the pile in the wilds."""

    type: Literal["sq_princess_moved"] = "sq_princess_moved"
    color: str
    giver: str | None = None
    taker: str | None = None


class PhaseChanged(EventBase):
    type: Literal["sq_phase"] = "sq_phase"
    phase: Phase
    active: int
    turn: int


class GameOver(EventBase):
    type: Literal["sq_game_over"] = "sq_game_over"
    scores: tuple[Score, ...]
    winners: tuple[str, ...]


class WinnerShouted(EventBase):
    type: Literal["sq_winner_shouted"] = "sq_winner_shouted"
    player: str
