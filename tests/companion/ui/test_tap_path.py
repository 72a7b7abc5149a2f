"""A Bait tap's way from the button to the engine and back to every tab (issue #31:
eight module transitions at most), as ``bench/tap_path.py`` measures it."""

from __future__ import annotations

from bench.tap_path import measure


def test_a_bait_tap_reaches_the_engine_and_both_tabs_in_eight_transitions_or_fewer() -> None:
    paths = measure()
    modules = {label: [module for module, _functions in along] for label, along in paths}

    # Both tabs are redrawn, each once: the tapping one when answered, the other when told.
    assert list(modules) == ["tap -> engine", "back -> redraw 1", "back -> redraw 2"]
    # The panel hands the command to its tab's sender, which hands it to the session: the
    # game screen is not on the way.
    assert modules["tap -> engine"] == [
        "companion/ui/table/bait.py",
        "companion/ui/sending.py",
        "companion/session.py",
        "rules/command_log.py",
        "rules/engine.py",
    ]
    assert sum(len(along) - 1 for along in modules.values()) <= 8
