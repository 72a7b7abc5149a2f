"""The garbage collector paused while a great many lasting objects are made at once.

Python's collector runs after every few hundred new objects, and every so often looks at
all of them made so far: making hundreds of thousands at once (parsing a mebibyte of
JSON, replaying a game of thousands of commands, each step keeping its state and events)
then costs time that grows with the square of their number. Nothing made there forms a
cycle that needs the collector (reference counting frees the rest), so it is paused
meanwhile and turned back on, once the last pause ends, only if it was on.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_was_on = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector off inside the block (pauses in several threads at once nest)."""
    global _pauses, _was_on
    with _lock:
        if _pauses == 0:
            _was_on = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _was_on:
                gc.enable()
