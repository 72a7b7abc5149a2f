"""The History screen in Chromium: the numbers, and the Souls and Wounds plot drawn by
the web client (flet-charts' line chart), at 390×844 in English and German."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from companion.store import GameStore
from rules.game import Game
from tests.e2e.conftest import (
    PHONE,
    AppPage,
    Server,
    _shots_dir,
    new_context,
    start_server,
    stop_server,
)
from tests.rules.test_properties import play

pytestmark = pytest.mark.e2e

#: The first player's line colour (ft.Colors.BLUE, Material blue 500).
BLUE = (0x21, 0x96, 0xF3)


def seeded_games(data_dir: Path) -> None:
    """Finished random games with Souls and Wounds (the engine's own random player)."""
    store = GameStore(data_dir, fsync=False)
    rng = random.Random(7)
    made = 0
    while made < 3:
        state, log = play(rng)
        if not state.game_over or state.turn < 3:
            continue
        game = Game.new(state.setup)
        for command in log:
            game, _ = game.play(command)
        store.save(store.create(state.setup, f"Evening {made + 1}").game_id, game)
        made += 1


@pytest.fixture
def history_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own per test: the first device to ask is the saved games' host,
    and another device sees none of them (a game under live sync is its players' only)."""
    base = tmp_path_factory.mktemp("history")
    seeded_games(base / "data")
    started = start_server(base / "data", base / "server.log")
    yield started
    stop_server(started)


def blue_pixels(path: Path, box: dict[str, float]) -> int:
    image = Image.open(path).convert("RGB")
    left, top = int(box["x"]), int(box["y"])
    crop = image.crop((left, top, left + int(box["width"]), top + int(box["height"])))
    return sum(
        1
        for r, g, b in crop.get_flattened_data()
        if abs(r - BLUE[0]) < 40 and abs(g - BLUE[1]) < 40 and abs(b - BLUE[2]) < 40
    )


@pytest.mark.parametrize(
    ("locale", "words"), [("en-GB", "Games played: 3"), ("de-DE", "Gespielte Partien: 3")]
)
def test_the_plot_shows_in_chromium(
    browser: object, history_server: Server, request: pytest.FixtureRequest, locale: str, words: str
) -> None:
    context = new_context(browser, PHONE, locale=locale)
    try:
        app = AppPage(context.new_page(), history_server.url, _shots_dir(request, "phone"))
        app.open("/history")
        app.wait_for("history-plot")
        app.wait_text(words)
        plot = app.by_id("history-plot").first
        plot.scroll_into_view_if_needed()
        box = plot.bounding_box()
        assert box is not None and box["height"] > 150
        shot = app.screenshot(f"history-{locale}")
        # The chart's lines are drawn: the first player's blue is there, in the plot's box.
        assert blue_pixels(shot, box) > 150, shot
    finally:
        context.close()
