"""The Spell form's other choice of a player instead of a Room (Meddling Kids!: a player
who cannot win this turn once three Heroes entered their dungeon, R-CARD-EFFECT): one
choice per player the rules say it may name; the pick names no Room, so the engine casts
that choice."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.widgets import big_button, on_tap

NO_ROOM = -1  # the target's place when a player is named instead of a Room


def player_choices(
    ctx: TableContext,
    players: list[str],
    chosen: tuple[str, int] | None,
    pick: Callable[[tuple[str, int]], None],
) -> list[ft.Control]:
    """The question and one choice per player the card may name (``flow.spell_players``)."""
    tr = ctx.app.tr
    choices: list[ft.Control] = [
        big_button(
            f"spell-player-{ctx.seat(name)}",
            name,
            on_tap(pick, (name, NO_ROOM)),
            primary=chosen == (name, NO_ROOM),
        )
        for name in players
    ]
    return [
        ft.Text(tr("table.spell_player_instead"), size=15),
        ft.Row(choices, wrap=True, spacing=6, run_spacing=6),
    ]
