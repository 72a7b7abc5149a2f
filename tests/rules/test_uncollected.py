"""The collector paused while a log is replayed or JSON parsed (``rules.uncollected``):
back on afterwards only if it was on, however the pauses nest or overlap."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from rules.uncollected import collector_paused


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.enable()
    yield
    if not was_on:
        gc.disable()


@pytest.mark.usefixtures("collector_on")
def test_nested_pauses_turn_it_back_on_after_the_last() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause still runs
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_pauses_in_two_threads_overlapping_turn_it_back_on_after_both() -> None:
    inside, leave = threading.Event(), threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            leave.wait(5)

    thread = threading.Thread(target=other)
    with collector_paused():
        thread.start()
        assert inside.wait(5)
    assert not gc.isenabled()  # the other thread's pause still runs
    leave.set()
    thread.join(5)
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    was_on = gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was_on:
            gc.enable()
