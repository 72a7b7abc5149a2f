"""At the table: the host's screen is kept awake while a game is on top (Wakelock), let go
elsewhere and when the setting is off; a tap that acts on the game ticks (HapticFeedback)
on a phone only."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.ui.at_table import PREF_AWAKE
from tests.companion.ui.conftest import AppFactory, saved_at
from tests.companion.ui.flet_harness import Harness


def calls(ui: Harness, name: str) -> int:
    return sum(1 for called, _args in ui.conn.calls if called == name)


def test_the_game_screen_keeps_the_hosts_screen_awake(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    ui, app = table_app(route=f"/game/{game_id}")
    ui.settle()
    assert calls(ui, "enable") == 1 and calls(ui, "disable") == 0
    app.home()
    ui.settle()
    assert calls(ui, "disable") == 1


def test_switched_off_in_settings_the_screen_may_sleep(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    ui, app = table_app()
    app.go("/settings")
    ui.settle()
    ui.tap("settings-awake")
    ui.settle()
    assert app.saved[PREF_AWAKE] == "off"  # type: ignore[attr-defined]
    app.go(f"/game/{game_id}")
    ui.settle()
    assert calls(ui, "enable") == 0


def test_a_tap_on_the_game_ticks_on_a_phone_only(table_app: AppFactory, tmp_path: Path) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    ui, app = table_app(route=f"/game/{game_id}")
    ui.tap("resolve-bait")
    ui.settle()
    assert calls(ui, "selection_click") == 0  # a desktop browser: nothing to feel
    ui.tap("undo")
    ui.settle()
    app.page.platform = ft.PagePlatform.ANDROID
    ui.tap("resolve-bait")
    ui.settle()
    assert calls(ui, "selection_click") == 1


def test_a_tab_whose_connection_is_gone_moves_on_without_asking_its_browser(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """A tab redrawn after its phone went to sleep (another device's change) has no
    browser to keep awake: nothing is asked, nothing fails."""
    game_id = saved_at(tmp_path / "data", "bait")
    ui, app = table_app(route=f"/game/{game_id}")
    ui.settle()
    ui.run(ui.page.session.disconnect(60))  # its socket closed, the session kept a while
    before = len(ui.conn.calls)
    app.render_top()  # another device's change drawn on it
    ui.settle()
    assert len(ui.conn.calls) == before
