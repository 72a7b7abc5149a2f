"""Who a tab is on the network comes from the server's socket, never from the browser.

Each tab here talks to Flet's own websocket handler through a fake socket with a chosen
peer address, and sends the props message a hostile client can send before the app
reads anything: ``client_ip`` = 127.0.0.1 (the server's own computer).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.app import AppConfig, make_main
from companion.store import GameStore
from companion.sync.registry import AccessRegistry
from tests.companion.sync.socket_tabs import Tab, shown_text, top_route
from tests.companion.ui.flet_harness import tagged_control
from tests.e2e.sync_seed import NAMES, setup

LAN_PHONE = "192.168.1.50"
CLAIMED = {"client_ip": "127.0.0.1"}
WRONG_CODES = ("ABCDEF", "BCDEFG", "CDEFGH", "DEFGHJ", "EFGHJK")


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
