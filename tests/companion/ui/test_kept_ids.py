"""A control that stays on screen keeps its id when the screen is drawn again, though
others come and go around it (Flet's diff finds it by its key): a tap the browser sends
to it, made on the older picture, still reaches it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import flet as ft

from tests.companion.ui.conftest import AppFactory, at_bait, saved_at
from tests.companion.ui.flet_harness import Harness


def ids_on_screen(harness: Harness, client: bool = False) -> dict[str, int]:
    """Each identifier met once on the page, and the id of the control tagged with it;
    ``client``: as the browser holds the page (``ClientMirror``)."""
    if client:
        view = harness.conn.client.controls[harness.page.views[-1]._i]
        tagged = [(i, n) for i, n in _tagged_in(view)]
    else:
        tagged = [
            (c.identifier, c._i)
            for c in harness.walk()
            if isinstance(c, ft.Semantics) and c.identifier
        ]
    seen = Counter(i for i, _n in tagged)
    return {i: n for i, n in tagged if seen[i] == 1}


def _tagged_in(value: Any) -> list[tuple[str, int]]:
    """The (identifier, id) of every tagged control in a page as the browser holds it."""
    if isinstance(value, dict):
        here = []
        if value.get("_c") == "Semantics" and value.get("identifier"):
            here.append((value["identifier"], value["_i"]))
        return here + [t for v in value.values() for t in _tagged_in(v)]
    if isinstance(value, list):
        return [t for v in value for t in _tagged_in(v)]
    return []


def tap_keeping_ids(harness: Harness, taps: tuple[str, ...]) -> None:
    """Tap each in turn; after each, every identifier on screen before and after is on
    the control of the same id, and the browser holds the same as the page."""
    for tap in taps:
        before = ids_on_screen(harness)
        harness.tap(tap)
        after = ids_on_screen(harness)
        assert ids_on_screen(harness, client=True) == after  # what the browser holds
        moved = sorted(i for i in before.keys() & after.keys() if before[i] != after[i])
        assert moved == [], f"after {tap}, made anew under a new id: {moved}"


def test_what_stays_on_screen_keeps_its_id_through_bait_and_the_adventure(
    table_app: AppFactory, tmp_path: Path
) -> None:
    harness, _app, _screen = at_bait(table_app, tmp_path)
    # Bait: the results come in above the town and the dungeons, the Adventure's buttons
    # with them; each step of the walk changes the lines above the buttons.
    tap_keeping_ids(
        harness, ("resolve-bait", "adv-next", "adv-damage-1", "adv-next", "undo", "tab-log")
    )


def test_what_stays_on_screen_keeps_its_id_through_the_build_phase(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game_id = saved_at(tmp_path / "data", "build")
    harness, _app = table_app(route=f"/game/{game_id}")
    steps = (
        "p1-bonus-toggle",
        "p1-bonus-cleric-plus",
        "build-p1-treasure-fighter",
        "build-p1-go",
        "undo",
        "redo",
        "reveal-rooms",
        "tab-score",
        "tab-play",
    )
    tap_keeping_ids(harness, steps)
