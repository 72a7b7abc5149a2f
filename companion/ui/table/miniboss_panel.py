"""Minibosses (Rise of the Minibosses, R-MINI) on their Rooms, and building one.

- A Miniboss shows on its Room: face down until the Rooms are revealed (with "don't pay":
  ``DeclineMiniboss``), then its level; in the Build phase "promote" (``PromoteMiniboss``,
  1 Coin, once per turn); a Level 2 used at will, while it may be ("use Level 2: ...",
  ``UseMinibossLevel2``); at Level 3 "use Level 3" (``UseMinibossLevel3``), one button per
  Hero, Room or dungeon it may aim at.
- Building one is the player's build of the phase: pick it from the catalogue (or type a
  name), pick the Room it goes on, and send ``BuildMiniboss``.

The engine decides what is legal (adjacent Minibosses, a second build, no Coin to pay);
its refusal shows with its rule next to the button that was tapped.
"""

from __future__ import annotations

from typing import NamedTuple

import flet as ft

from companion.catalogue import MinibossCard as CatalogueMiniboss
from companion.i18n import Lang, Translator
from companion.ui.sync_link import sees_face_down
from companion.ui.table.coins_panel import room_coins
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.room_ability import Play, ability_lead
from companion.ui.table.rulings import card_label, ruling_text
from companion.ui.typed_ahead import TypedAhead
from companion.ui.widgets import Refusal, big_button, on_tap, tagged
from rules import flow, miniboss_level2, miniboss_level3, minibosses
from rules.card_effects import ability_ref
from rules.card_text import ability_words
from rules.commands import (
    BuildMiniboss,
    DeclineMiniboss,
    PromoteMiniboss,
    TakeCoinsFromRoom,
    UseMinibossLevel2,
    UseMinibossLevel3,
)
from rules.effects import Ability, CardEffects
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


class ExtrasShows(NamedTuple):
    """What a player's Room tiles show of Rise of the Minibosses besides each Room's stack
    (its Miniboss, its Coins): worked out once per dungeon, a prop of each of its tiles."""

    plays: bool  # the player still plays: a Level 3 Miniboss offers its Level 3
    decline: bool  # a face-down Miniboss offers "don't pay" (DeclineMiniboss)
    promote: bool  # a face-up one offers "promote" (PromoteMiniboss)
    coins: bool  # the Coins on each Room are shown (not once the game is over)
    move_coins: bool  # with − and + (TakeCoinsFromRoom, PlaceCoinOnRoom)
    named: bool  # a face-down Miniboss's name is seen on this device
    level2: tuple[str | None, ...]  # per Room: what its Level 2 does, while it may be used
    level3: tuple[Level3, ...]  # per Room: its Level 3's buttons


class Level3(NamedTuple):
    """A Miniboss's Level 3 buttons (tag, words, command: one per Hero, Room or dungeon it
    may aim at) and, with any, what it does (said once above them)."""

    does: str | None
    choices: tuple[tuple[str, str, UseMinibossLevel3], ...]


NO_LEVEL3 = Level3(None, ())


def room_extras_shows(ctx: TableContext, player: PlayerState, prefix: str) -> ExtrasShows | None:
    """What ``room_extras`` draws besides the Room's stack; None without Minibosses."""
    state = ctx.state
    if not state.setup.ruleset.minibosses:
        return None
    legal = ctx.legal()  # the engine says when (R-MINI); an eliminated player never
    plays = flow.plays(state, player.name)
    face_down = any(s.miniboss is not None and s.miniboss.face_down for s in player.dungeon)
    rooms = range(len(player.dungeon))
    return ExtrasShows(
        plays=plays,
        decline=plays and DeclineMiniboss in legal,
        promote=plays and PromoteMiniboss in legal,
        coins=not state.game_over,
        move_coins=plays and TakeCoinsFromRoom in legal,
        # Asked only with a face-down Miniboss on show (it may read a file).
        named=not face_down or sees_face_down(ctx.app, player.name),
        level2=tuple(_level2_does(ctx, player, i) if plays else None for i in rooms),
        level3=tuple(_level3(ctx, player, i, prefix) if plays else NO_LEVEL3 for i in rooms),
    )


def room_extras(
    tr: Translator,
    play: Play,
    name: str,
    index: int,
    stack: RoomStack,
    prefix: str,
    shows: ExtrasShows | None,
) -> list[ft.Control]:
    """What a Room tile gains from the expansions: its Miniboss and its Coins."""
    if shows is None:
        return []
    lines = _miniboss_line(tr, play, name, index, stack, prefix, shows)
    if shows.coins:
        lines += room_coins(tr, play, name, index, stack, prefix, shows.move_coins)
    return lines


def _miniboss_line(
    tr: Translator,
    play: Play,
    player: str,
    index: int,
    stack: RoomStack,
    prefix: str,
    shows: ExtrasShows,
) -> list[ft.Control]:
    mini = stack.miniboss
    if mini is None:
        return []
    p = f"{prefix}-room-{index + 1}-mini"
    slot = f"{prefix}-rooms"
    name = mini.card.name or tr("mini.unnamed")
    if mini.face_down and not shows.named:
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
    if mini.face_down and shows.decline:
        buttons.append(
            big_button(
                f"{p}-decline",
                tr("mini.decline"),
                on_tap(play, slot, DeclineMiniboss(player=player)),
                icon=ft.Icons.DO_NOT_DISTURB_ON,
            )
        )
    if minibosses.may_rise(mini) and shows.promote:
        buttons.append(
            big_button(
                f"{p}-promote",
                tr("mini.promote"),
                on_tap(play, slot, PromoteMiniboss(player=player, index=index)),
                icon=ft.Icons.UPGRADE,
            )
        )
    level2 = shows.level2[index]
    if level2 is not None:  # its Level 2 used at will, while it may be (once per turn)
        command = UseMinibossLevel2(player=player, index=index)
        buttons.append(
            big_button(
                f"{p}-level2",
                tr("mini.use_level2"),
                on_tap(play, slot, command),
                icon=ft.Icons.BOLT,
            )
        )
    level3 = shows.level3[index]
    buttons += [
        big_button(tag, words, on_tap(play, slot, command), icon=ft.Icons.BOLT)
        for tag, words, command in level3.choices
    ]
    body: list[ft.Control] = [
        ft.Row(head, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    ]
    # What a level used with these buttons does, said once above them.
    if level2 is not None:
        body.append(ability_lead(tr, (tr("mini.level2_of", name=name), level2)))
    if level3.does is not None:
        body.append(ability_lead(tr, (tr("mini.level3_of", name=name), level3.does)))
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


def _does(ctx: TableContext, card: CardEffects, ability: Ability) -> str:
    """What a Miniboss's level does, in the table's words."""
    tr = ctx.app.tr
    return ability_words(ability_ref(card.id, ability), lambda k, a: ruling_text(tr, k, a))


def _level2_does(ctx: TableContext, player: PlayerState, index: int) -> str | None:
    """What the Room's Miniboss's Level 2 does, while it may be used (once per turn, a
    Hero where it aims: ``rules.miniboss_level2.usable``); None otherwise."""
    usable = miniboss_level2.usable(ctx.state, player.name, index)
    return None if usable is None else _does(ctx, *usable)


def _level3(ctx: TableContext, player: PlayerState, index: int, prefix: str) -> Level3:
    """The Room's Miniboss's Level 3 buttons and, with any, what it does."""
    choices = level3_choices(ctx, player, index, f"{prefix}-room-{index + 1}-mini")
    found = miniboss_level3.level3(player.dungeon[index]) if choices else None
    return Level3(None if found is None else _does(ctx, *found), choices)


def level3_choices(
    ctx: TableContext, player: PlayerState, index: int, p: str
) -> tuple[tuple[str, str, UseMinibossLevel3], ...]:
    """The Miniboss's Level 3 buttons (tag, words, command): one per Hero, Room or
    dungeon it may aim at (``rules.miniboss_level3.uses``), or one plain button."""
    tr = ctx.app.tr
    out: list[tuple[str, str, UseMinibossLevel3]] = []
    for command in miniboss_level3.uses(ctx.state, player.name, index):
        if command.hero is not None:
            hero = card_label(tr, ctx.state.hero(command.hero).label())
            out.append(
                (f"{p}-level3-hero-{command.hero + 1}", tr("mini.level3_hero", hero=hero), command)
            )
        elif command.target is not None and command.room is not None:
            seat, n = ctx.seat(command.target), command.room + 1
            words = tr("mini.level3_room", player=command.target, room_n=n)
            out.append((f"{p}-level3-p{seat}-{n}", words, command))
        elif command.target is not None and command.amount is not None:  # +1 or -1
            sign = "plus" if command.amount > 0 else "minus"
            words = tr(f"mini.level3_dungeon_{sign}", player=command.target)
            out.append((f"{p}-level3-p{ctx.seat(command.target)}-{sign}", words, command))
        elif command.target is not None:
            words = tr("mini.level3_dungeon", player=command.target)
            out.append((f"{p}-level3-p{ctx.seat(command.target)}", words, command))
        else:
            out.append((f"{p}-level3", tr("mini.use_level3"), command))
    return tuple(out)


class MinibossBuildForm:
    """One player's draft Miniboss and the Room it goes on, kept across redraws."""

    def __init__(self, ctx: TableContext, name: str, prefix: str) -> None:
        self.ctx = ctx
        self.name = name
        self.prefix = f"mini-{prefix}"
        self.open = False
        self.over: int | None = None
        self.card = MinibossCard()
        self.typed = ""
        #: Its name field (``typed_ahead.py``).
        self.typing = TypedAhead()
        #: The catalogue's matches on show, and their language.
        self.options: list[ft.Control] = []
        self._suggested_in: Lang | None = None

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
        # Drawn from what was typed (Flet matches it to the field on screen), in the
        # language of the moment, matches and all.
        for _name, text in self.typing.ahead().items():
            self.typed = text
        name_field = self.typing.name_field(
            self.typed, self._on_name, tr("mini.name"), tr("mini.name_hint")
        )
        if self.options and self._suggested_in != tr.lang:
            self._suggest(self.typed)
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
                            tagged(f"{p}-name", name_field),
                            ft.Column(self.options, spacing=4),
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
        self.typed = str(event.control.value or "")
        self.card = MinibossCard(name=self.typed.strip()[:60])
        self._suggest(self.typed)
        self.ctx.redraw()

    def _suggest(self, typed: str) -> None:
        """Offer the catalogue's Minibosses named like ``typed`` (two letters or more)."""
        tr = self.ctx.app.tr
        self._suggested_in = tr.lang
        self.options = []
        if len(typed.strip()) >= 2:
            for match in self.ctx.app.catalogue.search(
                typed, kinds=["miniboss"], sets=self.ctx.app.card_sets(), limit=3
            ):
                card = match.card
                if isinstance(card, CatalogueMiniboss):
                    option = f"{self.prefix}-option-{card.id}"
                    button = big_button(
                        option,
                        tr("mini.option", name=card.name, levels=card.levels),
                        on_tap(self.pick, card),
                        key=option,  # found again as the next key's matches arrive
                    )
                    self.options.append(button)

    def pick(self, card: CatalogueMiniboss) -> None:
        self.card = MinibossCard(name=card.name, levels=min(3, card.levels), card_id=card.id)
        self.typed = card.name
        self.options = []
        self.ctx.redraw()

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
        self.typed = ""
        self.options = []
