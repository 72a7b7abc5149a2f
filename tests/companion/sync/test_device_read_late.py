"""A tab whose browser storage answers late starts as a stranger and becomes its device a
moment later (``sync_link._recover_device``). What the player did meanwhile on a screen
the device does not decide (a word typed into the Rules search) is kept: a loaded CI
machine once lost a search typed just before the device was read, the screen drawn anew
with an empty field state under the typed text.

Each tab talks to Flet's own websocket handler through a fake socket
(``tests/companion/sync/socket_tabs.py``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from companion.app import AppConfig, make_main
from companion.sync import device as device_module
from companion.ui import sync_link
from tests.companion.sync.socket_tabs import Tab, asks_device, browser_of, settle, top_route, until
from tests.companion.ui.flet_harness import BrowserSocket, tagged_control
from tests.e2e.sync_seed import device_id

DEVICE = device_id(31)


@pytest.fixture
def slow_storage(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The device questions wait 0.2 s, the browser answers its first two 0.5 s late (a
    stranger at first), asked again 1 s later;
    the list counts the device questions asked."""
    monkeypatch.setattr(device_module, "TIMEOUT", 0.2)
    monkeypatch.setattr(sync_link, "DEVICE_RETRY_S", (1.0, 0.3, 0.3))  # typed before the retry
    return []


def _late_browser(asked: list[int]):  # type: ignore[no-untyped-def]
    delays = iter([0.5, 0.5])

    def browser(socket: BrowserSocket) -> None:
        browser_of(DEVICE)(socket)

        def late(name: str, args: object) -> float:
            if not asks_device(name, args):
                return 0.0
            asked.append(1)
            return next(delays, 0.0)

        socket.late = late

    return browser


def test_a_search_typed_while_the_device_is_read_late_is_kept(
    tmp_path: Path, slow_storage: list[int]
) -> None:
    main = make_main(AppConfig(data_dir=tmp_path / "data"))

    async def scenario() -> None:
        tab = Tab(main, "127.0.0.1", "/", {}, _late_browser(slow_storage))
        page = await tab.started()
        assert len(slow_storage) == 2, "both device questions at the start"
        tab.socket.event(tagged_control(page, "open-rules"), "click")
        assert await until(lambda: top_route(page) == "/rules", 5)
        field = tagged_control(page, "rules-search")
        tab.socket.props(field, {"value": "goblin armory"})
        tab.socket.event(field, "change", "goblin armory")
        # The device is read again (answered at once now), and the tab becomes it.
        assert await until(lambda: len(slow_storage) >= 3, 5)
        await settle(100)
        assert top_route(page) == "/rules"
        assert tagged_control(page, "rules-search").value == "goblin armory"
        tagged_control(page, "rules-card-BMA015")  # the card the search found, still listed
        await tab.close()

    asyncio.run(scenario())
