"""The tab that tapped is answered before the other tabs at the table are redrawn.

Every tab showing a game hears of a change before the acting tab draws its answer, and
each tab's bytes wait in its connection's queue until the loop reaches its writer. With
six phones, the one who tapped waited on five redraws (``bench/sync.py``: 171 ms against
52 ms with two, #31). ``later`` lets that writer go first."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from companion.ui.redraw import later


class _Page:
    """The parts of a page ``later`` uses: its connection's loop and ``run_task``."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.session = SimpleNamespace(connection=SimpleNamespace(loop=loop))
        self.tasks: list[asyncio.Task[Any]] = []

    def run_task(self, handler: Any, *args: Any) -> None:
        self.tasks.append(asyncio.get_running_loop().create_task(handler(*args)))


def test_the_acting_tab_s_answer_leaves_before_another_tab_is_redrawn() -> None:
    order: list[str] = []

    async def table() -> None:
        outbox: asyncio.Queue[str] = asyncio.Queue()

        async def writer() -> None:  # the acting tab's connection, as Flet's web server
            order.append(f"sent {await outbox.get()}")

        sending = asyncio.create_task(writer())
        await asyncio.sleep(0)  # the writer waits for something to send
        others = [_Page(asyncio.get_running_loop()) for _ in range(5)]
        for n, page in enumerate(others, 2):  # the session tells every tab, then...
            later(page, order.append, f"tab {n} drawn")  # type: ignore[arg-type]
        outbox.put_nowait("the answer")  # ...the acting tab draws its answer
        await asyncio.gather(sending, *(t for page in others for t in page.tasks))

    asyncio.run(table())
    assert order[0] == "sent the answer"
    assert sorted(order[1:]) == [f"tab {n} drawn" for n in range(2, 7)]
