"""The parts of a dungeon card drawn as memoized components (``ft.memo``): a Room's card,
its Destroy and Deactivate, the Boss, a treasure bonus row. Each draws from its props
alone (the Room, its damage, the Boss's facts, a bonus), so a tap that leaves them as
they were neither draws nor sends them again; ``lang`` is a prop of each so that a
language change draws them in the new words. The tab's words come from ``TABLE``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.i18n import Translator
from companion.theme import TOUCH, treasure_badge
from companion.ui.table.components import memo_component, table_app
from companion.ui.widgets import on_tap, tagged
from rules.card_effects import RoomDamage
from rules.commands import DeactivateRoom, DestroyRoom
from rules.models import Room, Treasure


class TileFacts(NamedTuple):
    """What a Room tile shows besides its Room and its expansions' lines: worked out from
    the whole state, a prop of the tile and of its dungeon card (``CardShows``)."""

    hit: RoomDamage  # the damage the walk deals (R-CARD-EFFECT)
    covered: bool  # a Room placed face down over it this phase
    here: bool  # the walking Hero stands in it
    actions: bool  # Destroy and Deactivate may be played on it now


ROOM_COL = {"xs": 12, "sm": 6, "md": 4, "xl": 3}


@memo_component
def RoomCard(room: Room, index: int, hit: RoomDamage, prefix: str, lang: str) -> ft.Control:
    """A Room's number, name, damage, treasure and kind (``_room_card``)."""
    return _room_card(table_app().tr, room, index, hit, prefix)


def _room_card(tr: Translator, room: Room, index: int, hit: RoomDamage, prefix: str) -> ft.Control:
    """A Room's number, name, damage, treasure and kind."""
    badges = [treasure_badge(t, tr(f"treasure.{t}")) for t in room.treasure]
    damage: list[ft.Control] = [
        ft.Text(tr("table.damage", damage=hit.damage), size=18, weight=ft.FontWeight.BOLD)
    ]
    if hit.changed:  # under the number, so a long name keeps its width on a phone
        damage.append(ft.Text(tr("table.damage_printed", printed=hit.printed), size=14))
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(f"{index + 1}", size=22, weight=ft.FontWeight.BOLD),
                    ft.Text(room.name or tr(f"room.kind.{room.kind}"), size=17, expand=True),
                    tagged(
                        f"{prefix}-room-{index + 1}-damage",
                        ft.Column(
                            damage, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END
                        ),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.Row(
                [
                    *badges,
                    ft.Text(
                        tr(f"room.kind.{room.kind}")
                        + (" · " + tr("table.advanced") if room.advanced else ""),
                        size=14,
                    ),
                ],
                wrap=True,
                spacing=6,
            ),
        ],
        spacing=4,
    )


@memo_component
def RoomActions(
    name: str,
    index: int,
    prefix: str,
    lang: str,
    act: Callable[[DestroyRoom | DeactivateRoom], None],
) -> ft.Control:
    """Destroy and deactivate, for a Spell or an ability the table plays by hand: the same
    all game long for a Room's place. ``lang`` is a prop so a language change draws them
    again."""
    tr = table_app().tr

    def button(kind: str, icon: ft.IconData, command: DestroyRoom | DeactivateRoom) -> ft.Control:
        return tagged(
            f"{prefix}-room-{index + 1}-{kind}",
            ft.TextButton(
                tr(f"table.{kind}"), icon=icon, height=TOUCH, on_click=on_tap(act, command)
            ),
        )

    return ft.Row(
        [
            button("destroy", ft.Icons.DELETE_OUTLINE, DestroyRoom(player=name, index=index)),
            button("deactivate", ft.Icons.BLOCK, DeactivateRoom(player=name, index=index)),
        ],
        wrap=True,
        spacing=0,
    )


@memo_component
def BossTile(
    prefix: str, boss: str | None, treasure: tuple[Treasure, ...], xp: int, lang: str
) -> ft.Control:
    """The Boss at the end of the dungeon: its name, treasure and XP."""
    return _boss_tile(table_app().tr, prefix, boss, treasure, xp)


def _boss_tile(
    tr: Translator, prefix: str, boss: str | None, treasure: tuple[Treasure, ...], xp: int
) -> ft.Control:
    badges = [treasure_badge(t, tr(f"treasure.{t}")) for t in treasure]
    text = boss or tr("table.boss")
    tile = ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.CASTLE, size=26),
                        ft.Text(text, size=17, weight=ft.FontWeight.BOLD, expand=True),
                    ]
                ),
                ft.Row([*badges, ft.Text(tr("table.xp", xp=xp), size=15)], wrap=True),
            ],
            spacing=4,
        ),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    )
    return tagged(f"{prefix}-boss", tile, col=ROOM_COL)


@memo_component
def BonusRow(
    p: str, treasure: Treasure, value: int, lang: str, change: Callable[[Treasure, int], None]
) -> ft.Control:
    """One treasure type's bonus, between − and + (``change`` sends the new amount)."""
    tr = table_app().tr
    return ft.Row(
        [
            treasure_badge(treasure, tr(f"treasure.{treasure}")),
            ft.Text(tr(f"treasure.{treasure}"), size=16, expand=True),
            tagged(
                f"{p}-bonus-{treasure}-minus",
                ft.IconButton(ft.Icons.REMOVE, on_click=on_tap(change, treasure, value - 1)),
                label=tr("table.bonus_minus", treasure=tr(f"treasure.{treasure}")),
            ),
            tagged(f"{p}-bonus-{treasure}", ft.Text(f"{value:+d}", size=18, width=40)),
            tagged(
                f"{p}-bonus-{treasure}-plus",
                ft.IconButton(ft.Icons.ADD, on_click=on_tap(change, treasure, value + 1)),
                label=tr("table.bonus_plus", treasure=tr(f"treasure.{treasure}")),
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
