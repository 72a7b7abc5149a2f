"""Each dungeon as one summary row in the compact turn view; a tap shows the whole card.

A row says what the table checks at a glance: whose dungeon, how many Rooms (and one
placed face down), the total of each treasure type (R-BAIT-TOTAL), the damage its Rooms
deal in all, and the player's Souls and Wounds. Its arrow shows or hides the dungeon's
full card (``dungeon.DungeonPanel``: the Room tiles, bonus, Coins, Items) right under it.

Which cards are open is this device's own view, never the game's: ``DungeonFolds`` keeps
it for the game screen. A dungeon that is busy now starts open (the one the Adventure
walks; in the Build phase, one built this phase, a Room or a Miniboss face down, so its
player sees where it went); the others start closed. A tap on the arrow holds until
that changes (the next phase, another dungeon walked), then the card starts as the new
moment says.

``DungeonSummary`` is a memoized Flet component: its props are what it shows (the facts,
open or not, the language), so a tap that changes none of them sends nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple

import flet as ft

from companion.theme import TOUCH, treasure_badge
from companion.ui.table.components import memo_component, table_app
from companion.ui.table.context import TableContext
from companion.ui.widgets import key_of, tagged
from rules import flow
from rules.card_effects import walk_damage
from rules.models import TREASURES, GameState, PlayerState, Treasure
from rules.treasure import treasure_total


class DungeonFacts(NamedTuple):
    """What one summary row shows (hashable: the component's props)."""

    prefix: str  # "p1": the seat, stable in identifiers
    name: str
    rooms: int
    face_down: bool  # a Room placed face down this phase, not revealed yet
    totals: tuple[tuple[Treasure, int], ...]  # every type, zeros too (R-BAIT-TOTAL)
    damage: int  # what its Rooms deal a Hero walking them all (R-CARD-EFFECT)
    souls: int
    wounds: int
    out: bool  # eliminated


def dungeon_facts(state: GameState, player: PlayerState, prefix: str) -> DungeonFacts:
    """The row's facts, from the state alone (the engine's totals and damage)."""
    name = player.name
    return DungeonFacts(
        prefix=prefix,
        name=name,
        rooms=len(player.dungeon),
        face_down=player.pending is not None or bool(player.gifts),  # own or a gift
        totals=tuple((t, treasure_total(state, name, t)) for t in TREASURES),
        damage=walk_damage(state, name),
        souls=state.souls(name),
        wounds=state.wounds(name),
        out=flow.is_out(state, name),
    )


def busy(state: GameState, player: PlayerState) -> bool:
    """Is this dungeon the one this phase is about (its card then starts open)?"""
    walk = state.walk
    if walk is not None:
        return walk.player == player.name
    return state.phase == "build" and player.has_built  # a Room or a Miniboss (R-BUILD-ONE)


class DungeonFolds:
    """Which dungeon cards this device shows open: the default of the moment (``busy``)
    unless a tap on the row's arrow chose otherwise at that same moment."""

    def __init__(self, redraw: Callable[[], None]) -> None:
        self._redraw = redraw
        #: Per player: the moment the card was last drawn at, and whether it was open.
        self._drawn: dict[str, tuple[Hashable, bool]] = {}
        #: Per player: the moment a tap chose, and what it chose.
        self._chosen: dict[str, tuple[Hashable, bool]] = {}

    def is_open(self, name: str, moment: Hashable, default: bool) -> bool:
        chosen = self._chosen.get(name)
        shown = chosen[1] if chosen is not None and chosen[0] == moment else default
        self._drawn[name] = (moment, shown)
        return shown

    def toggle(self, name: str) -> None:
        """Open a closed card or close an open one (as last drawn), then redraw."""
        moment, shown = self._drawn.get(name, (None, False))
        self._chosen[name] = (moment, not shown)
        self._redraw()


def dungeon_row(
    ctx: TableContext, folds: DungeonFolds, player: PlayerState, panel: ft.Control
) -> list[ft.Control]:
    """The summary row of ``player``'s dungeon, then its full card (``panel``), shown only
    while open. The card stays in the page while closed, hidden (a flag on its wrapper):
    opening it then sends one flag, not the card's controls."""
    state = ctx.state
    prefix = f"p{ctx.seat(player.name)}"
    now = busy(state, player)
    shown = folds.is_open(player.name, (state.turn, state.phase, now), now)
    facts = dungeon_facts(state, player, prefix)
    lang = ctx.app.settings.lang
    row = DungeonSummary(facts, shown, lang, folds.toggle, key=f"summary-{prefix}")
    # Keyed: the walked dungeon moves up under the Adventure's buttons, the others down.
    return [row, ft.Container(panel, visible=shown, key=key_of(f"card-{prefix}"))]


def badge(prefix: str, treasure: Treasure, label: str, total: int) -> ft.Control:
    """One treasure type's total, zero too (greyed), so nothing is hidden."""
    shown = treasure_badge(treasure, label, total)
    return tagged(f"{prefix}-total-{treasure}", shown, opacity=1.0 if total else 0.45)


@memo_component
def DungeonSummary(
    facts: DungeonFacts, shown: bool, lang: str, toggle: Callable[[str], None]
) -> ft.Control:
    """One dungeon in two lines: the player, Souls and Wounds, the arrow; then Rooms,
    damage and treasure totals. ``lang`` is a prop so a language change draws it again."""
    tr = table_app().tr
    p = facts.prefix
    name = facts.name + (f" · {tr('table.eliminated')}" if facts.out else "")
    arrow = "dungeon.hide" if shown else "dungeon.show"
    head = ft.Row(
        [
            ft.Text(name, size=20, weight=ft.FontWeight.BOLD, expand=True),
            tagged(
                f"{p}-score",
                ft.Text(tr("table.score", souls=facts.souls, wounds=facts.wounds), size=16),
            ),
            tagged(
                # Named by what a tap does, so a test (or a screen reader) knows the state.
                f"dungeon-{p}-{'collapse' if shown else 'expand'}",
                ft.IconButton(
                    ft.Icons.EXPAND_LESS if shown else ft.Icons.EXPAND_MORE,
                    on_click=lambda _e: toggle(facts.name),
                    size_constraints=ft.BoxConstraints(min_width=TOUCH, min_height=TOUCH),
                ),
                label=tr(arrow, player=facts.name),
                button=True,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
    rooms = tr("dungeon.rooms", n=facts.rooms)
    if facts.face_down:
        rooms += " · " + tr("dungeon.face_down")
    counts: list[ft.Control] = [
        tagged(f"{p}-rooms-count", ft.Text(rooms, size=15)),
        tagged(f"{p}-damage-total", ft.Text(tr("dungeon.damage", damage=facts.damage), size=15)),
    ]
    for t, total in facts.totals:
        counts.append(badge(p, t, tr(f"treasure.{t}"), total))
    return tagged(
        f"summary-{p}",
        ft.Container(
            ft.Column(
                [head, ft.Row(counts, wrap=True, spacing=8, run_spacing=6)],
                spacing=4,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            ),
            padding=ft.Padding.only(left=12, right=4, top=6, bottom=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if shown else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ),
    )
