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

from companion.app import AppConfig, make_main
from tests.companion.sync.socket_tabs import browser_of, seated, settle, shown_text, until
from tests.companion.ui.flet_harness import tagged_control
from tests.e2e.sync_seed import device_id, seed

ADA = device_id(71)
BRANN = device_id(72)
HIDDEN = "Ada's Room is still hidden: the forecast leaves it out."


def test_a_room_placed_by_another_player_reaches_the_forecast_under_a_build_form(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    game = seed(data, 2, ADA, "Forecast")
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        ada, ada_page = await seated(main, f"/join?game={game.game_id}", 1, browser_of(ADA))
        brann, page = await seated(main, f"/join?code={game.code}", 2, browser_of(BRANN))
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
