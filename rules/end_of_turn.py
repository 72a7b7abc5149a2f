"""End of turn: reactivation, elimination, victory and every tiebreak (R-END-…)."""

from __future__ import annotations

from rules import card_triggers, phases, turn_bars
from rules import events as ev
from rules.build import reactivate_all
from rules.models import GameState, PlayerState
from rules.rulings import Arg, RuleId, Ruling
from rules.turn_marks import wounds_taken_back


def net(state: GameState, player: PlayerState) -> int:
    return state.souls(player.name) - state.wounds(player.name)


def best_of(
    state: GameState, players: list[PlayerState], rule: RuleId, key: str, args: dict[str, Arg]
) -> ev.GameEnded:
    """Highest Souls minus Wounds; a tie goes to the lowest XP (R-END-XP), or the highest
    under the 10th-anniversary ruleset. A tie on both is a shared victory (no winner)."""
    top_net = max(net(state, p) for p in players)
    top = [p for p in players if net(state, p) == top_net]
    if len(top) == 1:
        winner = top[0]
        return ev.GameEnded(
            winners=(winner.name,),
            ruling=Ruling(rule=rule, key=key, args={**args, "player": winner.name, "net": top_net}),
        )
    highest = state.setup.ruleset.xp_tiebreak == "highest"
    xp = max(p.xp for p in top) if highest else min(p.xp for p in top)
    by_xp = [p for p in top if p.xp == xp]
    names = " and ".join(p.name for p in top)
    if len(by_xp) == 1:
        return ev.GameEnded(
            winners=(by_xp[0].name,),
            ruling=Ruling(
                rule="R-END-XP",
                key="end.win_xp",
                args={
                    "players": names,
                    "net": top_net,
                    "which": "highest" if highest else "lowest",
                    "player": by_xp[0].name,
                },
            ),
        )
    return ev.GameEnded(
        winners=tuple(p.name for p in by_xp),
        ruling=Ruling(rule="R-END-XP", key="end.draw", args={"players": names, "net": top_net}),
    )


def end_turn(state: GameState) -> list[ev.EventBase]:
    """Everything that happens once every player has had an Adventure phase."""
    out: list[ev.EventBase] = [*card_triggers.turn_ended(state), *reactivate_all(state)]
    out += wounds_taken_back(state)  # given until end of turn; counted in the checks below
    ruleset = state.setup.ruleset
    in_game = [p for p in state.players if not p.eliminated]
    ended: ev.GameEnded | None = None

    if ruleset.variant == "unlimited_lives":
        out += _not_eliminated(state, in_game, "R-VAR-UNLIMITED", "end.no_elim_unlimited")
        if state.deck_empty:
            ended = best_of(state, in_game, "R-VAR-UNLIMITED", "end.unlimited", {})
    elif state.five_six:
        out += _not_eliminated(state, in_game, "R-END-FIVESIX", "end.no_elim_fivesix")
        reached = [p.name for p in in_game if state.souls(p.name) >= 10]
        if reached:
            ended = best_of(
                state,
                in_game,
                "R-END-FIVESIX",
                "end.fivesix_souls",
                {"reached": ", ".join(reached)},
            )
        elif state.deck_emptied_turn is not None and state.deck_emptied_turn <= state.turn:
            ended = best_of(state, in_game, "R-END-FIVESIX", "end.fivesix_deck", {})
    else:
        out += turn_bars.end_notes(state, in_game)  # Meddling Kids!, Extra Life's Reward
        out_now = [
            p for p in in_game if state.wounds(p.name) >= 5 and not turn_bars.spared(state, p.name)
        ]
        for p in out_now:
            out.append(
                ev.PlayerEliminated(
                    player=p.name,
                    ruling=Ruling(
                        rule="R-END-ELIM",
                        key="end.eliminated",
                        args={"player": p.name, "wounds": state.wounds(p.name)},
                    ),
                )
            )
        left = [p for p in in_game if p not in out_now]
        winners = [
            p for p in left if state.souls(p.name) >= 10 and not turn_bars.cannot_win(state, p.name)
        ]
        if len(winners) == 1:
            w = winners[0]
            ended = ev.GameEnded(
                winners=(w.name,),
                ruling=Ruling(
                    rule="R-END-WIN",
                    key="end.win",
                    args={"player": w.name, "souls": state.souls(w.name)},
                ),
            )
        elif winners:
            names = " and ".join(p.name for p in winners)
            ended = best_of(state, winners, "R-END-WIN", "end.win_tiebreak", {"players": names})
        elif len(left) == 1 and not turn_bars.cannot_win(state, left[0].name):
            ended = ev.GameEnded(
                winners=(left[0].name,),
                ruling=Ruling(rule="R-END-LAST", key="end.last", args={"player": left[0].name}),
            )
        elif not left and out_now:
            ended = best_of(state, out_now, "R-END-ALLOUT", "end.allout", {})

    if ended is not None:
        out.append(ended)
        return out
    out.append(ev.Noted(ruling=Ruling(rule="R-END-WIN", key="end.no_winner", args={})))
    if ruleset.machinations:
        for p in in_game:
            if p.eliminated or any(
                isinstance(e, ev.PlayerEliminated) and e.player == p.name for e in out
            ):
                continue
            if state.souls(p.name) <= p.souls_at_turn_start:
                out.append(
                    ev.Noted(
                        ruling=Ruling(
                            rule="R-VAR-MACHINATIONS",
                            key="end.machinations",
                            args={"player": p.name},
                        )
                    )
                )
    out.append(phases.phase_done(state))
    return out + card_triggers.turn_started(state)


def _not_eliminated(
    state: GameState, players: list[PlayerState], rule: RuleId, key: str
) -> list[ev.EventBase]:
    return [
        ev.Noted(
            ruling=Ruling(
                rule=rule, key=key, args={"player": p.name, "wounds": state.wounds(p.name)}
            )
        )
        for p in players
        if state.wounds(p.name) >= 5
    ]
