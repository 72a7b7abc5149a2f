"""The scores pinned above the game's bottom bar: every player's Souls and Wounds, always
in view, whatever the tab and however far the page is scrolled.

One cell per player in turn order (XP, as the dungeons sit): the name over its Souls and
Wounds. ``PinnedScores`` is a memoized Flet component whose props are those numbers and
the language, so a tap that changes no score sends nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import flet as ft

from companion.i18n import Translator
from companion.ui.table.components import memo_component, table_app
from companion.ui.widgets import tagged
from rules import flow

if TYPE_CHECKING:
    from companion.ui.table.context import TableContext

#: The strip's height on top of the bar's own (two lines of text and their padding).
STRIP_HEIGHT = 46


class Score(NamedTuple):
    prefix: str  # "p1"
    name: str
    souls: int
    wounds: int
    out: bool  # eliminated


def scores(ctx: TableContext) -> tuple[Score, ...]:
    state = ctx.state
    return tuple(
        Score(
            f"p{ctx.seat(p.name)}",
            p.name,
            state.souls(p.name),
            state.wounds(p.name),
            flow.is_out(state, p.name),
        )
        for p in state.xp_order()
    )


def pin_scores(ctx: TableContext, row: ft.Control) -> ft.Control:
    """The bar's ``row`` (undo, redo and the tabs) with the scores on a strip above it
    (the bar grows by ``STRIP_HEIGHT``); none while the game is still at set-up (nobody
    has scored, and the page shows no names)."""
    if ctx.state.phase == "setup":
        return row
    rows = scores(ctx)
    lang = ctx.app.settings.lang
    strip = PinnedScores(rows, lang, key="pinned-scores")
    return ft.Column([strip, row], spacing=0, tight=True)


@memo_component
def PinnedScores(rows: tuple[Score, ...], lang: str) -> ft.Control:
    """The strip: one cell per player, side by side, each taking an equal share."""
    tr = table_app().tr
    return tagged(
        "pinned-scores",
        ft.Row([_cell(tr, row) for row in rows], spacing=4),
    )


def _cell(tr: Translator, row: Score) -> ft.Control:
    """A player's name over its Souls (a spark) and Wounds (a broken heart), read out
    in words ("Ann: Souls 1 · Wounds 0")."""
    said = f"{row.name}: " + tr("table.score", souls=row.souls, wounds=row.wounds)
    colour = ft.Colors.ON_SURFACE_VARIANT if row.out else None
    return tagged(
        f"pinned-{row.prefix}",
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        row.name,
                        size=13,
                        weight=ft.FontWeight.BOLD,
                        no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        color=colour,
                        text_align=ft.TextAlign.CENTER,
                    ),
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.AUTO_AWESOME, size=14, color=colour),
                            ft.Text(str(row.souls), size=15, weight=ft.FontWeight.BOLD),
                            ft.Icon(ft.Icons.HEART_BROKEN, size=14, color=ft.Colors.ERROR),
                            ft.Text(str(row.wounds), size=15, weight=ft.FontWeight.BOLD),
                        ],
                        spacing=3,
                        tight=True,
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.symmetric(horizontal=4, vertical=2),
            border_radius=8,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
        label=said,
        expand=True,
    )
