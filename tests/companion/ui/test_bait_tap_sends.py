"""What the Bait tap sends to the browser: the Bait results, the Adventure that opens with
them and the rulings of the Hero's first step (R-FOLLOWS), in few controls (#31).

A bare Flet page putting 90 new controls on screen costs 2.9-4.0x a counter's tap
(``bench/page_size.py``). These three parts sent 97 controls with the Bait tap of a
3-player game (Adventure 57, Bait results 20, last step 20); the limits below are the
counts once they were folded (the walking Hero one text, the damage and its caption one
text, the rarely used buttons behind "More", each ruling of the step two controls), one
over for slack: a part that grows back fails here before a benchmark notices."""

from __future__ import annotations

from pathlib import Path

from tests.companion.ui.conftest import AppFactory, at_bait
from tests.companion.ui.sent_controls import controls_sent, ids_within

#: The most controls each part may send with the Bait tap (3 Heroes, one walks in).
LIMITS = {"adventure": 43, "bait-results": 21, "last-step": 17}


def test_the_bait_tap_sends_each_part_in_few_controls(
    table_app: AppFactory, tmp_path: Path
) -> None:
    harness, _app, screen = at_bait(table_app, tmp_path)
    sent = controls_sent(harness, lambda: harness.tap("resolve-bait"))
    assert screen.state.phase == "adventure"
    assert screen.state.walk is not None and screen.state.walk.room == 0  # R-FOLLOWS
    counts = {}
    for part in LIMITS:
        inside = ids_within(harness, part)
        counts[part] = sum(1 for i in sent if i in inside)
    for part, limit in LIMITS.items():
        assert counts[part] <= limit, f"{part} sent {counts[part]} controls, more than {limit}"
