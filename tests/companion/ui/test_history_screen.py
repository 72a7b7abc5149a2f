"""The History screen: the numbers of the saved games, counted off the event loop, a
plot of Souls and Wounds, a filter by player, names asked about once, CSV."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.stats_names import load_names
from companion.store import GameStore
from tests.companion.test_stats import one_turn, saved
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness
from tests.companion.ui.test_games_screen import in_dialog


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


def test_the_score_axis_counts_in_whole_numbers(table_app: AppFactory, tmp_path: Path) -> None:
    """Souls and Wounds have no halves: the left axis is labelled 0, 1, 2… (a chart of
    scores up to 1 was labelled 0, 0.5, 1, 1.5, 2, cut in two lines on a phone)."""
    store = GameStore(tmp_path / "data", fsync=False)
    setup, log = one_turn()
    saved(store, setup, log, "Friday")
    ui = open_history(table_app)
    chart = ui.find("history-chart")
    labels = chart.left_axis.labels
    assert labels and [a.value for a in labels] == list(range(len(labels)))
    assert all(a.label == str(a.value) for a in labels)


def test_names_typed_differently_are_asked_once(table_app: AppFactory, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    for ada in ("Ann", "ann"):
        setup, log = one_turn(ada=ada)
        saved(store, setup, log, f"Game of {ada}")
    ui = open_history(table_app)
    # Answering draws the History's chart again with a patch to its data points that the
    # harness's copy of the browser's page cannot apply (main's chart too, before the
    # screens were components): not what this test is about.
    ui.check_client = False
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


def test_filter_by_player_and_export_csv(table_app: AppFactory, tmp_path: Path) -> None:
    """Two games: Ada and Brann, then Cyra and Brann; Cyra's numbers are her one game."""
    store = GameStore(tmp_path / "data", fsync=False)
    for ada in ("Ada", "Cyra"):
        setup, log = one_turn(ada=ada)
        saved(store, setup, log, f"With {ada}")
    ui = open_history(table_app)
    assert "Games played: 2 (finished: 0)" in ui.texts()
    box = ui.find("history-player", ft.Dropdown)
    ui.session.apply_patch(box._i, {"value": "Cyra"})
    ui.run(ui.session.dispatch_event(box._i, "select", "Cyra"))
    ui.settle()
    assert "Games played: 1 (finished: 0)" in ui.texts()
    ui.tap("history-export")
    ui.settle()
    csv_text = str(in_dialog(ui, "history-csv").value)
    assert "games,,1" in csv_text and "With Cyra" in csv_text and "With Ada" not in csv_text


def test_a_game_saved_since_the_last_opening_counts(table_app: AppFactory, tmp_path: Path) -> None:
    """History opened, closed, a game saved, History opened again: both games count (the
    last count is kept only while nothing in the games folder changed)."""
    store = GameStore(tmp_path / "data", fsync=False)
    setup, log = one_turn()
    saved(store, setup, log, "Friday")
    assert "Games played: 1 (finished: 0)" in open_history(table_app).texts()
    assert "Games played: 1 (finished: 0)" in open_history(table_app).texts()
    saved(store, setup, log, "Saturday")
    assert "Games played: 2 (finished: 0)" in open_history(table_app).texts()


def test_an_answer_about_names_is_written_off_the_loop(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer is a file written with an fsync (and the answers read first): on the
    loop, a slow disk held up every tab meanwhile."""
    import companion.ui.history_screen as history_screen

    store = GameStore(tmp_path / "data", fsync=False)
    for ada in ("Ann", "ann"):
        setup, log = one_turn(ada=ada)
        saved(store, setup, log, f"Game of {ada}")
    ui = open_history(table_app)
    threads: list[threading.Thread] = []
    real = history_screen.answer

    def answer(*args: Any) -> Any:
        threads.append(threading.current_thread())
        return real(*args)

    monkeypatch.setattr(history_screen, "answer", answer)
    ui.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
    ui.tap("history-same")
    ui.until(lambda: not ui.has("history-name-question"))
    assert threads and threads[0] is not threading.main_thread(), "written on the loop"
    assert load_names(tmp_path / "data").same in ({"ann": "Ann"}, {"Ann": "ann"})
