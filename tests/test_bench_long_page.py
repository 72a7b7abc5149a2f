"""``bench/page_size.py`` reports how many controls its long page holds from
``long_page_app.TILE_CONTROLS``: that figure must be what a tile is made of."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.companion.ui.flet_harness import controls_in

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_a_long_page_tile_holds_the_controls_the_benchmark_reports() -> None:
    sys.path.insert(0, str(BENCH))  # the benchmark's modules import each other by name
    try:
        import long_page_app  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(BENCH))
    tile = long_page_app.tile(1)
    assert sum(1 for _ in controls_in(tile)) == long_page_app.TILE_CONTROLS
