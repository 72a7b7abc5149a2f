"""A question before a card leaves the table: Destroy sits right next to Deactivate, and a
Room destroyed by a slip costs an undo the table may not notice it needs.

``confirm_removal`` asks in a dialog naming the card and what happens to it (R-DESTROY:
to the discard pile, the Room below uncovered); only its own button plays the command.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label
from companion.ui.widgets import tagged


def confirm_removal(
    ctx: TableContext, identifier: str, title: str, body: str, yes: str, go: Callable[[], object]
) -> None:
    """Ask before ``go`` removes a card; nothing happens on Cancel."""
    tr = ctx.app.tr
    page = ctx.app.page

    def confirmed(_event: object) -> None:
        page.pop_dialog()
        go()

    def cancelled(_event: object) -> None:
        page.pop_dialog()

    page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(title, size=20),
            content=tagged(identifier, ft.Text(body, size=16)),
            actions=[
                tagged(
                    f"{identifier}-cancel",
                    ft.TextButton(tr("confirm.cancel"), on_click=cancelled, height=48),
                ),
                tagged(
                    f"{identifier}-yes",
                    ft.FilledButton(
                        yes,
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=confirmed,
                        height=48,
                        style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                    ),
                ),
            ],
            scrollable=True,
        )
    )


def confirm_destroy(ctx: TableContext, player: str, index: int, go: Callable[[], object]) -> None:
    """Before Destroy on a player's Room: which Room, whose, and where it goes."""
    tr = ctx.app.tr
    room = card_label(tr, ctx.state.player(player).dungeon[index].top.label())
    confirm_removal(
        ctx,
        "confirm-destroy",
        tr("confirm.destroy.title", room=room),
        tr("confirm.destroy.body", room=room, player=player),
        tr("confirm.destroy.yes"),
        go,
    )


def confirm_coin_for_room(ctx: TableContext, player: str, go: Callable[[], object]) -> None:
    """Before a player discards a Room for a Coin (Rise of the Minibosses)."""
    tr = ctx.app.tr
    confirm_removal(
        ctx,
        "confirm-coin-for-room",
        tr("confirm.coin_for_room.title"),
        tr("confirm.coin_for_room.body", player=player),
        tr("confirm.coin_for_room.yes"),
        go,
    )
