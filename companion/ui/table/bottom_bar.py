"""The game screen's bottom bar: undo and redo always at hand, and the screen's tabs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, Protocol

import flet as ft

from companion.session import TableSession
from companion.ui.table.components import memo_component, table_app
from companion.ui.widgets import Handler, icon_action, on_tap, tagged
from rules.game import Game

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

Tab = Literal["play", "score", "log", "invite"]
TABS: tuple[Tab, ...] = ("play", "score", "log", "invite")
TAB_ICONS: dict[Tab, ft.IconData] = {
    "play": ft.Icons.CASINO,
    "score": ft.Icons.SCOREBOARD,
    "log": ft.Icons.HISTORY,
    "invite": ft.Icons.QR_CODE,
}


class BarScreen(Protocol):
    """What the bar needs of the game screen (``game_screen.GameScreen``)."""

    app: TableApp
    tab: Tab

    @property
    def game(self) -> Game: ...


def game_bar(
    screen: BarScreen,
    undo: Handler,
    redo: Handler,
    show_tab: Callable[[Tab], None],
) -> list[ft.Control]:
    """The bar's controls (the shell puts them in the view's bottom bar), each of its
    buttons a memoized component: a tap that makes undo possible, or redo no longer,
    draws only that arrow again, not the bar's two dozen controls (#13)."""
    lang = screen.app.settings.lang
    game = screen.game

    def tab_item(tab: Tab) -> ft.Control:
        active = screen.tab == tab
        return BarTab(tab, active, lang, show_tab, key=f"bar-tab-{tab}")

    def arrow(kind: Literal["undo", "redo"], enabled: bool) -> ft.Control:
        handler = undo if kind == "undo" else redo
        return BarArrow(kind, enabled, lang, handler, key=f"bar-{kind}")

    return [
        arrow("undo", game.can_undo),
        arrow("redo", game.can_redo),
        *(tab_item(tab) for tab in TABS),
    ]


@memo_component
def BarTab(tab: Tab, active: bool, lang: str, show_tab: Callable[[Tab], None]) -> ft.Control:
    """One tab of the bar, drawn again when it opens or closes, or in another language
    (``lang``); ``show_tab`` (the screen's bound method) opens it."""
    label = table_app().tr(f"table.tab.{tab}")
    return bar_tab(f"tab-{tab}", TAB_ICONS[tab], label, on_tap(show_tab, tab), active=active)


@memo_component
def BarArrow(
    kind: Literal["undo", "redo"], enabled: bool, lang: str, handler: Handler
) -> ft.Control:
    """Undo or redo, drawn again when it is enabled or no longer, or in another language.

    The arrows alone (named for screen readers): with their words the bar held six
    labels, and "Rückgängig" or "Wiederholen" was cut off on a 390 px phone. The tabs
    keep their words, with the room the arrows leave."""
    icon = ft.Icons.UNDO if kind == "undo" else ft.Icons.REDO
    return icon_action(kind, icon, table_app().tr(f"table.{kind}"), handler, enabled=enabled)


def bar_tab(
    identifier: str, icon: ft.IconData, label: str, on_click: Handler, active: bool
) -> ft.Control:
    """One of the bottom bar's tabs: its icon over its word, coloured while it is open."""
    colour = ft.Colors.PRIMARY if active else None
    return tagged(
        identifier,
        ft.Container(
            ft.Column(
                [
                    ft.Icon(icon, color=colour, size=24),
                    ft.Text(
                        label,
                        size=13,
                        color=colour,
                        weight=ft.FontWeight.BOLD if active else None,
                        no_wrap=True,
                    ),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=on_click,
            padding=ft.Padding.symmetric(horizontal=2, vertical=4),
            border_radius=12,
            height=56,
            alignment=ft.Alignment.CENTER,
        ),
        button=True,
        expand=True,  # on the wrapper: a Row only expands its direct children
    )


def last_tab(app: TableApp, session: TableSession | None) -> Tab:
    """The tab this device last showed for this game (``Settings.tab``), else the table."""
    if session is not None:
        for tab in TABS:
            if app.settings.tab == (session.game_id, tab):
                return tab
    return "play"
