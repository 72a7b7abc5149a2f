"""A save that fails (the disk is full) is shown where the tap was, naming the file;
nothing changes, and the same tap once the disk has room goes through."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from companion.store import games, storage
from companion.ui.table.game_screen import GameScreen
from tests.companion.ui.conftest import AppFactory, saved_at, start_two_player_game

NOT_SAVED = "Not saved, so nothing changed"


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of a game fails as on a full disk: a journal line or a whole file."""

    def full(*_args: object, **_kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(games, "append_line", full)
    monkeypatch.setattr(storage, "_write_fully", full)


def test_a_failed_save_at_the_table_is_shown_and_changes_nothing(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = saved_at(tmp_path / "data", "bait")
    ui, app = table_app(route=f"/game/{game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    version = screen.game.version
    _disk_full(monkeypatch)

    ui.tap("resolve-bait")

    text = ui.texts()
    assert NOT_SAVED in text and "No space left on device" in text
    assert f"{game_id}.journal" in text  # the message names the file
    assert screen.state.phase == "bait" and screen.game.version == version
    assert ui.has("resolve-bait")

    monkeypatch.undo()
    ui.tap("resolve-bait")
    assert screen.state.phase == "adventure"
    assert NOT_SAVED not in ui.texts()


def test_a_failed_save_of_a_first_room_is_shown_and_the_room_kept_to_build_again(
    table_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    ui.type("first-room-1-name", "Bottomless")
    ui.tap("first-room-1-option-BMA027")
    _disk_full(monkeypatch)

    ui.tap("first-room-1-build")

    assert NOT_SAVED in ui.texts() and "No space left on device" in ui.texts()
    assert app.game is not None and app.game.version == 0
    monkeypatch.undo()
    ui.tap("first-room-1-build")  # the form kept the Room: one more tap builds it
    assert app.game.version == 1 and ui.has("first-room-1-placed")
