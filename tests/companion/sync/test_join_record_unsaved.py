"""A full disk while a game still needs its join record: that game's page says so, in the
player's language; every other page and game keeps working; nothing saved changes."""

from __future__ import annotations

import asyncio
import errno
import threading
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
from companion.ui.join_screen import GameUnavailable, JoinScreen
from companion.ui.setup_screen import SetupScreen
from companion.ui.shell import Settings, TableApp
from companion.ui.sync_link import TabSync
from companion.ui.table.game_screen import GameScreen
from tests.companion.ui.table.conftest import FakePage, find, has, tap, texts, walk
from tests.e2e.sync_seed import device_id, setup

HOST = device_id(1)
FULL = "the disk is full"
VOLL = "die Festplatte ist voll"


class Server:
    """Two saved games on one server: ``hosted`` has its join record, ``bare`` (imported,
    or saved before join codes) has none yet."""

    def __init__(self, tmp_path: Path) -> None:
        self.data = tmp_path / "data"
        store = GameStore(self.data, fsync=False)
        self.sessions = Sessions(store)
        self.hub = SyncHub(self.data, fsync=False)
        self.hosted = store.create(setup(2), "Hosted").game_id
        self.bare = store.create(setup(3), "Imported").game_id
        self.hub.registry.add_host(self.hosted, HOST)

    def tab(self, route: str, *, local: bool = True, lang: str = "en") -> tuple[FakePage, TableApp]:
        page = FakePage()
        app = TableApp(
            page=page,  # type: ignore[arg-type]
            catalogue=default_catalogue(),
            settings=Settings.parse("system", lang, "en"),
            screens=SCREENS,
            sessions=self.sessions,
            sync=TabSync(self.hub, Device(HOST, {}, local=local)),
        )
        app.start(route)
        return page, app

    def saved(self) -> dict[str, bytes]:
        """Every file under the data folder, with its bytes."""
        return {
            str(p.relative_to(self.data)): p.read_bytes()
            for p in sorted(self.data.rglob("*"))
            if p.is_file() and p.name != "index.json"  # the listing cache may be rebuilt
        }


@pytest.fixture
def server(tmp_path: Path) -> Server:
    return Server(tmp_path)


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every join-record write fails as on a full disk; the paths it was asked for."""
    tried: list[Path] = []

    def no_space(path: Path, _data: bytes, **_kwargs: object) -> None:
        tried.append(path)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(registry_module, "write_atomic", no_space)
    return tried


def test_join_record_unsaved_the_games_page_says_why_and_the_other_game_opens(
    server: Server, disk_full: list[Path]
) -> None:
    before = server.saved()
    page, app = server.tab(f"/game/{server.bare}")
    assert disk_full, "the gate had to write the record"
    assert isinstance(app.current, GameUnavailable)
    assert app.current.route == f"/game/{server.bare}"  # a reload tries again
    assert FULL in texts(page) and "Nothing saved was changed" in texts(page)
    assert app.session is None
    page, app = server.tab(f"/game/{server.hosted}")
    assert isinstance(app.current, GameScreen)
    assert server.saved() == before


def test_join_record_unsaved_is_said_in_german(server: Server, disk_full: list[Path]) -> None:
    page, app = server.tab(f"/game/{server.bare}", lang="de")
    assert isinstance(app.current, GameUnavailable)
    assert VOLL in texts(page) and "Beitrittscode" in texts(page)
    assert app.current.title() == "Nicht verfügbar"


@pytest.mark.parametrize("route", ["/", "/games"])
def test_join_record_unsaved_the_game_lists_still_show_and_say_what_is_missing(
    server: Server, disk_full: list[Path], route: str
) -> None:
    before = server.saved()
    page, _app = server.tab(route)
    shown = texts(page)
    assert "Hosted" in shown and "Imported" not in shown
    assert has(page, "saved-unsaved" if route == "/" else "games-unsaved")
    assert FULL in shown
    assert server.saved() == before


@pytest.mark.parametrize("route", ["/new", "/rules", "/settings", "/join"])
def test_join_record_unsaved_other_pages_keep_working(
    server: Server, disk_full: list[Path], route: str
) -> None:
    _page, app = server.tab(route)
    assert app.current.route.split("?")[0] == route


def test_join_record_unsaved_a_phone_on_the_network_needs_no_record_to_be_refused(
    server: Server, disk_full: list[Path]
) -> None:
    page, app = server.tab(f"/game/{server.bare}", local=False)
    assert isinstance(app.current, JoinScreen) and not disk_full
    assert has(page, "join-locked")


def test_join_record_unsaved_the_game_opens_once_the_disk_has_space_again(
    server: Server, disk_full: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    _page, app = server.tab(f"/game/{server.bare}")
    assert isinstance(app.current, GameUnavailable)
    monkeypatch.undo()  # space again: the reload of the same address
    _page, app = server.tab(f"/game/{server.bare}")
    assert isinstance(app.current, GameScreen)
    record = server.hub.registry.get(server.bare)
    assert record is not None and record.hosts == (HOST,)


def test_join_record_unsaved_a_seat_that_could_not_be_saved_is_said_and_not_taken(
    server: Server, disk_full: list[Path]
) -> None:
    page, app = server.tab(f"/join?game={server.hosted}")
    before = server.hub.registry.get(server.hosted)
    tap(page, "join-seat-1")
    assert isinstance(app.current, JoinScreen)
    assert "Your seat could not be saved (the disk is full)" in texts(page)
    assert server.hub.registry.get(server.hosted) == before


def test_join_record_unsaved_the_spectator_switch_says_why_and_stays_as_saved(
    server: Server, disk_full: list[Path]
) -> None:
    page, _app = server.tab(f"/game/{server.hosted}")
    tap(page, "tab-invite")
    before = server.hub.registry.get(server.hosted)
    tap(page, "invite-spectators")
    assert "Watching could not be switched (the disk is full)" in texts(page)
    assert server.hub.registry.get(server.hosted) == before
    switches = [c for c in walk(find(page, "invite-spectators")) if isinstance(c, ft.Switch)]
    assert [s.value for s in switches] == [False]


def test_join_record_unsaved_a_new_game_is_kept_and_its_page_says_why(
    server: Server, disk_full: list[Path]
) -> None:
    """The game is saved before its host is recorded: a full disk then costs the record,
    not the game, and the tab says why instead of crashing."""
    page, app = server.tab("/new")
    asyncio.run(app.start_game(setup(2)))
    assert app.session is not None
    game_id = app.session.game_id
    assert GameStore(server.data, fsync=False).load(game_id).game.log == ()
    assert isinstance(app.current, GameUnavailable)
    assert app.current.route == f"/setup/{game_id}"  # a reload tries again
    assert FULL in texts(page)


def test_a_new_games_host_is_recorded_off_the_event_loop(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The join record is written and synced on a worker thread, as the game's file is: a
    slow disk holds up no other tab on the server."""
    threads: list[threading.Thread] = []
    real = registry_module.write_atomic

    def noted(path: Path, data: bytes, **kwargs: Any) -> None:
        threads.append(threading.current_thread())
        real(path, data, **kwargs)

    _page, app = server.tab("/new")
    monkeypatch.setattr(registry_module, "write_atomic", noted)
    asyncio.run(app.start_game(setup(2)))
    assert app.session is not None
    record = server.hub.registry.get(app.session.game_id)
    assert record is not None and record.hosts == (HOST,)
    assert threads and threading.main_thread() not in threads
    assert isinstance(app.current, SetupScreen)
