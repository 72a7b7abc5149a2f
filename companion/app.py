"""The Flet entry point: `make_main(config)` gives the `main(page)` that Flet runs per tab.

Run it with `dungeon-referee` (see companion/cli.py), or `flet run` with
`[tool.flet] app.module = "companion.app"` (this module's `main`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import flet as ft

from companion.catalogue import Catalogue, default_catalogue
from companion.i18n import DEFAULT_LANG, Lang, normalise_lang
from companion.session import Sessions
from companion.store import GameStore, resolve_data_dir
from companion.sync.device import Device, answering_storage, load_device
from companion.sync.hub import SyncHub
from companion.sync.peer import note_peer, peer_of
from companion.ui.basic_screens import HomeScreen, RulesScreen, SettingsScreen
from companion.ui.games_screen import GamesScreen
from companion.ui.history_screen import HistoryScreen
from companion.ui.join_screen import JoinScreen
from companion.ui.late_answers import drop_stray_answers
from companion.ui.late_taps import watch_late_taps
from companion.ui.new_game import NewGameScreen
from companion.ui.opening import open_route
from companion.ui.own_card_names import load_own_names
from companion.ui.setup_screen import SetupScreen
from companion.ui.shell import PREF_LANG, PREF_TAB, PREF_THEME, ScreenFactory, Settings, TableApp
from companion.ui.squads.screens import SquadNewGameScreen
from companion.ui.sync_link import (
    TabSync,
    disconnected,
    reconnected,
    route_changed,
    started,
    tap_missed,
)
from companion.ui.table.game_screen import GameScreen

log = logging.getLogger(__name__)

#: Route name -> screen. A route's first path segment picks the screen ('/' is home).
SCREENS: dict[str, ScreenFactory] = {
    "home": HomeScreen,
    "new": NewGameScreen,
    "setup": SetupScreen,
    "table": GameScreen,
    "game": GameScreen,
    "rules": RulesScreen,
    "settings": SettingsScreen,
    "join": JoinScreen,
    "games": GamesScreen,
    "history": HistoryScreen,
    "new-squads": SquadNewGameScreen,  # the squad game (companion/ui/squads/)
}

#: How long to wait for the browser to answer a preference or device question.
CLIENT_TIMEOUT = 3.0


@dataclass(frozen=True)
class AppConfig:
    data_dir: Path | None = None
    #: The address phones use to reach this server (the join QR code encodes it).
    public_url: str | None = None


async def _device_lang(page: ft.Page) -> Lang:
    """The browser's or device's language, if we speak it; else English."""
    try:
        info = await asyncio.wait_for(page.get_device_info(), CLIENT_TIMEOUT)
    except Exception:  # an old client, a closed tab: English is a fine default
        log.debug("device info unavailable", exc_info=True)
        return DEFAULT_LANG
    language = getattr(info, "language", None)
    if language:
        return normalise_lang(language)
    for locale in getattr(info, "locales", None) or []:
        code = getattr(locale, "language_code", None)
        if code:
            return normalise_lang(code)
    return DEFAULT_LANG


async def _stored_settings(prefs: ft.SharedPreferences) -> tuple[object, object, object]:
    try:
        theme, lang, tab = await asyncio.gather(
            asyncio.wait_for(prefs.get(PREF_THEME), CLIENT_TIMEOUT),
            asyncio.wait_for(prefs.get(PREF_LANG), CLIENT_TIMEOUT),
            asyncio.wait_for(prefs.get(PREF_TAB), CLIENT_TIMEOUT),
        )
    except Exception:
        log.debug("stored settings unavailable", exc_info=True)
        return None, None, None
    return theme, lang, tab


async def _load_settings(page: ft.Page, prefs: ft.SharedPreferences) -> Settings:
    device_lang, (theme, lang, tab) = await asyncio.gather(
        _device_lang(page), _stored_settings(prefs)
    )
    return Settings.parse(theme, lang, device_lang, tab)


async def _ask_client(
    page: ft.Page, prefs: ft.SharedPreferences, peer: str | None, save: Callable[[str, str], None]
) -> tuple[Settings, Device]:
    """Everything the browser is asked before the first screen (language, theme, this
    device), asked together: on a first visit one round trip to the phone, not five."""
    return await asyncio.gather(_load_settings(page, prefs), load_device(prefs, peer, save))


def _read_joins(hub: SyncHub, device: Device) -> None:
    """The server's join records and the joins this device keeps, read in one worker
    thread's hop (one more would not cost the phone a round trip, but the tab a wait)."""
    hub.registry.read_all()
    device.read_stored()


async def _device_read(loading: Awaitable[Device]) -> Device:
    """A device read again from the browser's storage, its joins parsed off the loop."""
    device = await loading
    await asyncio.to_thread(device.read_stored)
    return device


def make_main(
    config: AppConfig, catalogue: Catalogue | None = None
) -> Callable[[ft.Page], Awaitable[None]]:
    """The per-tab entry point, bound to this server's configuration."""
    cards = catalogue or default_catalogue()  # loaded (and validated) once, before serving
    # One store and one session per game for the whole server: every tab shares them.
    sessions = Sessions(GameStore(resolve_data_dir(config.data_dir)))
    hub = SyncHub(resolve_data_dir(config.data_dir), config.public_url)  # join codes, seats

    async def main(page: ft.Page) -> None:
        prefs = await answering_storage(ft.SharedPreferences)

        def save_setting(key: str, value: str) -> None:
            async def save() -> None:
                try:
                    await prefs.set(key, value)
                except Exception:  # the choice still applies to this tab
                    log.warning("could not remember setting %s", key, exc_info=True)

            page.run_task(save)

        # The address from the server's own socket, never page.client_ip: the browser
        # can set that property itself (companion/sync/peer.py).
        peer = peer_of(page)
        # A first visit's new device id is stored once the first screen is sent: asked
        # before, the phone answered it before it was shown anything.
        first_saves: list[tuple[str, str]] = []
        settings, device = await _ask_client(
            page, prefs, peer, lambda key, value: first_saves.append((key, value))
        )
        app = TableApp(
            page=page,
            catalogue=cards,
            settings=settings,
            screens=SCREENS,
            save_setting=save_setting,
            sessions=sessions,
            sync=TabSync(
                hub,
                device,
                peer,
                page.url,
                reload_device=lambda: _device_read(load_device(prefs, peer, save_setting)),
                ask_client=lambda: prefs.contains_key(PREF_THEME),
            ),
        )
        # The join records (the first tab reads them all) and this device's joins, then
        # the game the address shows, are read off the event loop, before any handler may
        # draw this tab: the browser shows it loading meanwhile.
        await asyncio.to_thread(_read_joins, hub, device)
        await open_route(app, page.route or "/")
        page.on_close = lambda _event: app.close()
        page.on_disconnect = lambda _event: disconnected(app)
        page.on_connect = lambda _event: reconnected(app)
        page.on_route_change = lambda event: route_changed(app, event.route)
        watch_late_taps(page, lambda: tap_missed(app))
        asked = page.route or "/"
        page.run_task(load_own_names, app, prefs)  # names this device gave cards
        app.start(asked)
        started(app, asked)  # the route it asked for, before the gate changed it
        for key, value in first_saves:
            save_setting(key, value)

    return main


def before_main(page: ft.Page) -> None:
    """Flet's ``before_main`` hook for ``make_main``'s entry point
    (``ft.run(make_main(config), before_main=BEFORE_MAIN, ...)``). It runs before the
    server reads the browser's next message: record the tab's real network address, and
    drop answers the new session never asked for (a reconnect after a restart)."""
    note_peer(page)
    drop_stray_answers(page)


BEFORE_MAIN = before_main


async def main(page: ft.Page) -> None:
    """Entry point for `flet run` (no command-line options; Flet gives it no
    ``before_main``, so no tab counts as the server's own computer)."""
    await make_main(AppConfig())(page)
