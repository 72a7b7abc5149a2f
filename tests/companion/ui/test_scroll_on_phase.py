"""The game page goes back to the top when the phase moves on (the compact turn view
opens each phase on its first input, issue 32)."""

from __future__ import annotations

from pathlib import Path

from tests.companion.ui.conftest import AppFactory, at_bait


def test_the_page_goes_back_to_the_top_when_the_phase_moves_on(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """The compact turn view opens each phase on its first input (issue 32): the page
    scrolls back to the top when the Bait moves the game on to the Adventure."""
    harness, _app, _screen = at_bait(table_app, tmp_path)
    before = [name for name, _args in harness.conn.calls].count("scroll_to")
    harness.tap("resolve-bait")
    assert [name for name, _args in harness.conn.calls].count("scroll_to") == before + 1
