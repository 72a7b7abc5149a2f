"""What every panel of the game screen needs: the app, the state, and one way to act.

Panels never change a game themselves: they build a command and hand it to
``TableContext.play`` with the name of the place on screen where a refusal belongs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import flet as ft

from companion.ui.widgets import ErrorBanner, tagged
from rules.commands import Command
from rules.events import EventBase
from rules.game import Game
from rules.models import GameState

if TYPE_CHECKING:
    from companion.ui.shell import TableApp


class TableContext(Protocol):
    app: TableApp
    errors: dict[str, str]
    #: Counts the redraws asked for by a panel's own drafts (a form opened, a toggle): a
    #: panel kept between redraws (``PanelMemo``) is built anew when it moves.
    drafts: int
    #: The ids of the panels handed back unchanged in the build under way (not to fold).
    reused: set[int]

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> GameState: ...

    def play(self, slot: str, command: Command, then: Callable[[], None] | None = None) -> bool:
        """Send ``command``; on refusal show why at ``slot`` and return False. ``then`` runs
        after the change is saved, before the screen is redrawn (to clear a form)."""
        ...

    def seat(self, name: str) -> int:
        """A player's seat number (1-based, set-up order): stable in identifiers."""
        ...

    def history(self) -> list[tuple[Command, tuple[EventBase, ...]]]: ...

    def redraw(self) -> None:
        """Rebuild the screen from the state and the panels' drafts."""
        ...


def slot_error(ctx: TableContext, slot: str) -> ft.Control:
    """The error banner of one place on screen (hidden while there is nothing to say)."""
    banner = ErrorBanner(f"{slot}-error")
    banner.show(ctx.errors.get(slot, ""))
    return banner.control


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
