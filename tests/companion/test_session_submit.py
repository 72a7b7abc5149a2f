"""``TableSession.submit``: a server's requests are saved on a worker thread, so the event
loop serves other tabs during the fsync; they are decided in turn and shown only once saved.

These run a real event loop and the loop's real thread pool; the save is held on a
``threading.Event`` to look at the moment it is under way."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.session import Change, Request, Sessions, TableSession
from companion.store import GameStore, StoreError
from rules.commands import BuildRoom
from rules.errors import StaleCommand
from rules.models import GameSetup, PlayerSetup, Room

WAIT = 10.0  # seconds: a bound for a hang, not a speed


def _session(tmp_path: Path) -> TableSession:
    setup = GameSetup(players=(PlayerSetup(name="Ann", xp=900), PlayerSetup(name="Bob", xp=400)))
    return Sessions(GameStore(tmp_path)).new_game(setup)


def _build(player: str) -> Request:
    return Request("play", BuildRoom(player=player, room=Room(name="Pit", damage=2)))


def _builders(session: TableSession) -> list[str]:
    """Who built, in the order of the game's log."""
    return [c.player for c in session.game.log if isinstance(c, BuildRoom)]


class HeldSave:
    """Wraps the store's save: records the thread it ran on, and waits for ``release``."""

    def __init__(self, store: GameStore) -> None:
        self.real = store.save
        self.started = threading.Event()
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []
        self.fail: StoreError | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.threads.append(threading.current_thread())
        self.started.set()
        assert self.release.wait(WAIT), "the test never released the save"
        if self.fail is not None:
            raise self.fail
        return self.real(*args, **kwargs)


@pytest.fixture
def session(tmp_path: Path) -> TableSession:
    return _session(tmp_path)


@pytest.fixture
def held(session: TableSession, monkeypatch: pytest.MonkeyPatch) -> HeldSave:
    """The session's saves, held until the test releases them."""
    save = HeldSave(session.store)
    monkeypatch.setattr(session.store, "save", save)
    return save


async def _until(event: threading.Event) -> None:
    """Wait on the loop, without blocking it, until a worker thread sets ``event``."""
    for _ in range(int(WAIT * 1000)):
        if event.is_set():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the worker thread never got there")


def test_the_save_runs_off_the_loop_and_the_change_shows_only_once_saved(
    tmp_path: Path, session: TableSession, held: HeldSave
) -> None:
    told: list[Change] = []
    session.subscribe(told.append)

    async def scenario() -> None:
        loop_thread = threading.current_thread()
        task = asyncio.create_task(session.submit(_build("Ann"), origin="tab"))
        await _until(held.started)
        # The loop is free while the save waits: this very coroutine runs. Nothing is
        # shown yet: the game is as it was, and no screen has heard of the change.
        assert held.threads == [held.threads[0]] and held.threads[0] is not loop_thread
        assert session.game.version == 0 and told == []
        held.release.set()
        events = await asyncio.wait_for(task, WAIT)
        assert events and session.game.version == 1
        assert [(c.kind, c.origin, c.revision) for c in told] == [("play", "tab", 1)]

    asyncio.run(scenario())
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game.log == session.game.log


def test_requests_take_turns_in_the_order_they_came(session: TableSession, held: HeldSave) -> None:

    async def scenario() -> None:
        first = asyncio.create_task(session.submit(_build("Ann")))
        second = asyncio.create_task(session.submit(_build("Bob")))
        undo = asyncio.create_task(session.submit(Request("undo")))
        await _until(held.started)
        assert len(held.threads) == 1, "the second request was decided before the first saved"
        held.release.set()
        await asyncio.wait_for(asyncio.gather(first, second, undo), WAIT)

    asyncio.run(scenario())
    # Ann built, Bob built, then undo took back Bob's: the order they were submitted in.
    assert _builders(session) == ["Ann"]
    assert session.revision == 3


def test_a_command_made_while_a_save_is_under_way_is_refused_and_changes_nothing(
    session: TableSession, held: HeldSave
) -> None:

    async def scenario() -> None:
        task = asyncio.create_task(session.submit(_build("Ann")))
        await _until(held.started)
        with pytest.raises(StaleCommand):
            session.play(BuildRoom(player="Bob", room=Room(name="Pit", damage=2)))
        held.release.set()
        await asyncio.wait_for(task, WAIT)

    asyncio.run(scenario())
    assert _builders(session) == ["Ann"]
    session.play(BuildRoom(player="Bob", room=Room(name="Pit", damage=2)))  # free again
    assert session.game.version == 2


def test_a_failed_save_off_the_loop_changes_nothing_and_the_next_request_goes_on(
    tmp_path: Path, session: TableSession, held: HeldSave
) -> None:
    told: list[Change] = []
    session.subscribe(told.append)
    held.fail = StoreError("disk full")
    held.release.set()

    async def scenario() -> None:
        with pytest.raises(StoreError, match="disk full"):
            await asyncio.wait_for(session.submit(_build("Ann")), WAIT)
        assert session.game.version == 0 and session.revision == 0 and told == []
        held.fail = None
        await asyncio.wait_for(session.submit(_build("Ann")), WAIT)

    asyncio.run(scenario())
    assert session.game.version == 1 and [c.revision for c in told] == [1]
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game.log == session.game.log


def test_a_request_whose_tab_closes_mid_save_is_still_saved_and_shown_to_the_others(
    tmp_path: Path, session: TableSession, held: HeldSave
) -> None:
    told: list[Change] = []
    session.subscribe(told.append)

    async def scenario() -> None:
        task = asyncio.create_task(session.submit(_build("Ann"), origin="closing tab"))
        await _until(held.started)
        task.cancel()  # the tab went away while its change was being written
        with pytest.raises(asyncio.CancelledError):
            await task
        held.release.set()
        # The next request waits its turn behind the one under way, then goes on.
        await asyncio.wait_for(session.submit(_build("Bob"), origin="other tab"), WAIT)

    asyncio.run(scenario())
    assert _builders(session) == ["Ann", "Bob"]
    assert [(c.origin, c.revision) for c in told] == [("closing tab", 1), ("other tab", 2)]
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game.log == session.game.log
