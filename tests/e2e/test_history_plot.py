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

#: The players' line colours (ft.Colors.BLUE, RED, GREEN: Material 500), in seat order.
LINE_RGB = ((0x21, 0x96, 0xF3), (0xF4, 0x43, 0x36), (0x4C, 0xAF, 0x50))


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


def pixels_of(path: Path, box: dict[str, float], rgb: tuple[int, int, int]) -> int:
    image = Image.open(path).convert("RGB")
    left, top = int(box["x"]), int(box["y"])
    crop = image.crop((left, top, left + int(box["width"]), top + int(box["height"])))
    return sum(
        1
        for r, g, b in crop.get_flattened_data()
        if abs(r - rgb[0]) < 40 and abs(g - rgb[1]) < 40 and abs(b - rgb[2]) < 40
    )


def players_scoring(data_dir: Path, title: str) -> list[int]:
    """The seats (0, 1, …) whose Souls or Wounds leave zero at some turn of the game the
    plot opens on, replayed from its saved log: their lines rise off the axis, so their
    colour shows in the chart (a line along zero may lie under another's)."""
    store = GameStore(data_dir, fsync=False)
    (summary,) = [s for s in store.list_games().games if s.name == title]
    saved = store.load(summary.game_id).game
    seats = [p.name for p in saved.setup.players]
    game, scoring = Game.new(saved.setup), set()
    for command in saved.log:
        game, _ = game.play(command)
        scoring |= {
            n for n, name in enumerate(seats) if game.state.souls(name) or game.state.wounds(name)
        }
    return sorted(scoring)


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
        chart = app.by_id("history-chart").first
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        assert box is not None and box["height"] > 150
        shot = app.screenshot(f"history-{locale}")
        # The chart's lines are drawn (the chart alone: the legend's words are coloured too):
        # each player whose score leaves zero has a line of their colour in it.
        scoring = players_scoring(history_server.data_dir, "Evening 3")
        assert scoring, "the seeded game has no score to plot"
        for seat in scoring:
            assert pixels_of(shot, box, LINE_RGB[seat]) > 60, (seat, shot)
    finally:
        context.close()
