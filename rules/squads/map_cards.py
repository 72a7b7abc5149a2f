"""What a captured MAP card does (R-SQ-KIDNAP, R-SQ-HERO, R-SQ-PARASOLS, R-SQ-BULLYHULK,
R-SQ-FAKE, R-SQ-END): carried out where it changes what the referee tracks (princesses,
standing squads, the FINALE), a reminder where it does not (the cards in a hand)."""

from __future__ import annotations

from collections import Counter

from rules.errors import RulesError
from rules.rulings import Ruling
from rules.squads import events as ev
from rules.squads.commands import Capture
from rules.squads.messages import MAP_NAMES
from rules.squads.models import MapCard, SquadState


def _enemy(state: SquadState, command: Capture, card: MapCard) -> str:
    name = MAP_NAMES[card.kind]
    if command.victim is None:
        raise RulesError("R-SQ-MAP", "err.sq.needs_victim", card=name)
    if command.victim == command.player:
        raise RulesError("R-SQ-MAP", "err.sq.self", card=name, player=command.player)
    _known(state, command.victim)
    return command.victim


def _known(state: SquadState, name: str) -> None:
    if all(p.name != name for p in state.players):
        raise RulesError("R-SQ-MAP", "err.sq.unknown_player", player=name)


def _holds(state: SquadState, victim: str, color: str) -> None:
    if color not in state.player(victim).princesses:
        raise RulesError("R-SQ-MAP", "err.sq.no_princess", victim=victim, color=color)


def leave_events(state: SquadState, owner: str, number: int, rule: Ruling) -> list[ev.EventBase]:
    """A squad leaves whole: its face-up recruits go back to the recruit pile."""
    squad = next(s for s in state.player(owner).squads if s.number == number)
    out: list[ev.EventBase] = [ev.SquadLeft(ruling=rule, player=owner, squad=number)]
    for kind in squad.face_up_recruits:
        why = Ruling(
            rule="R-SQ-RECRUIT",
            key="sq.recruit_back",
            args={"player": owner, "recruit": kind.capitalize()},
        )
        out.append(ev.RecruitLeft(ruling=why, player=owner, recruit=kind))
    return out


def card_events(state: SquadState, command: Capture, card: MapCard) -> list[ev.EventBase]:
    """The events of ``card``'s instructions, captured by ``command.player``; refused
    (``RulesError``) when what it needs was not given or is not on the table."""
    player = command.player
    match card.kind:
        case "kidnap":
            return _kidnap(state, command)
        case "gullible_hero":
            victim = _enemy(state, command, card)
            if command.princess is None:
                raise RulesError("R-SQ-HERO", "err.sq.needs_princess", card=MAP_NAMES[card.kind])
            _holds(state, victim, command.princess)
            why = Ruling(
                rule="R-SQ-HERO",
                key="sq.hero",
                args={"player": player, "victim": victim, "color": command.princess},
            )
            return [
                ev.PrincessMoved(ruling=why, color=command.princess, giver=victim, taker=player)
            ]
        case "parasols":
            return _parasols(state, command)
        case "bullyhulk":
            victim = _enemy(state, command, card)
            why = Ruling(rule="R-SQ-BULLYHULK", key="sq.bullyhulk", args={"victim": victim})
            out: list[ev.EventBase] = [ev.Noted(ruling=why)]
            for squad in state.player(victim).squads:
                out += leave_events(state, victim, squad.number, why)
            return out
        case "fake_princess":
            victim = _enemy(state, command, card)
            why = Ruling(rule="R-SQ-FAKE", key="sq.fake", args={"victim": victim})
            return [ev.Noted(ruling=why)]
        case "finale":
            return [
                ev.Noted(ruling=Ruling(rule="R-SQ-END", key="sq.finale", args={"player": player}))
            ]


def _kidnap(state: SquadState, command: Capture) -> list[ev.EventBase]:
    player, color, victim = command.player, command.princess, command.victim
    if color is None:
        return [ev.Noted(ruling=Ruling(rule="R-SQ-KIDNAP", key="sq.kidnap_none"))]
    if victim is None:
        why = Ruling(
            rule="R-SQ-KIDNAP", key="sq.kidnap_pile", args={"player": player, "color": color}
        )
        return [ev.PrincessMoved(ruling=why, color=color, taker=player)]
    if victim == player:
        raise RulesError("R-SQ-KIDNAP", "err.sq.self", card=MAP_NAMES["kidnap"], player=player)
    _known(state, victim)
    _holds(state, victim, color)
    why = Ruling(
        rule="R-SQ-KIDNAP",
        key="sq.kidnap_from",
        args={"player": player, "victim": victim, "color": color},
    )
    return [ev.PrincessMoved(ruling=why, color=color, giver=victim, taker=player)]


def _parasols(state: SquadState, command: Capture) -> list[ev.EventBase]:
    if not command.parasols:
        return [ev.Noted(ruling=Ruling(rule="R-SQ-PARASOLS", key="sq.parasols_none"))]
    wanted = Counter((pick.owner, pick.color) for pick in command.parasols)
    for (owner, color), count in wanted.items():
        _known(state, owner)
        if state.player(owner).princesses.count(color) < count:
            raise RulesError("R-SQ-PARASOLS", "err.sq.no_princess", victim=owner, color=color)
    out: list[ev.EventBase] = []
    for pick in command.parasols:
        why = Ruling(
            rule="R-SQ-PARASOLS", key="sq.parasols", args={"owner": pick.owner, "color": pick.color}
        )
        out.append(ev.PrincessMoved(ruling=why, color=pick.color, giver=pick.owner))
    return out
