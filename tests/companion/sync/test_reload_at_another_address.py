"""A tab reloaded at another address (a join link opened where the app already runs)
shows that address, and the server never sends the browser back to the old one.

Flet keeps the tab's session across the reload: the server hears "connect" with the new
address. Drawing the screens the tab had then sent the browser back to their address
while Flet reported the new one, and on a loaded machine the two addresses chased each
other for good: the Join screen was drawn again and again, and a tap on a seat was lost.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from flet.messaging.protocol import MessageAction

from companion.app import BEFORE_MAIN, AppConfig, make_main
from tests.companion.sync.socket_tabs import Tab, browser_of, settle, top_route, until
from tests.companion.ui.flet_harness import BrowserSocket, serve_socket
from tests.e2e.sync_seed import device_id, seed

HOST = device_id(31)
PHONE = device_id(32)


phone_browser = browser_of(PHONE)


def pushed_routes(socket: BrowserSocket) -> list[str]:
    return [
        str(body["args"]["route"])
        for action, body in socket.received
        if action == MessageAction.INVOKE_METHOD and body["name"] == "push_route"
    ]


def test_a_tab_reloaded_at_a_join_link_shows_the_join_screen_and_stays(tmp_path: Path) -> None:
    game = seed(tmp_path / "data", 2, HOST, "Reload")
    main = make_main(AppConfig(data_dir=tmp_path / "data"))
    link = f"/join?code={game.code}"

    async def scenario() -> None:
        tab = Tab(main, "127.0.0.1", "/", {}, phone_browser)
        page = await tab.started()
        assert top_route(page) == "/"
        session_id = tab.socket.session_id
        tab.socket.close()  # the browser leaves the page to load the link ...
        await asyncio.wait_for(tab.task, 10)
        again = BrowserSocket("127.0.0.1")  # ... and comes back to the same session
        again.session_id = session_id
        phone_browser(again)
        task = serve_socket(main, BEFORE_MAIN, again)
        again.connect(link)
        assert await until(lambda: top_route(page) == link, 5), top_route(page)
        await settle()
        assert top_route(page) == link
        assert set(pushed_routes(again)) <= {link}, pushed_routes(again)
        again.close()
        await asyncio.wait_for(task, 10)

    asyncio.run(scenario())
