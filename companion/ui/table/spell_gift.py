"""The Spell form's questions for a Room placed in an opponent's dungeon (Surprise Gift,
R-CARD-EFFECT with R-BUILD-WHERE, ``rules.gift_build``): which Room card of the caster's
goes there (the shared ``RoomPicker``), and over which of an opponent's Rooms (the form's
Room choices, only opponents' dungeons listed). The engine checks the place."""

from __future__ import annotations

import flet as ft

from companion.ui.new_game_form import FormErrors
from companion.ui.room_picker import RoomPicker
from companion.ui.table.context import TableContext
from companion.ui.widgets import Refusal
from rules.models import Room

PREFIX = "spell-gift"


def gift_choices(ctx: TableContext, picker: RoomPicker) -> list[ft.Control]:
    """The question and the Room card picker."""
    return [ft.Text(ctx.app.tr("table.spell_gift_room"), size=15), picker.view()]


def new_picker(ctx: TableContext) -> RoomPicker:
    # Drawn from its draft: a change draws the screen again, the picker with it.
    return RoomPicker(ctx.app, PREFIX, ctx.app.card_sets(), redraw=ctx.redraw)


def gift_room(ctx: TableContext, picker: RoomPicker | None) -> Room | Refusal | None:
    """The Room card picked (None: nothing named yet, the engine says what is missing),
    or why the draft is not a Room."""
    if picker is None or not picker.draft.name.strip():
        return None
    try:
        return picker.draft.to_room(PREFIX)
    except FormErrors as exc:
        return Refusal(" · ".join(ctx.app.tr(e.key, **e.args) for e in exc.errors))
