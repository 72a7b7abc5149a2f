"""End of turn: one tap (EndTurn), then eliminations, the winner and why, reminders."""

from __future__ import annotations

import flet as ft

from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.rulings import ruling_row
from companion.ui.widgets import big_button, tagged
from rules import flow
from rules.commands import EndTurn

SLOT = "end-turn"


def end_turn_button(ctx: TableContext) -> ft.Control:
    tr = ctx.app.tr
    return section(
        "end",
        tr("phase.end"),
        [
            ft.Text(tr("table.end_note"), size=16),
            big_button(
                "end-turn",
                tr("table.end_turn"),
                lambda _e: ctx.play(SLOT, EndTurn()),
                icon=ft.Icons.FLAG,
                primary=True,
                expand=True,
            ),
            slot_error(ctx, SLOT),
        ],
    )


def winner_banner(ctx: TableContext) -> ft.Control:
    """Game over: the winner (or a shared victory) in big letters, and why."""
    tr = ctx.app.tr
    ended = flow.outcome(ctx.state)
    winner = ended.winner if ended else None
    title = tr("table.winner", player=winner) if winner else tr("table.shared_victory")
    rows: list[ft.Control] = [
        tagged(
            "winner",
            ft.Text(title, size=30, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        )
    ]
    if ended is not None:
        rows.append(ruling_row(ctx.app, ended.ruling, "winner-why", size=18))
    return tagged(
        "game-over",
        ft.Container(
            ft.Column(rows, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=16,
            border_radius=12,
        ),
    )
