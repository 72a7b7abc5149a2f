"""One dungeon: Rooms from the entrance to the Boss, treasure totals, Room actions.

On a phone the Rooms stack top (entrance) to bottom (Boss); from tablet width up they
line up left (entrance) to right (Boss). Deactivated Rooms are greyed and turned
sideways; a Room placed face down this phase shows as a face-down card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.theme import TOUCH, treasure_badge
from companion.ui.sync_link import builds_here
from companion.ui.table.build_panel import BuildForm
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.miniboss_panel import room_extras, room_extras_key
from companion.ui.table.own_face_down import own_face_down_name
from companion.ui.table.player_expansions import PlayerExpansions
from companion.ui.table.removal_confirm import confirm_destroy
from companion.ui.table.room_ability import room_ability_buttons, room_ability_choices
from companion.ui.table.table_sync import build_slot
from companion.ui.widgets import tagged
from rules import flow
from rules.card_effects import RoomDamage
from rules.card_effects import hit as damage_here
from rules.commands import BuildRoom, DeactivateRoom, DestroyRoom, SetTreasureBonus
from rules.models import TREASURES, PlayerState, Room, RoomStack, Treasure

ROOM_COL = {"xs": 12, "sm": 6, "md": 4, "xl": 3}


class TileFacts(NamedTuple):
    """What a Room tile shows besides its Room: worked out once, for the tile and for the
    key it is kept under."""

    hit: RoomDamage  # the damage the walk deals (R-CARD-EFFECT)
    covered: bool  # a Room placed face down over it this phase
    here: bool  # the walking Hero stands in it
    actions: bool  # Destroy and Deactivate may be played on it now


def tile_facts(ctx: TableContext, player: PlayerState, index: int) -> TileFacts:
    state = ctx.state
    stack = player.dungeon[index]
    covered = player.pending is not None and player.pending.over == index
    walk = state.walk
    return TileFacts(
        hit=damage_here(state, player.name, index),
        covered=covered,
        here=walk is not None and walk.player == player.name and walk.room == index,
        actions=DestroyRoom in ctx.legal()  # the engine says when (R-DESTROY)
        and not stack.deactivated
        and not covered
        and flow.plays(state, player.name),  # an eliminated player no longer plays
    )


def _room_tile(
    ctx: TableContext,
    player: PlayerState,
    index: int,
    stack: RoomStack,
    prefix: str,
    facts: TileFacts,
) -> ft.Control:
    tr = ctx.app.tr
    room = stack.top
    hit, covered, here, actions = facts
    lines: list[ft.Control] = [
        # The card itself stays as it is while the Room and its damage do (a Hero arriving
        # or the phase's Room actions change the tile around it).
        ctx.memo(
            f"{prefix}-room-{index + 1}-card",
            (room, hit),
            lambda: _room_card(ctx, room, index, hit, prefix),
            sealed=True,
        )
    ]
    if hit.cards:  # which cards changed it, by name and amount
        lines.append(
            tagged(
                f"{prefix}-room-{index + 1}-damage-cards",
                ft.Text(", ".join(hit.cards), size=14, italic=True),
            )
        )
    if stack.deactivated:
        lines.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.SCREEN_ROTATION, rotate=ft.Rotate(angle=1.57)),
                    ft.Text(tr("table.deactivated"), size=15, italic=True),
                ]
            )
        )
    if covered:
        lines.append(ft.Text(tr("table.covered_face_down"), size=15, italic=True))
    if here:
        lines.append(
            ft.Text(
                tr("table.hero_here"), size=15, weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR
            )
        )
    lines += room_extras(ctx, player, index, stack, prefix)  # Miniboss, Coins (R-MINI)
    lines += room_ability_buttons(ctx, player, index, prefix)  # "Use Dark Altar: ..."
    # Always in the tile, hidden outside the phases that allow them: when the Adventure
    # starts, showing twelve rows is a flag each (on the wrapper), not twelve rows built,
    # folded and sent.
    lines.append(
        ft.Container(
            ctx.memo(
                f"{prefix}-room-{index + 1}-actions",
                (),
                lambda: _room_actions(ctx, player.name, index, prefix),
                sealed=True,
            ),
            visible=actions,
        )
    )
    tile = ft.Container(
        ft.Column(lines, spacing=4),
        padding=10,
        border_radius=10,
        border=ft.Border.all(3 if here else 1, ft.Colors.ERROR if here else ft.Colors.OUTLINE),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if stack.deactivated else None,
        opacity=0.55 if stack.deactivated else 1.0,
    )
    return tagged(f"{prefix}-room-{index + 1}", tile, col=ROOM_COL)


def _room_card(
    ctx: TableContext, room: Room, index: int, hit: RoomDamage, prefix: str
) -> ft.Control:
    """A Room's number, name, damage, treasure and kind."""
    tr = ctx.app.tr
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


def _room_actions(ctx: TableContext, name: str, index: int, prefix: str) -> ft.Control:
    """Destroy and deactivate, for a Spell or an ability the table plays by hand."""
    tr = ctx.app.tr
    slot = f"{prefix}-rooms"

    def button(kind: str, icon: ft.IconData, command: DestroyRoom | DeactivateRoom) -> ft.Control:
        def act(_event: object) -> None:
            if isinstance(command, DestroyRoom):  # it leaves the table: asked first
                confirm_destroy(ctx, name, index, lambda: ctx.play(slot, command))
            else:
                ctx.play(slot, command)

        return tagged(
            f"{prefix}-room-{index + 1}-{kind}",
            ft.TextButton(tr(f"table.{kind}"), icon=icon, height=TOUCH, on_click=act),
        )

    return ft.Row(
        [
            button("destroy", ft.Icons.DELETE_OUTLINE, DestroyRoom(player=name, index=index)),
            button("deactivate", ft.Icons.BLOCK, DeactivateRoom(player=name, index=index)),
        ],
        wrap=True,
        spacing=0,
    )


def _face_down_tile(
    ctx: TableContext, prefix: str, over: int | None, player: PlayerState
) -> ft.Control:
    tr = ctx.app.tr
    where = tr("table.at_entrance") if over is None else tr("table.over_room", n=over + 1)
    mine = own_face_down_name(ctx, player)  # its name, where it was placed from
    if mine is not None:
        where = f"{mine} · {where}"
    tile = ft.Container(
        ft.Row(
            [
                ft.Icon(ft.Icons.STYLE, size=28),
                ft.Text(f"{tr('table.face_down')} · {where}", size=16, expand=True),
            ]
        ),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border=ft.Border.all(2, ft.Colors.SECONDARY),
    )
    return tagged(f"{prefix}-face-down", tile, col=ROOM_COL)


def _boss_tile(ctx: TableContext, player: PlayerState, prefix: str) -> ft.Control:
    tr = ctx.app.tr
    badges = [treasure_badge(t, tr(f"treasure.{t}")) for t in player.boss_treasure]
    text = player.boss or tr("table.boss")
    tile = ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Icon(ft.Icons.CASTLE, size=26),
                        ft.Text(text, size=17, weight=ft.FontWeight.BOLD, expand=True),
                    ]
                ),
                ft.Row([*badges, ft.Text(tr("table.xp", xp=player.xp), size=15)], wrap=True),
            ],
            spacing=4,
        ),
        padding=10,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    )
    return tagged(f"{prefix}-boss", tile, col=ROOM_COL)


class DungeonPanel:
    """A player's dungeon card; keeps the player's build form and bonus toggle."""

    def __init__(
        self, ctx: TableContext, name: str, on_built: Callable[[str], None] | None = None
    ) -> None:
        self.ctx = ctx
        self.name = name
        self.prefix = f"p{ctx.seat(name)}"
        self.build_form = BuildForm(ctx, name, self.prefix, on_built)
        self.expansions = PlayerExpansions(ctx, name, self.prefix)
        self.show_bonus = False

    def view(self) -> ft.Control:
        """The card under the dungeon's summary row (``dungeon_summary``), which shows
        the player, the score and the treasure totals."""
        ctx = self.ctx
        tr = ctx.app.tr
        state = ctx.state
        player = state.player(self.name)
        p = self.prefix
        tiles: list[ft.Control] = []
        pending = player.pending
        if pending is not None and pending.over is None:
            tiles.append(_face_down_tile(ctx, p, None, player))
        for index, stack in enumerate(player.dungeon):
            tiles.append(self._room(player, index, stack))
            if pending is not None and pending.over == index:
                tiles.append(_face_down_tile(ctx, p, index, player))
        boss = (player.boss, player.boss_treasure, player.xp)
        tiles.append(ctx.memo(f"{p}-boss", boss, lambda: _boss_tile(ctx, player, p), sealed=True))
        body: list[ft.Control] = [
            ft.Text(tr("table.entrance_to_boss"), size=14, italic=True),
            ft.ResponsiveRow(tiles, spacing=8, run_spacing=8),
            slot_error(ctx, f"{p}-rooms"),
        ]
        body += self.expansions.view()  # Coins and Items (R-MINI, R-ITEM)
        if SetTreasureBonus in ctx.legal() and flow.plays(state, player.name):
            body.append(self._bonus(player))
        return tagged(
            f"dungeon-{p}",
            ft.Card(
                ft.Container(
                    ft.Column(body, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                    padding=12,
                )
            ),
        )

    def build_view(self) -> list[ft.Control]:
        """The player's build form (on a device that builds for them; elsewhere whether
        they have built) and the Miniboss form: the compact turn view shows them first in
        the Build phase, above the dungeons."""
        ctx = self.ctx
        out: list[ft.Control] = []
        if flow.may(ctx.state, BuildRoom, self.name):
            out.append(build_slot(ctx, self.name, self.build_form))  # private build
        out += self.expansions.build_view()  # a Miniboss instead of a Room (R-MINI)
        return out

    def build_shown(self) -> ft.Control:
        """``build_view()`` in one column, built only when what the dungeon card shows
        changed (the same key: the forms read this player's part of the state)."""
        ctx = self.ctx
        return ctx.memo(
            f"build-slot-{self.prefix}",
            self._key(),
            lambda: ft.Column(
                self.build_view(), spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        )

    def _room(self, player: PlayerState, index: int, stack: RoomStack) -> ft.Control:
        """One Room tile, kept while what it shows is the same: a Room built next to it or
        a bonus changed leaves it as it is."""
        ctx = self.ctx
        facts = tile_facts(ctx, player, index)
        buttons = room_ability_choices(ctx, player, index, self.prefix)  # spent: gone
        return ctx.memo(
            f"{self.prefix}-room-{index + 1}",
            (index, stack, facts, room_extras_key(ctx, player), buttons),
            # Not sealed: its card and actions are, and what changes around them (a Hero
            # arriving, the actions shown) then goes out with the rest of the tap's update
            # instead of one message per Room.
            lambda: _room_tile(ctx, player, index, stack, self.prefix, facts),
        )

    def _bonus(self, player: PlayerState) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        p = self.prefix
        toggle = tagged(
            f"{p}-bonus-toggle",
            ft.TextButton(
                tr("table.bonus_hide") if self.show_bonus else tr("table.bonus_show"),
                icon=ft.Icons.TUNE,
                height=TOUCH,
                on_click=lambda _e: self._toggle_bonus(),
            ),
        )
        if not self.show_bonus:
            return toggle
        rows: list[ft.Control] = [toggle]
        for t in TREASURES:
            rows.append(
                # Kept while its number is the same: a tap on one row leaves the others be.
                ctx.memo(
                    f"{p}-bonus-{t}",
                    player.bonus(t),
                    lambda t=t: self._bonus_row(player, t),  # type: ignore[misc]
                    sealed=True,
                )
            )
        rows.append(slot_error(ctx, f"{p}-bonus"))
        return ft.Column(rows, spacing=4)

    def _bonus_row(self, player: PlayerState, treasure: Treasure) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        p = self.prefix
        value = player.bonus(treasure)

        def change(delta: int) -> None:
            ctx.play(
                f"{p}-bonus",
                SetTreasureBonus(player=player.name, treasure=treasure, amount=value + delta),
            )

        return ft.Row(
            [
                treasure_badge(treasure, tr(f"treasure.{treasure}")),
                ft.Text(tr(f"treasure.{treasure}"), size=16, expand=True),
                tagged(
                    f"{p}-bonus-{treasure}-minus",
                    ft.IconButton(ft.Icons.REMOVE, on_click=lambda _e: change(-1)),
                    label=tr("table.bonus_minus", treasure=tr(f"treasure.{treasure}")),
                ),
                tagged(f"{p}-bonus-{treasure}", ft.Text(f"{value:+d}", size=18, width=40)),
                tagged(
                    f"{p}-bonus-{treasure}-plus",
                    ft.IconButton(ft.Icons.ADD, on_click=lambda _e: change(1)),
                    label=tr("table.bonus_plus", treasure=tr(f"treasure.{treasure}")),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _toggle_bonus(self) -> None:
        self.show_bonus = not self.show_bonus
        self.ctx.redraw()

    def shown(self) -> ft.Control:
        """``view()``, built only when what it shows changed: this player's part of the
        state (the others' are left out: a Room built next door keeps this card as it
        is), the rest of the state but the walk (of which only the Room the Hero stands in,
        if it is here), the language, the errors and this panel's drafts."""
        return self.ctx.memo(f"dungeon-{self.prefix}", self._key(), self.view)

    def _key(self) -> tuple[object, ...]:
        ctx = self.ctx
        state = ctx.state
        # Of the walk, a dungeon card shows only which of its Rooms the Hero stands in (the
        # tile's marker): the Adventure's taps (damage, heal) leave every card as it is.
        walk = state.walk
        here = ("walk", walk.room) if walk is not None and walk.player == self.name else None
        mine = state.model_copy(
            update={"players": (state.player(self.name),), "version": 0, "walk": None}
        )
        return (
            ctx.drafts,
            tuple(sorted(ctx.errors.items())),
            mine,
            here,
            builds_here(ctx.app, self.name),
            self.show_bonus,
        )
