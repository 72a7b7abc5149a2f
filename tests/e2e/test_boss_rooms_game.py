"""A Boss's Level Up on the Rooms, on a phone, through the real server (R-CARD-EFFECT).

The game is imported as in ``test_boss_ability_game`` (turn 5, both Bosses levelled up, 3
Coins each, five Rooms each: the newest first, 1 damage): Ann's Chase ("once per turn
you may discard an Advanced Room card to give one Room a +1 counter") has a button per
Room, and the Room named deals 1 more; Bob's Scott ("your Trap Rooms have +1; any
opponent may give you a Coin to cancel this until the end of your turn") shows each of
Bob's 1-damage Trap Rooms at 2, and Ann's Coin for it brings them back to 1.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import shows, tap
from tests.e2e.test_boss_ability_game import exported, open_imported
from tests.e2e.test_expansions_game import look_at

pytestmark = [pytest.mark.e2e]


def test_boss_buttons_chase_and_scott_on_a_phone(phone: AppPage) -> None:
    open_imported(phone, exported("TPU001", "RMB011"))

    # Scott: Bob's Trap Rooms have +1 (printed 1, dealt 2).
    shows(phone, "p2-room-1-damage", "2")

    # Chase: a button per Room of Ann's; the first Room gets a +1 counter (1 -> 2).
    shows(phone, "p1-boss-use-room-1", "Use Chase on Ann's Room 1")
    look_at(phone, "p1-boss-use-room-1", "chase-buttons")
    assert phone.by_id("p1-boss-use-room-2").count() == 1  # a button per Room
    tap(phone, "p1-boss-use-room-1")
    shows(phone, "p1-room-1-damage", "2")
    assert phone.by_id("p1-boss-use-room-2").count() == 0  # once per turn

    # Ann's Coin for Scott: Bob's Trap Rooms deal their printed 1 again this turn.
    shows(phone, "p2-boss-gift-1", "Ann gives Bob 1 Coin")
    look_at(phone, "p2-boss-gift-1", "scott-gift-button")
    tap(phone, "p2-boss-gift-1")
    shows(phone, "p2-room-1-damage", "1")
    shows(phone, "p1-coins-value", "2")
    assert phone.by_id("p2-boss-gift-1").count() == 0  # once a turn
    look_at(phone, "p2-room-1-damage", "scott-cancelled")
