"""A first visit asks the browser everything it needs before the first screen together:
the app waits for the phone twice (the storage probe, then one batch), not once per
question."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from flet.messaging.protocol import MessageAction

from companion.app import BEFORE_MAIN, AppConfig, make_main
from companion.sync.device import PREF_DEVICE
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
        for _ in range(100):  # the new device id is stored once the first screen is sent
            if any(body["name"] == "set" for body in phone.held):
                break
            await asyncio.sleep(0.01)
        stores = [body["args"]["key"] for body in phone.held if body["name"] == "set"]
        assert stores == [PREF_DEVICE], phone.held
        phone.close()
        await asyncio.wait_for(task, 10)
        return phone.asked

    asked = asyncio.run(scenario())
    # The storage probe, then language, theme, language choice, device id and joins at once.
    assert len(asked) == 2, asked
    assert len(asked[1]) >= 5, asked


class ReturningPhone(SlowPhone):
    """A phone that joined before: its device id and joins are in its storage."""

    def __init__(self, peer: str, stored: dict[str, str]) -> None:
        super().__init__(peer)
        self.stored = stored

    def answer(self) -> None:
        held, self.held = self.held, []
        self.asked.append([body["name"] for body in held])
        for body in held:
            key = (body.get("args") or {}).get("key")
            self.send(
                MessageAction.INVOKE_METHOD,
                {
                    "control_id": body["control_id"],
                    "call_id": body["call_id"],
                    "result": self.stored.get(key) if body["name"] == "get" else None,
                    "error": None,
                },
            )


def test_a_phones_stored_joins_are_read_off_the_loop_with_no_round_trip_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The joins a browser keeps (up to ``MAX_JOINS_CHARS`` of JSON) are parsed on the worker
    thread that reads the join records before the first screen: not on the loop that
    answers every tab, and with no wait for the phone more than a first visit's two."""
    from companion.sync import device as device_module
    from companion.sync.access import Join
    from companion.sync.device import PREF_JOINS, joins_json
    from tests.e2e.sync_seed import device_id, seed

    data = tmp_path / "data"
    game = seed(data, 2, device_id(71), "Joined before")
    me = device_id(72)
    registry_joins = {game.game_id: Join(code=game.code, seat="Ada")}
    # Many other games joined long ago (deleted since): joins near the ceiling.
    for n in range(900):
        registry_joins[f"20240101-{n:08x}"] = Join(code="K7M2QX", seat="Brann")
    stored = joins_json(registry_joins)
    assert len(stored) <= device_module.MAX_JOINS_CHARS
    parsed_on: list[threading.Thread] = []
    real_parse = device_module.parse_joins

    def parse(raw: object) -> object:
        parsed_on.append(threading.current_thread())
        return real_parse(raw)

    monkeypatch.setattr(device_module, "parse_joins", parse)
    main = make_main(AppConfig(data_dir=data))
    shown: list[Any] = []

    async def scenario() -> list[list[str]]:
        phone = ReturningPhone("192.168.1.61", {PREF_DEVICE: me, PREF_JOINS: stored})
        started = asyncio.Event()

        async def run(page: Any) -> None:
            await main(page)
            shown.append(page.views[-1].route)
            started.set()

        task = serve_socket(run, BEFORE_MAIN, phone)
        phone.connect(f"/game/{game.game_id}")
        for _ in range(2000):
            await asyncio.sleep(0.01)
            if started.is_set():
                break
            if phone.held:
                await asyncio.sleep(0.05)
                phone.answer()
        assert started.is_set(), phone.asked
        assert not phone.crashed(), phone.crashed()
        phone.close()
        await asyncio.wait_for(task, 10)
        return phone.asked

    asked = asyncio.run(scenario())
    assert len(asked) == 2, asked
    assert parsed_on, "the stored joins were read"
    assert all(t is not threading.main_thread() for t in parsed_on), "parsed on the loop"
    assert shown == [f"/game/{game.game_id}"], "its join let it in: the game, not Join"
