"""A player's dungeon card and build forms as memoized components (``ft.memo``), and the
props they are drawn again for (``CardShows``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.ui.table.components import memo_component
from companion.ui.table.dungeon_tiles import TileFacts
from companion.ui.table.miniboss_panel import ExtrasShows
from companion.ui.table.room_ability import AbilityShows
from companion.ui.widgets import Refusal
from rules.models import GameState


class CardShows(NamedTuple):
    """What a dungeon card (and its player's build forms) shows: the props it is drawn
    again for. The card is drawn by its panel from the screen (its Coins, Item and build
    helpers read the state as it is), so these must hold all of it they read: this
    player's part of the state (the others' are left out: a Room built next door keeps
    this card as it is), the rest of the state but the walk, of which only the Room the
    Hero stands in, the device's right to build for the player, the panel's drafts, the
    errors shown and the language. What its Room tiles show is worked out from the whole
    state (``rooms``, ``extras``): a Level 3 or a Room's ability may aim at another
    dungeon's Rooms, so a Room deactivated next door changes this card's buttons."""

    mine: GameState  # the state with this player alone, version and walk left out
    walked: bool  # the Hero walks this dungeon
    here: int | None  # the Room it stands in (None: at the entrance)
    builds_here: bool
    show_bonus: bool
    errors: tuple[tuple[str, Refusal], ...]
    drafts: int
    lang: str
    #: Per Room: its tile's facts and ability buttons (none for the build forms).
    rooms: tuple[tuple[TileFacts, AbilityShows], ...] = ()
    extras: ExtrasShows | None = None  # its tiles' Miniboss and Coins lines
    #: The Room actions' toggle: None where no Room may be destroyed or deactivated now,
    #: else whether it is open.
    room_actions: bool | None = None


@memo_component
def DungeonCard(view: Callable[[CardShows], ft.Control], shows: CardShows) -> ft.Control:
    """A player's dungeon card (``DungeonPanel.view``), drawn again only when ``shows``
    changed."""
    return view(shows)


@memo_component
def BuildSlot(view: Callable[[], list[ft.Control]], shows: CardShows) -> ft.Control:
    """A player's build forms (``DungeonPanel.build_view``) in one column, drawn again
    only when ``shows`` changed (the forms read this player's part of the state)."""
    return ft.Column(view(), spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
