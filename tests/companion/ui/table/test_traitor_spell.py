"""Traitor (RMB078) from the Spell panel (R-CARD-EFFECT with R-MINI): the caster picks the
opponent's Room with the Miniboss, then a Room of their own to build it on; the engine
moves the Coins and the Miniboss. Expectations from the printed effect: one Coin per
level, paid to the Miniboss's owner, built at the same level."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from tests.companion.ui.table.conftest import FakePage, error_rule, error_text, has, tap, texts
from tests.companion.ui.table.test_expansion_panels import (
    MINIS,
    _promoted_next_turn,
    start_with,
)

TRAITOR = "RMB078"


def test_traitor_buys_the_opponents_miniboss_from_the_spell_panel(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Ann's Spike is at Level 2: Bo pays Ann 2 Coins and Spike stands on Bo's Pit, face
    up at Level 2; named without a Room of Bo's, the Spell is refused with its reason."""
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(1))
    ann, bo = screen.state.player("Ann"), screen.state.player("Bo")
    assert ann.dungeon[0].miniboss is not None and ann.dungeon[0].miniboss.level == 2
    coins = (ann.coins, bo.coins)
    tap(page, "spell-open")
    tap(page, "spell-caster-2")
    tap(page, f"spell-{TRAITOR}")
    assert "take it and build it at once on a Room of yours at that level" in texts(page)
    tap(page, "spell-room-1-1")  # Ann's Room 1, with Spike
    assert "On which of your Rooms is it built?" in texts(page)
    tap(page, "spell-play")
    assert "builds the Miniboss on a Room of yours" in error_text(page, "spell")
    assert error_rule(page, "spell") == "R-CARD-EFFECT"
    tap(page, "spell-over-1")  # Bo's Pit
    tap(page, "spell-play")
    ann, bo = screen.state.player("Ann"), screen.state.player("Bo")
    mini = bo.dungeon[0].miniboss
    assert ann.dungeon[0].miniboss is None
    assert mini is not None and mini.card.name == "Spike"
    assert (mini.level, mini.face_down) == (2, False)
    assert (ann.coins, bo.coins) == (coins[0] + 2, coins[1] - 2)
    assert "Traitor: Bo pays Ann 2 Coins for Spike and builds it at Level 2" in texts(page)
    assert not has(page, "spell-play")
