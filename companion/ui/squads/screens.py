"""The squad game's two screens, as the shell knows screens (a title and controls): each
is drawn under the shell's components (``screen_view.py``) and holds one component of
that drawing, which keeps its state from one drawing to the next and redraws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui.component_updates import start_component_updates
from companion.ui.squads.new_game import NewSquadGame
from companion.ui.squads.turn import SquadTurn
from companion.ui.widgets import tagged
from rules.squads.game import SquadGame

if TYPE_CHECKING:
    from companion.session import Change, TableSession
    from companion.ui.sync_link import TableApp

#: The shell's routes that show a game: a squad game's are shown by ``SquadScreen``.
GAME_SCREENS = ("game", "table", "setup")


def game_choice(app: TableApp, chosen: str) -> ft.Control:
    """Which game a new game is: Boss Monster (``/new``) or the squad game
    (``/new-squads``); on both New game screens."""
    tr = app.tr

    def changed(event: ft.Event[ft.SegmentedButton]) -> None:
        picked = next(iter(event.control.selected or []), chosen)
        if picked != chosen:
            app.replace("/new" if picked == "boss_monster" else "/new-squads")

    return tagged(
        "game-kind",
        ft.SegmentedButton(
            segments=[
                ft.Segment(value=kind, label=ft.Text(tr(f"squads.kind.{kind}")))
                for kind in ("boss_monster", "squads")
            ],
            selected=[chosen],
            on_change=changed,
        ),
    )


class SquadNewGameScreen:
    #: Drawn under the shell's components: the form is one of them (``build``).
    components = True

    def __init__(self, app: TableApp, route: str = "/new-squads") -> None:
        self.app = app
        self.route = route

    def title(self) -> str:
        return self.app.tr("squads.new.title")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        # The form's own changes are drawn by Flet's scheduler: started from the first
        # drawing on. Keyed by the language: a language change draws it anew in it.
        start_component_updates(self.app)
        lang = self.app.settings.lang
        return [game_choice(self.app, "squads"), NewSquadGame(self.app, key=f"sq-new-{lang}")]


class SquadScreen:
    """A squad game, at any of the shell's game addresses (``/game/<id>``...)."""

    #: Drawn under the shell's components: the turn is one of them (``build``).
    components = True

    def __init__(self, app: TableApp, route: str) -> None:
        self.app = app
        self.route = route
        assert app.session is not None
        self.session: TableSession = app.session

    def title(self) -> str:
        return self.app.tr("squads.title")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        # As ``SquadNewGameScreen.build``: the scheduler draws the turn's own changes, and
        # a language change draws it anew.
        start_component_updates(self.app)
        return [SquadTurn(self, key=f"sq-turn-{self.app.settings.lang}")]

    def game_changed(self, change: Change) -> bool:
        """A change saved here or on another phone: the shell draws the screen again in
        its view, the turn from the session's game as it is now."""
        return True


def squad_screen_for(app: TableApp, name: str) -> type[SquadScreen] | None:
    """The screen for a game address when the game is a squad game (None: it is not)."""
    session = app.session
    if name in GAME_SCREENS and session is not None and isinstance(session.game, SquadGame):
        return SquadScreen
    return None
