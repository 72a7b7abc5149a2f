"""The game screen (route ``/game/<id>``): the table turn by turn, the scores, the log.

The route carries the game id, so reloading the page (or opening it on another phone)
lands back in the same game at its current state. Three views share one screen: Play
(town, the phase's action, the dungeons), Scores, and Log. Undo and redo sit in the
bottom bar, always at hand, disabled when there is nothing to undo or redo.

The screen only builds commands and renders state: ``play`` (its ``Sender``) hands each
command to the game's ``TableSession`` (engine decides, store saves, every tab hears of
it; on a server the save runs off the event loop and the screen is redrawn once it is
done). A refusal (``RulesError``) or a failed save (``StoreError``) is shown where the
tap happened and nothing changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import flet as ft
from pydantic import BaseModel

from companion.session import Change, TableSession
from companion.ui.chrome import BAR_HEIGHT
from companion.ui.sending import Sender
from companion.ui.sync_link import SYNC_SLOT
from companion.ui.table.adventure import AdventurePanel
from companion.ui.table.bait import bait_button, bait_results
from companion.ui.table.bottom_bar import Tab, game_bar, last_tab
from companion.ui.table.card_play import SpellPanel
from companion.ui.table.context import section, slot_error
from companion.ui.table.dungeon import DungeonPanel
from companion.ui.table.dungeon_summary import DungeonFolds, dungeon_row
from companion.ui.table.end_of_turn import end_turn_button, winner_banner
from companion.ui.table.forecast import bait_forecast
from companion.ui.table.invite_panel import invite_view
from companion.ui.table.log import log_view
from companion.ui.table.offer_questions import offers_view
from companion.ui.table.pinned_scores import STRIP_HEIGHT, pin_scores
from companion.ui.table.rulings import ruling_lines
from companion.ui.table.scoreboard import Scoreboard
from companion.ui.table.table_sync import (
    RevealButton,
    RevealNote,
    ready_marks,
    reveal_here,
    reveal_note,
    sync_top,
)
from companion.ui.table.town import Town, TownPanel, TownShows
from companion.ui.table.turn_view import TurnParts, arrange
from companion.ui.table.undo_notice import show_undo_notice, step_to_name
from companion.ui.widgets import Refusal, big_button
from rules import events as ev
from rules import flow
from rules.commands import (
    BuildMiniboss,
    BuildRoom,
    CastSpell,
    Command,
    EndTurn,
    ResolveBait,
    RevealRooms,
)
from rules.game import Game
from rules.models import GameState

if TYPE_CHECKING:
    from companion.ui.room_picker import RoomPicker
    from companion.ui.shell import TableApp

REVEAL_SLOT = "reveal-rooms"


class GameScreen:
    """One game at the table. ``route`` is '/game/<id>' ('/table' means this tab's game)."""

    #: Drawn under Flet components (``screen_view.py``): no control of it changes in place.
    components = True

    def __init__(self, app: TableApp, route: str = "/table") -> None:
        self.app = app
        self.session: TableSession | None = app.session
        self.route = f"/game/{self.session.game_id}" if self.session else route
        self.tab: Tab = last_tab(app, self.session)
        #: This tab's requests (``sending.Sender``): a panel's ``play`` is the sender's,
        #: so a tap goes from the panel to the session and back without passing here.
        self.sender = Sender(app)
        self.errors: dict[str, Refusal] = self.sender.errors
        self.play = self.sender.play
        self.town = TownPanel(self)
        self.adventure = AdventurePanel(self)
        self.spells = SpellPanel(self)
        self.drawn_room: RoomPicker | None = None  # a Room drawn and built (drawn_build)
        self.scoreboard = Scoreboard(self)
        self.dungeons: dict[str, DungeonPanel] = {}
        self.folds = DungeonFolds(self.app.render_top)  # which dungeon cards show open here
        self._history_of: Game | None = None
        self._history: list[tuple[Command, tuple[ev.EventBase, ...]]] = []
        self._legal_of: Game | None = None
        self._legal: tuple[type[BaseModel], ...] = ()
        #: The page keeps its scroll across redraws, except to show what starts at the top:
        #: a new phase, another tab, or the notice that another device changed the table.
        self.scroll_top = False
        self._drawn: tuple[str, str, bool] | None = None
        self.drafts = 0

    # --- what panels need (TableContext) -----------------------------------------

    @property
    def game(self) -> Game:
        assert self.session is not None
        game = self.session.game
        assert isinstance(game, Game)  # a squad game has its own screen (ui/squads/)
        return game

    @property
    def state(self) -> GameState:
        return self.game.state

    def seat(self, name: str) -> int:
        for number, player in enumerate(self.state.players, 1):
            if player.name == name:
                return number
        raise KeyError(name)

    def history(self) -> list[tuple[Command, tuple[ev.EventBase, ...]]]:
        """Every command with its events; replayed once per game version, not per panel."""
        game = self.game
        if self._history_of is not game:
            self._history = game.history()
            self._history_of = game
        return self._history

    def legal(self) -> tuple[type[BaseModel], ...]:
        """The kinds of command the engine allows now; asked once per game version."""
        game = self.game
        if self._legal_of is not game:
            self._legal = flow.legal(game.state)
            self._legal_of = game
        return self._legal

    @property
    def drawing(self) -> tuple[int, int] | None:
        """(revision, version) of the game as the screen is drawn now (``when_shown``
        asks for it just before the drawing is sent)."""
        if self.session is None:
            return None
        return (self.session.revision, self.game.version)

    def confirm_shown(self, mark: tuple[int, int]) -> None:
        """The browser shows the game as drawn at ``mark`` (see ``when_shown``)."""
        self.sender.confirm_shown(mark)

    def redraw(self) -> None:
        """A panel's drafts changed (not the game): its kept controls are stale."""
        self.drafts += 1
        self.app.render_top()

    def game_changed(self, change: Change) -> bool:
        """The session saved a change (maybe from another tab): should the shell draw the
        screen again? Not for this tab's own tap: its sender redraws it once answered."""
        return not self.sender.own(change)

    # --- the Screen protocol --------------------------------------------------------

    def title(self) -> str:
        tr = self.app.tr
        if self.session is None:
            return tr("table.title")
        if self.state.game_over:
            return tr("phase.over")
        return tr("table.turn", turn=self.state.turn)

    def phase(self) -> str | None:
        if self.session is None:
            return None
        phase = self.state.phase
        return "end" if phase == "over" else phase

    def build(self) -> list[ft.Control]:
        if self.session is not None:
            self.sender.rendered = self.drawing
            drawn = (self.tab, self.state.phase, bool(self.errors.get(SYNC_SLOT)))
            before, self._drawn = self._drawn, drawn
            moved = before is not None and drawn[:2] != before[:2]
            notice = drawn[2] and not (before is not None and before[2])
            if moved or notice:
                self.scroll_top = True
        return self._content()

    def bottom_bar(self) -> ft.Control | None:
        """What the bottom bar shows (nothing outside a game)."""
        if self.session is None:
            return None
        bar = ft.Row(game_bar(self, self._undo, self._redo, self._show_tab), spacing=2)
        return pin_scores(self, bar)  # every player's Souls and Wounds, always in view

    def bar_height(self) -> int:
        """The bottom bar's height: the scores' strip on top, once set-up is done."""
        pinned = self.session is not None and self.state.phase != "setup"
        return BAR_HEIGHT + (STRIP_HEIGHT if pinned else 0)

    # --- actions ------------------------------------------------------------------

    def _undo(self, _event: object) -> None:
        self._step_back_or_forth("undo")

    def _redo(self, _event: object) -> None:
        self._step_back_or_forth("redo")

    def _step_back_or_forth(self, kind: Literal["undo", "redo"]) -> None:
        step = step_to_name(self, kind)  # named in a notice once done (undo_notice)
        then = lambda: show_undo_notice(self, kind, step, self._step_back_or_forth)  # noqa: E731
        self.sender.step(kind, then)

    def _show_tab(self, tab: Tab) -> None:
        self.tab = tab
        if self.session is not None:
            self.app.remember_tab(self.session.game_id, tab)
        self.redraw()

    # --- content ------------------------------------------------------------------

    def _content(self) -> list[ft.Control]:
        tr = self.app.tr
        if self.session is None:
            return [
                ft.Text(tr("setup.no_game"), size=16),
                big_button("new-game", tr("home.new_game"), lambda _e: self.app.go("/new")),
            ]
        top: list[ft.Control] = [*sync_top(self), slot_error(self, "undo")]
        if self.tab == "invite":
            return [*top, invite_view(self)]
        if self.tab == "score":
            # The scores first, then what just happened (issue 32: it pushed them down).
            last = self._last_step()
            return [*top, self.scoreboard.view(), *([last] if last else [])]
        if self.tab == "log":
            return [*top, log_view(self)]
        return [*top, *self._play()]

    def _play(self) -> list[ft.Control]:
        tr = self.app.tr
        state = self.state
        out: list[ft.Control] = []
        if state.game_over:
            out.append(winner_banner(self))
            out.append(self.scoreboard.view())
            return out
        if state.phase == "setup":
            out.append(
                section(
                    "setup-pending",
                    tr("setup.title"),
                    [
                        ft.Text(tr("table.setup_pending"), size=16),
                        big_button(
                            "continue-setup",
                            tr("table.continue_setup"),
                            lambda _e: self.app.replace(f"/setup/{self.game_id}"),
                            primary=True,
                        ),
                    ],
                )
            )
            return out
        # The compact turn view (turn_view.py): the phase's action and forms first, then
        # one summary row per dungeon.
        legal = self.legal()
        parts = TurnParts(
            offers=offers_view(self, legal),  # "Vampire Bordello: heal a Wound?" (R-CARD-EFFECT)
            last=self._last_step(),
            spells=self.spells.view() if flow.may(state, CastSpell) else None,
            town=self._town(),
        )
        if state.phase == "bait" and ResolveBait in legal:
            parts.action += [bait_button(self), *bait_forecast(self)]  # where Heroes would go
        if state.phase == "end" and EndTurn in legal:
            parts.action.append(end_turn_button(self))
        if state.phase == "adventure":
            parts.action.append(self.adventure.view())
            parts.bait_results = bait_results(self)
        for player in state.xp_order():
            panel = self.dungeons.get(player.name)
            if panel is None:
                panel = self.dungeons[player.name] = DungeonPanel(self, player.name, self._built)
            if flow.may(state, BuildRoom, player.name) or flow.may(
                state, BuildMiniboss, player.name
            ):
                parts.build.append(panel.build_shown())
            row = dungeon_row(self, self.folds, player, panel.shown())
            walked = state.walk is not None and state.walk.player == player.name
            (parts.walked if walked else parts.dungeons).extend(row)
        if state.phase == "build":
            parts.build.append(self._reveal_rooms())
        return [*out, *arrange(state, parts)]

    def _town(self) -> ft.Control:
        """The town, drawn again only when what it shows changed (``TownShows``)."""
        shows = TownShows(
            self.state.model_copy(update={"players": (), "version": 0, "walk": None}),
            tuple(sorted(self.errors.items())),
            self.drafts,
            self.app.settings.lang,
        )
        return Town(self.town.view, shows, key="town")

    def _built(self, name: str) -> None:
        """A Room went down face down: the keyboard moves on to the next player's Room
        name (XP order, as they sit on screen), saving a tap to focus it."""
        order = [p.name for p in self.state.xp_order()]
        if name not in order:
            return
        for other in order[order.index(name) + 1 :] + order[: order.index(name)]:
            panel = self.dungeons.get(other)
            if panel is not None and panel.build_form.focus_name():
                return

    @property
    def game_id(self) -> str:
        assert self.session is not None
        return self.session.game_id

    def _reveal_rooms(self) -> ft.Control:
        lang = self.app.settings.lang
        note = reveal_note(self)
        # Only where it may be tapped (the host, or once everyone has built): elsewhere
        # the note says who is still building.
        shown = reveal_here(self)
        return ft.Column(
            [
                ready_marks(self),
                RevealNote(note, key="reveal-note"),
                RevealButton(shown, lang, self._reveal_now, key="reveal-rooms"),
                slot_error(self, REVEAL_SLOT),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def _reveal_now(self, _event: object) -> None:
        self.play(REVEAL_SLOT, RevealRooms(go_on=True))

    def _last_step(self) -> ft.Control | None:
        """The rulings of the latest step, so the table sees why at once."""
        history = self.history()
        if not history:
            return None
        _command, events = history[-1]
        # The Bait card shows where the Heroes went, in the Adventure; a tap that went on
        # past it (R-FOLLOWS: nobody lured, the turn ended) says so here.
        baited = self.state.phase == "adventure"
        rows = [
            line
            for n, e in enumerate(events, 1)
            if e.ruling.key != "turn.phase"
            and not (baited and isinstance(e, ev.HeroLured | ev.HeroStayed))
            for line in ruling_lines(self.app, e.ruling, f"last-step-{n}")
        ]
        if not rows:
            return None
        return section("last-step", self.app.tr("table.last_step"), rows)
