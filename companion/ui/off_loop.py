"""A join-record write made by a tap (a seat taken, watching switched on or off) runs on a
worker thread, as a game's save does, and the screen hears back on the event loop; so
does reading a file for a screen (``read_off_loop``).

The record is a small file synced to disk (``companion.sync.registry``). On the loop, a
slow disk (a server on an SD card) would hold up every tab and phone the server answers
while it syncs. A page with no event loop (the screen tests' page) writes at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, TypeVar

import flet as ft

from companion.ui.redraw import page_loop

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp

T = TypeVar("T")


def write_off_loop(
    app: TableApp, write: Callable[[], T], then: Callable[[Future[T]], None]
) -> None:
    """Run ``write`` on a worker thread, then ``then`` on the loop with its outcome
    (``outcome.result()`` is what ``write`` returned, or raises what it raised).

    One write at a time per tab: a tap made while the last one is written is dropped,
    as a double tap on Start is. What the screen shows then comes from what is saved,
    once the first write is done."""
    sync = app.sync
    if sync is None:
        raise RuntimeError("join records are kept only by a server that syncs tabs")
    if sync.writing:
        return
    if page_loop(app.page) is None:
        then(_outcome(write))
        return
    sync.writing = True

    async def run() -> None:
        try:
            outcome = await asyncio.to_thread(_outcome, write)
        finally:
            sync.writing = False
        then(outcome)

    app.page.run_task(run)
    # Nothing changed yet: Flet need not compare the page after the tap's handler.
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]


def read_off_loop(page: ft.Page, read: Callable[[], T], then: Callable[[Future[T]], None]) -> None:
    """Run ``read`` (a file to read and parse) on a worker thread, then ``then`` on the
    loop with its outcome, unless the tab has closed meanwhile. A page with no event
    loop reads at once."""
    if page_loop(page) is None:
        then(_outcome(read))
        return

    async def run() -> None:
        outcome = await asyncio.to_thread(_outcome, read)
        if page_loop(page) is not None:
            then(outcome)

    page.run_task(run)


def _outcome(write: Callable[[], T]) -> Future[T]:
    """What ``write`` returned or raised, as a finished future (handed to ``then``, which
    says the error or raises it)."""
    outcome: Future[T] = Future()
    try:
        outcome.set_result(write())
    except Exception as error:
        outcome.set_exception(error)
    return outcome
