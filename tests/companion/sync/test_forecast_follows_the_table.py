"""The Bait forecast under a build form follows the table while the player drafts: a Room
another player places face down meanwhile is said to be left out (R-BUILD-ONE) at once, not
only after the player's own next change.

The build forms are drawn again only when what their dungeon card shows changes
(``CardShows``: this player's part of the state); the forecast under them reads the whole
table, so it is told of every change apart from them (``DraftForecast.follow``).

Ada's and Brann's tabs talk to Flet's own websocket handler
(``tests/companion/sync/socket_tabs.py``), each from its own device.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft

from companion.app import AppConfig, make_main
from tests.companion.sync.socket_tabs import Main, Tab, browser_of, settle, shown_text, until
from tests.companion.ui.flet_harness import tagged_control
from tests.e2e.sync_seed import device_id, seed

ADA = device_id(71)
BRANN = device_id(72)
HIDDEN = "Ada's Room is still hidden: the forecast leaves it out."


def _has(page: ft.Page, identifier: str) -> bool:
    try:
        tagged_control(page, identifier)
    except AssertionError:
        return False
    return True


async def _seated(main: Main, route: str, device: str, seat: int) -> tuple[Tab, ft.Page]:
    tab = Tab(main, "127.0.0.1", route, {}, browser_of(device))
    page = await tab.started()
    assert await until(lambda: _has(page, f"join-seat-{seat}"), 10)
    tab.socket.event(tagged_control(page, f"join-seat-{seat}"), "click")
    assert await until(lambda: _has(page, f"build-p{seat}-name"), 10)
    await settle()
    return tab, page


def test_a_room_placed_by_another_player_reaches_the_forecast_under_a_build_form(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    game = seed(data, 2, ADA, "Forecast")
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        ada, ada_page = await _seated(main, f"/join?game={game.game_id}", ADA, 1)
        brann, page = await _seated(main, f"/join?code={game.code}", BRANN, 2)
        assert "Bait as the table stands" in shown_text(page)
        assert HIDDEN not in shown_text(page)
        name = tagged_control(ada_page, "build-p1-name")
        ada.socket.props(name, {"value": "Room 1X"})
        ada.socket.event(name, "change", "Room 1X")
        ada.socket.event(tagged_control(ada_page, "build-p1-treasure-fighter"), "click")
        await settle()
        ada.socket.event(tagged_control(ada_page, "build-p1-go"), "click")
        assert await until(lambda: "Ada: ready" in shown_text(page), 10), shown_text(page)
        # Brann has not touched his form: his forecast says Ada's Room is left out.
        assert await until(lambda: HIDDEN in shown_text(page), 5), shown_text(page)
        for tab in (brann, ada):
            await tab.close()

    asyncio.run(scenario())
