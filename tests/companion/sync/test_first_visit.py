"""A first visit asks the browser everything it needs before the first screen together:
the app waits for the phone twice (the storage probe, then one batch), not once per
question."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from flet.messaging.protocol import MessageAction

from companion.app import BEFORE_MAIN, AppConfig, make_main
from tests.companion.ui.flet_harness import BrowserSocket, serve_socket


class SlowPhone(BrowserSocket):
    """A browser whose answers to the server's questions wait until ``answer`` is called:
    each call of ``answer`` is one round trip to the phone."""

    def __init__(self, peer: str) -> None:
        super().__init__(peer)
        self.held: list[dict[str, Any]] = []
        self.asked: list[list[str]] = []  # the questions answered in each round trip

    async def send_bytes(self, data: bytes) -> None:
        from flet.messaging.protocol import decode_ext_from_msgpack
        from msgpack import unpackb

        action, body = unpackb(data[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False)
        if MessageAction(action) == MessageAction.INVOKE_METHOD:
            self.held.append(body)
            return
        await super().send_bytes(data)

    def answer(self) -> None:
        held, self.held = self.held, []
        self.asked.append([body["name"] for body in held])
        for body in held:
            self.send(
                MessageAction.INVOKE_METHOD,
                {
                    "control_id": body["control_id"],
                    "call_id": body["call_id"],
                    "result": None,  # a first visit: nothing stored, no device details
                    "error": None,
                },
            )


def test_a_first_visit_waits_for_the_phone_twice_before_the_first_screen(
    tmp_path: Path,
) -> None:
    main = make_main(AppConfig(data_dir=tmp_path / "data"))

    async def scenario() -> list[list[str]]:
        phone = SlowPhone("192.168.1.60")
        started = asyncio.Event()

        async def run(page: Any) -> None:
            await main(page)
            started.set()

        task = serve_socket(run, BEFORE_MAIN, phone)
        phone.connect("/")
        for _ in range(2000):
            await asyncio.sleep(0.01)
            if started.is_set():
                break
            if phone.held:
                await asyncio.sleep(0.05)  # every question asked before this answer
                phone.answer()
        assert started.is_set(), phone.asked
        assert not phone.crashed(), phone.crashed()
        phone.close()
        await asyncio.wait_for(task, 10)
        return phone.asked

    asked = asyncio.run(scenario())
    # The storage probe, then language, theme, language choice, device id and joins at once.
    assert len(asked) == 2, asked
    assert len(asked[1]) >= 5, asked
