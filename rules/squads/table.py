"""``python -m rules squads TABLE``: the active player's Resolve phase and, with
``"end": true``, the final score, for a squad-game table typed as JSON.

The input holds what stands on the table (each player's squads and princesses, the two
slots); the answer says which of the active player's squads are victorious and what
each may capture, which are beaten and by whom, whether a Recruit action squad
resolves, and at the end each player's score and the winners (all tied players: the
"I WIN!" race is the app's).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from rules.input_errors import StrictInput
from rules.models import PlayerName
from rules.squads.models import (
    Colour,
    MapCard,
    MapKind,
    SlotNumber,
    Squad,
    SquadPlayer,
    SquadState,
    Strength,
    SupportCount,
)
from rules.squads.resolve import action_resolves, open_slots, verdicts
from rules.squads.scoring import Score, score, winners

#: Far more than a table holds; a ceiling so that no input makes the referee slow.
MAX_SQUADS = 40
MAX_PRINCESSES = 40


class TableSquad(StrictInput):
    color: Colour | None = None
    strength: Strength | None = None
    support: SupportCount = 0
    recruit: Literal["megagrump", "mercenary", "catapult"] | None = None
    action: Literal["recruit"] | None = None
    #: The printed strength of a Catapult played face up under the squad (typed).
    catapult: Strength | None = None

    @field_validator("recruit")
    @classmethod
    def _catapult_never_leads(cls, value: str | None) -> str | None:
        if value == "catapult":
            raise ValueError("a Catapult cannot lead a squad (play it face up as support)")
        return value

    @model_validator(mode="after")
    def _leader(self) -> TableSquad:
        if self.action is not None:
            if self.recruit is not None:
                raise ValueError("a Recruit action squad is led by the action card, not a recruit")
            return self
        if self.color is None:
            raise ValueError("a squad led by an army card or a recruit needs its colour")
        if self.strength is None and self.recruit != "megagrump":
            raise ValueError("a squad needs its leader's printed strength")
        return self

    def squad(self, number: int) -> Squad:
        return Squad(
            number=number,
            color=None if self.action else self.color,
            strength=self.strength or 0,
            support=self.support,
            recruit=None if self.recruit == "catapult" else self.recruit,
            action=self.action,
            catapult=self.catapult,
        )


class TablePlayer(StrictInput):
    name: PlayerName
    squads: list[TableSquad] = Field(default_factory=list, max_length=MAX_SQUADS)
    princesses: list[Colour] = Field(default_factory=list, max_length=MAX_PRINCESSES)
    finale: bool = False

    def player(self) -> SquadPlayer:
        squads = tuple(s.squad(i) for i, s in enumerate(self.squads))
        return SquadPlayer(
            name=self.name, boss="", princesses=tuple(self.princesses), squads=squads
        )


class TableSlot(StrictInput):
    slot: SlotNumber
    card: MapKind
    color: Colour


class SquadTable(StrictInput):
    active: PlayerName
    end: bool = False
    players: list[TablePlayer] = Field(min_length=2, max_length=4)
    slots: list[TableSlot] = Field(default_factory=list, max_length=2)

    @model_validator(mode="after")
    def _fits(self) -> SquadTable:
        names = [p.name.casefold() for p in self.players]
        if len(set(names)) != len(names):
            raise ValueError("players: two players have the same name")
        if self.active not in {p.name for p in self.players}:
            raise ValueError(f"active: {self.active!r} is not one of the players")
        numbers = [s.slot for s in self.slots]
        if len(set(numbers)) != len(numbers):
            raise ValueError("slots: two cards in one slot")
        if sum(p.finale for p in self.players) > 1:
            raise ValueError("players: only one player can hold the FINALE")
        return self


class Victorious(BaseModel):
    squad: int
    color: str
    strength: int
    slots: list[int]
    rule: str


class Beaten(BaseModel):
    squad: int
    color: str
    strength: int
    by: str
    by_strength: int
    rule: str


class ActionAnswer(BaseModel):
    squad: int
    resolves: bool
    rule: str


class SquadAnswer(BaseModel):
    victorious: list[Victorious]
    beaten: list[Beaten]
    actions: list[ActionAnswer]
    scores: list[Score] | None = None
    winners: list[str] | None = None


def table_from_state(state: SquadState) -> SquadTable:
    """A game's table in ``python -m rules squads``'s input format (its export)."""
    players = [
        {
            "name": p.name,
            "squads": [s.model_dump(exclude={"number"}, exclude_none=True) for s in p.squads],
            "princesses": list(p.princesses),
            "finale": p.finale,
        }
        for p in state.players
    ]
    slots = [
        {"slot": n, "card": card.kind, "color": card.color}
        for n, card in enumerate(state.slots, 1)
        if card is not None
    ]
    return SquadTable.model_validate(
        {
            "active": state.active_player.name,
            "end": state.phase == "over",
            "players": players,
            "slots": slots,
        },
        strict=False,
    )


def referee_squads(table: SquadTable) -> SquadAnswer:
    players = [p.player() for p in table.players]
    cards = {s.slot: s for s in table.slots}
    slots = [
        MapCard(kind=cards[n].card, color=cards[n].color) if n in cards else None for n in (1, 2)
    ]
    victorious: list[Victorious] = []
    beaten: list[Beaten] = []
    for v in verdicts(players, table.active):
        if v.victorious:
            victorious.append(
                Victorious(
                    squad=v.index,
                    color=v.color,
                    strength=v.strength,
                    slots=open_slots(slots, v.color),
                    rule=v.rule,
                )
            )
        else:
            beaten.append(
                Beaten(
                    squad=v.index,
                    color=v.color,
                    strength=v.strength,
                    by=v.by or "",
                    by_strength=v.by_strength or 0,
                    rule=v.rule,
                )
            )
    active = next(p for p in players if p.name == table.active)
    actions = [
        ActionAnswer(squad=i, resolves=action_resolves(s), rule="R-SQ-ACTION")
        for i, s in enumerate(active.squads)
        if s.action is not None
    ]
    answer = SquadAnswer(victorious=victorious, beaten=beaten, actions=actions)
    if table.end:
        scores = [score(p.name, p.princesses, p.finale) for p in table.players]
        answer = answer.model_copy(update={"scores": scores, "winners": list(winners(scores))})
    return answer
