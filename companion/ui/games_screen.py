"""The saved-games screen (route ``/games``): games in progress, finished games, problems.

Games in progress come first, most recently played first, each with Resume, Rename,
Export and Delete; then the finished games (who played, who won, after how many turns,
when). Anything wrong with the data folder or a saved file is shown at the top, in
words, with "Restore the last good backup" where a backup exists. Import takes a game
pasted as JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.store import GameSummary, LoadedGame
from companion.sync.registry import JoinRecordNotSaved
from companion.ui.game_dialogs import (
    Done,
    delete_dialog,
    export_dialog,
    import_dialog,
    rename_dialog,
)
from companion.ui.saved_listing import SavedListing, reading_note, with_summary
from companion.ui.store_problems import (
    may_import_here,
    problem_card_for,
    problem_lines,
    resume_game,
)
from companion.ui.sync_link import unsaved_text
from companion.ui.widgets import big_button, heading, note, on_tap, tagged

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

GameDialog = Callable[["TableApp", GameSummary, Done], None]


class GamesScreen:
    route = "/games"

    def __init__(self, app: TableApp, route: str = "/games") -> None:
        self.app = app
        self.notice: list[str] = []  # what the last action did, shown on top until the next
        #: Why some games are not listed (their join record could not be written), if so.
        self.unsaved: str | None = None
        # Rebuilt in place (not a new view): replacing the view under an open dialog would
        # leave the dialog stuck on screen in the browser.
        self.root = ft.Column(spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.listing = SavedListing()  # the saved games, read off the event loop

    def title(self) -> str:
        return self.app.tr("games.title")

    def phase(self) -> str | None:
        return None

    # --- building ---------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        self.root.controls = self._controls()
        return [self.root]

    def reload(self) -> None:
        """Read the saved games again and redraw (after an action changed them)."""
        self.root.controls = self._controls()
        self.app.refresh()

    def _listed(self) -> None:
        """The saved games were read anew (off the loop): redrawn in place if on screen."""
        if self.app.current is self:
            self.root.controls = self._controls()
            self.app.refresh(self.root)

    def _controls(self) -> list[ft.Control]:
        tr = self.app.tr
        if self.app.sessions is None:
            return [note(tr("games.no_store"))]
        store = self.app.sessions.store
        controls: list[ft.Control] = []
        if self.notice:
            controls.append(self._notice())
        # Each device sees only the problems it may (see store_problems.problem_card_for).
        for n, problem in enumerate(store.startup_problems, 1):
            card = problem_card_for(self.app, problem, f"startup-problem-{n}")
            controls += [card] if card is not None else []
        listing = self.listing.shown(self.app, self._listed)
        if listing is None:
            return [*controls, reading_note(self.app, "games-reading")]
        if listing.failed is not None:
            # The reason names the data folder: the server's computer's business.
            controls.append(note(tr("games.list_failed", reason=listing.failed)))
            return controls
        shown = 0
        for problem in listing.problems:
            card = problem_card_for(self.app, problem, f"list-problem-{shown + 1}")
            if card is not None:
                shown += 1
                controls.append(card)
        if may_import_here(self.app):
            controls.append(
                big_button(
                    "import-game",
                    tr("games.import"),
                    on_tap(import_dialog, self.app, self._imported),
                    icon=ft.Icons.UPLOAD,
                    expand=True,
                )
            )
        self.unsaved = listing.unsaved
        games = [s for s in listing.games if self._role(s.game_id) != "none"]
        if self.unsaved is not None:  # some games could not be checked: say so, list the rest
            controls.append(tagged("games-unsaved", note(self.unsaved)))
        playing = [s for s in games if not s.progress.finished]
        finished = [s for s in games if s.progress.finished]
        controls.append(heading(tr("games.in_progress"), "games-in-progress"))
        controls.extend(self._row(s) for s in playing)
        if not playing:
            controls.append(note(tr("games.none_in_progress")))
        controls.append(heading(tr("games.finished"), "games-finished"))
        controls.extend(self._row(s) for s in finished)
        if not finished:
            controls.append(note(tr("games.none_finished")))
        return controls

    def _notice(self) -> ft.Control:
        # Neutral, with an "i": the error container's pink (a damaged file's box sits right
        # below) would make "Renamed to …" read as a warning.
        lines = ft.Column([ft.Text(line, size=16) for line in self.notice], spacing=4, expand=True)
        return tagged(
            "games-notice",
            ft.Container(
                ft.Row(
                    [ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.PRIMARY), lines],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                padding=12,
                border_radius=8,
            ),
            live_region=True,
        )

    def _role(self, game_id: str) -> str:
        """This device's role in a game under live sync: 'none' hides the game, and only
        its host may rename or delete it. Without sync every game is this device's."""
        access = getattr(getattr(self.app, "sync", None), "access", None)
        if access is None:
            return "host"
        try:
            return str(getattr(access(game_id), "role", "none"))
        except JoinRecordNotSaved as error:  # undecided: not listed, and the page says why
            self.unsaved = unsaved_text(self.app, "sync.records_unsaved", error)
            return "none"

    def state_text(self, summary: GameSummary) -> str:
        tr = self.app.tr
        progress = summary.progress
        if not progress.finished:
            key = f"phase.{progress.phase}"  # or a phase of the squad game (ui/squads/)
            phase = tr(key) if tr.has(key) else tr(f"squads.{key}")
            return tr("games.turn", turn=progress.turn, phase=phase)
        if progress.winner:
            return tr("games.won", winner=progress.winner, turns=progress.turn)
        return tr("games.ended", turns=progress.turn)

    def _row(self, summary: GameSummary) -> ft.Control:
        tr = self.app.tr
        game_id = summary.game_id
        progress = summary.progress
        if progress.kind == "squads":  # the squad game has points, no Souls or Wounds
            scores = " · ".join(
                tr("games.points", name=s.name, points=s.souls) for s in progress.scores
            )
        else:
            scores = " · ".join(f"{s.name} {s.souls}/{s.wounds}" for s in progress.scores)
        when = f"{summary.last_played.astimezone():%Y-%m-%d %H:%M}"
        buttons: list[ft.Control] = [
            self._action("export", game_id, tr("games.export"), ft.Icons.IOS_SHARE, export_dialog)
        ]
        if self._role(game_id) == "host":  # a guest's phone may look, not rename or delete
            buttons.insert(
                0, self._action("rename", game_id, tr("games.rename"), ft.Icons.EDIT, rename_dialog)
            )
            buttons.append(
                tagged(
                    f"delete-{game_id}",
                    ft.TextButton(
                        tr("games.delete"),
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=on_tap(self._ask_delete, summary),
                        height=48,
                        style=ft.ButtonStyle(color=ft.Colors.ERROR, icon_color=ft.Colors.ERROR),
                    ),
                )
            )
        actions = ft.Row(buttons, wrap=True, spacing=0, run_spacing=0)
        resume = big_button(
            f"resume-{game_id}",
            tr("games.view" if progress.finished else "games.resume"),
            on_tap(resume_game, self.app, game_id),
            icon=ft.Icons.PLAY_ARROW,
            primary=not progress.finished,
            expand=True,
        )
        return tagged(
            f"game-{game_id}",
            ft.Card(
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(summary.name, size=18, weight=ft.FontWeight.BOLD),
                            ft.Text(
                                tr("games.players", players=", ".join(progress.players)), size=15
                            ),
                            ft.Text(self.state_text(summary), size=15),
                            ft.Text(tr("games.last_played", when=when), size=15),
                            ft.Text(scores, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                            resume,
                            actions,
                        ],
                        spacing=4,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    ),
                    padding=12,
                )
            ),
        )

    def _action(
        self, name: str, game_id: str, text: str, icon: ft.IconData, dialog: GameDialog
    ) -> ft.Control:
        def open_dialog(_event: object) -> None:
            self._with_summary(game_id, lambda summary: dialog(self.app, summary, self._done))

        return tagged(
            f"{name}-{game_id}", ft.TextButton(text, icon=icon, on_click=open_dialog, height=48)
        )

    def _with_summary(self, game_id: str, then: Callable[[GameSummary], None]) -> None:
        """``then`` the game's summary as it is on disk now (another tab may have changed
        it), read off the event loop; if it is gone, the page says so."""
        with_summary(self.app, game_id, then, lambda: self._done(self.app.tr("games.gone")))

    # --- after an action ----------------------------------------------------------------

    def _ask_delete(self, summary: GameSummary) -> None:
        self._with_summary(
            summary.game_id,
            lambda fresh: delete_dialog(self.app, fresh, self.state_text(fresh), self._done),
        )

    def _done(self, notice: str) -> None:
        self.notice = [notice]
        self.reload()

    def _imported(self, loaded: LoadedGame) -> None:
        tr = self.app.tr
        self.notice = [tr("games.imported", name=loaded.summary.name)]
        for problem in loaded.problems:
            self.notice.extend(problem_lines(tr, problem, listed=False))
        self.reload()
