"""Browser tabs on the real app through Flet's own websocket handler (see
``BrowserSocket`` in tests/companion/ui/flet_harness.py): the app's ``main`` and
``before_main`` as the server runs them, each tab from a chosen network address."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from companion.app import BEFORE_MAIN
from tests.companion.ui.flet_harness import (
    BrowserSocket,
    controls_in,
    serve_socket,
    tagged_control,
)
from tests.e2e.sync_seed import DEVICE_KEY

Main = Callable[[ft.Page], Awaitable[None]]


def asks_device(name: str, args: Any) -> bool:
    return name == "get" and isinstance(args, dict) and DEVICE_KEY.endswith(args["key"])


def storage_of(device: str, stored: dict[str, str] | None = None) -> Any:
    """A browser whose storage holds this device id and ``stored`` (the app's keys), and
    nothing else."""
    more = stored or {}

    def get(args: Any) -> str | None:
        if asks_device("get", args):
            return device
        return more.get(args["key"]) if isinstance(args, dict) else None

    return get


def browser_of(
    device: str, stored: dict[str, str] | None = None
) -> Callable[[BrowserSocket], None]:
    """A browser that answers storage questions as ``device``'s would (``storage_of``)."""

    def answer(socket: BrowserSocket) -> None:
        socket.answers.update(
            {"get": storage_of(device, stored), "contains_key": True, "set": True}
        )

    return answer


class Tab:
    """One browser tab on the app: its socket, and its page once ``main`` has run."""

    def __init__(
        self,
        main: Main,
        peer: str,
        route: str,
        claims: dict[str, str],
        browser: Callable[[BrowserSocket], None] | None = None,
    ) -> None:
        self.socket = BrowserSocket(peer)
        self.socket.first = dict(claims)  # sent before the app reads anything
        if browser is not None:
            browser(self.socket)  # how this browser answers, what it had queued
        self.page: ft.Page | None = None
        #: The route on top when ``main`` returned (the tab's first screen).
        self.first_route: str | None = None
        self._started = asyncio.Event()

        async def run(page: ft.Page) -> None:
            self.page = page
            await main(page)
            self.first_route = top_route(page)
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


async def until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Wait until ``check()`` holds (True), or ``timeout`` seconds (False)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def top_route(page: ft.Page) -> str:
    return str(page.views[-1].route)


def shown_text(page: ft.Page) -> str:
    return "\n".join(
        str(c.value) for c in controls_in(page.views[-1]) if isinstance(c, ft.Text) and c.value
    )


def has(page: ft.Page, identifier: str) -> bool:
    """Does the page show the control tagged ``identifier``?"""
    try:
        tagged_control(page, identifier)
    except AssertionError:
        return False
    return True


async def seated(
    main: Main, route: str, seat: int, answer: Callable[[BrowserSocket], None]
) -> tuple[Tab, ft.Page]:
    """A tab opened at ``route`` (a join link) whose browser answers as ``answer`` does,
    seated at ``seat`` and showing that player's build form."""
    tab = Tab(main, "127.0.0.1", route, {}, answer)
    page = await tab.started()
    assert await until(lambda: has(page, f"join-seat-{seat}"), 10)
    tab.socket.event(tagged_control(page, f"join-seat-{seat}"), "click")
    assert await until(lambda: has(page, f"build-p{seat}-name"), 10)
    await settle()
    return tab, page
