"""The squad game's two screens, as the shell knows screens (a title and controls): each
holds one component, which draws and redraws itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft
from flet.components.component import Renderer

from companion.ui.squads.new_game import NewSquadGame
from companion.ui.squads.turn import SquadTurn
from companion.ui.widgets import tagged
from rules.squads.game import SquadGame

if TYPE_CHECKING:
    from companion.session import Change, TableSession
    from companion.ui.sync_link import TableApp

#: The shell's routes that show a game: a squad game's are shown by ``SquadScreen``.
GAME_SCREENS = ("game", "table", "setup")


def rendered(page: ft.Page, component: Callable[..., Any], *args: Any) -> ft.Control:
    """A component as a control the shell places in a view, as ``page.render`` makes one;
    and, as it does, the session's scheduler started, which redraws a component whose
    state changed (the shell's other screens are drawn without it)."""
    # Memoised: a redraw of the page around it (a route change) does not draw it again
    # half-way; only its own state changes do, through the scheduler.
    memoised = ft.memo(component)  # type: ignore[no-untyped-call]
    control: ft.Control = Renderer().render(memoised, *args)  # type: ignore[no-untyped-call]

    async def start_scheduler() -> None:
        # Started from a task of this page: the scheduler's task keeps this page as its
        # context (a tab drawn while another tab's change is handled would lend it that
        # tab's page, and its component would be sent to the other browser).
        page.session.start_updates_scheduler()  # type: ignore[no-untyped-call]

    page.run_task(start_scheduler)
    return control


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
    def __init__(self, app: TableApp, route: str = "/new-squads") -> None:
        self.app = app
        self.route = route
        #: The component, made once: the shell builds a screen again on every redraw,
        #: and the component keeps its own state and redraws itself.
        self.form: ft.Control | None = None
        self.lang = app.settings.lang

    def title(self) -> str:
        return self.app.tr("squads.new.title")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        if self.form is None or self.lang != self.app.settings.lang:
            self.lang = self.app.settings.lang  # a language change: drawn anew in it
            self.form = rendered(self.app.page, NewSquadGame, self.app)
        return [game_choice(self.app, "squads"), self.form]


class SquadScreen:
    """A squad game, at any of the shell's game addresses (``/game/<id>``...)."""

    def __init__(self, app: TableApp, route: str) -> None:
        self.app = app
        self.route = route
        assert app.session is not None
        self.session: TableSession = app.session
        self.table: ft.Control | None = None  # the component, made once (as ``form``)
        self.lang = app.settings.lang

    def title(self) -> str:
        return self.app.tr("squads.title")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        if self.table is None or self.lang != self.app.settings.lang:
            self.lang = self.app.settings.lang  # a language change: drawn anew in it
            self.table = rendered(self.app.page, SquadTurn, self)
        return [self.table]

    def game_changed(self, change: Change) -> None:
        """A change saved here or on another phone: the component reads the session's
        game, and the session's scheduler draws it again (a redraw of the whole page
        would draw it in between, out of step with the browser: ``parts.own``)."""
        if self.table is not None:
            self.app.page.session.schedule_update(self.table)


def squad_screen_for(app: TableApp, name: str) -> type[SquadScreen] | None:
    """The screen for a game address when the game is a squad game (None: it is not)."""
    session = app.session
    if name in GAME_SCREENS and session is not None and isinstance(session.game, SquadGame):
        return SquadScreen
    return None
