"""One dungeon: Rooms from the entrance to the Boss, treasure totals, Room actions.

On a phone the Rooms stack top (entrance) to bottom (Boss); from tablet width up they
line up left (entrance) to right (Boss). Deactivated Rooms are greyed and turned
sideways; a Room placed face down this phase shows as a face-down card.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import Translator
from companion.theme import TOUCH
from companion.ui.sync_link import builds_here
from companion.ui.table.build_panel import BuildForm
from companion.ui.table.components import memo_component, table_app
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.dungeon_card import BuildSlot, CardShows, DungeonCard
from companion.ui.table.dungeon_tiles import (
    ROOM_COL,
    BonusRow,
    BossTile,
    RoomActions,
    RoomCard,
    TileFacts,
)
from companion.ui.table.miniboss_panel import ExtrasShows, room_extras, room_extras_shows
from companion.ui.table.own_face_down import gift_name, own_face_down_name
from companion.ui.table.player_expansions import PlayerExpansions
from companion.ui.table.removal_confirm import confirm_destroy
from companion.ui.table.room_ability import (
    AbilityShows,
    Play,
    room_ability_buttons,
    room_ability_shows,
)
from companion.ui.table.table_sync import build_slot
from companion.ui.widgets import key_of, tagged
from rules import flow
from rules.card_effects import hit as damage_here
from rules.commands import BuildRoom, DeactivateRoom, DestroyRoom, SetTreasureBonus
from rules.models import TREASURES, PendingBuild, PlayerState, RoomStack, Treasure


def tile_facts(ctx: TableContext, player: PlayerState, index: int) -> TileFacts:
    state = ctx.state
    covered = player.face_down_at(index)  # its own Room or a gift (Surprise Gift)
    walk = state.walk
    return TileFacts(
        hit=damage_here(state, player.name, index),
        covered=covered,
        here=walk is not None and walk.player == player.name and walk.room == index,
        # The phase allows it, and the rules allow it of this Room (R-DESTROY).
        actions=DestroyRoom in ctx.legal() and flow.may_take_down(state, player.name, index),
    )


@memo_component
def RoomTile(
    name: str,
    prefix: str,
    index: int,
    stack: RoomStack,
    facts: TileFacts,
    extras: ExtrasShows | None,
    ability: AbilityShows,
    lang: str,
    play: Play,
    act: Callable[[DestroyRoom | DeactivateRoom], None],
) -> ft.Control:
    """One Room tile of ``name``'s dungeon, drawn from its props alone: the Room, what
    the walk and the phase make of it (``facts``), its Miniboss and Coins (``extras``),
    its ability buttons; drawn again only when one of them changed. ``play`` sends a
    button's command, ``act`` Destroy or Deactivate; ``lang`` draws it in new words."""
    tr = table_app().tr
    return _room_tile(tr, lang, name, prefix, index, stack, facts, extras, ability, play, act)


def _room_tile(
    tr: Translator,
    lang: str,
    name: str,
    prefix: str,
    index: int,
    stack: RoomStack,
    facts: TileFacts,
    extras: ExtrasShows | None,
    ability: AbilityShows,
    play: Play,
    act: Callable[[DestroyRoom | DeactivateRoom], None],
) -> ft.Control:
    room = stack.top
    hit, covered, here, actions = facts
    card = f"{prefix}-room-{index + 1}-card"
    lines: list[ft.Control] = [
        # The card itself stays as it is while the Room and its damage do (a Hero arriving
        # or the phase's Room actions change the tile around it).
        RoomCard(room, index, hit, prefix, lang, key=card)
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
    lines += room_extras(tr, play, name, index, stack, prefix, extras)  # Miniboss, Coins
    lines += room_ability_buttons(tr, play, ability, f"{prefix}-rooms")  # "Use Dark Altar"
    # Always in the tile, hidden outside the phases that allow them: when the Adventure
    # starts, showing twelve rows is a flag each (on the wrapper), not twelve rows built,
    # folded and sent.
    kept = f"{prefix}-room-{index + 1}-actions"
    lines.append(
        ft.Container(
            RoomActions(name, index, prefix, lang, act, key=kept),
            visible=actions,
            # Keyed: the lines above it come and go (the Hero here, a Room placed over it),
            # and the diff must find the same row again, its buttons under the same ids.
            key=key_of(f"{kept}-shown"),
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


def _face_down_tile(
    ctx: TableContext,
    prefix: str,
    over: int | None,
    player: PlayerState,
    gift: PendingBuild | None = None,
) -> ft.Control:
    tr = ctx.app.tr
    where = tr("table.at_entrance") if over is None else tr("table.over_room", n=over + 1)
    # its name, where it was placed from (a gift: on the giver's device)
    mine = own_face_down_name(ctx, player) if gift is None else gift_name(ctx, gift)
    if mine is not None:
        where = f"{mine} · {where}"
    if gift is not None:
        where = f"{tr('table.gift_from', player=gift.by or '')} · {where}"
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
    tag = f"{prefix}-face-down" if gift is None else f"{prefix}-gift-{(over or 0) + 1}"
    return tagged(tag, tile, col=ROOM_COL)


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
        # Destroy and Deactivate wait behind one toggle per dungeon: the cards that
        # destroy or deactivate a Room ask which (the offers); these are the table's own
        # say, rarely used, and twelve rows of them on screen slowed each tap (#31).
        self.show_room_actions = False

    def view(self, shows: CardShows) -> ft.Control:
        """The card under the dungeon's summary row (``dungeon_summary``), which shows
        the player, the score and the treasure totals; its tiles drawn from ``shows``."""
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
            tiles.append(self._room(player, index, stack, shows))
            if pending is not None and pending.over == index:
                tiles.append(_face_down_tile(ctx, p, index, player))
            tiles += [
                _face_down_tile(ctx, p, index, player, g) for g in player.gifts if g.over == index
            ]
        lang = ctx.app.settings.lang
        tiles.append(
            BossTile(p, player.boss, player.boss_treasure, player.xp, lang, key=f"{p}-boss")
        )
        body: list[ft.Control] = [
            ft.Text(tr("table.entrance_to_boss"), size=14, italic=True),
            ft.ResponsiveRow(tiles, spacing=8, run_spacing=8),
        ]
        if shows.room_actions is not None:
            body.append(self._room_actions_toggle(shows.room_actions))
        body.append(slot_error(ctx, f"{p}-rooms"))
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
        """``build_view()`` in one column (``BuildSlot``), drawn again only when what the
        dungeon card shows changed (``CardShows``: the forms read this player's part of
        the state)."""
        name = f"build-slot-{self.prefix}"
        shows = self._shows()
        # The Bait forecast under the form reads the whole table, not this player's part:
        # told here of every change, it redraws itself (a Room placed next door, R-BUILD-ONE).
        self.build_form.forecast.follow()
        return BuildSlot(self.build_view, shows, key=name)

    def _room(
        self, player: PlayerState, index: int, stack: RoomStack, shows: CardShows
    ) -> ft.Control:
        """One Room tile (``RoomTile``), drawn again only when what it shows changed: a
        Room built next to it or a bonus changed leaves it as it is."""
        ctx = self.ctx
        p = self.prefix
        facts, ability = shows.rooms[index]
        extras = shows.extras
        lang = ctx.app.settings.lang
        name = f"{p}-room-{index + 1}"
        play, act = ctx.play, self._room_act
        return RoomTile(
            player.name, p, index, stack, facts, extras, ability, lang, play, act, key=name
        )

    def _room_act(self, command: DestroyRoom | DeactivateRoom) -> None:
        """Destroy or deactivate one of this player's Rooms (``RoomActions``); Destroy asks
        first (R-DESTROY: the card leaves the table)."""
        slot = f"{self.prefix}-rooms"

        def send() -> None:
            self.show_room_actions = False  # folded again once one acted
            self.ctx.play(slot, command)

        if isinstance(command, DestroyRoom):  # it leaves the table: asked first
            confirm_destroy(self.ctx, self.name, command.index, send)
        else:
            send()

    def _room_actions_toggle(self, shown: bool) -> ft.Control:
        """The toggle that shows each Room's Destroy and Deactivate (``RoomActions``)."""
        tr = self.ctx.app.tr

        def flip(_event: object) -> None:
            self.show_room_actions = not shown
            self.ctx.redraw()

        return tagged(
            f"{self.prefix}-room-actions-toggle",
            ft.TextButton(
                tr("table.room_actions_hide" if shown else "table.room_actions_show"),
                icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.BUILD_CIRCLE_OUTLINED,
                height=TOUCH,
                on_click=flip,
            ),
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
        # In one column, shown or not: the toggle stays the control on screen (a control
        # moved to another parent is made anew, under a new id).
        rows: list[ft.Control] = [toggle]
        if not self.show_bonus:
            return ft.Column(rows, spacing=4)
        lang = ctx.app.settings.lang
        change = self._change_bonus
        for t in TREASURES:
            # Drawn again only when its number changed: a tap on one row leaves the others be.
            value = player.bonus(t)
            rows.append(BonusRow(p, t, value, lang, change, key=f"{p}-bonus-{t}"))
        rows.append(slot_error(ctx, f"{p}-bonus"))
        return ft.Column(rows, spacing=4)

    def _change_bonus(self, treasure: Treasure, amount: int) -> None:
        self.ctx.play(
            f"{self.prefix}-bonus",
            SetTreasureBonus(player=self.name, treasure=treasure, amount=amount),
        )

    def _toggle_bonus(self) -> None:
        self.show_bonus = not self.show_bonus
        self.ctx.redraw()

    def shown(self) -> ft.Control:
        """``view()``, drawn again only when what it shows changed (``CardShows``, with
        what its Room tiles show worked out from the whole state)."""
        ctx, p = self.ctx, self.prefix
        name = f"dungeon-{p}"
        player = ctx.state.player(self.name)
        facts = [tile_facts(ctx, player, i) for i in range(len(player.dungeon))]
        # The toggle shows where a Room may be destroyed or deactivated now; the rows
        # show once it is open.
        may_act = any(f.actions for f in facts)
        opened = may_act and self.show_room_actions
        rooms = tuple(
            (
                TileFacts(f.hit, f.covered, f.here, f.actions and opened),
                room_ability_shows(ctx, player, i, p),
            )
            for i, f in enumerate(facts)  # an ability spent: its button gone
        )
        actions = opened if may_act else None
        shows = self._shows(rooms, room_extras_shows(ctx, player, p), actions)
        return DungeonCard(self.view, shows, key=name)

    def _shows(
        self,
        rooms: tuple[tuple[TileFacts, AbilityShows], ...] = (),
        extras: ExtrasShows | None = None,
        room_actions: bool | None = None,
    ) -> CardShows:
        ctx = self.ctx
        state = ctx.state
        # Of the walk, a dungeon card shows only which of its Rooms the Hero stands in (the
        # tile's marker): the Adventure's taps (damage, heal) leave every card as it is.
        walk = state.walk
        here = walk.room if walk is not None and walk.player == self.name else None
        mine = state.model_copy(
            update={"players": (state.player(self.name),), "version": 0, "walk": None}
        )
        return CardShows(
            mine,
            walk is not None and walk.player == self.name,
            here,
            builds_here(ctx.app, self.name),
            self.show_bonus,
            tuple(sorted(ctx.errors.items())),
            ctx.drafts,
            ctx.app.settings.lang,
            rooms,
            extras,
            room_actions,
        )
