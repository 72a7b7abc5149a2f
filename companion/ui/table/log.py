"""The log: every command made, newest first, with the rulings it caused."""

from __future__ import annotations

import flet as ft

from companion.ui.table.context import TableContext, section
from companion.ui.table.rulings import ruling_row
from companion.ui.widgets import tagged
from rules.commands import Command
from rules.events import EventBase

#: Long games: show the latest steps; older ones stay in the saved game and the export.
SHOWN = 60


def command_title(ctx: TableContext, command_type: str) -> str:
    return ctx.app.tr(f"log.command.{command_type}")


def step_name(ctx: TableContext, command: Command) -> str:
    """A step as the table says it: its kind, and whose it is when it is one player's
    ("Room built face down (Ann)"); never a face-down card's name."""
    title = command_title(ctx, command.type)
    player = getattr(command, "player", None)
    if isinstance(player, str) and player:
        return ctx.app.tr("log.step_of", step=title, player=player)
    return title


def log_view(ctx: TableContext) -> ft.Control:
    tr = ctx.app.tr
    history = ctx.history()
    rows: list[ft.Control] = []
    total = len(history)
    for number in range(total, max(0, total - SHOWN), -1):
        command, events = history[number - 1]
        shown: list[EventBase] = [e for e in events if e.ruling.key != "turn.phase"] or list(events)
        rows.append(
            tagged(
                f"log-{number}",
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(
                                f"{number}. {command_title(ctx, command.type)}",
                                size=17,
                                weight=ft.FontWeight.BOLD,
                            ),
                            *(
                                ruling_row(ctx.app, e.ruling, f"log-{number}-{i}", size=15)
                                for i, e in enumerate(shown, 1)
                            ),
                        ],
                        spacing=2,
                    ),
                    padding=8,
                    border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
                ),
            )
        )
    if not rows:
        rows.append(ft.Text(tr("table.log_empty"), size=16))
    elif total > SHOWN:
        rows.append(ft.Text(tr("table.log_more", count=total - SHOWN), size=14, italic=True))
    return section("log", tr("table.log"), rows)
