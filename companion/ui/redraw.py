"""When a redraw reaches the browser: a tab hears a saved change (``follow``), another tab's
redraw waits for the acting tab's answer to leave (``later``), a screen learns when the
browser shows what it was sent (``when_shown``), and the keyboard moves once a redraw has
settled (``focus_when_shown``).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import flet as ft

from companion.session import Change

log = logging.getLogger(__name__)


class _Asking(Protocol):
    """A tab's live sync, as far as a redraw needs it: how to ask the browser."""

    @property
    def ask_client(self) -> Callable[[], Awaitable[object]] | None: ...


class TableApp(Protocol):
    """What a redraw needs of the tab (``sync_link.TableApp`` has it; kept apart so that
    this module and ``sync_link`` do not import each other)."""

    @property
    def page(self) -> ft.Page: ...

    @property
    def sync(self) -> _Asking | None: ...


M = TypeVar("M")
#: How long to wait for the browser to confirm it shows a redraw.
ACK_TIMEOUT = 2.0
#: How long after the browser confirms a redraw the keyboard is moved (``focus_when_shown``):
#: a few frames, for the focus the redraw moved to settle first.
FOCUS_SETTLE_S = 0.15
#: How long after the browser confirms that move the keyboard is given to the field once
#: more (``focus_when_shown``): the focus handed back to the name above can come later.
REFOCUS_SETTLE_S = 0.4
#: How long the page takes to scroll a form to its top before its field takes the
#: keyboard (``focus_when_shown(..., top=...)``).
SCROLL_S = 0.25


def page_loop(page: ft.Page) -> asyncio.AbstractEventLoop | None:
    """The event loop serving the page's connection; None for a page with no connection
    (a phone asleep, the screen tests' page)."""
    try:
        loop: asyncio.AbstractEventLoop | None = page.session.connection.loop
    except AttributeError:
        return None
    return loop


#: Turns of the event loop another tab's redraw waits (``later``): the acting tab's
#: writer takes one to wake and one to hand its bytes to the socket.
YIELD_TURNS = 3


def later(page: ft.Page, action: Callable[..., None], *args: Any) -> None:
    """Run ``action`` on the page's own turn of the event loop (after the handler now
    running, so the acting tab is answered first), then send what it changed.

    A page with no connection (a phone asleep, a test page) is drawn at once: Flet sends
    a reconnecting client the whole page, so it comes back up to date."""
    if page_loop(page) is None:
        action(*args)
        return

    async def run() -> None:
        # The other tabs hear of a change before the acting tab's answer is drawn, so
        # their redraws come first on the loop; and what the acting tab sends waits in
        # its connection's queue until the loop gets to its writer. A few turns of the
        # loop first let that answer leave before each other tab is drawn (with six
        # phones at the table, the one who tapped waited on five redraws, #31).
        for _turn in range(YIELD_TURNS):
            await asyncio.sleep(0)
        try:
            action(*args)
        except Exception:  # a tab that closed meanwhile must not stop the others
            log.warning("redrawing a tab after a change failed", exc_info=True)

    # In a copy of this context: ``run_task`` makes ``page`` the page of the context it is
    # called in, and the acting tab's own redraw, still to come in this one, must go to
    # its own browser (``Component.update`` sends to the context's page).
    contextvars.copy_context().run(page.run_task, run)


def follow(app: TableApp, show: Callable[[Change], None]) -> Callable[[Change], None]:
    """What tab ``app`` hears a saved change with: its own change is drawn by ``show`` at
    once (its screen may leave it to the tap's answer), another tab's on this tab's own
    turn of the loop (``later``), so the acting tab is answered first."""

    def heard(change: Change) -> None:
        if change.origin is app:
            show(change)
        else:
            later(app.page, show, change)

    return heard


#: The questions ``when_shown`` is waiting on (the loop keeps only weak references).
_ASKING: set[asyncio.Task[None]] = set()


def when_shown(app: TableApp, mark: M, confirm: Callable[[M], None]) -> None:
    """Call ``confirm(mark)`` once the browser shows what is sent to it next.

    Controls stay on screen across redraws, so a tap that reaches the server after a
    redraw may still have been made on the older picture: the screen keeps sending the
    revision the browser confirmed, not the one the server drew. The browser answers in
    the order it is sent things, so the question must leave right behind the redraw:
    call this just before sending it. A browser that does not answer (a tab that is
    closing) is taken to show it after ``ACK_TIMEOUT`` seconds."""
    ask = app.sync.ask_client if app.sync is not None else None
    loop = page_loop(app.page)
    if ask is None or loop is None:
        confirm(mark)
        return

    async def wait() -> None:
        try:
            async with asyncio.timeout(ACK_TIMEOUT):
                await ask()
        except Exception:
            log.debug("the browser did not confirm a redraw", exc_info=True)
        confirm(mark)

    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is not loop:
        app.page.run_task(wait)  # from another thread: handed over to the page's loop
        return
    # A task of our own, not page.run_task (a thread-safe hand-off, then the task): its
    # first step runs in the loop's next turn, ahead of the redraw queued after this call,
    # so question and redraw leave together. Asked turns later, the browser could draw,
    # take the next tap and send it before the question came: a second "Next Room" was
    # then refused as the first one arriving twice (seen in CI on a loaded machine).
    task = loop.create_task(wait())
    _ASKING.add(task)
    task.add_done_callback(_ASKING.discard)


def focus_when_shown(
    app: TableApp, field: Callable[[], ft.TextField | None], top: str | None = None
) -> None:
    """Give the keyboard to the name field ``field()`` returns once the browser shows what
    was just sent to it, and a moment more (``FOCUS_SETTLE_S``). Asked for then, not now:
    a form drawn under components draws its field anew each time it changes, and the one
    to focus is the one on screen.

    Why not at once: the tap that moves the keyboard on (a catalogue match under a name)
    puts the browser's focus on the match it tapped (when the accessibility tree is on:
    a screen reader, the browser tests). The redraw takes that match away, and Flutter
    hands the focus back to the name above it. A request sent at once could come first:
    the keyboard went to ``field``, then the name above, getting and losing the focus a
    frame later, took the browser's focus off ``field`` while Flutter still counted
    ``field`` as focused, so asking again did nothing and the keyboard was left on
    nothing (seen in about one run in five of the keyboard's browser test, and logged
    with focus events). Asked once the redraw has settled, it is a plain move from one
    field to the next.

    On a loaded machine the hand-back can come later still, after the move: the browser's
    focus events read match, name above, next name's hand-over, name above again (a loop
    of picks under load: 2 of 50 picks; rarer in later loops). So once the browser has confirmed
    the move, and ``REFOCUS_SETTLE_S`` more, the field is given the keyboard again (a field
    that has it keeps it; nothing moves). Not if the form was drawn anew meanwhile: the
    player typed or tapped, and the keyboard stays where they put it.

    ``top``: the ``ft.ScrollKey`` of a control above the field (its form's top edge), which
    the page first scrolls to its top, so that the whole form stands below it. Left to the
    field's own focus, the page scrolls only as far as the field, and where the rest of the
    form stood depended on how the page had been scrolled and how the last redraw's frames
    fell: a loaded CI run left a form's button 9 px under the bottom bar, where an idle run
    left it 139 px above."""
    if page_loop(app.page) is None:  # no browser to wait for (the screen tests' page)
        shown_now = field()
        if shown_now is not None:
            app.page.run_task(shown_now.focus)
        return
    ask = app.sync.ask_client if app.sync is not None else None

    async def give() -> ft.TextField | None:
        try:
            shown_now = field()
            if shown_now is not None:
                await shown_now.focus()  # type: ignore[no-untyped-call]
            return shown_now
        except Exception:  # the field went away meanwhile (the form was sent)
            log.debug("a name field could not take the keyboard", exc_info=True)
            return None

    async def focus() -> None:
        await asyncio.sleep(FOCUS_SETTLE_S)
        if top is not None:
            try:
                # The page on screen now, not at the call: it may be a new view by then.
                await app.page.views[-1].scroll_to(scroll_key=top, duration=round(SCROLL_S * 1000))
                await asyncio.sleep(SCROLL_S)  # the scroll done: the focus then needs none
            except Exception:  # the page went away meanwhile (the tab closed)
                log.debug("the page could not scroll to %s", top, exc_info=True)
        given = await give()
        if given is None:
            return
        if ask is not None:
            try:
                async with asyncio.timeout(ACK_TIMEOUT):
                    await ask()
            except Exception:
                log.debug("the browser did not confirm the keyboard's move", exc_info=True)
        await asyncio.sleep(REFOCUS_SETTLE_S)
        if field() is given:  # not drawn anew: the player has not typed or tapped since
            await give()

    def shown(_mark: None) -> None:
        app.page.run_task(focus)

    when_shown(app, None, shown)
