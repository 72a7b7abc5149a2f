"""Coins (Rise of the Minibosses, R-MINI): each Boss's hoard with big − / + buttons, Coins
lying on a Room, and the mixed-sets swap of a Room card for a Coin.

Every button sends one engine command (``PayCoins``, ``GainCoins``, ``PlaceCoinOnRoom``,
``TakeCoinsFromRoom``, ``DiscardRoomForCoin``); a player who can't pay is refused by the
engine, and the refusal shows with its rule right under the buttons.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import Translator
from companion.theme import TOUCH
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.removal_confirm import confirm_coin_for_room
from companion.ui.table.room_ability import Play
from companion.ui.widgets import big_button, on_tap, tagged
from rules import flow
from rules.commands import (
    DiscardRoomForCoin,
    GainCoins,
    PayCoins,
    PlaceCoinOnRoom,
    TakeCoinsFromRoom,
)
from rules.models import PlayerState, RoomStack

COIN_COLOUR = "#F9A825"
BIG = 56  # the hoard's − and + : bigger than the 48 px minimum, tapped often


def coin_icon(size: int = 22) -> ft.Control:
    return ft.Icon(ft.Icons.MONETIZATION_ON, size=size, color=COIN_COLOUR)


def _round_button(
    identifier: str, icon: ft.IconData, label: str, on_click: object, size: int = BIG
) -> ft.Control:
    return tagged(
        identifier,
        ft.IconButton(
            icon,
            on_click=on_click,  # type: ignore[arg-type]
            icon_size=28 if size >= BIG else 22,
            style=ft.ButtonStyle(shape=ft.CircleBorder()),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            size_constraints=ft.BoxConstraints(min_width=size, min_height=size),
        ),
        label=label,
        button=True,
    )


def hoard_row(ctx: TableContext, player: PlayerState, prefix: str) -> list[ft.Control]:
    """The player's Coins, big, between − (PayCoins) and + (GainCoins)."""
    state = ctx.state
    if not state.setup.ruleset.minibosses:
        return []
    tr = ctx.app.tr
    slot = f"{prefix}-coins"
    name = player.name
    active = flow.may(state, GainCoins, name)  # in play, not out (R-END-ELIM)
    row: list[ft.Control] = [
        coin_icon(28),
        ft.Text(tr("coins.title"), size=17, expand=True),
    ]
    number = tagged(
        f"{prefix}-coins-value",
        ft.Text(
            str(player.coins),
            size=30,
            weight=ft.FontWeight.BOLD,
            width=52,
            text_align=ft.TextAlign.CENTER,
        ),
        label=tr("coins.count", coins=player.coins),
    )
    if active:
        row += [
            _round_button(
                f"{prefix}-coins-minus",
                ft.Icons.REMOVE,
                tr("coins.pay_one", player=name),
                on_tap(ctx.play, slot, PayCoins(player=name)),
            ),
            number,
            _round_button(
                f"{prefix}-coins-plus",
                ft.Icons.ADD,
                tr("coins.gain_one", player=name),
                on_tap(ctx.play, slot, GainCoins(player=name)),
            ),
        ]
    else:
        row.append(number)
    out: list[ft.Control] = [
        tagged(
            slot,
            ft.Row(row, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        )
    ]
    if flow.may(state, DiscardRoomForCoin, name):
        out.append(
            big_button(
                f"{prefix}-coin-for-room",
                tr("coins.room_for_coin"),
                lambda _e: confirm_coin_for_room(  # a Room leaves the table: asked first
                    ctx, name, lambda: ctx.play(slot, DiscardRoomForCoin(player=name))
                ),
                icon=ft.Icons.CURRENCY_EXCHANGE,
            )
        )
    out.append(slot_error(ctx, slot))
    return out


def room_coins(
    tr: Translator,
    play: Play,
    name: str,
    index: int,
    stack: RoomStack,
    prefix: str,
    move: bool,
) -> list[ft.Control]:
    """Coins lying on one Room, with + (from the hoard) and − (back to the hoard) when
    ``move``."""
    p = f"{prefix}-room-{index + 1}"
    slot = f"{prefix}-rooms"
    parts: list[ft.Control] = [
        coin_icon(),
        tagged(  # the wrapper is the Row's child: it fills the width, the Text wraps
            f"{p}-coins",
            ft.Text(tr("coins.on_room", coins=stack.coins), size=15),
            expand=True,
        ),
    ]
    if move:
        parts += [
            _round_button(
                f"{p}-coin-take",
                ft.Icons.REMOVE,
                tr("coins.take_from_room", n=index + 1),
                on_tap(play, slot, TakeCoinsFromRoom(player=name, index=index)),
                size=TOUCH,
            ),
            _round_button(
                f"{p}-coin-place",
                ft.Icons.ADD,
                tr("coins.place_on_room", n=index + 1),
                on_tap(play, slot, PlaceCoinOnRoom(player=name, index=index)),
                size=TOUCH,
            ),
        ]
    return [ft.Row(parts, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
