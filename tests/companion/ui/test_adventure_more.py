"""The Adventure's rarely used buttons wait behind "More": heal, kill, skip the next Room,
send the Hero back to town or to the entrance (#31: a Bait tap puts the Adventure on
screen, and each button drawn costs it). Opened, they act as before; after one acted,
"More" is folded again."""

from __future__ import annotations

from pathlib import Path

from tests.companion.ui.conftest import AppFactory, at_bait

RARE = ("adv-heal", "adv-kill", "adv-skip", "adv-send-town", "adv-send-entrance")


def test_more_opens_the_rare_buttons_and_kill_gives_the_dungeon_its_soul(
    table_app: AppFactory, tmp_path: Path
) -> None:
    harness, _app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")  # the first Hero walks into its first Room (R-FOLLOWS)
    walk = screen.state.walk
    assert walk is not None and walk.room == 0
    assert not any(harness.has(b) for b in RARE)
    assert harness.has("adv-next") and harness.has("adv-damage-1")
    assert harness.has("adv-finish-walk") and harness.has("adv-finish-all")

    harness.tap("adv-more")
    assert all(harness.has(b) for b in RARE)
    souls = screen.state.souls(walk.player)
    harness.tap("adv-kill")
    # A Hero killed in a dungeon is a Soul for that dungeon's Boss.
    assert screen.state.souls(walk.player) == souls + 1
    assert not any(harness.has(b) for b in RARE)  # folded again
    harness.tap("adv-more")
    harness.tap("adv-more")  # and folded by its own button
    assert not any(harness.has(b) for b in RARE)


def test_at_the_entrance_more_offers_no_healing(table_app: AppFactory, tmp_path: Path) -> None:
    """Healing is for a Hero hurt in a Room: at the entrance "More" leaves it out, as the
    damage buttons are."""
    harness, _app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")
    harness.tap("adv-more")
    harness.tap("adv-send-entrance")
    walk = screen.state.walk
    assert walk is not None and walk.room is None
    assert not harness.has("adv-damage-1")
    harness.tap("adv-more")
    assert not harness.has("adv-heal")
    assert harness.has("adv-kill") and harness.has("adv-send-town")
