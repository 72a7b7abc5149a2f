"""Fold the squad game's events into a new frozen state (the ``evolve`` of decide/evolve)."""

from __future__ import annotations

from collections.abc import Iterable

from rules.squads import events as ev
from rules.squads.models import SquadState


def _with_player(state: SquadState, name: str, **changes: object) -> SquadState:
    players = tuple(p.model_copy(update=changes) if p.name == name else p for p in state.players)
    return state.model_copy(update={"players": players})


def _without_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    if item not in items:
        return items
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def evolve_one(state: SquadState, event: ev.EventBase) -> SquadState:
    match event:
        case ev.SquadDeployed(player=name, squad=squad):
            player = state.player(name)
            state = _with_player(state, name, squads=(*player.squads, squad))
            return state.model_copy(update={"next_squad": squad.number + 1})
        case ev.SupportAdded(player=name, squad=number, cards=cards, catapult=catapult):
            player = state.player(name)
            squads = tuple(
                s.model_copy(
                    update={
                        "support": s.support + cards,
                        "catapult": s.catapult if catapult is None else catapult,
                    }
                )
                if s.number == number
                else s
                for s in player.squads
            )
            return _with_player(state, name, squads=squads)
        case ev.SquadLeft(player=name, squad=number):
            player = state.player(name)
            squads = tuple(s for s in player.squads if s.number != number)
            return _with_player(state, name, squads=squads)
        case ev.RecruitJoined(player=name, recruit=kind):
            return _with_player(state, name, recruits=(*state.player(name).recruits, kind))
        case ev.RecruitLeft(player=name, recruit=kind):
            recruits = _without_one(state.player(name).recruits, kind)
            state = _with_player(state, name, recruits=recruits)
            if state.returning == name:
                state = state.model_copy(update={"returning": None})
            return state
        case ev.ReturnAsked(player=name):
            return state.model_copy(update={"returning": name})
        case ev.SlotTaken(player=name, slot=slot, card=card):
            slots = (None, state.slots[1]) if slot == 1 else (state.slots[0], None)
            state = state.model_copy(update={"slots": slots})
            if card.kind == "finale":
                state = _with_player(state, name, finale=True)
            return state
        case ev.SlotFilled(slot=slot, card=card):
            if slot == 1:
                left = max(state.timer_left - 1, 0) if card.kind != "finale" else 0
                return state.model_copy(
                    update={"slots": (card, state.slots[1]), "timer_left": left}
                )
            return state.model_copy(update={"slots": (state.slots[0], card)})
        case ev.PrincessMoved(color=color, giver=giver, taker=taker):
            if giver is not None:
                held = _without_one(state.player(giver).princesses, color)
                state = _with_player(state, giver, princesses=held)
            if taker is not None:
                state = _with_player(
                    state, taker, princesses=(*state.player(taker).princesses, color)
                )
            return state
        case ev.PhaseChanged(phase=phase, active=active, turn=turn):
            return state.model_copy(update={"phase": phase, "active": active, "turn": turn})
        case ev.GameOver(winners=winners):
            tied = winners if len(winners) > 1 else ()
            winner = winners[0] if len(winners) == 1 else None
            return state.model_copy(update={"phase": "over", "tied": tied, "winner": winner})
        case ev.WinnerShouted(player=name):
            return state.model_copy(update={"winner": name})
    return state


def evolve(state: SquadState, events: Iterable[ev.EventBase]) -> SquadState:
    for event in events:
        state = evolve_one(state, event)
    return state
