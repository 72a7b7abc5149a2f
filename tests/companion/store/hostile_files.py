"""Hostile game files: each one a way to turn a good saved (or exported) game into a file
that once took down every screen or printed a traceback.

A case changes the bytes of a good file (a saved game's TinyDB file, or an exported
game); ``kind`` is the problem kind the store must report and ``says`` words its message
must hold. ``huge`` cases write a sparse file bigger than the limit instead (no real
memory or disk is used).
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.store.storage import MAX_FILE_BYTES

DIGITS = sys.get_int_max_str_digits() + 700  # well past Python's int-string limit


@dataclass(frozen=True)
class Hostile:
    name: str
    change: Callable[[bytes], bytes] | None  # None: a sparse file past the size limit
    kind: str  # the StoreProblem kind a saved file like this gets
    says: str  # words the message must hold (it names the problem)
    import_says: str  # words the refusal of an import like this must hold

    def write(self, path: Path, good: bytes, limit: int) -> bytes | None:
        """Write the hostile version of ``good`` to ``path``; returns the bytes written
        (None for a sparse file, which is never read back whole)."""
        if self.change is None:
            with open(path, "wb") as f:
                f.truncate(limit + 1)
            return None
        raw = self.change(good)
        path.write_bytes(raw)
        return raw


def _first_key(member: bytes) -> Callable[[bytes], bytes]:
    """Put ``member`` first in the file's top-level object (any JSON object file)."""

    def change(raw: bytes) -> bytes:
        assert raw.startswith(b"{")
        return b"{" + member + b", " + raw[1:]

    return change


CASES = (
    Hostile(
        "deep-nesting",
        lambda _raw: b"[" * 200_000,
        "corrupt",
        "nested too deeply",
        "nested too deeply",
    ),
    Hostile(
        "huge-number",
        _first_key(b'"turns": ' + b"9" * DIGITS),
        "corrupt",
        f"a number of more than {sys.get_int_max_str_digits()} digits",
        f"a number of more than {sys.get_int_max_str_digits()} digits",
    ),
    Hostile(
        "lone-surrogate",
        _first_key(b'"\\udc00 key": 1'),
        "corrupt",
        "unpaired surrogate escape (\\udc00)",
        "unpaired surrogate escape (\\udc00)",
    ),
    Hostile("not-a-number", _first_key(b'"turns": NaN'), "corrupt", "it holds NaN", "it holds NaN"),
    Hostile("invalid-utf8", lambda raw: b"\xff\xfe" + raw, "corrupt", "not UTF-8", "not UTF-8"),
    Hostile(
        "truncated",
        lambda raw: raw[: len(raw) // 2],
        "truncated",
        "the JSON stops early",
        "not valid JSON",
    ),
    Hostile(
        "wrong-shape",
        lambda _raw: b'{"game": {"1": {"schema_version": 1, "game_id": ["x"]}}}',
        "invalid_record",
        "game_id",
        "not a valid saved game",
    ),
    Hostile("enormous", None, "corrupt", "too large", "too large"),
    # Cheap to refuse, once costly to parse, on the thread every tab waits for (a parse
    # keeps the interpreter): a string that never closes, and a list of many values.
    Hostile(
        "unterminated-string",
        lambda _raw: b'{"game": {"1": "' + b'\\"' * (1 << 19),
        "corrupt",
        "characters in a row without a comma or a bracket",
        "characters in a row without a comma or a bracket",
    ),
    Hostile(
        "huge-list",
        lambda _raw: b'{"game": {"1": [' + b"[]," * 300_000 + b"[]]}}",
        "corrupt",
        "more than 250,000 values",
        "more than 250,000 values",
    ),
)


# --- at the size ceiling: each a whole game file (companion/store/storage.py) -------------

MIB = 1 << 20


def filling(unit: bytes, size: int = MAX_FILE_BYTES) -> bytes:
    """``unit`` repeated in one list, comma-separated, ``size`` bytes at most."""
    return b"[" + b",".join([unit] * ((size - 2) // (len(unit) + 1))) + b"]"


def at_ceiling() -> dict[str, bytes]:
    """The classes of hostile file, each as large as a game file may be read: many
    values (empty lists and objects, numbers), one long string, a string that never
    closes (escaped quotes), deep nesting."""
    return {
        "empty lists": filling(b"[]"),
        "one-number lists": filling(b"[1]"),
        "numbers": filling(b"1"),
        "empty objects": filling(b"{}"),
        "one string": b'"' + b"a" * (MAX_FILE_BYTES - 2) + b'"',
        "unterminated string": b'"' + b'\\"' * ((MAX_FILE_BYTES - 1) // 2),
        "deep nesting": b"[" * MAX_FILE_BYTES,
    }


def ordinary_file(folder: Path, game_id: str) -> bytes:
    """A long real game's file, as if saved as ``game_id``: about 1,300 commands of a
    3-player game."""
    from companion.store import GameStore
    from rules.game import Game
    from tests.companion.store.sample_play import play_turns, sample_setup

    store = GameStore(folder, fsync=False)
    game = play_turns(Game.new(sample_setup(3)), 150)
    saved_as = store.create(game.setup).game_id
    store.save(saved_as, game)
    raw = store.layout.game_file(saved_as).read_bytes()
    return raw.replace(saved_as.encode(), game_id.encode())  # as the file is named


async def listing_stall(folder: Path) -> tuple[float, float, object]:
    """A worker thread lists the saved games of ``folder`` while a task on the loop ticks
    every millisecond: (the loop's longest stall meanwhile, the seconds it took, the
    listing)."""
    from companion.store import GameStore

    ticks: list[float] = []

    async def tick() -> None:
        while True:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0.001)

    ticking = asyncio.get_running_loop().create_task(tick())
    await asyncio.sleep(0.02)
    store = GameStore(folder, fsync=False)
    began = time.perf_counter()
    listed = await asyncio.to_thread(store.list_games)
    ended = time.perf_counter()
    ticking.cancel()
    inside = [t for t in ticks if began <= t <= ended]
    stall = max(b - a for a, b in itertools.pairwise([began, *inside, ended]))
    return stall, ended - began, listed
