"""The squad game's referee: ``decide`` whether a command is legal, ``evolve`` the state.

The same flow as Boss Monster's ``rules.engine``: command → decide (a ``RulesError``
naming the rule) → events, each with its ruling → evolve → a new frozen state.
The turn: Resolve (skipped without a standing squad), Deploy, Support, Regroup and
Retreat; a Support or a Retreat ends the phases before it (R-SQ-TURN).
"""

from __future__ import annotations

from rules.errors import RulesError
from rules.rulings import Ruling
from rules.squads import commands as cmd
from rules.squads import events as ev
from rules.squads.commands import SquadCommand
from rules.squads.evolve import evolve
from rules.squads.map_cards import card_events, leave_events
from rules.squads.messages import MAP_NAMES
from rules.squads.models import (
    MAX_RECRUITS,
    TIMER_CARDS,
    MapCard,
    Phase,
    RecruitKind,
    Squad,
    SquadPlayer,
    SquadSetup,
    SquadState,
)
from rules.squads.phases import PHASES_OF
from rules.squads.resolve import action_resolves, verdict
from rules.squads.scoring import score, winners

__all__ = ["apply", "decide", "evolve", "new_game"]

# A squad is numbered from 0 in commands and events, from 1 in what players read.


def new_game(setup: SquadSetup) -> SquadState:
    """The table after set-up: the first player's first turn skips Resolve (R-SQ-RESOLVE)."""
    players = tuple(
        SquadPlayer(name=p.name, boss=p.boss, princesses=(p.princess,)) for p in setup.players
    )
    return SquadState(players=players, slots=(setup.slot1, setup.slot2), phase="deploy")


def setup_rulings(setup: SquadSetup) -> list[Ruling]:
    """What set-up did, for the log's first lines (R-SQ-SETUP)."""
    out = [
        Ruling(
            rule="R-SQ-SETUP",
            key="sq.setup",
            args={"player": p.name, "boss": p.boss, "color": p.princess},
        )
        for p in setup.players
    ]
    args: dict[str, str | int] = {
        "card1": MAP_NAMES[setup.slot1.kind],
        "color1": setup.slot1.color,
        "card2": MAP_NAMES[setup.slot2.kind],
        "color2": setup.slot2.color,
        "left": TIMER_CARDS - 1,
    }
    return [*out, Ruling(rule="R-SQ-SETUP", key="sq.slots_dealt", args=args)]


def _active(state: SquadState, player: str) -> SquadPlayer:
    if player != state.active_player.name:
        raise RulesError("R-SQ-TURN", "err.sq.turn", active=state.active_player.name)
    return state.active_player


def _squad(player: SquadPlayer, number: int) -> Squad:
    for squad in player.squads:
        if squad.number == number:
            return squad
    raise RulesError("R-SQ-SQUAD", "err.sq.no_squad", player=player.name, squad=number + 1)


def _phase_is(state: SquadState, wanted: tuple[Phase, ...]) -> None:
    """Refuse a command of a phase the turn has left, or not yet reached (R-SQ-TURN)."""
    if state.phase in wanted:
        return
    player = state.active_player.name
    if state.phase == "resolve":
        raise RulesError("R-SQ-TURN", "err.sq.finish_resolve", player=player)
    if wanted == ("resolve",):
        raise RulesError("R-SQ-TURN", "err.sq.resolve_over", player=player)
    key = "err.sq.deploy_over" if wanted == ("deploy",) else "err.sq.support_over"
    raise RulesError("R-SQ-TURN", key, player=player)


def _moved_to(state: SquadState, phase: Phase) -> list[ev.EventBase]:
    """Entering a later phase of the turn (Support, Retreat) by acting in it."""
    if state.phase == phase:
        return []
    key = "sq.support_phase" if phase == "support" else "sq.retreat_phase"
    why = Ruling(rule="R-SQ-TURN", key=key, args={"player": state.active_player.name})
    return [ev.PhaseChanged(ruling=why, phase=phase, active=state.active, turn=state.turn)]


def _free_recruit(player: SquadPlayer, kind: RecruitKind) -> None:
    """``player`` holds a ``kind`` not already face up on the table (R-SQ-RECRUIT)."""
    shown = sum(s.face_up_recruits.count(kind) for s in player.squads)
    if player.recruits.count(kind) <= shown:
        raise RulesError(
            "R-SQ-RECRUIT", "err.sq.no_recruit", player=player.name, recruit=kind.capitalize()
        )


def _deploy(state: SquadState, command: cmd.Deploy) -> list[ev.EventBase]:
    player = _active(state, command.player)
    _phase_is(state, PHASES_OF[cmd.Deploy])
    # Refused here, named, before the squad is made (its model would raise: R-SQ-SQUAD).
    if command.action is None and command.color is None:
        raise RulesError("R-SQ-SQUAD", "err.sq.needs_colour", player=player.name)
    if command.action is not None and command.recruit is not None:
        raise RulesError("R-SQ-ACTION", "err.sq.action_led", recruit=command.recruit.capitalize())
    squad = Squad(
        number=state.next_squad,
        color=None if command.action else command.color,
        strength=0 if command.action else command.strength,
        recruit=command.recruit,
        action=command.action,
    )
    args: dict[str, str | int] = {"player": player.name, "color": squad.color or ""}
    if command.action is not None:
        if any(s.action for s in player.squads):
            raise RulesError("R-SQ-ACTION", "err.sq.action_twice", player=player.name)
        why = Ruling(rule="R-SQ-ACTION", key="sq.deployed_action", args={"player": player.name})
    elif command.recruit is not None:
        _free_recruit(player, command.recruit)
        key = f"sq.deployed_{command.recruit}"
        why = Ruling(rule="R-SQ-RECRUIT", key=key, args={**args, "strength": squad.total})
    else:
        why = Ruling(rule="R-SQ-SQUAD", key="sq.deployed", args={**args, "strength": squad.total})
    return [ev.SquadDeployed(ruling=why, player=player.name, squad=squad)]


def _support(state: SquadState, command: cmd.Support) -> list[ev.EventBase]:
    player = _active(state, command.player)
    _phase_is(state, PHASES_OF[cmd.Support])
    squad = _squad(player, command.squad)
    if command.cards == 0 and command.catapult is None:
        raise RulesError("R-SQ-SQUAD", "err.sq.no_support")
    out = _moved_to(state, "support")
    args: dict[str, str | int] = {"player": player.name, "squad": squad.number + 1}
    after = squad.model_copy(
        update={
            "support": squad.support + command.cards,
            "catapult": squad.catapult if command.catapult is None else command.catapult,
        }
    )
    if command.cards:
        key = "sq.support_megagrump" if squad.recruit == "megagrump" else "sq.support"
        rule = "R-SQ-RECRUIT" if squad.recruit == "megagrump" else "R-SQ-SQUAD"
        why = Ruling(
            rule=rule, key=key, args={**args, "cards": command.cards, "total": after.total}
        )
        out.append(
            ev.SupportAdded(ruling=why, player=player.name, squad=squad.number, cards=command.cards)
        )
    if command.catapult is not None:
        if squad.catapult is not None:
            raise RulesError("R-SQ-RECRUIT", "err.sq.catapult_twice", squad=squad.number + 1)
        _free_recruit(player, "catapult")
        why = Ruling(
            rule="R-SQ-RECRUIT",
            key="sq.catapult",
            args={**args, "catapult": command.catapult, "total": after.total},
        )
        out.append(
            ev.SupportAdded(
                ruling=why,
                player=player.name,
                squad=squad.number,
                cards=0,
                catapult=command.catapult,
            )
        )
    return out


def _retreat(state: SquadState, command: cmd.Retreat) -> list[ev.EventBase]:
    player = _active(state, command.player)
    _phase_is(state, PHASES_OF[cmd.Retreat])
    _squad(player, command.squad)
    why = Ruling(
        rule="R-SQ-SQUAD",
        key="sq.retreat",
        args={"player": player.name, "squad": command.squad + 1},
    )
    return [*_moved_to(state, "retreat"), *leave_events(state, player.name, command.squad, why)]


def _capture(state: SquadState, command: cmd.Capture) -> list[ev.EventBase]:
    player = _active(state, command.player)
    _phase_is(state, PHASES_OF[cmd.Capture])
    squad = _squad(player, command.squad)
    if squad.color is None:
        raise RulesError("R-SQ-ACTION", "err.sq.no_colour")
    index = player.squads.index(squad)
    judged = verdict(state.players, player.name, index)
    args: dict[str, str | int] = {
        "player": player.name,
        "squad": squad.number + 1,
        "color": squad.color,
        "strength": squad.total,
    }
    if not judged.victorious:
        by = judged.by or ""
        raise RulesError(
            "R-SQ-STRONGEST", "err.sq.beaten", **args, by=by, by_strength=judged.by_strength or 0
        )
    card = state.slots[command.slot - 1]
    if card is None:
        raise RulesError("R-SQ-CAPTURE", "err.sq.empty_slot", slot=command.slot)
    if card.color != squad.color:
        raise RulesError(
            "R-SQ-CAPTURE",
            "err.sq.wrong_colour",
            slot=command.slot,
            card_color=card.color,
            squad=squad.number + 1,
            color=squad.color,
        )
    key = "sq.captured_tie" if judged.tie else "sq.captured"
    why = Ruling(
        rule=judged.rule, key=key, args={**args, "card": MAP_NAMES[card.kind], "slot": command.slot}
    )
    out: list[ev.EventBase] = [
        ev.SlotTaken(ruling=why, player=player.name, slot=command.slot, card=card)
    ]
    out += leave_events(state, player.name, squad.number, why)
    # The card's instructions act on the table as it is once the squad has retreated.
    out += card_events(evolve(state, out), command, card)
    if card.kind == "finale":
        out += _game_over(evolve(state, out))
    return out


def _game_over(state: SquadState) -> list[ev.EventBase]:
    """The FINALE is captured: the score, and the winner or the players tied (R-SQ-END)."""
    scores = tuple(score(p.name, p.princesses, p.finale) for p in state.players)
    out: list[ev.EventBase] = []
    for s in scores:
        args = {
            "player": s.name,
            "points": s.points,
            "princesses": s.princesses,
            "pairs": s.pairs,
            "finale": int(s.finale),
        }
        rule = "R-SQ-PAIRS" if s.pairs else "R-SQ-SCORE"
        out.append(ev.Noted(ruling=Ruling(rule=rule, key="sq.score", args=args)))
    best = winners(scores)
    points = max(s.points for s in scores)
    if len(best) == 1:
        why = Ruling(rule="R-SQ-SCORE", key="sq.winner", args={"player": best[0], "points": points})
    else:
        names = ", ".join(best[:-1]) + " and " + best[-1]
        why = Ruling(rule="R-SQ-IWIN", key="sq.tied", args={"players": names, "points": points})
    return [*out, ev.GameOver(ruling=why, scores=scores, winners=best)]


def _resolve_action(state: SquadState, command: cmd.ResolveAction) -> list[ev.EventBase]:
    player = _active(state, command.player)
    _phase_is(state, PHASES_OF[cmd.ResolveAction])
    squad = _squad(player, command.squad)
    if squad.action is None:
        raise RulesError("R-SQ-ACTION", "err.sq.not_action", squad=squad.number + 1)
    if not action_resolves(squad):
        raise RulesError("R-SQ-ACTION", "err.sq.action_support", support=squad.support)
    name = command.recruit.capitalize()
    why = Ruling(
        rule="R-SQ-ACTION", key="sq.action_resolved", args={"player": player.name, "recruit": name}
    )
    out: list[ev.EventBase] = [
        *leave_events(state, player.name, squad.number, why),
        ev.RecruitJoined(ruling=why, player=player.name, recruit=command.recruit),
    ]
    if len(player.recruits) + 1 > MAX_RECRUITS:
        ask = Ruling(rule="R-SQ-RECRUIT", key="sq.return_asked", args={"player": player.name})
        out.append(ev.ReturnAsked(ruling=ask, player=player.name))
    return out


def _return_recruit(state: SquadState, command: cmd.ReturnRecruit) -> list[ev.EventBase]:
    if state.returning != command.player:
        raise RulesError("R-SQ-RECRUIT", "err.sq.not_returning", player=command.player)
    player = state.player(command.player)
    if command.recruit not in player.recruits:
        raise RulesError(
            "R-SQ-RECRUIT",
            "err.sq.no_recruit",
            player=player.name,
            recruit=command.recruit.capitalize(),
        )
    args: dict[str, str | int] = {"player": player.name, "recruit": command.recruit.capitalize()}
    why = Ruling(rule="R-SQ-RECRUIT", key="sq.recruit_returned", args=args)
    return [ev.RecruitLeft(ruling=why, player=player.name, recruit=command.recruit)]


def _refill(state: SquadState, slot: int, card: MapCard | None) -> list[ev.EventBase]:
    """The card drawn into an empty slot (R-SQ-REFILL): SLOT1 from TIMER (the FINALE once
    it is used up), SLOT2 from MAP (nothing once that is empty)."""
    if state.slots[slot - 1] is not None:
        if card is not None:
            raise RulesError("R-SQ-REFILL", "err.sq.refill", slot=slot)
        return []
    if card is None:
        if slot == 1:
            raise RulesError("R-SQ-REFILL", "err.sq.refill_missing", slot=slot)
        return [ev.Noted(ruling=Ruling(rule="R-SQ-REFILL", key="sq.map_empty"))]
    if slot == 2 and card.kind == "finale":
        raise RulesError("R-SQ-REFILL", "err.sq.finale_map")
    if slot == 1 and state.timer_left > 0 and card.kind == "finale":
        raise RulesError("R-SQ-REFILL", "err.sq.finale_early", left=state.timer_left)
    if slot == 1 and state.timer_left == 0 and card.kind != "finale":
        raise RulesError("R-SQ-REFILL", "err.sq.finale_due")
    args: dict[str, str | int] = {"card": MAP_NAMES[card.kind], "color": card.color}
    if slot == 2:
        key = "sq.slot_map"
    elif card.kind == "finale":
        key = "sq.slot_finale"
    else:
        key, args["left"] = "sq.slot_timer", state.timer_left - 1
    return [
        ev.SlotFilled(ruling=Ruling(rule="R-SQ-REFILL", key=key, args=args), slot=slot, card=card)
    ]


def _finish_resolve(state: SquadState, command: cmd.FinishResolve) -> list[ev.EventBase]:
    _phase_is(state, PHASES_OF[cmd.FinishResolve])
    out = [*_refill(state, 1, command.slot1), *_refill(state, 2, command.slot2)]
    why = Ruling(rule="R-SQ-TURN", key="sq.deploy", args={"player": state.active_player.name})
    return [*out, ev.PhaseChanged(ruling=why, phase="deploy", active=state.active, turn=state.turn)]


def _end_turn(state: SquadState, command: cmd.EndTurn) -> list[ev.EventBase]:
    _active(state, command.player)
    _phase_is(state, PHASES_OF[cmd.EndTurn])
    active = (state.active + 1) % len(state.players)
    nxt = state.players[active]
    turn = state.turn + 1
    if nxt.squads:
        why = Ruling(rule="R-SQ-RESOLVE", key="sq.resolve", args={"player": nxt.name})
        return [ev.PhaseChanged(ruling=why, phase="resolve", active=active, turn=turn)]
    skipped = Ruling(rule="R-SQ-RESOLVE", key="sq.resolve_skipped", args={"player": nxt.name})
    return [ev.PhaseChanged(ruling=skipped, phase="deploy", active=active, turn=turn)]


def _shout(state: SquadState, command: cmd.ShoutWin) -> list[ev.EventBase]:
    if state.winner is not None and state.tied:
        raise RulesError("R-SQ-IWIN", "err.sq.race_over", winner=state.winner)
    if command.player not in state.tied:
        raise RulesError("R-SQ-IWIN", "err.sq.no_race")
    why = Ruling(rule="R-SQ-IWIN", key="sq.shouted", args={"player": command.player})
    return [ev.WinnerShouted(ruling=why, player=command.player)]


def decide(state: SquadState, command: SquadCommand) -> tuple[ev.EventBase, ...]:
    """The events ``command`` causes, or ``RulesError`` naming the rule it breaks."""
    if isinstance(command, cmd.ShoutWin):
        return tuple(_shout(state, command))
    if state.phase == "over":
        raise RulesError("R-SQ-END", "err.sq.over")
    if isinstance(command, cmd.ReturnRecruit):
        return tuple(_return_recruit(state, command))
    if state.returning is not None:
        raise RulesError("R-SQ-RECRUIT", "err.sq.return_first", player=state.returning)
    match command:
        case cmd.Deploy():
            out = _deploy(state, command)
        case cmd.Support():
            out = _support(state, command)
        case cmd.Retreat():
            out = _retreat(state, command)
        case cmd.Capture():
            out = _capture(state, command)
        case cmd.ResolveAction():
            out = _resolve_action(state, command)
        case cmd.FinishResolve():
            out = _finish_resolve(state, command)
        case cmd.EndTurn():
            out = _end_turn(state, command)
        case _:  # a command of another game (a hand-made file): no move of this one
            raise RulesError("R-SQ-TURN", "err.sq.not_this_game")
    return tuple(out)


def apply(state: SquadState, command: SquadCommand) -> tuple[SquadState, tuple[ev.EventBase, ...]]:
    events = decide(state, command)
    return evolve(state, events), events
