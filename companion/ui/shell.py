"""The app around the screens: top bar, phase stepper, navigation, settings.

Navigation is a stack of routes rendered as `page.views` (the last one is on screen).
Every screen is a `Screen` object that keeps its state (and the controls it keeps, so
text being typed is never thrown away); its view's title, body and bottom bar are Flet
components that describe it from that state (``screen_view.py``). Opening a screen
sends its view alone; a change draws the view's components again and Flet's diff sends
what changed; ← keeps the view below as the browser shows it (scrolled where the player
left it), drawing it again for what has changed meanwhile; a language change draws every
screen again, in the new words, in its view.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from companion.catalogue import Catalogue
from companion.i18n import Lang, Translator
from companion.session import Change, Sessions, TableSession
from companion.store import StoreError
from companion.store.game_files import default_name
from companion.sync.registry import JoinRecordNotSaved
from companion.theme import dark_theme, light_theme, theme_mode
from companion.ui.at_table import follow_screen

# Re-exported: the app and the tests read the device's settings from the shell.
from companion.ui.chrome import TITLE_SIZE as TITLE_SIZE
from companion.ui.chrome import Chrome, locale_configuration
from companion.ui.chrome import Screen as Screen
from companion.ui.device_settings import PREF_LANG as PREF_LANG
from companion.ui.device_settings import PREF_TAB as PREF_TAB
from companion.ui.device_settings import PREF_THEME as PREF_THEME
from companion.ui.device_settings import SaveSetting, ThemeChoice
from companion.ui.device_settings import Settings as Settings
from companion.ui.join_screen import GameUnavailable, gate_route
from companion.ui.redraw import follow, when_shown
from companion.ui.routes import GAME_ROUTES, route_game_id, route_name
from companion.ui.screen_view import ShownView
from companion.ui.squads.screens import squad_screen_for
from companion.ui.sync_link import TabSync, presence_changed
from rules.game import Game
from rules.game_kinds import AnySetup

log = logging.getLogger(__name__)


ScreenFactory = Callable[["TableApp", str], Screen]


@dataclass(repr=False)
class TableApp(Chrome):
    """One browser tab's app: its settings, screens and navigation stack.

    Its ``repr`` is short: the components of a screen hold the app in their context
    (``TABLE``), and Flet's server writes every message it sends into a debug line,
    reprs and all, whether or not that line is logged. With the dataclass's own repr,
    which holds the whole page, a Bait tap's message took 0.4 s to write out."""

    page: ft.Page
    catalogue: Catalogue
    settings: Settings
    screens: dict[str, ScreenFactory]
    save_setting: SaveSetting = lambda _key, _value: None
    stack: list[Screen] = field(default_factory=list)
    #: Every open game of this server process (shared by all tabs); None: nothing is saved.
    sessions: Sessions | None = None
    #: The game this tab is at (None before "Start"); only the session changes it.
    session: TableSession | None = None
    #: This device and the server's join codes and seats (None: every game is ours).
    sync: TabSync | None = None
    _unsubscribe: Callable[[], None] | None = None
    #: Each screen's view on the page, by the screen's ``id``.
    _shown: dict[int, ShownView] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tr = Translator(self.settings.lang)

    def __repr__(self) -> str:
        return f"TableApp(route={self.page.route!r})"

    # --- start and render ---------------------------------------------------------

    def start(self, route: str = "/") -> None:
        page = self.page
        page.title = "Dungeon Referee"
        page.theme = light_theme()
        page.dark_theme = dark_theme()
        page.theme_mode = theme_mode(self.settings.theme)
        page.locale_configuration = locale_configuration(self.settings.lang)
        page.on_view_pop = self._on_view_pop
        self.stack = [self._make("/")]
        if route_name(route) != "home" and route_name(route) in self.screens:
            self.stack.append(self._make(route))
        self.render()

    def _make(self, route: str) -> Screen:
        try:
            route = gate_route(self, route)  # a game this device may not see: the Join screen
        except JoinRecordNotSaved as error:  # undecided (a full disk): say so on this page
            return GameUnavailable(self, route, error)
        name = route_name(route)
        factory = self.screens.get(name)
        if factory is None:
            raise KeyError(f"no screen for route {route!r}")
        game_id = route_game_id(route)
        if game_id is not None and (self.session is None or self.session.game_id != game_id):
            try:
                self.open_game(game_id)
            except StoreError:
                # A damaged, newer-schema or deleted game (a reload of its address): the
                # saved-games screen says what is wrong and offers the last good backup.
                if "games" in self.screens and name != "games":
                    return self._make("/games")
                raise
        squad = squad_screen_for(self, name)  # a squad game: its own screen
        return factory(self, route) if squad is None else squad(self, route)

    def render(self) -> None:
        """Send every screen's view anew."""
        self._shown = {}
        self.page.views.clear()
        self.page.views.extend(self._show(screen) for screen in self.stack)
        self._before_sending()
        self.page.update()
        self._show_route()

    def _show(self, screen: Screen) -> ft.View:
        """A new view for ``screen`` (to put on the page)."""
        shown = self._shown[id(screen)] = self._view(screen)
        return shown.view

    def _show_route(self) -> None:
        """Put the top screen's route in the address bar, so a reload comes back to it
        (a game's route carries its id: '/game/<id>')."""
        route = self.current.route
        follow_screen(self)  # the host's screen kept awake during a game (at_table.py)
        if self.page.route != route:
            self.page.route = route
            self.page.run_task(self.page.push_route, route)

    def refresh(self, *parts: ft.Control) -> None:
        """Send what the screen on top changed in its controls: in ``parts`` only when it
        says where (Flet then compares those branches, not the whole page)."""
        self.page.update(*parts)

    def render_top(self, views_changed: bool = False) -> None:
        """Draw the screen on top again (its state changed, the ones below did not) in its
        view, and let Flet send what changed (``screen_view.py``): the page keeps its
        scroll. ``views_changed``: the list of views changed too (views popped), or the
        page (its locale), so the whole page is compared and sent."""
        if not self.page.views:
            self.render()
            return
        shown = self._shown.get(id(self.current))
        if shown is None or shown.view is not self.page.views[-1]:
            self.page.views[-1] = self._show(self.current)  # a new screen on top
            self._before_sending()
            self.page.update(self.page)
            self._show_route()
            return
        self._before_sending()  # before the update: its question leaves right behind it
        if views_changed:
            self.page.update(self.page)
        shown.redraw(self.page)
        self._scroll_if_asked()
        ft.context.mark_update_called()  # type: ignore[no-untyped-call]  # all is sent
        self._show_route()

    def _before_sending(self) -> None:
        """Tell the screen on top once the browser shows what is about to be sent (and
        scroll back to the top if the screen asks to): called just before the update, so
        the browser's answer follows it (``when_shown``)."""
        self._scroll_if_asked()
        confirm = getattr(self.current, "confirm_shown", None)
        mark = getattr(self.current, "drawing", None)  # what is about to be sent
        if confirm is not None and mark is not None:
            when_shown(self, mark, confirm)

    def _scroll_if_asked(self) -> None:
        """Scroll the page back to the top once what is sent now is shown, if the screen
        asks to (``scroll_top``). Asked again after a drawing: a screen under components
        learns it while it draws (the game's phase moved on), inside the update."""
        if getattr(self.current, "scroll_top", False):
            self.current.scroll_top = False  # type: ignore[attr-defined]

            async def to_top() -> None:
                # Looked up once sent: the view on screen may be a new one by then.
                await self.page.views[-1].scroll_to(offset=0, duration=200)

            self.page.run_task(to_top)

    # --- navigation ---------------------------------------------------------------

    @property
    def current(self) -> Screen:
        return self.stack[-1]

    def go(self, route: str) -> None:
        """Open a screen on top of the current one (back returns here)."""
        if route_name(route) == route_name(self.current.route):
            return
        session = self.session
        one_view_per_screen = self._one_view_per_screen()
        self.stack.append(self._make(route))
        if (
            route_name(route) in GAME_ROUTES
            or self.session is not session
            or not one_view_per_screen
        ):
            # A game's route passed the join gate, which may have taken the game away
            # from this tab, or another game opened: the screens below are drawn again
            # from what this tab may see now. So is every view when they are not one
            # per screen.
            self.render()
            return
        # The screens below keep their views as the browser shows them (scrolled where
        # the player left them): only the new one is sent.
        self.page.views.append(self._show(self.current))
        self._before_sending()
        self.page.update()
        self._show_route()

    def replace(self, route: str) -> None:
        """Swap the screen on top for another (no way back to it)."""
        self.stack[-1] = self._make(route)
        # Every view is drawn again: a swap is how the join gate takes a game away from
        # this tab (``gate_route``), and the screens below must not keep showing it.
        self.render()

    def back(self) -> None:
        if len(self.stack) > 1:
            self._pop_to(len(self.stack) - 1)

    def home(self) -> None:
        self._pop_to(1)

    def back_to(self, route: str) -> bool:
        """The browser went back to ``route`` (its own ←), the route of a screen below on
        the stack: pop to it as the app bar's ← does, keeping its view. False when no
        screen below has that route, or when the join gate would now show another screen
        for it (``start`` then opens it through the gate)."""
        below = [screen.route for screen in self.stack[:-1]]
        if route not in below:
            return False
        try:
            if gate_route(self, route) != route:
                return False
        except JoinRecordNotSaved:
            return False
        self._pop_to(len(below) - below[::-1].index(route))  # the nearest screen with it
        return True

    def _pop_to(self, depth: int) -> None:
        """Keep the first ``depth`` screens: drop the views of the others and draw the
        one now on top again in the view the browser shows (``render_top``), so it keeps
        its scroll, and a tap or a word typed right after ← reaches the control it was
        aimed at. What the screen shows now (a language chosen meanwhile, another
        device's change) is drawn in it."""
        one_view_per_screen = self._one_view_per_screen()
        for screen in self.stack[depth:]:
            self._shown.pop(id(screen), None)
        self.stack = self.stack[:depth]
        if not one_view_per_screen:
            self.render()  # draw them all again
            return
        del self.page.views[depth:]
        self.render_top(views_changed=True)

    def _one_view_per_screen(self) -> bool:
        """The views the browser shows are the stack's, one per screen (else a redraw
        sends them all anew rather than drawing each again in its view)."""
        return len(self.page.views) == len(self.stack)

    def _on_view_pop(self, _event: ft.ViewPopEvent) -> None:
        self.back()

    # --- the game -----------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """This tab's Boss Monster game (None for none, or a squad game: its screens,
        ``companion/ui/squads/``, read ``session.game``)."""
        game = self.session.game if self.session is not None else None
        return game if isinstance(game, Game) else None

    def card_sets(self) -> list[str] | None:
        """The sets this tab's game plays with, for card pickers (None: every set)."""
        game = self.game
        if game is None or not game.setup.card_sets:
            return None
        return [s for s in game.setup.card_sets if s in self.catalogue.sets]

    async def start_game(self, setup: AnySetup) -> None:
        """Create and save a new game (StoreError if it can't be saved), then set it up.

        The file, and the record that this device hosts the game, are written and synced
        on a worker thread, as a game's taps are saved (``TableSession.submit``): the
        server answers its other tabs meanwhile."""
        if self.sessions is None:
            raise RuntimeError("this app has no game store")
        # Named in the table's language ("Ada und Bert"), as the saved games list shows it.
        name = default_name(setup, self.tr("ruling.word.and"))
        session = await asyncio.to_thread(self.sessions.new_game, setup, name)
        self._follow(session)
        if self.sync is not None:  # this device made the game: it is the host
            try:
                await asyncio.to_thread(self.sync.hub.hosted, session.game_id, self.sync.device)
            except JoinRecordNotSaved:
                # The game itself is saved. Opening it below asks for the record again
                # (``_make``): on the server's own computer the page says why it can't be
                # written; a phone on the network is shown the Join screen until it can.
                log.warning("the host of new game %s was not recorded", session.game_id)
        # The new game sits right on Home: its ← must not lead back to the filled
        # New-game form, one tap from starting the same game twice.
        self.stack = self.stack[:1]
        self.go(f"/setup/{session.game_id}")

    def open_game(self, game_id: str) -> TableSession:
        """Make a saved game this tab's game (StoreError if it can't be loaded)."""
        if self.sessions is None:
            raise RuntimeError("this app has no game store")
        session = self.sessions.open(game_id)
        self._follow(session)
        return session

    def _follow(self, session: TableSession) -> None:
        """Listen to this game's changes (made here or in another tab), and no other's."""
        self.close()
        self.session = session
        self._unsubscribe = session.subscribe(follow(self, self._show_change))
        if self.sync is not None:
            device = self.sync.device.device_id
            self.sync.hub.presence.arrive(
                self.sync.tab, session.game_id, device, lambda: presence_changed(self)
            )

    def close(self) -> None:
        """Stop listening to the game (the tab closed or moved to another game)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.sync is not None:
            self.sync.hub.presence.leave(self.sync.tab)

    def _show_change(self, change: Change) -> None:
        # The screen says whether the change shows on it (``game_changed``); the shell
        # draws it, so a change reaches the screen's drawing in as few steps as it can.
        wants = getattr(self.current, "game_changed", None)
        if wants is None:
            if change.origin is not self:
                self.page.update()  # another tab's change: no event handler will update us
            return
        if wants(change):
            self.render_top()

    # --- settings -----------------------------------------------------------------

    def set_theme(self, choice: ThemeChoice) -> None:
        self.settings.theme = choice
        self.page.theme_mode = theme_mode(choice)
        self.save_setting(PREF_THEME, choice)
        self.page.update()

    def remember_tab(self, game_id: str, tab: str) -> None:
        """The game screen's tab now shown: this game opens on it next time (``PREF_TAB``)."""
        if self.settings.tab == (game_id, tab):
            return
        self.settings.tab = (game_id, tab)
        self.save_setting(PREF_TAB, f"{game_id} {tab}")

    def set_lang(self, lang: Lang) -> None:
        if lang == self.settings.lang:
            return
        self.settings.lang = lang
        self.tr = Translator(lang)
        self.page.locale_configuration = locale_configuration(lang)
        self.save_setting(PREF_LANG, lang)
        # Screens keep their state (e.g. a half-filled form) and their views: each is
        # drawn again in the new words into the view the browser shows, so every screen
        # stays where it was scrolled (new views came back at the top).
        self.redraw_all()

    def redraw_all(self) -> None:
        """Draw every screen again from its state, in its view (a new language, a device
        read late): each keeps its scroll, its fields their text and focus. The page goes
        out first (it may carry a new locale)."""
        views = self.page.views
        if not self._one_view_per_screen() or any(
            self._shown.get(id(screen)) is None or self._shown[id(screen)].view is not view
            for view, screen in zip(views, self.stack, strict=True)
        ):
            self.render()
            return
        for screen in self.stack[:-1]:
            self._shown[id(screen)].redraw(self.page)
        self.render_top(views_changed=True)
