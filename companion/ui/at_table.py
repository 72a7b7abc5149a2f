"""At the table: the host's phone stays awake while a game is open, and a tap that acts
on the game gives a short haptic tick, where the device has one.

Both are options in Settings, on by default, remembered by the browser. The screen is
kept awake through Flet's ``Wakelock`` service only on the device that hosts the game
(or runs it without live sync), only while a game's screen is on top; it is let go on
every other screen. The tick (Flet's ``HapticFeedback``) is asked only of a phone or
tablet (Android, iOS): elsewhere there is nothing to feel, and no message is sent.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass

import flet as ft

# The shell imports this module: the tab's app is named by sync_link's protocol.
from companion.ui.redraw import page_loop
from companion.ui.sync_link import TableApp, access_of

log = logging.getLogger(__name__)

PREF_AWAKE = "dungeon_referee.awake"
PREF_HAPTIC = "dungeon_referee.haptic"
#: The routes that show a game (as the shell names them).
GAME_SCREENS = ("game", "table", "setup")
TOUCH_PLATFORMS = (ft.PagePlatform.ANDROID.value, ft.PagePlatform.IOS.value)


@dataclass
class AtTable:
    """One tab's choices and what it asked of the device."""

    awake: bool = True
    haptic: bool = True
    loaded: bool = False
    awake_now: bool = False
    wakelock: ft.Wakelock | None = None
    haptics: ft.HapticFeedback | None = None


_tabs: weakref.WeakKeyDictionary[ft.Page, AtTable] = weakref.WeakKeyDictionary()


def at_table(app: TableApp) -> AtTable:
    return _tabs.setdefault(app.page, AtTable())


def _hosting(app: TableApp) -> bool:
    route = app.current.route.split("?")[0].strip("/").split("/")[0]
    return route in GAME_SCREENS and access_of(app).role in ("host", "table")


def follow_screen(app: TableApp) -> None:
    """After a screen change: keep the screen awake, or let it go, as the screen on top
    and the setting say. The first time, the stored settings are read first."""
    if page_loop(app.page) is None:
        # No browser to ask: the screen tests' page, or a tab redrawn after its phone
        # went to sleep (another device's change); it is asked again when it is back.
        return
    tab = at_table(app)
    app.page.run_task(_follow, app, tab)


async def _follow(app: TableApp, tab: AtTable) -> None:
    if not tab.loaded:
        await _load(tab)
    wanted = tab.awake and _hosting(app)
    if wanted == tab.awake_now:
        return
    tab.awake_now = wanted
    try:
        if tab.wakelock is None:
            tab.wakelock = ft.Wakelock()
        lock = tab.wakelock
        await (lock.enable() if wanted else lock.disable())  # type: ignore[no-untyped-call]
    except Exception:  # a browser without a wake lock: the screen sleeps as it would
        log.debug("wake lock unavailable", exc_info=True)


async def _load(tab: AtTable) -> None:
    tab.loaded = True
    try:
        prefs = ft.SharedPreferences()
        awake, haptic = await asyncio.wait_for(
            asyncio.gather(prefs.get(PREF_AWAKE), prefs.get(PREF_HAPTIC)), 3.0
        )
    except Exception:
        return
    tab.awake = awake != "off"
    tab.haptic = haptic != "off"


def tick(app: TableApp) -> None:
    """A short haptic tick for a tap that acts on the game (a phone or tablet only)."""
    tab = at_table(app)
    platform = getattr(app.page, "platform", None)
    if not tab.haptic or getattr(platform, "value", platform) not in TOUCH_PLATFORMS:
        return

    async def once() -> None:
        try:
            if tab.haptics is None:
                tab.haptics = ft.HapticFeedback()
            await tab.haptics.selection_click()  # type: ignore[no-untyped-call]
        except Exception:
            log.debug("no haptic feedback", exc_info=True)

    app.page.run_task(once)


def choose(app: TableApp, awake: bool | None = None, haptic: bool | None = None) -> None:
    """A choice made in Settings: remembered by the browser, applied at once."""
    tab = at_table(app)
    if awake is not None:
        tab.awake = awake
        app.save_setting(PREF_AWAKE, "on" if awake else "off")
    if haptic is not None:
        tab.haptic = haptic
        app.save_setting(PREF_HAPTIC, "on" if haptic else "off")
    follow_screen(app)


def settings_rows(app: TableApp) -> list[ft.Control]:
    """The two switches on the Settings screen."""
    from companion.ui.widgets import heading, switch_row

    tr = app.tr
    tab = at_table(app)
    return [
        heading(tr("settings.at_table")),
        switch_row(
            "settings-awake",
            ft.Switch(
                value=tab.awake, on_change=lambda e: choose(app, awake=bool(e.control.value))
            ),
            tr("settings.awake"),
        ),
        switch_row(
            "settings-haptic",
            ft.Switch(
                value=tab.haptic, on_change=lambda e: choose(app, haptic=bool(e.control.value))
            ),
            tr("settings.haptic"),
        ),
    ]
