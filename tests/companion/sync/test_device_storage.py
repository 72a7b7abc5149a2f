"""This device, read from the browser's storage (companion/sync/device.py)."""

from __future__ import annotations

import asyncio

import pytest

from companion.sync import device as device_module
from companion.sync.device import PREF_DEVICE, PREF_JOINS, answering_storage, load_device


class Storage:
    """A browser's storage; ``silent`` ones never answer (as after a server restart)."""

    def __init__(self, values: dict[str, str], silent: bool = False) -> None:
        self.values = values
        self.silent = silent
        self.saved: dict[str, str] = {}

    async def _answer(self, value: object) -> object:
        if self.silent:
            await asyncio.Event().wait()  # never
        return value

    async def get(self, key: str) -> object:
        return await self._answer(self.values.get(key))

    async def set(self, key: str, value: str) -> object:
        self.saved[key] = value
        return await self._answer(True)

    async def contains_key(self, key: str) -> bool:
        return bool(await self._answer(key in self.values))


STORED = {PREF_DEVICE: "phone-of-ada-0123456789", PREF_JOINS: ""}


def test_a_silent_storage_is_replaced_by_a_fresh_one_that_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(device_module, "PROBE_TIMEOUT", 0.05)
    made = iter([Storage(STORED, silent=True), Storage(STORED)])

    async def run() -> str:
        prefs = await answering_storage(lambda: next(made))
        device = await load_device(prefs, "192.168.1.7", lambda _k, _v: None)
        assert device.known
        return device.device_id

    assert asyncio.run(run()) == "phone-of-ada-0123456789"  # the same device, its seat


def test_storage_that_never_answers_gives_a_stand_in_device_and_saves_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(device_module, "PROBE_TIMEOUT", 0.01)
    monkeypatch.setattr(device_module, "TIMEOUT", 0.01)
    saved: list[tuple[str, str]] = []

    async def run() -> bool:
        prefs = await answering_storage(lambda: Storage(STORED, silent=True), attempts=2)
        device = await load_device(prefs, "192.168.1.7", lambda k, v: saved.append((k, v)))
        return device.known

    assert asyncio.run(run()) is False
    assert saved == []  # a stand-in id never overwrites the one the browser keeps
