"""Where saved games live on disk.

Order of precedence for the data folder:

1. an explicit folder (the app's ``--data-dir`` option);
2. the ``DUNGEON_REFEREE_DATA`` environment variable;
3. Flet's app storage folder (``FLET_APP_STORAGE_DATA``), set when Flet runs the app;
4. the platform's per-user data folder (``platformdirs.user_data_dir``).

Inside the data folder::

    games/<game_id>.json          one TinyDB file per game, written whole now and then
    games/<game_id>.journal       the changes saved since, one line each (appended)
    backups/<game_id>.<n>.json    rolling backups, 1 = the previous save
    quarantine/<name>             damaged files, moved or copied aside, never overwritten
    index.json                    listing cache (summaries keyed by file stamp), rebuildable
    server.lock                   held (flock) by the one server using the folder
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "dungeon-referee"
DATA_DIR_ENV = "DUNGEON_REFEREE_DATA"
FLET_STORAGE_ENV = "FLET_APP_STORAGE_DATA"

# Game ids become file names: keep them to a safe, portable alphabet (no path tricks).
GAME_ID_PATTERN = r"^[a-z0-9][a-z0-9-]{2,63}$"
_GAME_ID_RE = re.compile(GAME_ID_PATTERN)


def default_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The data folder when no ``--data-dir`` is given (see the module docstring)."""
    env = os.environ if environ is None else environ
    for name in (DATA_DIR_ENV, FLET_STORAGE_ENV):
        value = env.get(name, "").strip()
        if value:
            return Path(value).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(
    explicit: str | os.PathLike[str] | None, environ: Mapping[str, str] | None = None
) -> Path:
    """The ``--data-dir`` value if given, else :func:`default_data_dir`."""
    if explicit is not None and str(explicit).strip():
        return Path(explicit).expanduser()
    return default_data_dir(environ)


def is_valid_game_id(game_id: str) -> bool:
    return bool(_GAME_ID_RE.fullmatch(game_id))


@dataclass(frozen=True)
class StoreLayout:
    """The files and folders under one data folder."""

    root: Path

    @property
    def games(self) -> Path:
        return self.root / "games"

    @property
    def backups(self) -> Path:
        return self.root / "backups"

    @property
    def quarantine(self) -> Path:
        return self.root / "quarantine"

    @property
    def index(self) -> Path:
        return self.root / "index.json"

    def game_file(self, game_id: str) -> Path:
        if not is_valid_game_id(game_id):
            raise ValueError(
                f"invalid game id {game_id!r}: use 3-64 lowercase letters, digits or '-'"
            )
        return self.games / f"{game_id}.json"

    def journal_file(self, game_id: str) -> Path:
        return self.game_file(game_id).with_suffix(".journal")

    def backup_file(self, game_id: str, generation: int) -> Path:
        return self.backups / f"{game_id}.{generation}.json"
