"""Questions asked before a Room is built, when what was entered looks like a slip.

Two slips cost a game its fairness without anyone noticing: a name typed in full that is
a catalogue card's, but the card was never picked (so its damage and icons are whatever
was typed), and a Room with no treasure icon at all (every Room card has one). Either
way the player answers in a dialog, and nothing is built until then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.catalogue import RoomCard
from companion.theme import TOUCH
from companion.ui.widgets import tagged

if TYPE_CHECKING:
    from companion.ui.room_picker import RoomPicker
    from companion.ui.shell import TableApp

DIALOG = "room-question"


def unpicked_card(app: TableApp, picker: RoomPicker) -> RoomCard | None:
    """The game's catalogue Room whose name was typed but not picked (None: no such card,
    it was picked, or the player already chose to keep this typed name)."""
    draft = picker.draft
    if draft.card_id is not None or not draft.name.strip() or draft.name == draft.kept_name:
        return None
    card = app.catalogue.named(draft.name, kinds=["room"], sets=app.card_sets())
    return card if isinstance(card, RoomCard) else None


def ask_then_build(app: TableApp, picker: RoomPicker, build: Callable[[], None]) -> None:
    """Build at once if nothing looks amiss; else ask first, and build once answered."""
    card = unpicked_card(app, picker)
    if card is not None:
        _ask_card(app, picker, card, lambda: ask_then_build(app, picker, build))
    elif not picker.draft.treasure:
        _ask_treasure(app, build)
    else:
        build()


def _ask_card(app: TableApp, picker: RoomPicker, card: RoomCard, then: Callable[[], None]) -> None:
    tr = app.tr
    treasure = ", ".join(tr(f"treasure.{t}") for t in card.treasure)

    def use(_event: object) -> None:
        app.page.pop_dialog()
        picker.pick(card)
        then()

    def keep(_event: object) -> None:
        app.page.pop_dialog()
        picker.draft.kept_name = picker.draft.name
        then()

    text = tr(
        "room.ask_card",
        name=card.name,
        damage=card.damage if card.damage is not None else "?",
        kind=tr(f"room.kind.{card.room_type}"),
        treasure=treasure,
    )
    _show(
        app,
        tr("room.ask_card_title"),
        text,
        [
            _answer(f"{DIALOG}-keep", tr("room.ask_card_keep"), keep, primary=False),
            _answer(f"{DIALOG}-use-card", tr("room.ask_card_use"), use, primary=True),
        ],
    )


def _ask_treasure(app: TableApp, build: Callable[[], None]) -> None:
    tr = app.tr

    def go_on(_event: object) -> None:
        app.page.pop_dialog()
        build()

    def back(_event: object) -> None:
        app.page.pop_dialog()

    _show(
        app,
        tr("room.ask_treasure_title"),
        tr("room.ask_treasure"),
        [
            _answer(f"{DIALOG}-back", tr("room.ask_treasure_back"), back, primary=False),
            _answer(f"{DIALOG}-build-anyway", tr("room.ask_treasure_build"), go_on, primary=True),
        ],
    )


def _answer(
    identifier: str, text: str, handler: Callable[[object], None], primary: bool
) -> ft.Control:
    cls = ft.FilledButton if primary else ft.OutlinedButton
    return tagged(identifier, cls(content=text, on_click=handler, height=TOUCH))


def _show(app: TableApp, title: str, text: str, actions: list[ft.Control]) -> None:
    app.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(title, size=20),
            content=tagged(DIALOG, ft.Text(text, size=16)),
            actions=actions,
            actions_overflow_button_spacing=8,
            scrollable=True,
        )
    )
