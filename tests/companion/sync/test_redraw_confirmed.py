"""A screen's commands carry the revision the browser confirmed showing (when_shown)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from companion.ui import sync_link
from companion.ui.sync_link import when_shown


def _app(loop: asyncio.AbstractEventLoop, ask: Any) -> Any:
    page = SimpleNamespace(
        session=SimpleNamespace(connection=SimpleNamespace(loop=loop)),
        run_task=lambda make: loop.create_task(make()),
    )
    return SimpleNamespace(page=page, sync=SimpleNamespace(ask_client=ask))


def test_a_redraw_counts_as_shown_only_once_the_browser_answers() -> None:
    loop = asyncio.new_event_loop()
    answer: asyncio.Future[bool] = loop.create_future()
    confirmed: list[tuple[int, int]] = []
    when_shown(_app(loop, lambda: answer), (7, 3), confirmed.append)
    loop.run_until_complete(asyncio.sleep(0.01))
    assert confirmed == []  # sent, not yet shown: a tap now was made on the older picture
    answer.set_result(True)
    loop.run_until_complete(asyncio.sleep(0.01))
    assert confirmed == [(7, 3)]
    loop.close()


def test_a_browser_that_never_answers_counts_as_shown_after_the_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sync_link, "ACK_TIMEOUT", 0.05)
    loop = asyncio.new_event_loop()
    confirmed: list[tuple[int, int]] = []
    when_shown(_app(loop, loop.create_future), (2, 2), confirmed.append)
    loop.run_until_complete(asyncio.sleep(0.2))
    assert confirmed == [(2, 2)]
    loop.close()


def test_without_a_connection_a_redraw_is_shown_at_once() -> None:
    confirmed: list[tuple[int, int]] = []
    app = SimpleNamespace(page=SimpleNamespace(), sync=None)
    when_shown(app, (1, 0), confirmed.append)  # type: ignore[arg-type]
    assert confirmed == [(1, 0)]
