"""A game opens on the tab this device last showed for it.

A reload keeps its server session, screens and all; a new session does not (a page the
phone's browser dropped long ago, a restarted server, a new browser tab). It then opens
the game on the tab the player left (Scores, Log, Invite), not on the table: the tab is
stored on the device with the game it belongs to (``PREF_TAB``, read into
``Settings.tab``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.app import AppConfig, make_main
from companion.ui.shell import PREF_TAB, Settings
from companion.ui.table.game_screen import GameScreen
from tests.companion.sync.socket_tabs import Tab, browser_of, top_route
from tests.companion.ui.conftest import AppFactory, saved_at
from tests.companion.ui.flet_harness import tagged_control
from tests.e2e.sync_seed import device_id, seed


def _tab(app: object) -> str:
    screen = getattr(app, "current", None)
    assert isinstance(screen, GameScreen)
    return screen.tab


def test_a_new_session_opens_the_game_on_the_tab_last_shown(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    harness, app = table_app(route=f"/game/{game_id}")
    assert _tab(app) == "play" and not app.saved  # type: ignore[attr-defined]

    harness.tap("tab-score")
    stored = app.saved[PREF_TAB]  # type: ignore[attr-defined]
    assert stored == f"{game_id} score"

    # A new session: a new app, given what the browser stored.
    again, later = table_app(route=f"/game/{game_id}", tab=stored)
    assert _tab(later) == "score"
    assert again.has("scoreboard") and not again.has("resolve-bait")

    again.tap("tab-play")  # back at the table: the next session opens the table
    assert later.saved[PREF_TAB] == f"{game_id} play"  # type: ignore[attr-defined]
    assert again.has("resolve-bait")


def test_the_tab_of_another_game_opens_this_one_on_the_table(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    harness, app = table_app(route=f"/game/{game_id}", tab="20260101-00000000 log")
    assert _tab(app) == "play" and harness.has("resolve-bait")


@pytest.mark.parametrize(
    "stored",
    [None, 7, "", "score", " score", "{game} ", "{game} tables", "{game} score" + " " * 80],
)
def test_a_stored_tab_that_is_not_one_opens_the_table(
    table_app: AppFactory, tmp_path: Path, stored: object
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    if isinstance(stored, str):
        stored = stored.replace("{game}", game_id)
    harness, app = table_app(route=f"/game/{game_id}", tab=stored)
    assert _tab(app) == "play" and harness.has("resolve-bait")


def test_settings_keep_a_stored_tab_only_as_a_game_and_a_word() -> None:
    assert Settings.parse("system", "en", "en", "20260101-ab12cd34 log").tab == (
        "20260101-ab12cd34",
        "log",
    )
    for stored in (None, 3, b"x y", "", "log", " log", "x ", "x" * 81):
        assert Settings.parse("system", "en", "en", stored).tab is None, stored


def test_the_server_reads_the_stored_tab_before_the_first_screen(tmp_path: Path) -> None:
    """Through the real entry point: the browser's storage holds this device (the game's
    host) and the tab; the game opens on it."""
    host = device_id(51)
    game = seed(tmp_path / "data", 2, host, "Last tab")
    main = make_main(AppConfig(data_dir=tmp_path / "data"))
    browser = browser_of(host, {PREF_TAB: f"{game.game_id} log"})

    async def scenario() -> None:
        tab = Tab(main, "127.0.0.1", f"/game/{game.game_id}", {}, browser)
        page = await tab.started()
        assert top_route(page) == f"/game/{game.game_id}"
        assert tagged_control(page, "log") is not None
        await tab.close()

    asyncio.run(scenario())
