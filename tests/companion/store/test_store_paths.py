"""Where saved games live: --data-dir, then the environment, then Flet, then the platform."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from companion.store.paths import StoreLayout, default_data_dir, resolve_data_dir


def test_platform_user_data_folder_is_the_default() -> None:
    expected = Path(platformdirs.user_data_dir("dungeon-referee", appauthor=False))
    assert default_data_dir({}) == expected


def test_environment_variable_overrides_the_default(tmp_path: Path) -> None:
    env = {"DUNGEON_REFEREE_DATA": str(tmp_path), "FLET_APP_STORAGE_DATA": "/flet"}
    assert default_data_dir(env) == tmp_path


def test_flet_app_storage_is_used_when_flet_runs_the_app() -> None:
    assert default_data_dir({"FLET_APP_STORAGE_DATA": "/flet/data"}) == Path("/flet/data")


def test_blank_variables_are_ignored() -> None:
    assert default_data_dir({"DUNGEON_REFEREE_DATA": "  "}) == default_data_dir({})


def test_data_dir_option_wins_over_everything(tmp_path: Path) -> None:
    env = {"DUNGEON_REFEREE_DATA": "/elsewhere"}
    assert resolve_data_dir(str(tmp_path), env) == tmp_path
    assert resolve_data_dir(None, env) == Path("/elsewhere")


@pytest.mark.parametrize("bad", ["../x", "a/b", "ab", "Game1", "x" * 65, "-abc"])
def test_game_ids_that_are_not_safe_file_names_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="invalid game id"):
        StoreLayout(Path("/data")).game_file(bad)
