"""The Bait forecast in Chromium, with the game open in two tabs: a treasure icon drafted
in the tab opened second redraws that tab's forecast on its own screen (the redraw once
went to the other tab's browser, and the player saw the old forecast)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.companion.ui.conftest import saved_at
from tests.e2e.conftest import (
    PHONE,
    AppPage,
    Server,
    _shots_dir,
    new_context,
    start_server,
    stop_server,
)
from tests.e2e.game_steps import bring_into_view

pytestmark = pytest.mark.e2e


@pytest.fixture
def build_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """A server of its own, with a 3-player game saved at its Build (player 1 to build)."""
    base = tmp_path_factory.mktemp("forecast")
    game_id = saved_at(base / "data", "build")
    started = start_server(base / "data", base / "server.log")
    yield started, game_id
    stop_server(started)


def test_a_drafted_icon_redraws_the_forecast_in_its_own_tab(
    browser: object, build_server: tuple[Server, str], request: pytest.FixtureRequest
) -> None:
    server, game_id = build_server
    context = new_context(browser, PHONE)
    try:
        first = AppPage(context.new_page(), server.url, _shots_dir(request, "phone"))
        first.open(f"/game/{game_id}")
        first.wait_text("Bait as the table stands")
        second = first.another_tab().open(f"/game/{game_id}")
        second.wait_text("Bait as the table stands")
        second.tap("build-p1-treasure-fighter")
        second.wait_text("Bait if you build this Room")
        bring_into_view(second, "forecast-Ada")
        second.screenshot("forecast-drafted")
        assert "Bait if you build this Room" not in first.snapshot()
    finally:
        context.close()
