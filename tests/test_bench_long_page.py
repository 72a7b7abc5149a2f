"""``bench/page_size.py`` reports how many controls its long page holds from
``long_page_app.TILE_CONTROLS`` and ``counter_app.COUNTER_CONTROLS``: those figures must be
what a tile and the counter are made of."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from flet.controls.base_control import BaseControl

from tests.companion.ui.flet_harness import Harness, controls_in

BENCH = Path(__file__).resolve().parents[1] / "bench"


def bench_module(name: str) -> ModuleType:
    sys.path.insert(0, str(BENCH))  # the benchmark's modules import each other by name
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))


def test_a_long_page_tile_holds_the_controls_the_benchmark_reports() -> None:
    long_page_app = bench_module("long_page_app")
    tile = long_page_app.tile(1)
    assert sum(1 for _ in controls_in(tile)) == long_page_app.TILE_CONTROLS


def test_the_counter_holds_the_controls_the_benchmark_reports() -> None:
    counter_app = bench_module("counter_app")
    controls = sum(sum(1 for _ in controls_in(c)) for c in counter_app.counter())
    assert controls == counter_app.COUNTER_CONTROLS


@pytest.mark.parametrize("layout, update", [("column", "page"), ("list", "label")])
def test_a_fresh_tap_sends_the_new_tiles_the_benchmark_reports(layout: str, update: str) -> None:
    """``--fresh 2``: each tap puts 2 new tiles on screen (30 new controls, all of them
    sent, none on screen before) beside the counter's new Text, on either kind of fresh
    page; "Clear" takes them off again, so the next tap adds as many, not more."""
    long_page_app = bench_module("long_page_app")
    tab = Harness(check_sent=False).start(long_page_app.make_main(1, layout, update, fresh=2))
    try:
        for tap in (1, 2):
            before = {id(c) for c in tab.walk()}
            sent = len(tab.conn.messages)
            tab.tap("increment")
            new = [c for c in tab.walk() if id(c) not in before]
            added = [
                c
                for m in tab.conn.messages[sent:]
                for c in _controls_sent(getattr(m.body, "patch", None))
            ]
            assert len(new) == 2 * long_page_app.TILE_CONTROLS
            assert {id(c) for c in added} == {id(c) for c in new}
            numbers = [long_page_app.fresh_number(2, tap, n) for n in (0, 1)]
            assert all(tab.has(f"destroy-{n}") for n in numbers)
            assert f"Count: {tap}" in tab.texts()
            tab.tap("clear-fresh")
            assert not any(tab.has(f"destroy-{n}") for n in numbers)
    finally:
        tab.close()


def _controls_sent(patch: object) -> Iterator[BaseControl]:
    """Every control a patch carries whole (a control added to the page)."""
    if isinstance(patch, BaseControl):
        yield from controls_in(patch)
    elif isinstance(patch, list | tuple):
        for item in patch:
            yield from _controls_sent(item)
    elif isinstance(patch, dict):
        for item in patch.values():
            yield from _controls_sent(item)
