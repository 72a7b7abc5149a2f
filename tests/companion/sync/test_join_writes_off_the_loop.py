"""Taking a seat and switching watching on or off write the game's join record (a file
synced to disk) on a worker thread, as a game's save is: a slow disk holds up no other
tab on the server, and a second tap while the first is written changes nothing twice.

The other screen tests run the loop's worker inline (``flet_harness.InlineExecutor``);
these give the loop a real thread pool and hold the write to look at it under way."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.app import SCREENS
from companion.catalogue import default_catalogue
from companion.session import Sessions
from companion.store import GameStore
from companion.sync import registry as registry_module
from companion.sync.device import Device
from companion.sync.hub import SyncHub
from companion.ui.join_screen import JoinScreen
from companion.ui.shell import Settings, TableApp
from companion.ui.sync_link import TabSync
from companion.ui.table.game_screen import GameScreen
from tests.companion.ui.flet_harness import Harness, controls_in, unsent
from tests.e2e.sync_seed import device_id, setup

HOST = device_id(1)
WAIT = 10.0  # seconds: a bound for a hang, not a speed


class HeldWrites:
    """Every join-record write waits for ``release``; the threads they ran on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []
        real = registry_module.write_atomic

        def held(path: Path, data: bytes, **kwargs: Any) -> None:
            self.threads.append(threading.current_thread())
            assert self.release.wait(WAIT), "the test never released the write"
            real(path, data, **kwargs)

        monkeypatch.setattr(registry_module, "write_atomic", held)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Callable[[str], tuple[Harness, TableApp, str]]]:
    """``served(route)``: a tab of the host's device on a real Flet session whose loop has a
    real worker thread, for a saved two-player game (``{game}`` in the route is its id)."""
    data = tmp_path / "data"
    store = GameStore(data, fsync=False)
    hub = SyncHub(data, fsync=False)
    game_id = store.create(setup(2), "Two").game_id
    hub.registry.add_host(game_id, HOST)
    harnesses: list[Harness] = []

    def open_tab(route: str) -> tuple[Harness, TableApp, str]:
        harness = Harness(route=route.format(game=game_id))
        harness.loop.set_default_executor(ThreadPoolExecutor(max_workers=1))
        harnesses.append(harness)
        holder: dict[str, TableApp] = {}

        def build(page: ft.Page) -> None:
            app = TableApp(
                page=page,
                catalogue=default_catalogue(),
                settings=Settings.parse("system", "en", "en"),
                screens=SCREENS,
                sessions=Sessions(store),
                sync=TabSync(hub, Device(HOST, {}, local=True)),
            )
            app.start(route.format(game=game_id))
            holder["app"] = app

        harness.start(build)
        return harness, holder["app"], game_id

    yield open_tab
    for harness in harnesses:
        harness.close()


def test_a_seat_is_written_off_the_loop_and_the_game_opens_once_it_is(
    served: Callable[[str], tuple[Harness, TableApp, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, app, game_id = served("/join?game={game}")
    assert isinstance(app.current, JoinScreen)
    harness.until(lambda: harness.has("join-seat-1"))  # the game is read off the loop first
    writes = HeldWrites(monkeypatch)

    harness.tap("join-seat-1")  # returns while the write is held: the loop is not
    harness.until(lambda: bool(writes.threads))
    harness.tap("join-seat-2")  # a second tap meanwhile is not a second seat

    assert len(writes.threads) == 1
    assert writes.threads[0] is not threading.current_thread()
    assert isinstance(app.current, JoinScreen)  # not in the game before the seat is saved
    writes.release.set()
    harness.until(lambda: isinstance(app.current, GameScreen))
    assert len(writes.threads) == 1
    assert app.sync is not None and app.session is not None
    record = app.sync.hub.registry.get(game_id)
    assert record is not None
    assert record.seat_of(HOST) == app.session.state.players[0].name
    assert not unsent(harness.page.views[-1])  # the game's page reached the browser


def spectator_switch(harness: Harness) -> list[bool | None]:
    """The value the Invite tab's spectator switch shows."""
    found = controls_in(harness.find("invite-spectators"))
    return [c.value for c in found if isinstance(c, ft.Switch)]


def test_the_spectator_switch_is_written_off_the_loop(
    served: Callable[[str], tuple[Harness, TableApp, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, app, game_id = served("/game/{game}")
    harness.tap("tab-invite")
    writes = HeldWrites(monkeypatch)

    harness.toggle("invite-spectators", True)

    harness.until(lambda: bool(writes.threads))
    assert len(writes.threads) == 1
    assert writes.threads[0] is not threading.current_thread()
    harness.tap("tab-play")  # the page answers meanwhile
    harness.tap("tab-invite")
    writes.release.set()

    # Drawn from the record once the write is answered on the loop: on, as saved.
    harness.until(lambda: spectator_switch(harness) == [True])
    assert app.sync is not None
    record = app.sync.hub.registry.get(game_id)
    assert record is not None and record.allow_spectators
    assert not unsent(harness.page.views[-1])


def test_a_tap_on_the_spectator_row_lets_devices_watch(
    served: Callable[[str], tuple[Harness, TableApp, str]],
) -> None:
    """The row's label takes the tap too (a 48 px target): the host's tap on it is saved,
    and the switch is drawn on from the record."""
    harness, app, game_id = served("/game/{game}")
    harness.tap("tab-invite")
    harness.tap("invite-spectators")  # the row, not the switch itself

    harness.until(lambda: spectator_switch(harness) == [True])
    assert app.sync is not None
    record = app.sync.hub.registry.get(game_id)
    assert record is not None and record.allow_spectators
