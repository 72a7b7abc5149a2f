"""One server per data folder: an operating-system lock on a file in the folder.

Two servers sharing a folder each believe their own copy of a game and overwrite the
other's saves (acknowledged actions were lost so). The server takes an exclusive
``flock`` on ``<data>/server.lock`` before it serves and keeps it until its process ends;
the operating system releases it however the process ends (``kill -9`` included), so a
crash never leaves the folder locked. The file holds the process id of the holder, for
the message a second server gives before it exits.

``flock`` is POSIX; where it does not exist (Windows) the folder is not locked.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "server.lock"


class FolderInUse(Exception):
    """Another process holds the data folder."""

    def __init__(self, root: Path, pid: int | None) -> None:
        self.root = root
        self.pid = pid
        holder = f"process {pid}" if pid is not None else "another process"
        super().__init__(
            f"the data folder {root} is already served by {holder}; stop that server "
            "(or open the address it printed), or choose another folder with --data-dir"
        )


@dataclass
class FolderLock:
    """The held lock; it lasts until :meth:`release` or the end of the process."""

    root: Path
    file: IO[bytes] | None

    def release(self) -> None:
        if self.file is not None:
            self.file.close()  # closing the file drops the lock
            self.file = None


def hold_data_folder(root: Path) -> FolderLock:
    """Lock ``root`` for this process, or raise :class:`FolderInUse` naming the holder.

    ``OSError`` if the folder or its lock file cannot be created at all."""
    root.mkdir(parents=True, exist_ok=True)
    if fcntl is None:  # pragma: no cover - Windows
        return FolderLock(root, None)
    file = open(root / LOCK_NAME, "a+b")  # noqa: SIM115 - held open for the process's life
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        file.seek(0)
        text = file.read(32).decode("ascii", "replace").strip()
        file.close()
        raise FolderInUse(root, int(text) if text.isdigit() else None) from None
    with contextlib.suppress(OSError):
        file.seek(0)
        file.truncate()
        file.write(str(os.getpid()).encode())
        file.flush()
    return FolderLock(root, file)
