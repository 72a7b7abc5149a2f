"""A screen's commands carry the revision the browser confirmed showing (when_shown); the
keyboard moves to the next name once the browser shows the redraw (focus_when_shown)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from companion.ui import redraw
from companion.ui.redraw import focus_when_shown, when_shown


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
    monkeypatch.setattr(redraw, "ACK_TIMEOUT", 0.05)
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


def test_the_question_leaves_in_the_loop_s_next_turn_not_turns_later() -> None:
    """The browser answers in the order it is sent things: asked right behind a redraw, it
    answers before any tap made on the new picture. Asked turns later (a thread-safe hand-
    off, then a task in a task), a loaded server let the browser draw and take the next
    tap first, and that tap counted as made on the older picture."""
    loop = asyncio.new_event_loop()
    turns = 0

    def turn() -> None:
        nonlocal turns
        turns += 1
        loop.call_soon(turn)

    asked: list[int] = []

    async def ask() -> bool:
        asked.append(turns)
        return True

    app = _app(loop, ask)
    # As Flet's page.run_task does it, for a caller on another thread.
    app.page.run_task = lambda make: asyncio.run_coroutine_threadsafe(make(), loop)
    confirmed: list[tuple[int, int]] = []

    async def redraw() -> int:
        loop.call_soon(turn)
        when_shown(app, (4, 1), confirmed.append)
        return turns

    started = loop.run_until_complete(redraw())
    loop.run_until_complete(asyncio.sleep(0.01))
    assert confirmed == [(4, 1)]
    assert asked == [started + 1]
    loop.close()


def test_a_question_from_another_thread_goes_through_the_page_s_loop() -> None:
    loop = asyncio.new_event_loop()
    handed: list[object] = []
    app = _app(loop, lambda: asyncio.sleep(0, True))
    app.page.run_task = lambda make: handed.append(loop.create_task(make()))
    confirmed: list[tuple[int, int]] = []
    when_shown(app, (5, 2), confirmed.append)  # no loop running here: not the page's turn
    assert len(handed) == 1
    loop.run_until_complete(asyncio.sleep(0.01))
    assert confirmed == [(5, 2)]
    loop.close()


class _Field:
    """A name field as far as the keyboard's move needs it: when it was given the focus."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.focused: list[float] = []

    async def focus(self) -> None:
        self.focused.append(self.loop.time())


def _asked(
    loop: asyncio.AbstractEventLoop,
) -> tuple[Callable[[], asyncio.Future[bool]], list[asyncio.Future[bool]]]:
    """A browser's ``ask_client`` that answers only when the test says so, and its
    questions so far (each answered with ``set_result``)."""
    answers: list[asyncio.Future[bool]] = []

    def ask() -> asyncio.Future[bool]:
        answers.append(loop.create_future())
        return answers[-1]

    return ask, answers


def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(redraw, "FOCUS_SETTLE_S", 0.02)
    monkeypatch.setattr(redraw, "REFOCUS_SETTLE_S", 0.05)


def test_the_keyboard_moves_once_the_redraw_is_shown_and_again_once_the_move_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The focus handed back to the name above can land after the move (a loaded browser):
    the field is given the keyboard again once the browser has confirmed the move."""
    _quick(monkeypatch)
    loop = asyncio.new_event_loop()
    ask, answers = _asked(loop)
    field: Any = _Field(loop)
    focus_when_shown(_app(loop, ask), lambda: field)
    loop.run_until_complete(asyncio.sleep(0.05))
    assert field.focused == []  # the redraw not yet shown
    answers[0].set_result(True)
    loop.run_until_complete(asyncio.sleep(0.05))
    assert len(field.focused) == 1 and len(answers) == 2  # moved; the move asked about
    loop.run_until_complete(asyncio.sleep(0.1))
    assert len(field.focused) == 1  # the move not yet confirmed
    answers[1].set_result(True)
    loop.run_until_complete(asyncio.sleep(0.1))
    assert len(field.focused) == 2
    assert field.focused[1] - field.focused[0] >= redraw.REFOCUS_SETTLE_S
    loop.close()


def test_a_field_drawn_anew_after_the_move_keeps_the_keyboard_where_the_player_put_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Drawn anew, the form was typed into or tapped: no second move."""
    _quick(monkeypatch)
    loop = asyncio.new_event_loop()
    ask, answers = _asked(loop)
    fields: list[Any] = [_Field(loop)]
    focus_when_shown(_app(loop, ask), lambda: fields[-1])
    loop.run_until_complete(asyncio.sleep(0.01))
    answers[0].set_result(True)  # the redraw shown: the keyboard moves
    loop.run_until_complete(asyncio.sleep(0.05))
    assert len(fields[0].focused) == 1
    fields.append(_Field(loop))  # the player typed: the form drew its field anew
    answers[1].set_result(True)  # then the move is confirmed
    loop.run_until_complete(asyncio.sleep(0.15))
    assert len(fields[0].focused) == 1 and fields[1].focused == []
    loop.close()


def test_a_form_named_for_the_top_is_scrolled_there_before_its_field_takes_the_keyboard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Scrolled first, and the scroll given its time: the field's own focus then has
    nothing to scroll, so where the form stands does not hang on the frames' timing."""
    _quick(monkeypatch)
    monkeypatch.setattr(redraw, "SCROLL_S", 0.05)
    loop = asyncio.new_event_loop()
    ask, answers = _asked(loop)
    field: Any = _Field(loop)
    scrolled: list[tuple[float, object, object]] = []

    async def scroll_to(*, scroll_key: object, duration: object) -> None:
        scrolled.append((loop.time(), scroll_key, duration))

    app = _app(loop, ask)
    app.page.views = [SimpleNamespace(scroll_to=scroll_to)]
    focus_when_shown(app, lambda: field, top="build-p2-top")
    loop.run_until_complete(asyncio.sleep(0.01))
    assert scrolled == []  # the redraw not yet shown: its form may not be on screen
    answers[0].set_result(True)
    loop.run_until_complete(asyncio.sleep(0.15))
    assert [(key, ms) for _at, key, ms in scrolled] == [("build-p2-top", 50)]
    assert len(field.focused) == 1
    assert field.focused[0] - scrolled[0][0] >= redraw.SCROLL_S
    loop.close()
