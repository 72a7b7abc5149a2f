"""Games loaded at the same time (``Sessions.open``, on worker threads): a game being
loaded holds up no other game's opening, and two openings of one game share one load and
one session."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from companion.session import Sessions, TableSession
from companion.store import GameStore
from rules.models import GameSetup, PlayerSetup

WAIT = 10.0  # seconds: a bound for a hang, not a speed


def _saved(store: GameStore, name: str) -> str:
    setup = GameSetup(players=(PlayerSetup(name="Ann", xp=900), PlayerSetup(name="Bob", xp=400)))
    return store.create(setup, name).game_id


class HeldLoads:
    """``GameStore.load`` of ``held`` waits for ``release``; every load is counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, held: str) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.loads: list[str] = []
        real = GameStore.load

        def load(store: GameStore, game_id: str) -> Any:
            self.loads.append(game_id)
            if game_id == held:
                self.started.set()
                assert self.release.wait(WAIT), "the test never released the load"
            return real(store, game_id)

        monkeypatch.setattr(GameStore, "load", load)


def test_a_game_opens_while_another_is_still_loading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path, fsync=False)
    slow, quick = _saved(store, "Slow"), _saved(store, "Quick")
    sessions = Sessions(store)
    loads = HeldLoads(monkeypatch, slow)
    loading = threading.Thread(target=sessions.open, args=(slow,))
    loading.start()
    assert loads.started.wait(WAIT)

    opened: list[TableSession] = []
    other = threading.Thread(target=lambda: opened.append(sessions.open(quick)))
    other.start()
    other.join(WAIT / 2)
    done_meanwhile = bool(opened)
    loads.release.set()
    loading.join(WAIT)
    other.join(WAIT)
    assert done_meanwhile, "opening one game waited for another game's load"
    assert sessions.opened(slow) is not None


def test_two_openings_of_one_game_share_its_load_and_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = GameStore(tmp_path, fsync=False)
    game_id = _saved(store, "Shared")
    sessions = Sessions(store)
    loads = HeldLoads(monkeypatch, game_id)
    got: list[TableSession] = []
    threads = [threading.Thread(target=lambda: got.append(sessions.open(game_id))) for _ in "ab"]
    for thread in threads:
        thread.start()
    assert loads.started.wait(WAIT)
    loads.release.set()
    for thread in threads:
        thread.join(WAIT)
    assert len(got) == 2 and got[0] is got[1]
    assert loads.loads == [game_id]  # read and replayed once
