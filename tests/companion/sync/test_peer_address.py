"""Who a tab is on the network comes from the server's socket, never from the browser.

Each tab here talks to Flet's own websocket handler through a fake socket with a chosen
peer address, and sends the props message a hostile client can send before the app
reads anything: ``client_ip`` = 127.0.0.1 (the server's own computer).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft
import pytest

from companion.app import BEFORE_MAIN, AppConfig, make_main
from companion.store import GameStore
from companion.sync.registry import AccessRegistry
from tests.companion.ui.flet_harness import BrowserSocket, serve_socket, tagged_control
from tests.e2e.sync_seed import NAMES, setup

LAN_PHONE = "192.168.1.50"
CLAIMED = {"client_ip": "127.0.0.1"}
WRONG_CODES = ("ABCDEF", "BCDEFG", "CDEFGH", "DEFGHJ", "EFGHJK")

Main = Callable[[ft.Page], Awaitable[None]]


class Tab:
    """One browser tab on the app: its socket, and its page once ``main`` has run."""

    def __init__(self, main: Main, peer: str, route: str, claims: dict[str, str]) -> None:
        self.socket = BrowserSocket(peer)
        self.socket.first = dict(claims)  # sent before the app reads anything
        self.page: ft.Page | None = None
        self._started = asyncio.Event()

        async def run(page: ft.Page) -> None:
            self.page = page
            await main(page)
            self._started.set()

        self.task = serve_socket(run, BEFORE_MAIN, self.socket)
        self.socket.connect(route, page_props=claims)

    async def started(self) -> ft.Page:
        await asyncio.wait_for(self._started.wait(), 20)
        await settle()
        assert self.page is not None and not self.socket.crashed(), self.socket.crashed()
        return self.page

    async def type_and_join(self, code: str) -> None:
        assert self.page is not None
        field = tagged_control(self.page, "join-code")
        self.socket.props(field, {"value": code})
        self.socket.event(field, "change", code)
        self.socket.event(tagged_control(self.page, "join-go"), "click")
        await settle()

    async def close(self) -> None:
        self.socket.close()
        await asyncio.wait_for(self.task, 10)


async def settle(rounds: int = 50) -> None:
    """Let the server handle what the tabs sent (messages, handlers, client calls)."""
    for _ in range(rounds):
        await asyncio.sleep(0.01)


def top_route(page: ft.Page) -> str:
    return str(page.views[-1].route)


def shown_text(page: ft.Page) -> str:
    from tests.companion.ui.flet_harness import controls_in

    return "\n".join(
        str(c.value) for c in controls_in(page.views[-1]) if isinstance(c, ft.Text) and c.value
    )


@pytest.fixture
def unhosted_game(tmp_path: Path) -> tuple[Path, str]:
    """A game saved with no join record at all (imported, or from before join codes)."""
    data = tmp_path / "data"
    summary = GameStore(data, fsync=False).create(setup(2), "Imported")
    return data, summary.game_id


def test_a_tab_claiming_loopback_in_its_props_does_not_take_over_a_game_with_no_host(
    unhosted_game: tuple[Path, str],
) -> None:
    data, game_id = unhosted_game
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        tab = Tab(main, LAN_PHONE, f"/game/{game_id}", CLAIMED)
        page = await tab.started()
        assert top_route(page) == f"/join?game={game_id}"
        assert not any(p in shown_text(page) for p in NAMES[:2])
        await tab.close()

    asyncio.run(scenario())
    record = AccessRegistry(data, fsync=False).get(game_id)
    assert record is None or record.hosts == ()


def test_a_tab_on_the_servers_own_computer_still_hosts_a_game_with_no_host(
    unhosted_game: tuple[Path, str],
) -> None:
    """The real loopback peer keeps its right (the address is read, not ignored)."""
    data, game_id = unhosted_game
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        tab = Tab(main, "127.0.0.1", f"/game/{game_id}", {})
        page = await tab.started()
        assert top_route(page) == f"/game/{game_id}"
        await tab.close()

    asyncio.run(scenario())
    record = AccessRegistry(data, fsync=False).get(game_id)
    assert record is not None and len(record.hosts) == 1


def test_join_code_throttle_counts_the_real_address_whatever_address_a_tab_claims(
    unhosted_game: tuple[Path, str],
) -> None:
    """Five wrong codes from one address, then a tab from that address claiming another
    one (and a new device id) is still told to wait, even with the right code."""
    data, game_id = unhosted_game
    code = AccessRegistry(data, fsync=False).add_host(game_id, "host-device-0123456789").code
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        guesser = Tab(main, LAN_PHONE, "/join", CLAIMED)
        await guesser.started()
        for wrong in WRONG_CODES:
            await guesser.type_and_join(wrong)
        await guesser.close()
        again = Tab(main, LAN_PHONE, f"/join?code={code}", {"client_ip": "10.0.0.7"})
        page = await again.started()
        assert "Too many wrong codes" in shown_text(page)
        with pytest.raises(AssertionError):
            tagged_control(page, "join-seat-1")  # the right code did not get through
        await again.close()

    asyncio.run(scenario())
