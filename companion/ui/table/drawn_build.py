"""The question a Room drawn and built at once asks (Brassknuckle's Level 2, R-MINI with
R-CARD-EFFECT, ``rules.miniboss_deaths``): which Room card was drawn (the shared
``RoomPicker``, kept on the screen between redraws) and where it goes: one button for a
new Room at the entrance end and one per Room of the owner's to build over. The engine
checks the build as a build is checked, and says why where it may not stand."""

from __future__ import annotations

import flet as ft

from companion.ui.room_picker import RoomPicker
from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label
from companion.ui.table.spell_gift import gift_room
from companion.ui.widgets import Handler, Refusal, big_button
from rules.commands import AnswerCardEffect
from rules.models import CardOffer

PREFIX = "drawn-room"


def drawn_picker(ctx: TableContext) -> ft.Control:
    """The Room card picker (its own row of the question: a text field takes the width)."""
    # Drawn from its draft: a change draws the screen again, the picker with it.
    picker = ctx.drawn_room = ctx.drawn_room or RoomPicker(
        ctx.app, PREFIX, ctx.app.card_sets(), redraw=ctx.redraw
    )
    return picker.view()


def drawn_places(ctx: TableContext, slot: str, offer: CardOffer) -> list[ft.Control]:
    """A button per place the Room drawn may go: a new Room, or over Room N of the owner's."""
    tr = ctx.app.tr
    places: list[ft.Control] = [
        big_button(f"{PREFIX}-new", tr("table.drawn_build_new"), _build(ctx, slot, offer, None))
    ]
    for i, stack in enumerate(ctx.state.player(offer.player).dungeon):
        label = tr("table.drawn_build_over", n=i + 1, room=card_label(tr, stack.top.label()))
        places.append(big_button(f"{PREFIX}-over-{i + 1}", label, _build(ctx, slot, offer, i)))
    return places


def _build(ctx: TableContext, slot: str, offer: CardOffer, over: int | None) -> Handler:
    def tap(_e: object) -> None:
        room = gift_room(ctx, ctx.drawn_room)  # None: nothing named (the engine says so)
        if isinstance(room, Refusal):
            ctx.errors[slot] = room
            ctx.redraw()
            return
        yes = AnswerCardEffect(
            player=offer.player, card_id=offer.card_id, accept=True, room=over, build=room
        )

        def done() -> None:
            ctx.drawn_room = None  # the next such question starts from an empty picker

        ctx.play(slot, yes, then=done)

    return tap
