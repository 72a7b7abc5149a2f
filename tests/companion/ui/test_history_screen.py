"""The History screen: the numbers of the saved games, counted off the event loop, a
plot of Souls and Wounds, a filter by player, names asked about once, CSV."""

from __future__ import annotations

from pathlib import Path

from companion.stats_names import load_names
from companion.store import GameStore
from tests.companion.test_stats import one_turn, saved
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness


def open_history(table_app: AppFactory, lang: str = "en") -> Harness:
    ui, _app = table_app(lang=lang)
    ui.tap("open-history")
    ui.until(lambda: not ui.has("history-counting"))
    return ui


def test_history_shows_the_numbers_and_the_plot(table_app: AppFactory, tmp_path: Path) -> None:
    """One turn: Ada's Pit killed the Cleric, Brann's Hall let the Fighter escape."""
    store = GameStore(tmp_path / "data", fsync=False)
    setup, log = one_turn()
    saved(store, setup, log, "Friday")
    ui = open_history(table_app)
    said = ui.texts()
    assert "Games played: 1 (finished: 0)" in said
    assert "Most deadly Room: Pit (1 Hero killed)" in said
    assert "Heroes killed: 1, escaped: 1" in said
    assert ui.has("history-plot")
    assert "Ada: Souls (solid), Wounds (dashed)" in said


def test_names_typed_differently_are_asked_once(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    for ada in ("Ann", "ann"):
        setup, log = one_turn(ada=ada)
        saved(store, setup, log, f"Game of {ada}")
    ui = open_history(table_app)
    assert "the same person?" in ui.texts()
    ui.tap("history-same")
    ui.settle()
    assert not ui.has("history-name-question")
    assert load_names(tmp_path / "data").same in ({"ann": "Ann"}, {"Ann": "ann"})
    ui = open_history(table_app)  # remembered: not asked again
    assert not ui.has("history-name-question")


def test_history_in_german(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    setup, log = one_turn()
    saved(store, setup, log, "Freitag")
    said = open_history(table_app, lang="de").texts()
    assert "Tödlichster Raum: Pit (1 Held getötet)" in said
