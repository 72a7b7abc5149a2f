"""A turn on a phone with an Item's Power-Up, a Rise of the Minibosses Room whose ability
needs a number only its owner knows, and its Coins (R-ITEM, R-MINI, R-CARD-EFFECT),
through the real server.

Bert's Brute takes Goblin Suit (no damage from ordinary Monster Rooms); Ada builds
Monster Academy: at the reveal the app asks how many Minibosses Ada reveals from her hand,
with one button per number; Ada says 2 and gains 4 Coins (3 + 4 = 7 in her hoard). The
Brute walks Bert's Pit (an ordinary Monster Room) and takes no damage from it.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    open_game_with_first_rooms,
    reveal_item_and_heroes,
    said,
    shows,
    tap,
)
from tests.e2e.test_card_abilities_game import pick_room

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_item_power_up_and_a_room_asking_a_number(phone: AppPage) -> None:
    started = time.monotonic()
    open_game_with_first_rooms(phone, expansions=("items", "minibosses"))

    heroes = [("Brute", "fighter", 4), ("Wizard", "mage", 9)]
    reveal_item_and_heroes(phone, "Goblin Suit", "THK005", heroes)

    pick_room(phone, "build-p1", "Monster Academy", "RMB014", "entrance")
    tap(phone, "reveal-rooms")
    phone.wait_for("offer-1")
    said(phone, "Monster Academy: how many Minibosses does Ada reveal from the hand?")
    assert phone.by_id("offer-1-count-5").count()  # the numbers allowed, 0 to 5
    assert not phone.by_id("offer-1-no").count()  # a number, not a Yes or No
    phone.screenshot("monster-academy-asks")
    tap(phone, "offer-1-count-2")
    said(phone, "Monster Academy: Ada gains 4 Coins and now has 7")
    phone.screenshot("monster-academy-answered")

    tap(phone, "resolve-bait")
    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-items")  # the end of the turn came with the last Hero (R-FOLLOWS)
    said(phone, "it takes no damage from ordinary Monster Rooms")
    phone.screenshot("goblin-suit-walk")
    print(f"coin and item cards game took {time.monotonic() - started:.1f}s")


def test_oversized_sword_raises_the_walking_heros_health(phone: AppPage) -> None:
    """Oversized Sword (Power-Up: this Hero has +5): the Brute's 4 Health reads 9 on the
    walk's damage line once it walks, and its rulings count against 9."""
    open_game_with_first_rooms(phone, expansions=("items",))
    heroes = [("Brute", "fighter", 4), ("Wizard", "mage", 9)]
    reveal_item_and_heroes(phone, "Oversized Sword", "THK007", heroes)
    tap(phone, "reveal-rooms")  # the Bait comes with it (R-FOLLOWS)
    tap(phone, "adv-finish-walk")  # the Wizard walks Ada's dungeon first (more XP)
    # The Brute walks into Bert's first Room at once (R-FOLLOWS).
    said(phone, "Oversized Sword on Brute #1")
    said(phone, "takes 1 damage (1 of 9)")
    shows(phone, "walk-damage", "1 / 9")
    phone.screenshot("oversized-sword-walk")
