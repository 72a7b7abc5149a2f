"""The table during play: for now each dungeon with its treasure totals and the score.

The turn-by-turn controls (town, build, bait, adventure, end of turn) grow here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.theme import treasure_badge
from companion.ui.widgets import big_button, heading, note, tagged
from rules.models import TREASURES

if TYPE_CHECKING:
    from companion.ui.shell import TableApp


class TableScreen:
    route = "/table"

    def __init__(self, app: TableApp, route: str = "/table") -> None:
        self.app = app

    def title(self) -> str:
        game = self.app.game
        if game is None:
            return self.app.tr("table.title")
        return self.app.tr("table.turn", turn=game.state.turn)

    def phase(self) -> str | None:
        game = self.app.game
        return game.state.phase if game else None

    def build(self) -> list[ft.Control]:
        tr = self.app.tr
        game = self.app.game
        if game is None:
            return [
                note(tr("setup.no_game")),
                big_button("new-game", tr("home.new_game"), lambda _e: self.app.go("/new")),
            ]
        state = game.state
        controls: list[ft.Control] = []
        for number, player in enumerate(state.xp_order(), start=1):
            totals = [
                treasure_badge(t, tr(f"treasure.{t}"), state.treasure_total(player.name, t))
                for t in TREASURES
                if state.treasure_total(player.name, t)
            ]
            rooms = [
                note(f"{i + 1}. {stack.top.label()}") for i, stack in enumerate(player.dungeon)
            ]
            controls.append(
                tagged(
                    f"dungeon-{number}",
                    ft.Card(
                        ft.Container(
                            ft.Column(
                                [
                                    heading(player.name),
                                    ft.Text(
                                        tr(
                                            "table.score",
                                            souls=state.souls(player.name),
                                            wounds=state.wounds(player.name),
                                        ),
                                        size=16,
                                    ),
                                    ft.Row(totals, wrap=True, spacing=6),
                                    *(rooms or [note(tr("table.no_rooms"))]),
                                ],
                                spacing=8,
                            ),
                            padding=12,
                        )
                    ),
                )
            )
        controls.append(note(tr("table.more_soon")))
        return controls
