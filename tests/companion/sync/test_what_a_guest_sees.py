"""What a device that is not the host may see and do with saved games, through the real
app's tabs (Flet's own websocket handler, each tab from a chosen network address).

Found when the app was attacked: a guest opening ``/join?code=…`` of a damaged game was
shown the game file's path, the quarantine path and that a backup can be restored; a
deleted game's code still let a device in; any tab on the server's computer (even
/rules) took over every game with no host, since Home is built under every route; and
any device on the network could import games."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.app import AppConfig, make_main
from companion.store import GameStore
from companion.sync.device import Device
from companion.sync.hub import SyncHub, WrongCode
from companion.sync.registry import AccessRegistry
from tests.companion.sync.socket_tabs import Tab, browser_of, shown_text, top_route
from tests.companion.ui.flet_harness import tagged_control
from tests.e2e.sync_seed import device_id, seed, setup

LAN_PHONE = "192.168.1.50"
HOST = device_id(51)
GUEST = device_id(52)


def _open(data: Path, address: str, route: str, device: str) -> tuple[str, str, bool]:
    """The route shown, the text shown and whether the Import button is there, for a tab
    from ``address`` opening ``route`` as ``device``."""
    main = make_main(AppConfig(data_dir=data))
    seen: dict[str, object] = {}

    async def scenario() -> None:
        tab = Tab(main, address, route, {}, browser_of(device))
        page = await tab.started()
        await asyncio.sleep(0.3)
        for _ in range(100):  # a game is read off the event loop: until it is
            if "Opening the game" not in shown_text(page):
                break
            await asyncio.sleep(0.1)
        seen["route"] = top_route(page)
        seen["text"] = shown_text(page)
        try:
            tagged_control(page, "import-game")
            seen["import"] = True
        except AssertionError:  # not on the page
            seen["import"] = False
        await tab.close()

    asyncio.run(scenario())
    return str(seen["route"]), str(seen["text"]), bool(seen["import"])


def test_a_guest_with_a_damaged_games_code_sees_no_path_and_no_restore(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game = seed(data, 2, HOST, "Friday")
    store = GameStore(data, fsync=False)
    store.save(game.game_id, store.load(game.game_id).game)  # a backup to restore
    path = store.layout.game_file(game.game_id)
    path.write_bytes(path.read_bytes()[:100])
    _route, text, _ = _open(data, LAN_PHONE, f"/join?code={game.code}", GUEST)
    assert "The game could not be opened: the server's computer shows why" in text, text
    assert str(data) not in text and ".json" not in text, text
    assert "backup" not in text.lower(), text


def test_a_deleted_games_code_lets_nobody_in(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game = seed(data, 2, HOST, "Friday")
    GameStore(data, fsync=False).delete(game.game_id, confirmed=True)
    hub = SyncHub(data, fsync=False)
    with pytest.raises(WrongCode):
        hub.check_code(game.code, Device(GUEST), LAN_PHONE)
    assert AccessRegistry(data, fsync=False).get(game.game_id) is None, "its record is gone"


@pytest.mark.parametrize("route", ["/rules", "/", "/games"])
def test_a_tab_on_the_servers_computer_claims_no_game_by_showing_a_screen(
    tmp_path: Path, route: str
) -> None:
    data = tmp_path / "data"
    game_id = GameStore(data, fsync=False).create(setup(2), "Imported").game_id
    _open(data, "127.0.0.1", route, device_id(53))
    record = AccessRegistry(data, fsync=False).get(game_id)
    assert record is None or record.hosts == (), record


def test_opening_a_game_on_the_servers_computer_claims_it(tmp_path: Path) -> None:
    """The explicit way: the game itself opened there (a tap on it, or its address)."""
    data = tmp_path / "data"
    game_id = GameStore(data, fsync=False).create(setup(2), "Imported").game_id
    route, _text, _ = _open(data, "127.0.0.1", f"/game/{game_id}", device_id(54))
    assert route == f"/game/{game_id}"
    record = AccessRegistry(data, fsync=False).get(game_id)
    assert record is not None and record.hosts == (device_id(54),)


def test_import_is_offered_only_on_the_servers_computer(tmp_path: Path) -> None:
    data = tmp_path / "data"
    seed(data, 2, HOST, "Friday")
    assert _open(data, "127.0.0.1", "/games", device_id(55))[2]
    assert not _open(data, LAN_PHONE, "/games", GUEST)[2]
    # Not even to the game's host on another device: an import makes a new game on the
    # server's disk, for the server's computer to decide.
    assert not _open(data, LAN_PHONE, "/games", HOST)[2]


@pytest.mark.parametrize("local", [True, False], ids=["server-computer", "remote-host"])
def test_where_the_data_folder_lies_is_for_the_servers_computer(
    tmp_path: Path, local: bool
) -> None:
    """A store message (a rename or delete that failed, a damaged file) as a host's
    device reads it: the whole path on the server's computer, the file within the data
    folder elsewhere."""
    from types import SimpleNamespace

    from companion.ui.store_problems import without_folder

    root = tmp_path / "data"
    app = SimpleNamespace(
        sync=SimpleNamespace(device=Device(HOST, local=local)),
        sessions=SimpleNamespace(store=SimpleNamespace(layout=SimpleNamespace(root=root))),
    )
    said = f"game 'x' was not saved (the disk is full) at {root}/games/x.json: No space"
    shown = without_folder(app, said)  # type: ignore[arg-type]
    if local:
        assert shown == said
    else:
        assert str(root) not in shown and "at games/x.json" in shown
