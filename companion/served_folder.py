"""The data folder ``./play`` last served, so ``./play games``, ``export`` and ``import``
find the games a table just played after ``./play --data-dir X``.

Serving writes the folder's absolute path to a small file in the user's state folder
(``DUNGEON_REFEREE_STATE`` overrides where, for tests); the saved-games commands use it
when neither ``--data-dir`` nor ``DUNGEON_REFEREE_DATA`` says otherwise, and say so on
standard error. A missing or unreadable note, or a folder gone since, falls back to the
default data folder: the note never stops the app or a command.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from companion.store.paths import APP_NAME

STATE_ENV = "DUNGEON_REFEREE_STATE"
NOTE = "last-data-dir"
#: Longer than any path a note holds: a longer file is not read.
MAX_NOTE = 4096


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    value = env.get(STATE_ENV, "").strip()
    if value:
        return Path(value).expanduser()
    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False))


def remember_served(data_dir: Path, environ: Mapping[str, str] | None = None) -> None:
    """Note ``data_dir`` as the folder last served (nothing happens if it can't be)."""
    folder = state_dir(environ)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f"{NOTE}.tmp"
        temporary.write_text(str(data_dir.resolve()), encoding="utf-8")
        temporary.replace(folder / NOTE)
    except OSError:
        pass


def last_served(environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder ``./play`` last served, if it is still a folder."""
    try:
        with (state_dir(environ) / NOTE).open(encoding="utf-8") as note:
            text = note.read(MAX_NOTE + 1).strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text or len(text) > MAX_NOTE or "\n" in text or "\x00" in text:
        return None
    path = Path(text)
    return path if path.is_absolute() and path.is_dir() else None
