"""The turn's flow as data (R-PHASE): the one phase order, each phase's commands, what
ends it and what comes next.

The engine refuses a command outside its phases from this table and builds the event
that moves the game on from it; ``rules.flow`` answers the app's questions with it (what
may happen now, and why not). Nothing else lists the phases or says what follows one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import BaseModel

from rules import commands as cmd
from rules import events as ev
from rules import items
from rules.models import CardOffer, GameState, Phase
from rules.rulings import Ruling
from rules.table import MAX_TOWN

#: The phases of the table in play order: the set-up once, then each turn from
#: ``TURN_STARTS`` to ``"end"``. ``"over"`` follows the end of the last turn.
PHASE_ORDER: tuple[Phase, ...] = ("setup", "beginning", "build", "bait", "adventure", "end")
TURN_STARTS: Phase = "beginning"
OVER: Phase = "over"

_COINS: tuple[type[BaseModel], ...] = (  # Room abilities give and take Coins at any time (R-MINI)
    cmd.GainCoins,
    cmd.PayCoins,
    cmd.PlaceCoinOnRoom,
    cmd.TakeCoinsFromRoom,
    cmd.GiveCoins,
)
_WALK: tuple[type[BaseModel], ...] = (
    cmd.AdvanceHero,
    cmd.FinishWalk,
    cmd.FinishAdventure,
    cmd.DamageHero,
    cmd.HealHero,
    cmd.KillHero,
    cmd.SendHeroBack,
    cmd.SkipRoom,
)
# Spells, abilities and Items are played in the Build and Adventure phases (R-ITEM: an
# Item like a Spell).
_PLAY: tuple[type[BaseModel], ...] = (
    cmd.DestroyRoom,
    cmd.DeactivateRoom,
    cmd.HealWound,
    cmd.CastSpell,
    cmd.UseItem,
    cmd.UseRoomAbility,
    cmd.UseBossAbility,
)


@dataclass(frozen=True)
class Stage:
    """One phase: the commands it takes, which of them end it (none: it ends by itself,
    as ``ends_when`` says), the phase that follows, and the message key of the ruling
    that says so."""

    phase: Phase
    commands: tuple[type[BaseModel], ...]
    ends_with: tuple[type[BaseModel], ...]
    ends_when: str
    next: Phase
    key: str = "turn.phase"


# An ability may fire as the last Hero dies, which ends the Adventure phase: its owner still
# answers before the turn ends; one fired by a Room built or a Level Up at the reveal is
# answered in the Bait phase (R-CARD-EFFECT). A Miniboss's level 3 may be used in any
# phase of a turn.
STAGES: Mapping[Phase, Stage] = {
    s.phase: s
    for s in (
        Stage(
            "setup",
            (cmd.BuildRoom, cmd.RevealRooms, cmd.SetTreasureBonus, cmd.CorrectScore, *_COINS),
            ends_with=(cmd.RevealRooms,),
            ends_when="every first Room is revealed (R-SETUP-FIRST)",
            next=TURN_STARTS,
        ),
        Stage(
            "beginning",
            (
                cmd.RevealItems,
                cmd.RevealHeroes,
                cmd.SetTreasureBonus,
                cmd.CorrectScore,
                *_COINS,
                cmd.UseMinibossLevel2,
                cmd.UseMinibossLevel3,
            ),
            ends_with=(cmd.RevealHeroes,),
            ends_when="the Heroes are revealed in town (R-TURN-REVEAL)",
            next="build",
        ),
        Stage(
            "build",
            (
                cmd.BuildRoom,
                cmd.RevealRooms,
                *_PLAY,
                cmd.SetTreasureBonus,
                cmd.CorrectScore,
                cmd.AnswerCardEffect,
                *_COINS,
                cmd.BuildMiniboss,
                cmd.DeclineMiniboss,
                cmd.PromoteMiniboss,
                cmd.UseMinibossLevel2,
                cmd.UseMinibossLevel3,
                cmd.DiscardRoomForCoin,
            ),
            ends_with=(cmd.RevealRooms,),
            ends_when="the Rooms built are revealed together (R-BUILD-ONE)",
            next="bait",
        ),
        Stage(
            "bait",
            (
                cmd.ResolveBait,
                cmd.SetTreasureBonus,
                cmd.CorrectScore,
                cmd.AnswerCardEffect,
                *_COINS,
                cmd.UseMinibossLevel2,
                cmd.UseMinibossLevel3,
            ),
            ends_with=(cmd.ResolveBait,),
            ends_when="each Hero in town is lured or stays (R-BAIT-HIGHEST)",
            next="adventure",
        ),
        Stage(
            "adventure",
            (
                *_WALK,
                *_PLAY,
                cmd.SetTreasureBonus,
                cmd.CorrectScore,
                cmd.AnswerCardEffect,
                cmd.ChooseFaceUpItem,  # Items are won in the Adventure phase
                *_COINS,
                cmd.UseMinibossLevel2,
                cmd.UseMinibossLevel3,
            ),
            ends_with=(),
            ends_when="every player's entrance is empty and no Hero walks (R-ADV-ORDER)",
            next="end",
            key="adv.done",
        ),
        Stage(
            "end",
            (
                cmd.EndTurn,
                cmd.CorrectScore,
                cmd.AnswerCardEffect,
                cmd.ChooseFaceUpItem,
                *_COINS,
                cmd.UseMinibossLevel2,
                cmd.UseMinibossLevel3,
            ),
            ends_with=(cmd.EndTurn,),
            ends_when="the turn is ruled on: the next begins, or the game is over (R-END-WIN)",
            next=TURN_STARTS,
        ),
    )
}


def phases_of(command_type: type[BaseModel]) -> tuple[Phase, ...]:
    """The phases in which a kind of command may be made, in play order."""
    return tuple(p for p in PHASE_ORDER if command_type in STAGES[p].commands)


def commands_in(phase: Phase) -> tuple[type[BaseModel], ...]:
    """The kinds of command a phase takes (none once the game is over)."""
    stage = STAGES.get(phase)
    return () if stage is None else stage.commands


def reveal_count(state: GameState) -> int:
    """Heroes revealed each turn: one per player at the table, eliminated ones too
    (R-END-ELIM: the number does not change), fewer only when the deck runs out, or
    when the town is as full as no real table gets (``MAX_TOWN``: more Heroes than every
    deck holds, so a Bait, which baits the whole town, never grows with the game)."""
    room = max(MAX_TOWN - len(state.town), 0)
    return min(len(state.players), state.ordinary_left + state.epic_left, room)


def next_turn(state: GameState) -> ev.TurnStarted:
    """The event that starts the turn after ``state``'s (turn 1 after the set-up)."""
    turn = state.turn + 1
    return ev.TurnStarted(
        turn=turn,
        ruling=Ruling(
            rule="R-TURN-REVEAL",
            key="turn.started",
            args={"turn": turn, "count": reveal_count(state)},
        ),
    )


def phase_done(state: GameState) -> ev.PhaseChanged | ev.TurnStarted:
    """The event that ends ``state``'s phase and opens the one that comes next.

    After the set-up and the end of a turn that is a new turn; the end of the game is
    ``rules.end_of_turn``'s to rule on, before this."""
    stage = STAGES[state.phase]
    if stage.next == TURN_STARTS:
        return next_turn(state)
    args = {} if stage.key != "turn.phase" else {"phase": stage.next.capitalize()}
    ruling = Ruling(rule="R-PHASE", key=stage.key, args=args)
    return ev.PhaseChanged(phase=stage.next, ruling=ruling)


def town_offer_waiting(state: GameState) -> CardOffer | None:
    """An ability that picks a Hero in town, still unanswered: the Bait waits for it
    (R-BUILD-ONE: "when you build" and Level Up abilities resolve before any Hero is
    lured)."""
    return next((o for o in state.offers if o.takes_town_hero), None)


def must_do_offer_waiting(state: GameState) -> CardOffer | None:
    """An ability the card does not make optional, still unanswered: the turn may not end
    before it is (offers lapse when the next turn begins, R-CARD-EFFECT)."""
    return next((o for o in state.offers if o.mandatory), None)


def held_back(state: GameState, command_type: type[BaseModel]) -> bool:
    """Whether a command its phase takes must wait for something first: the Heroes for
    this turn's Items, which come once (R-ITEM); the Bait for an ability that picks a Hero
    in town; the end of the turn for a must-do ability (R-CARD-EFFECT)."""
    if command_type is cmd.RevealHeroes:
        return items.items_due(state)
    if command_type is cmd.RevealItems:
        return not items.items_due(state)
    if command_type is cmd.ResolveBait:
        return town_offer_waiting(state) is not None
    if command_type is cmd.EndTurn:
        return must_do_offer_waiting(state) is not None
    return False
