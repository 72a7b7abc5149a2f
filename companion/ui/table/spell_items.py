"""The Spell form's question of an Item in any scorekeeping area (Excavation turns it over,
R-ITEM): one choice per Item a player holds, face up or face down."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label
from companion.ui.widgets import big_button, on_tap


def item_choices(
    ctx: TableContext, chosen: int | None, pick: Callable[[int], None]
) -> list[ft.Control]:
    """The question and one choice per Item in any scorekeeping area."""
    tr, state = ctx.app.tr, ctx.state
    choices: list[ft.Control] = [
        big_button(
            f"spell-item-{o.item + 1}",
            tr(
                "table.spell_item_label",
                player=p.name,
                item=card_label(tr, state.items.item(o.item).label()),
                face=tr("item.face_up" if o.face_up else "item.face_down"),
            ),
            on_tap(pick, o.item),
            primary=chosen == o.item,
        )
        for p in state.players
        for o in p.items
    ]
    return [
        ft.Text(tr("table.spell_item"), size=15),
        ft.Row(choices, wrap=True, spacing=6, run_spacing=6),
    ]
