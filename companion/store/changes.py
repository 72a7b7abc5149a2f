"""Lines appended to game journals by this process, counted: what a cache of the games'
contents checks so that it sees every change without a ``stat`` of every file.

Every other change to a games folder gives or takes a name in it (a game file is only
ever replaced whole, through a new file renamed over it; a journal is made, a game is
imported, deleted, set aside or restored), and so changes the folder's own modification
time. A line appended to a journal does not: it is counted here, after it is written. Only
the server holding the data folder (``folder_lock``) appends to journals, and it counts
every line, whichever of its stores wrote it (one count for the process).
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_count = 0


def journal_appended() -> None:
    """A line was appended to a journal (call it once the line is written)."""
    global _count
    with _lock:
        _count += 1


def appended() -> int:
    """How many lines this process has appended to journals so far (any folder)."""
    return _count
