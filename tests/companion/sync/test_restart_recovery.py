"""A tab left open across a server restart comes back by itself, as its device, to its
game: even when its browser sends what it queued for the old session, and when its
storage answers late (a loaded computer with many tabs reconnecting at once).

Each tab talks to Flet's own websocket handler through a fake socket (a new session, as
after a restart), answering as the Flutter client does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from flet.messaging.protocol import MessageAction

from companion.app import AppConfig, make_main
from companion.sync import device as device_module
from companion.ui import sync_link
from tests.companion.sync.socket_tabs import Tab, asks_device, browser_of, has, top_route, until
from tests.companion.ui.flet_harness import BrowserSocket, tagged_control
from tests.e2e.sync_seed import SeededGame, device_id, seed

HOST = device_id(21)
#: What the old session's controls were called: ids the new session never made.
OLD_CONTROL = 987_654


@pytest.fixture
def game(tmp_path: Path) -> SeededGame:
    return seed(tmp_path / "data", 2, HOST, "Restart")


host_browser = browser_of(HOST)


def test_restart_a_tab_that_sends_answers_queued_for_the_old_session_stays_connected(
    game: SeededGame, tmp_path: Path
) -> None:
    main = make_main(AppConfig(data_dir=tmp_path / "data"))

    def reconnecting(socket: BrowserSocket) -> None:
        host_browser(socket)
        # The Flutter client sends what it queued while reconnecting right after the
        # handshake: here, its answer to the old session's storage.
        socket.queued.append(
            (
                MessageAction.INVOKE_METHOD,
                {"control_id": OLD_CONTROL, "call_id": "old", "result": None, "error": None},
            )
        )

    async def scenario() -> None:
        tab = Tab(main, "127.0.0.1", f"/game/{game.game_id}", {}, reconnecting)
        page = await tab.started()
        assert not tab.task.done(), "the server dropped the tab's connection"
        assert top_route(page) == f"/game/{game.game_id}"
        # The connection still carries taps: open the bonus rows.
        tab.socket.event(tagged_control(page, "p1-bonus-toggle"), "click")
        assert await until(lambda: has(page, "p1-bonus-cleric-plus"), 5)
        await tab.close()

    asyncio.run(scenario())


def test_restart_a_tab_whose_storage_answers_late_comes_back_as_its_device_to_its_game(
    game: SeededGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same race as on a loaded machine, made short: the device questions wait 0.2 s,
    # and this browser answers the first ones 0.5 s late.
    monkeypatch.setattr(device_module, "TIMEOUT", 0.2)
    monkeypatch.setattr(sync_link, "DEVICE_RETRY_S", (0.1, 0.2, 0.4))
    main = make_main(AppConfig(data_dir=tmp_path / "data"))

    device_questions = iter([0.5, 0.5])  # both tries at the start come too late

    def loaded(socket: BrowserSocket) -> None:
        host_browser(socket)
        socket.late = lambda name, args: (
            next(device_questions, 0.0) if asks_device(name, args) else 0.0
        )

    async def scenario() -> None:
        tab = Tab(main, "127.0.0.1", f"/game/{game.game_id}", {}, loaded)
        page = await tab.started()
        assert tab.first_route == f"/join?game={game.game_id}"  # a stranger, at first
        came_back = await until(lambda: top_route(page) == f"/game/{game.game_id}", 10)
        assert came_back, f"the tab stayed at {top_route(page)}"
        assert has(page, "p1-bonus-toggle")  # the host's game screen, not read-only
        await tab.close()

    asyncio.run(scenario())
