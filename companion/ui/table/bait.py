"""Bait: one tap (ResolveBait), then where each Hero went and why, with the rule."""

from __future__ import annotations

import flet as ft

from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.rulings import card_label, rule_link, ruling_text
from companion.ui.widgets import big_button, tagged
from rules import events as ev
from rules.commands import Command, EndTurn, ResolveBait
from rules.rulings import Ruling, capitalized

SLOT = "bait"


def last_of_turn(
    history: list[tuple[Command, tuple[ev.EventBase, ...]]], kind: type[object]
) -> tuple[ev.EventBase, ...] | None:
    """The events of this turn's last command of ``kind`` (None if there was none)."""
    for command, events in reversed(history):
        if isinstance(command, kind):
            return events
        if isinstance(command, EndTurn):
            return None
    return None


def bait_button(ctx: TableContext) -> ft.Control:
    tr = ctx.app.tr
    return section(
        "bait",
        tr("phase.bait"),
        [
            ft.Text(tr("table.bait_note"), size=16),
            big_button(
                "resolve-bait",
                tr("table.resolve_bait"),
                lambda _e: ctx.play(SLOT, ResolveBait()),
                icon=ft.Icons.SET_MEAL,
                primary=True,
                expand=True,
            ),
            slot_error(ctx, SLOT),
        ],
    )


def bait_results(ctx: TableContext) -> ft.Control | None:
    """Each Hero's destination from this turn's Bait, with the one-sentence why.

    Built once per Bait: every tap of the Adventure that follows redraws the screen, and
    the results stay the same through it. The key is what they show (each Hero's label
    and its event, rulings included), so an undone Bait made again differently, or other
    Heroes revealed in between, shows anew."""
    events = last_of_turn(ctx.history(), ResolveBait)
    if events is None:
        return None
    state = ctx.state
    went = [
        (card_label(ctx.app.tr, state.hero(e.hero).label()), e)
        for e in events
        if isinstance(e, ev.HeroLured | ev.HeroStayed)
    ]
    key = tuple((label, event.model_dump_json()) for label, event in went)
    return ctx.memo("bait-results", key, lambda: _results(ctx, went), sealed=True)


def _results(ctx: TableContext, went: list[tuple[str, ev.HeroLured | ev.HeroStayed]]) -> ft.Control:
    tr = ctx.app.tr
    rows: list[ft.Control] = []
    for n, (label, event) in enumerate(went, 1):
        if isinstance(event, ev.HeroLured):
            where = tr("table.bait_goes", player=event.player)
        else:
            where = tr("table.bait_stays")
        rows.append(_result(ctx, n, label, where, event.ruling))
    if not rows:
        rows.append(ft.Text(tr("table.bait_nobody"), size=16))
    return section("bait-results", tr("table.bait_results"), rows)


def _result(ctx: TableContext, n: int, hero: str, where: str, ruling: Ruling) -> ft.Control:
    """One Hero's Bait: which Hero (its number and name, the card on the table), where it
    goes, why. Kept to eight controls, in words: a Bait tap adds one of these per Hero in
    town, and each control sent costs the tap time on the server and in the browser
    (#13). No arrow before "Goes to": the app's font has no "→" (it showed as a box), and
    an icon costs two controls. The Hero's full line, with treasure and Health, is at the
    entrance and in the Adventure."""
    tr = ctx.app.tr
    return tagged(
        f"bait-result-{n}",
        ft.Container(
            ft.Column(
                [
                    ft.Text(capitalized(hero), size=17),  # "Fighter Hero #2", as a heading
                    ft.Text(where, size=18, weight=ft.FontWeight.BOLD),
                    ft.Text(ruling_text(tr, ruling.key, ruling.args), size=16),
                    rule_link(ctx.app, ruling.rule, f"bait-result-{n}-why-rule"),
                ],
                spacing=4,
            ),
            padding=8,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ),
    )
