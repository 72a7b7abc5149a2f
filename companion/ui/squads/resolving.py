"""The Resolve phase on screen: each of the active player's squads with the engine's
verdict (victorious, or beaten by whom and with what strength, R-SQ-STRONGEST, R-SQ-TIE),
what a captured MAP card needs (a princess's colour, an enemy, the Parasols' princesses),
Recruit actions (R-SQ-ACTION) and the cards drawn into the empty slots (R-SQ-REFILL)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, get_args

import flet as ft
from pydantic import ValidationError

from companion.ui.squads.parts import (
    Act,
    choice_row,
    colour_field,
    found_by_form,
    own,
    problem_line,
    squad_label,
)
from companion.ui.squads.typed_problems import typed_problems
from companion.ui.table.rulings import rule_link
from companion.ui.widgets import big_button, on_tap, tagged
from rules.squads import commands as cmd
from rules.squads import flow
from rules.squads.commands import MAX_PARASOLS
from rules.squads.models import MapCard, RecruitKind, Squad, SquadState
from rules.squads.resolve import action_resolves, drawable, open_slots, verdict

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp

#: The recruits a resolved Recruit action may bring (R-SQ-ACTION).
RECRUITS: tuple[str, ...] = get_args(RecruitKind)
#: A princess on the table: her owner, her colour, her place among the owner's.
Pick = tuple[str, str, int]
#: What a player picks for SLOT2 when the MAP deck is empty (R-SQ-REFILL).
NO_CARD = "none"


def _squad_row(
    app: TableApp,
    state: SquadState,
    index: int,
    squad: Squad,
    capture: Callable[[int, int], None],
    act: Act,
) -> ft.Control:
    tr = app.tr
    name = state.active_player.name
    lines: list[ft.Control] = [ft.Text(squad_label(app, squad), size=17, weight=ft.FontWeight.BOLD)]
    if squad.action is not None:
        if action_resolves(squad):
            lines.append(ft.Text(tr("squads.action_ready")))
            lines.append(
                choice_row(
                    f"sq-action-{squad.number}",
                    [
                        (r, tr("squads.resolve_with", recruit=tr(f"squads.recruit.{r}")))
                        for r in RECRUITS
                    ],
                    None,
                    lambda r: act(
                        cmd.ResolveAction.model_validate(
                            {"player": name, "squad": squad.number, "recruit": r}
                        )
                    ),
                )
            )
        else:
            lines.append(ft.Text(tr("squads.action_waits", support=squad.support)))
        lines.append(rule_link(app, "R-SQ-ACTION", f"sq-verdict-{squad.number}-rule"))
    else:
        judged = verdict(state.players, name, index)
        if judged.victorious:
            key = "squads.victorious_tie" if judged.tie else "squads.victorious"
            lines.append(
                tagged(f"sq-verdict-{squad.number}", ft.Text(tr(key, strength=judged.strength)))
            )
            slots = open_slots(state.slots, judged.color)
            if not slots:
                lines.append(ft.Text(tr("squads.no_card", color=judged.color)))
            lines.append(
                ft.Row(
                    [
                        big_button(
                            f"sq-capture-{squad.number}-{slot}",
                            tr("squads.capture", slot=slot),
                            own(on_tap(capture, squad.number, slot)),
                            primary=True,
                        )
                        for slot in slots
                    ],
                    wrap=True,
                )
            )
        else:
            text = tr("squads.beaten", by=judged.by or "", strength=judged.by_strength or 0)
            lines.append(tagged(f"sq-verdict-{squad.number}", ft.Text(text)))
        lines.append(rule_link(app, judged.rule, f"sq-verdict-{squad.number}-rule"))
    return tagged(f"sq-resolve-{squad.number}", ft.Column(lines, spacing=4))


def _allowed(state: SquadState, n: int) -> tuple[str, ...]:
    kinds = drawable(state.timer_left, n)
    return kinds if n == 1 else (*kinds, NO_CARD)


def _chosen(state: SquadState, n: int, kinds: list[str]) -> str:
    """The kind picked for slot ``n``, or the first one allowed there."""
    allowed = _allowed(state, n)
    return kinds[n - 1] if kinds[n - 1] in allowed else allowed[0]


def _refill(
    app: TableApp,
    state: SquadState,
    n: int,
    kinds: list[str],
    set_kinds: Callable[[list[str]], None],
    colors: list[str],
    set_colors: Callable[[list[str]], None],
) -> list[ft.Control]:
    """What was drawn into empty slot ``n``: SLOT1 from TIMER (the FINALE once it is used
    up), SLOT2 from MAP (or nothing, the MAP deck being empty)."""
    tr = app.tr
    allowed = _allowed(state, n)
    chosen = _chosen(state, n, kinds)

    def pick(kind: str) -> None:
        set_kinds([kind if i == n - 1 else v for i, v in enumerate(kinds)])

    def color(text: str) -> None:
        set_colors([text if i == n - 1 else v for i, v in enumerate(colors)])

    return [
        ft.Text(tr(f"squads.refill{n}"), size=17, weight=ft.FontWeight.BOLD),
        choice_row(
            f"sq-refill-{n}-kind", [(k, tr(f"squads.card.{k}")) for k in allowed], chosen, pick
        ),
        colour_field(
            f"sq-refill-{n}-color", tr("squads.color"), colors[n - 1], color, flow.colours(state)
        ),
    ]


@ft.component
def ResolvePanel(
    app: TableApp, state: SquadState, act: Act, forget: Callable[[], None]
) -> ft.Control:
    tr = app.tr
    name = state.active_player.name
    princess, set_princess = ft.use_state("")
    victim, set_victim = ft.use_state("")
    no_picks: tuple[Pick, ...] = ()
    parasols, set_parasols = ft.use_state(no_picks)
    first_kinds: list[str] = ["kidnap", "kidnap"]
    kinds, set_kinds = ft.use_state(first_kinds)
    no_colors: list[str] = ["", ""]
    colors, set_colors = ft.use_state(no_colors)
    problem, set_problem = ft.use_state("")  # what is wrong with what was typed
    found = found_by_form(forget, set_problem)

    def capture(squad: int, slot: int) -> None:
        picks = [{"owner": owner, "color": color} for owner, color, _k in parasols]
        try:
            order = cmd.Capture.model_validate(
                {
                    "player": name,
                    "squad": squad,
                    "slot": slot,
                    "princess": princess.strip() or None,
                    "victim": victim or None,
                    "parasols": picks,
                }
            )
        except ValidationError as invalid:  # a princess's colour too long, say
            found(tr("squads.bad_order", problem=typed_problems(tr, invalid)))
            return
        set_problem("")
        act(order, lambda: set_parasols(()))

    def toggle(pick: Pick) -> None:
        set_parasols(
            tuple(p for p in parasols if p != pick)
            if pick in parasols
            else (*parasols, pick)[-MAX_PARASOLS:]
        )

    def finish(_event: object) -> None:
        drawn: list[MapCard | None] = []
        for n in (1, 2):
            kind, color = _chosen(state, n, kinds), colors[n - 1].strip()
            if state.slots[n - 1] is not None or kind == NO_CARD:
                drawn.append(None)
                continue
            if not color:  # asked, not guessed: the card's colour is on the table
                found(tr("squads.refill_color", slot=n))
                return
            try:
                drawn.append(MapCard.model_validate({"kind": kind, "color": color}))
            except ValidationError as invalid:
                found(tr("squads.bad_order", problem=typed_problems(tr, invalid)))
                return
        set_problem("")
        act(cmd.FinishResolve(slot1=drawn[0], slot2=drawn[1]), lambda: set_colors(["", ""]))

    on_table: list[Pick] = [
        (p.name, color, k) for p in state.players for k, color in enumerate(p.princesses)
    ]
    others = [(p.name, p.name) for p in state.players if p.name != name]
    out: list[ft.Control] = [
        ft.Text(tr("squads.capture_with"), size=17, weight=ft.FontWeight.BOLD),
        colour_field(
            "sq-princess", tr("squads.princess_color"), princess, set_princess, flow.colours(state)
        ),
        ft.Text(tr("squads.victim")),
        choice_row("sq-victim", [("", tr("squads.wilds")), *others], victim, set_victim),
        ft.Text(tr("squads.parasols")),
        ft.Row(
            [
                tagged(
                    f"sq-parasol-{i}",
                    (ft.FilledButton if pick in parasols else ft.OutlinedButton)(
                        content=f"{pick[0]}: {pick[1]}", on_click=own(on_tap(toggle, pick))
                    ),
                )
                for i, pick in enumerate(on_table)
            ],
            wrap=True,
        ),
    ]
    out += [
        _squad_row(app, state, i, s, capture, act) for i, s in enumerate(state.active_player.squads)
    ]
    for n, card in enumerate(state.slots, 1):
        if card is None:
            out += _refill(app, state, n, kinds, set_kinds, colors, set_colors)
    if problem:
        out.append(problem_line("sq-resolve-error", problem))
    out.append(
        big_button(
            "sq-finish-resolve",
            tr("squads.finish_resolve"),
            own(finish),
            icon=ft.Icons.DONE,
            primary=True,
        )
    )
    return tagged("sq-resolve", ft.Column(out, spacing=10))


__all__ = ["NO_CARD", "ResolvePanel"]
