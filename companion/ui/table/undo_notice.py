"""The notice after Undo or Redo: which step it took back (or put back), with the other
arrow in it, so a wrong tap costs one more tap and the table knows what changed.

A snack bar at the bottom of the acting phone only (another phone sees the table change,
and the Log). The step is named by its kind and its player ("Room built face down (Ann)"),
never by a face-down card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.table.log import step_name
from companion.ui.widgets import tagged
from rules.commands import Command

Kind = Literal["undo", "redo"]
SHOWN_MS = 6000


def step_to_name(ctx: TableContext, kind: Kind) -> Command | None:
    """The command an undo takes back (the last one made) or a redo puts back (the last
    one undone); None when there is none."""
    game = ctx.game
    if kind == "undo":
        history = ctx.history()
        return history[-1][0] if history else None
    return game.undone[-1] if game.undone else None


def undo_notice(
    ctx: TableContext, kind: Kind, command: Command, again: Callable[[Kind], None]
) -> ft.SnackBar:
    """The snack bar saying ``kind`` was done to ``command``; its button does the other
    (``again("redo")`` after an undo)."""
    tr = ctx.app.tr
    other: Kind = "redo" if kind == "undo" else "undo"
    words = tr("undo.done" if kind == "undo" else "undo.redone", step=step_name(ctx, command))

    def other_arrow(_event: object) -> None:
        ctx.app.page.pop_dialog()
        again(other)

    return ft.SnackBar(
        content=ft.Row(
            [
                ft.Container(tagged("undo-notice", ft.Text(words, size=16)), expand=True),
                tagged(
                    f"undo-notice-{other}",
                    ft.TextButton(
                        tr(f"table.{other}"),
                        icon=ft.Icons.REDO if other == "redo" else ft.Icons.UNDO,
                        on_click=other_arrow,
                        # A snack bar is dark in a light theme: its action's own colour.
                        style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY),
                    ),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        duration=SHOWN_MS,
        behavior=ft.SnackBarBehavior.FLOATING,
    )


def show_undo_notice(
    ctx: TableContext, kind: Kind, command: Command | None, again: Callable[[Kind], None]
) -> None:
    """Show the notice for a step done (nothing for a step not known)."""
    if command is not None:
        ctx.app.page.show_dialog(undo_notice(ctx, kind, command, again))
