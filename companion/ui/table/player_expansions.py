"""What a player's dungeon card gains from the expansions in play: the Coin hoard, the
Boss's Level Up used at will, the Items won, and the form to build a Miniboss (nothing at
all in a game without them)."""

from __future__ import annotations

import flet as ft

from companion.ui.table.boss_ability import boss_ability_buttons
from companion.ui.table.coins_panel import hoard_row
from companion.ui.table.context import TableContext
from companion.ui.table.items_panel import player_items
from companion.ui.table.miniboss_panel import MinibossBuildForm


class PlayerExpansions:
    """Kept by a player's dungeon panel so the Miniboss draft survives redraws."""

    def __init__(self, ctx: TableContext, name: str, prefix: str) -> None:
        self.ctx = ctx
        self.name = name
        self.prefix = prefix
        self.miniboss_form = MinibossBuildForm(ctx, name, prefix)

    def view(self) -> list[ft.Control]:
        """The Coin hoard, the Boss's ability used at will, and the Items won (under the
        Rooms)."""
        player = self.ctx.state.player(self.name)
        return [
            *hoard_row(self.ctx, player, self.prefix),
            *boss_ability_buttons(self.ctx, player, self.prefix),
            *player_items(self.ctx, player, self.prefix),
        ]

    def build_view(self) -> list[ft.Control]:
        """Build a Miniboss instead of a Room (next to the Room build form)."""
        return self.miniboss_form.view()
