"""The answer of ``python -m rules turn``: a table refereed to the end of the turn (Bait,
Adventure without interventions, End of turn), each ruling with its rule id.

The table itself (what the command reads) is :mod:`rules.table`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer

from rules import commands as cmd
from rules import engine
from rules import events as ev
from rules.items import face_up_now
from rules.models import GameState
from rules.rulings import Ruling
from rules.table import Table, TableError, state_from_table, without_defaults


class BaitEntry(BaseModel):
    hero: int
    lured_by: str | None
    rule: str
    why: str


class AdventureEntry(BaseModel):
    player: str
    hero: int
    outcome: Literal["soul", "wound"]
    room: int | None
    damage: int
    rule: str
    why: str


class PlayerResult(BaseModel):
    name: str
    souls: int
    wounds: int
    eliminated: bool
    coins: int | None = None  # the hoard after the turn, for tables with Coins (R-MINI)

    @model_serializer(mode="wrap")
    def _drop_unused(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_defaults(handler(self), coins=None)


class ItemEntry(BaseModel):
    """Where an Item went (R-ITEM): to ``player`` face up or down, or (``player`` None)
    it stays in town with its Hero."""

    item: int
    name: str | None
    hero: int
    player: str | None
    face_up: bool | None
    rule: str
    why: str


class EffectEntry(BaseModel):
    """A card ability that changed or fired in the turn (R-CARD-EFFECT), in order."""

    rule: str
    why: str


class TurnResult(BaseModel):
    bait: list[BaitEntry]
    town: list[int]
    adventure: list[AdventureEntry]
    players: list[PlayerResult]
    game_over: bool
    winner: str | None
    why: str
    rule: str | None = None
    items: list[ItemEntry] | None = None  # only for tables with Items
    effects: list[EffectEntry] | None = None  # only when a card ability applied

    @model_serializer(mode="wrap")
    def _drop_unused(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_defaults(handler(self), items=None, effects=None)


def _item_entries(state: GameState, events: list[ev.EventBase]) -> list[ItemEntry] | None:
    if not state.setup.ruleset.items:
        return None
    out: list[ItemEntry] = []
    for e in events:
        if isinstance(e, ev.ItemScored):
            out.append(
                ItemEntry(
                    item=e.item,
                    name=state.items.item(e.item).card.name or None,
                    hero=e.hero,
                    player=e.player,
                    # As it lies after the turn: a later Item won may have turned it down.
                    face_up=face_up_now(state, e.player, e.item),
                    rule=e.ruling.rule,
                    why=e.ruling.why,
                )
            )
    for hero, item_id in state.items.carried:
        ruling = Ruling(
            rule="R-ITEM",
            key="item.stays",
            args={"hero": state.hero(hero).label(), "item": state.items.item(item_id).label()},
        )
        out.append(
            ItemEntry(
                item=item_id,
                name=state.items.item(item_id).card.name or None,
                hero=hero,
                player=None,
                face_up=None,
                rule=ruling.rule,
                why=ruling.why,
            )
        )
    return sorted(out, key=lambda entry: entry.item)


def referee_turn(table: Table) -> TurnResult:
    """Bait, Adventure (no interventions) and End of turn for the table as given.

    Raises ``TableError`` when every player is already out: the game is over."""
    if all(p.eliminated for p in table.players):
        raise TableError(
            "players: every player is already out (eliminated): the game is over,"
            " there is no turn to referee"
        )
    state = state_from_table(table)
    state, bait_events = engine.apply(state, cmd.ResolveBait())
    town_after = list(state.town)
    events: list[ev.EventBase] = list(bait_events)
    if state.phase == "adventure" and state.walk is not None:
        state, more = engine.apply(state, cmd.FinishAdventure())
        events += more
    state, end_events = engine.apply(state, cmd.EndTurn())
    events += end_events

    bait: list[BaitEntry] = []
    adventure: list[AdventureEntry] = []
    for e in events:
        if isinstance(e, ev.HeroLured | ev.HeroStayed):
            bait.append(
                BaitEntry(
                    hero=e.hero,
                    lured_by=e.player if isinstance(e, ev.HeroLured) else None,
                    rule=e.ruling.rule,
                    why=e.ruling.why,
                )
            )
        elif isinstance(e, ev.HeroKilled):
            adventure.append(
                AdventureEntry(
                    player=e.player,
                    hero=e.hero,
                    outcome="soul",
                    room=e.room,
                    damage=e.damage,
                    rule=e.ruling.rule,
                    why=e.ruling.why,
                )
            )
        elif isinstance(e, ev.HeroSurvived):
            adventure.append(
                AdventureEntry(
                    player=e.player,
                    hero=e.hero,
                    outcome="wound",
                    room=None,
                    damage=e.damage,
                    rule=e.ruling.rule,
                    why=e.ruling.why,
                )
            )
    ended = next((e for e in end_events if isinstance(e, ev.GameEnded)), None)
    no_winner = next(
        (e for e in end_events if isinstance(e, ev.Noted) and e.ruling.key == "end.no_winner"),
        None,
    )
    why = ended.ruling.why if ended else (no_winner.ruling.why if no_winner else "")
    return TurnResult(
        bait=bait,
        town=town_after,
        adventure=adventure,
        players=[
            PlayerResult(
                name=p.name,
                souls=state.souls(p.name),
                wounds=state.wounds(p.name),
                eliminated=p.eliminated,
                coins=p.coins if state.setup.ruleset.minibosses else None,
            )
            for p in state.players
        ],
        game_over=state.game_over,
        winner=state.winner,
        why=why,
        rule=ended.ruling.rule if ended else None,
        items=_item_entries(state, events),
        effects=[
            EffectEntry(rule=e.ruling.rule, why=e.ruling.why)
            for e in events
            if e.ruling.rule == "R-CARD-EFFECT"
        ]
        or None,
    )
