"""Bait: one tap (ResolveBait), then where each Hero went and why, with the rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import flet as ft

from companion.ui.table.components import memo_component, table_app
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.rulings import card_label, rule_link, ruling_text
from companion.ui.widgets import big_button, tagged
from rules import events as ev
from rules.commands import Command, ResolveBait
from rules.rulings import capitalized

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

SLOT = "bait"


def bait_of_turn(
    history: list[tuple[Command, tuple[ev.EventBase, ...]]],
) -> tuple[ev.EventBase, ...] | None:
    """The events of this turn's Bait (None before it): those of its ResolveBait, or of
    the tap the Bait followed by itself (a Reveal Rooms made with ``go_on``, R-FOLLOWS)."""
    for _command, events in reversed(history):
        if any(isinstance(e, ev.TurnStarted) for e in events):
            return None
        if any(isinstance(e, ev.PhaseChanged) and e.phase == "adventure" for e in events):
            return events
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
                lambda _e: ctx.play(SLOT, ResolveBait(go_on=True)),
                icon=ft.Icons.SET_MEAL,
                primary=True,
                expand=True,
            ),
            slot_error(ctx, SLOT),
        ],
    )


def bait_results(ctx: TableContext) -> ft.Control | None:
    """Each Hero's destination from this turn's Bait, with the one-sentence why.

    A memoized component whose props are what it shows (each Hero's label and where it
    went, rulings included, and the language): every tap of the Adventure that follows
    redraws the screen, and the results, the same all through it, are neither drawn
    again nor sent. An undone Bait made again differently, another language or other
    Heroes revealed in between change the props, and so the results."""
    events = bait_of_turn(ctx.history())
    if events is None:
        return None
    state = ctx.state
    went = tuple(
        (state.hero(e.hero).label(), e)
        for e in events
        if isinstance(e, ev.HeroLured | ev.HeroStayed)
    )
    lang = ctx.app.settings.lang
    return BaitResults(went, lang, key="bait-results")


class BaitRow(NamedTuple):
    """One Hero's Bait as shown: its number, which Hero and where it goes, and why."""

    n: int
    went: str  # "Fighter Hero #2" over "Goes to Ada's dungeon"
    why: str
    rule: str


@memo_component
def BaitResults(
    went: tuple[tuple[str, ev.HeroLured | ev.HeroStayed], ...], lang: str
) -> ft.Control:
    """Where the Heroes went, in the tab's language (``lang``: a prop, so a language
    change draws the results again)."""
    app = table_app()
    tr = app.tr
    shown: list[ft.Control] = []
    for n, (label, event) in enumerate(went, 1):
        where = (
            tr("table.bait_goes", player=event.player)
            if isinstance(event, ev.HeroLured)
            else tr("table.bait_stays")
        )
        heading = capitalized(card_label(tr, label))
        why = ruling_text(tr, event.ruling.key, event.ruling.args)
        shown += _result(app, BaitRow(n, f"{heading}\n{where}", why, event.ruling.rule))
    if not shown:
        shown.append(ft.Text(tr("table.bait_nobody"), size=16))
    return section("bait-results", tr("table.bait_results"), shown)


def _result(app: TableApp, row: BaitRow) -> list[ft.Control]:
    """One Hero's Bait: which Hero (its number and name, the card on the table) and where
    it goes, in bold, then why, in one text; the rule link under it. Five controls, none
    more than one deep: a Bait tap adds these for each Hero in town, and each control
    sent costs the tap time on the server (Flet walks a new branch once per control in
    it) and in the browser (#13, #31). No arrow before "Goes to": the app's font has no
    "→" (it showed as a box). The Hero's full line, with treasure and Health, is at the
    entrance and in the Adventure."""
    return [
        tagged(
            f"bait-result-{row.n}",
            ft.Text(
                row.went,
                size=17,
                weight=ft.FontWeight.BOLD,
                spans=[
                    ft.TextSpan(f"\n{row.why}", ft.TextStyle(size=16, weight=ft.FontWeight.NORMAL))
                ],
            ),
        ),
        rule_link(app, row.rule, f"bait-result-{row.n}-why-rule"),
    ]
