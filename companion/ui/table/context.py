"""What every panel of the game screen needs: the app, the state, and one way to act.

Panels never change a game themselves: they build a command and hand it to
``TableContext.play`` with the name of the place on screen where a refusal belongs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import flet as ft
from pydantic import BaseModel

from companion.ui.table.components import memo_component, table_app
from companion.ui.table.rulings import refusal_link
from companion.ui.widgets import ErrorBanner, Refusal, key_of, tagged
from rules.commands import Command
from rules.events import EventBase
from rules.game import Game
from rules.models import GameState

if TYPE_CHECKING:
    from companion.ui.room_picker import RoomPicker
    from companion.ui.shell import TableApp


class TableContext(Protocol):
    app: TableApp
    #: What each place on screen says after a tap that was not carried out.
    errors: dict[str, Refusal]
    #: Counts the redraws asked for by a panel's own drafts (a form opened, a toggle): a
    #: part drawn from the screen (``DungeonCard``, ``Town``) is drawn again when it moves.
    drafts: int
    #: The Room card named for a Room drawn and built at once (``table.drawn_build``).
    drawn_room: RoomPicker | None

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> GameState: ...

    def play(self, slot: str, command: Command, then: Callable[[], None] | None = None) -> bool:
        """Send ``command``; a refusal or a failed save is shown at ``slot``. ``then`` runs
        after the change is saved, before the screen is redrawn (to clear a form). On a
        server the answer comes after this returns (the save runs off the event loop);
        False means it was refused at once (this device may not send it)."""
        ...

    def seat(self, name: str) -> int:
        """A player's seat number (1-based, set-up order): stable in identifiers."""
        ...

    def history(self) -> list[tuple[Command, tuple[EventBase, ...]]]: ...

    def legal(self) -> tuple[type[BaseModel], ...]:
        """The kinds of command the engine allows now (``rules.engine``): what a panel
        offers follows from it, not from a copy of the rules."""
        ...

    def redraw(self) -> None:
        """Rebuild the screen from the state and the panels' drafts."""
        ...


def slot_error(ctx: TableContext, slot: str) -> ft.Control:
    """The error banner of one place on screen (hidden while there is nothing to say).

    With nothing to say it is one hidden control, not the banner's four: a screen has a
    dozen such places, and a tap that opens a panel (Bait opens the Adventure) sends each
    of its places anew (#13). The banner, live region and all, comes with the message.
    A memoized component (``SlotError``): drawn again only when what it says changes."""
    said = ctx.errors.get(slot)
    lang = ctx.app.settings.lang
    return SlotError(slot, said, lang, key=f"{slot}-error")


@memo_component
def SlotError(slot: str, said: Refusal | None, lang: str) -> ft.Control:
    """``slot_error``'s banner; ``lang`` is a prop so that a language change draws it."""
    if said is None or not said.text:
        # The banner's own wrapper, hidden as the banner was (live region and all).
        return ft.Semantics(
            identifier=f"{slot}-error",
            key=key_of(f"{slot}-error"),
            live_region=True,
            visible=False,
        )
    link = refusal_link(table_app(), said, f"{slot}-error-rule")
    return ErrorBanner(f"{slot}-error", said.text, link).control


def section(identifier: str, title: str, controls: list[ft.Control]) -> ft.Control:
    """A card with a heading: one block of the game screen."""
    return tagged(
        identifier,
        ft.Card(
            ft.Container(
                ft.Column(
                    [ft.Text(title, size=20, weight=ft.FontWeight.BOLD), *controls],
                    spacing=10,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                padding=12,
            )
        ),
    )
