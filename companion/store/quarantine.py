"""Setting damaged files aside: moved or copied into quarantine/, never overwriting."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from companion.store.storage import fsync_dir


def set_aside(
    path: Path, folder: Path, stamp: str, reason: str, *, move: bool, fsync: bool = True
) -> Path:
    """Put ``path`` in ``folder`` as ``<stem>.<stamp>.<reason>[-n].json``; return the new path.

    A hard link keeps the very same bytes without copying; where links are not possible the
    file is copied (and fsynced) first. ``move`` then removes the original.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(1, 1000):
        suffix = "" if n == 1 else f"-{n}"
        target = folder / f"{path.stem}.{stamp}.{reason}{suffix}{path.suffix}"
        try:
            os.link(path, target)  # fails if target exists: nothing is overwritten
        except FileExistsError:
            continue
        except OSError:
            try:
                with open(target, "xb") as out, open(path, "rb") as src:
                    shutil.copyfileobj(src, out)
                    out.flush()
                    os.fsync(out.fileno())
            except FileExistsError:
                continue
        if move:
            path.unlink()
        if fsync:
            fsync_dir(folder)
        return target
    raise OSError(f"cannot find a free quarantine name for {path}")
