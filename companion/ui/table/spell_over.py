"""The Spell form's question of the caster's own Room a Miniboss it takes is built on
(Traitor, R-CARD-EFFECT with R-MINI): one choice per Room of the caster's dungeon."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label
from companion.ui.widgets import big_button, on_tap


def over_choices(
    ctx: TableContext, caster: str, chosen: int | None, pick: Callable[[int], None]
) -> list[ft.Control]:
    """The question and one choice per Room of the caster's ("Ada 2: Trap Room")."""
    tr = ctx.app.tr
    dungeon = ctx.state.player(caster).dungeon
    labels = [card_label(tr, s.top.label()) for s in dungeon]
    choices: list[ft.Control] = [
        big_button(
            f"spell-over-{i + 1}",
            tr("table.spell_room_label", player=caster, n=i + 1, room=room),
            on_tap(pick, i),
            primary=chosen == i,
        )
        for i, room in enumerate(labels)
    ]
    return [
        ft.Text(tr("table.spell_over"), size=15),
        ft.Row(choices, wrap=True, spacing=6, run_spacing=6),
    ]
