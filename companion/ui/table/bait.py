"""Bait: one tap (ResolveBait), then where each Hero went and why, with the rule."""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.ui.table.components import memo_component, part, table_app
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.rulings import card_label, rule_link, ruling_text
from companion.ui.widgets import big_button, tagged
from rules import events as ev
from rules.commands import Command, EndTurn, ResolveBait
from rules.rulings import capitalized

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


class BaitRow(NamedTuple):
    """One Hero's Bait as shown: its number, which Hero and where it goes, and why."""

    n: int
    went: str  # "Fighter Hero #2" over "Goes to Ada's dungeon"
    why: str
    rule: str


def bait_results(ctx: TableContext) -> ft.Control | None:
    """Each Hero's destination from this turn's Bait, with the one-sentence why.

    A memoized component whose props are the words it shows: every tap of the Adventure
    that follows redraws the screen, and the results, the same all through it, are
    neither built again nor sent. An undone Bait made again differently, another
    language or other Heroes revealed in between change the props, and so the results."""
    events = last_of_turn(ctx.history(), ResolveBait)
    if events is None:
        return None
    tr = ctx.app.tr
    state = ctx.state
    rows = tuple(
        BaitRow(
            n,
            "\n".join(
                (
                    capitalized(card_label(tr, state.hero(e.hero).label())),
                    tr("table.bait_goes", player=e.player)
                    if isinstance(e, ev.HeroLured)
                    else tr("table.bait_stays"),
                )
            ),
            ruling_text(tr, e.ruling.key, e.ruling.args),
            e.ruling.rule,
        )
        for n, e in enumerate((e for e in events if isinstance(e, ev.HeroLured | ev.HeroStayed)), 1)
    )
    words = (tr("table.bait_results"), tr("table.bait_nobody"))
    return part(ctx.app, lambda: BaitResults(rows, words, key="bait-results"))


@memo_component
def BaitResults(rows: tuple[BaitRow, ...], words: tuple[str, str]) -> ft.Control:
    """Where the Heroes went: ``words`` is the heading and what to say when nobody was
    in town."""
    title, nobody = words
    shown = [_result(row) for row in rows] or [ft.Text(nobody, size=16)]
    return section("bait-results", title, shown)


def _result(row: BaitRow) -> ft.Control:
    """One Hero's Bait: which Hero (its number and name, the card on the table) and where
    it goes, in one bold text, then why, with the rule. Five controls: a Bait tap adds one
    of these per Hero in town, and each control sent costs the tap time on the server and
    in the browser (#13, #31). No arrow before "Goes to": the app's font has no "→" (it
    showed as a box). The Hero's full line, with treasure and Health, is at the entrance
    and in the Adventure."""
    return tagged(
        f"bait-result-{row.n}",
        ft.Column(
            [
                ft.Text(row.went, size=17, weight=ft.FontWeight.BOLD),
                ft.Text(row.why, size=16),
                rule_link(table_app(), row.rule, f"bait-result-{row.n}-why-rule"),
            ],
            spacing=4,
        ),
    )
