"""Minibosses (Rise of the Minibosses, R-MINI) on their Rooms, and building one.

- A Miniboss shows on its Room: face down until the Rooms are revealed (with "don't pay":
  ``DeclineMiniboss``), then its level; in the Build phase "promote" (``PromoteMiniboss``,
  1 Coin, once per turn); at Level 3 "use Level 3" (``UseMinibossLevel3``).
- Building one is the player's build of the phase: pick it from the catalogue (or type a
  name), pick the Room it goes on, and send ``BuildMiniboss``.

The engine decides what is legal (adjacent Minibosses, a second build, no Coin to pay);
its refusal shows with its rule next to the button that was tapped.
"""

from __future__ import annotations

from collections.abc import Hashable

import flet as ft

from companion.catalogue import MinibossCard as CatalogueMiniboss
from companion.i18n import Lang
from companion.ui.sync_link import sees_face_down
from companion.ui.table.coins_panel import room_coins
from companion.ui.table.context import TableContext, slot_error
from companion.ui.widgets import Refusal, big_button, on_tap, tagged
from rules import flow
from rules.commands import BuildMiniboss, DeclineMiniboss, PromoteMiniboss, UseMinibossLevel3
from rules.models import MinibossCard, PlayerState, RoomStack

MINI_COLOUR = ft.Colors.TERTIARY_CONTAINER


def _pips(level: int, top: int) -> ft.Control:
    return ft.Row(
        [
            ft.Icon(ft.Icons.STAR if n <= level else ft.Icons.STAR_BORDER, size=20)
            for n in range(1, top + 1)
        ],
        spacing=0,
        tight=True,
    )


def room_extras(
    ctx: TableContext, player: PlayerState, index: int, stack: RoomStack, prefix: str
) -> list[ft.Control]:
    """What a Room tile gains from the expansions: its Miniboss and its Coins."""
    if not ctx.state.setup.ruleset.minibosses:
        return []
    return [
        *_miniboss_line(ctx, player, index, stack, prefix),
        *room_coins(ctx, player, index, stack, prefix),
    ]


def room_extras_key(ctx: TableContext, player: PlayerState) -> Hashable:
    """What ``room_extras`` reads besides the Room's stack (its Miniboss and Coins): a
    tile kept under a key with this is built again when one of them changes."""
    state = ctx.state
    if not state.setup.ruleset.minibosses:
        return None
    face_down = any(s.miniboss is not None and s.miniboss.face_down for s in player.dungeon)
    return (
        flow.plays(state, player.name),
        state.phase,  # Decline and Promote are offered by phase
        # A face-down Miniboss is named or not (asked only then: it may read a file).
        face_down and sees_face_down(ctx.app, player.name),
    )


def _miniboss_line(
    ctx: TableContext, player: PlayerState, index: int, stack: RoomStack, prefix: str
) -> list[ft.Control]:
    mini = stack.miniboss
    if mini is None:
        return []
    tr = ctx.app.tr
    state = ctx.state
    p = f"{prefix}-room-{index + 1}-mini"
    slot = f"{prefix}-rooms"
    name = mini.card.name or tr("mini.unnamed")
    active = flow.plays(state, player.name)
    if mini.face_down and not sees_face_down(ctx.app, player.name):
        name = tr("mini.unnamed")  # which Miniboss shows when the Rooms are (R-BUILD-ONE)
    if mini.face_down:
        head: list[ft.Control] = [
            ft.Icon(ft.Icons.STYLE, size=22),
            ft.Text(tr("mini.face_down", name=name), size=16, expand=True),
        ]
    else:
        head = [
            ft.Icon(ft.Icons.SMART_TOY, size=22),
            ft.Text(
                tr("mini.level", name=name, level=mini.level, top=mini.card.levels),
                size=16,
                weight=ft.FontWeight.BOLD,
                expand=True,
            ),
            _pips(mini.level, mini.card.levels),
        ]
    buttons: list[ft.Control] = []
    if mini.face_down and flow.may(state, DeclineMiniboss, player.name):
        buttons.append(
            big_button(
                f"{p}-decline",
                tr("mini.decline"),
                on_tap(ctx.play, slot, DeclineMiniboss(player=player.name)),
                icon=ft.Icons.DO_NOT_DISTURB_ON,
            )
        )
    if not mini.face_down and flow.may(state, PromoteMiniboss, player.name):
        buttons.append(
            big_button(
                f"{p}-promote",
                tr("mini.promote"),
                on_tap(ctx.play, slot, PromoteMiniboss(player=player.name, index=index)),
                icon=ft.Icons.UPGRADE,
            )
        )
    if active and not mini.face_down and mini.level == 3:
        buttons.append(
            big_button(
                f"{p}-level3",
                tr("mini.use_level3"),
                on_tap(ctx.play, slot, UseMinibossLevel3(player=player.name, index=index)),
                icon=ft.Icons.BOLT,
            )
        )
    body: list[ft.Control] = [
        ft.Row(head, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    ]
    if buttons:
        body.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return [
        tagged(
            p,
            ft.Container(
                ft.Column(body, spacing=4),
                bgcolor=MINI_COLOUR,
                border_radius=8,
                padding=8,
            ),
        )
    ]


class MinibossBuildForm:
    """One player's draft Miniboss and the Room it goes on, kept across redraws."""

    def __init__(self, ctx: TableContext, name: str, prefix: str) -> None:
        self.ctx = ctx
        self.name = name
        self.prefix = f"mini-{prefix}"
        self.open = False
        self.over: int | None = None
        self.card = MinibossCard()
        self.suggestions = ft.Column(spacing=4)
        self._suggested_in: Lang | None = None  # the language of the matches on show
        self.name_field: ft.TextField | None = None

    def view(self) -> list[ft.Control]:
        ctx = self.ctx
        state = ctx.state
        if not flow.may(state, BuildMiniboss, self.name):
            return []
        player = state.player(self.name)
        if player.built_this_phase or player.pending is not None:
            return []
        if not player.dungeon:
            return []
        tr = ctx.app.tr
        p = self.prefix
        if not self.open:
            return [
                big_button(
                    f"{p}-open",
                    tr("mini.build", name=self.name),
                    on_tap(self._set_open, True),
                    icon=ft.Icons.SMART_TOY,
                )
            ]
        if self.name_field is None:
            self.name_field = ft.TextField(
                value=self.card.name,
                on_change=self._on_name,
                prefix_icon=ft.Icons.SEARCH,
                text_size=18,
            )
        # Kept with what was typed; its words, and the matches on show, in the language
        # of the moment.
        self.name_field.label = tr("mini.name")
        self.name_field.hint_text = tr("mini.name_hint")
        if self.suggestions.controls and self._suggested_in != tr.lang:
            self._suggest(str(self.name_field.value or ""))
        if self.over is not None and self.over >= len(player.dungeon):
            self.over = None
        places: list[ft.Control] = [
            tagged(
                f"{p}-where-{i + 1}",
                ft.Chip(
                    label=ft.Text(
                        tr("table.over_room_named", n=i + 1, room=s.top.name or str(i + 1)),
                        size=15,
                    ),
                    selected=self.over == i,
                    on_select=on_tap(self._choose, i),
                    height=48,
                ),
            )
            for i, s in enumerate(player.dungeon)
        ]
        return [
            tagged(
                p,
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(tr("mini.build", name=self.name), size=18),
                            ft.Text(tr("mini.build_note"), size=14, italic=True),
                            tagged(f"{p}-name", self.name_field),
                            self.suggestions,
                            ft.Text(tr("mini.where"), size=16),
                            ft.Row(places, wrap=True, spacing=6, run_spacing=6),
                            ft.Row(
                                [
                                    big_button(
                                        f"{p}-go",
                                        tr("mini.build_go"),
                                        lambda _e: self._build(),
                                        icon=ft.Icons.SMART_TOY,
                                        primary=True,
                                    ),
                                    big_button(f"{p}-cancel", tr("table.cancel"), self._cancel),
                                ],
                                wrap=True,
                            ),
                            slot_error(ctx, p),
                        ],
                        spacing=8,
                    ),
                    padding=10,
                    border_radius=10,
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                ),
            )
        ]

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        typed = str(event.control.value or "")
        self.card = MinibossCard(name=typed.strip()[:60])
        self._suggest(typed)

    def _suggest(self, typed: str) -> None:
        """Offer the catalogue's Minibosses named like ``typed`` (two letters or more)."""
        tr = self.ctx.app.tr
        self._suggested_in = tr.lang
        self.suggestions.controls.clear()
        if len(typed.strip()) >= 2:
            for match in self.ctx.app.catalogue.search(
                typed, kinds=["miniboss"], sets=self.ctx.app.card_sets(), limit=3
            ):
                card = match.card
                if isinstance(card, CatalogueMiniboss):
                    self.suggestions.controls.append(
                        big_button(
                            f"{self.prefix}-option-{card.id}",
                            tr("mini.option", name=card.name, levels=card.levels),
                            on_tap(self.pick, card),
                        )
                    )

    def pick(self, card: CatalogueMiniboss) -> None:
        self.card = MinibossCard(name=card.name, levels=min(3, card.levels), card_id=card.id)
        if self.name_field is not None:
            self.name_field.value = card.name
        self.suggestions.controls.clear()
        self.ctx.app.refresh()

    def _choose(self, over: int) -> None:
        self.over = over
        self.ctx.redraw()

    def _set_open(self, value: bool) -> None:
        self.open = value
        self.ctx.redraw()

    def _cancel(self, _event: object) -> None:
        self._reset()
        self.ctx.redraw()

    def _build(self) -> None:
        ctx = self.ctx
        if self.over is None:
            ctx.errors[self.prefix] = Refusal(ctx.app.tr("error.mini_where"))
            ctx.redraw()
            return
        command = BuildMiniboss(player=self.name, over=self.over, miniboss=self.card)
        ctx.play(self.prefix, command, then=self._reset)

    def _reset(self) -> None:
        self.open = False
        self.over = None
        self.card = MinibossCard()
        self.name_field = None
        self.suggestions.controls.clear()
