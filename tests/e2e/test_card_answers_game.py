"""A turn on a phone with an Item, a Miniboss and a Room whose ability needs its owner's
answer (R-ITEM, R-MINI, R-CARD-EFFECT), through the real server.

Ada's Wizard takes the Ice Rod; Ada builds Spike face down on her Crypt (revealed for a
Coin; its Level 1 gives the Crypt +1 damage); Bert builds Shrooman Cave in front of his
Pit: at the reveal the app asks which of Bert's other Monster Rooms gets +3 (the Cave
itself is not offered), Bert picks the Pit, and the Pit's damage on the dungeon card
reads 1 + 3.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    choose,
    open_game_with_first_rooms,
    reveal_item_and_heroes,
    said,
    shows,
    tap,
    type_into,
)
from tests.e2e.test_card_abilities_game import pick_room

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_item_miniboss_and_a_room_asking_its_owner(phone: AppPage) -> None:
    started = time.monotonic()
    open_game_with_first_rooms(phone, expansions=("items", "minibosses"))

    reveal_item_and_heroes(
        phone, "Ice Rod", "THK010", [("Wizard", "mage", 4), ("Brute", "fighter", 9)]
    )

    tap(phone, "mini-p1-open")
    type_into(phone, "mini-p1-name", "Spike")
    tap(phone, "mini-p1-option-RMB055")
    choose(phone, "mini-p1-where-1")
    tap(phone, "mini-p1-go")
    phone.wait_for("p1-room-1-mini-decline")
    pick_room(phone, "build-p2", "Shrooman Cave", "TNL027", "entrance")
    tap(phone, "reveal-rooms")
    said(phone, "pays 1 Coin to reveal Spike")
    shows(phone, "p1-room-1-damage", "3 dmg (printed 2)")  # Spike's Level 1: its Room +1 (Crypt 2)

    phone.wait_for("offer-1")
    said(phone, "Shrooman Cave: which Monster Room of Bert")
    assert not phone.by_id("offer-1-room-1").count()  # the Cave is not "another" Room
    assert not phone.by_id("offer-1-no").count()  # a must-do: no No
    phone.screenshot("shrooman-cave-asks")
    tap(phone, "offer-1-room-2")
    said(phone, "deals +3 damage until end of turn")
    shows(phone, "p2-room-2-damage", "4 dmg")
    phone.screenshot("shrooman-cave-answered")
    tap(phone, "resolve-bait")
    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-items")  # the end of the turn came with the last Hero (R-FOLLOWS)
    said(phone, "Ice Rod #1")
    print(f"card answers game took {time.monotonic() - started:.1f}s")
