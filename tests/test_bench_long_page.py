"""``bench/page_size.py`` reports how many controls its long page holds from
``long_page_app.TILE_CONTROLS`` and ``counter_app.COUNTER_CONTROLS``: those figures must be
what a tile and the counter are made of."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from tests.companion.ui.flet_harness import controls_in

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
