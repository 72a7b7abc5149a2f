"""A 2-player game on a phone with three ability Rooms from the catalogue and a Spell
(R-CARD-EFFECT), through the real server.

Turn 1: Ada builds Goblin Armory in front of her Crypt; Bert builds Minotaur's Maze over
his Pit. Ada plays Giant Size on her Crypt; the Wizard takes 1 (Armory) + 2+1+3 (Crypt:
next to the Armory, boosted) and dies there. Turn 2: Ada builds Monster's Ballroom over
the Armory (it deals 2, the number of her Monster Rooms); Bert builds a Hall in front of
the Maze, which sends the Brute back into the Hall once.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    bring_into_view,
    build_room,
    choose,
    new_hero,
    open_game_with_first_rooms,
    said,
    tap,
    type_into,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # a minute or more on CI: started first


def pick_room(app: AppPage, prefix: str, name: str, card_id: str, where: str) -> None:
    type_into(app, f"{prefix}-name", name)
    app.wait_for(f"{prefix}-option-{card_id}")
    tap(app, f"{prefix}-option-{card_id}")
    time.sleep(0.5)  # the pick redraws the form and moves the keyboard on
    if where != "entrance":  # the entrance end is already chosen
        choose(app, f"{prefix}-where-{where}")
    tap(app, f"{prefix}-go")
    # A pick lost in a redraw leaves the card's name typed: the app asks before building.
    face_down = prefix.removeprefix("build-") + "-face-down"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if app.by_id(face_down).count():
            return
        if app.by_id("room-question-use-card").count():
            tap(app, "room-question-use-card")
        time.sleep(0.2)
    raise AssertionError(f"{name} was not built face down")


def test_three_ability_rooms_and_a_spell_on_a_phone(phone: AppPage) -> None:
    started = time.monotonic()
    open_game_with_first_rooms(phone)

    # --- turn 1 ---------------------------------------------------------------------------
    new_hero(phone, 1, "Wizard", "mage", 6)
    new_hero(phone, 2, "Priest", "cleric", 4)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    pick_room(phone, "build-p1", "Goblin Armory", "BMA015", "entrance")
    phone.wait_for("p1-face-down")
    pick_room(phone, "build-p2", "Minotaur's Maze", "BMA017", "1")
    phone.wait_for("p2-face-down")
    tap(phone, "reveal-rooms")  # the Bait and the Wizard's first Room come with it
    phone.wait_for("adventure")

    # Ada plays Giant Size on her Crypt (Room 2), picked by name.
    tap(phone, "spell-open")
    tap(phone, "spell-caster-1")
    tap(phone, "spell-BMA047")
    tap(phone, "spell-room-1-2")
    bring_into_view(phone, "spell-play")
    phone.screenshot("t1-spell-chosen")
    tap(phone, "spell-play")
    said(phone, "Giant Size: Crypt (Room 2) deals +3 damage until end of turn")

    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-heroes")  # the end of the turn came with it (R-FOLLOWS)
    said(phone, "card effects: Goblin Armory +1")
    said(phone, "Crypt +3.")
    said(phone, "R-CARD-EFFECT")
    bring_into_view(phone, "last-step")
    phone.screenshot("t1-card-rulings")
    said(phone, "Souls 1 · Wounds 0")

    # --- turn 2 ---------------------------------------------------------------------------
    new_hero(phone, 1, "Brute", "fighter", 9)
    new_hero(phone, 2, "Sage", "mage", 3)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    pick_room(phone, "build-p1", "Monster's Ballroom", "BMA020", "1")
    phone.wait_for("p1-face-down")
    build_room(phone, "build-p2", "Hall", ["fighter"], 1)
    tap(phone, "build-p2-go")
    phone.wait_for("p2-face-down")
    tap(phone, "reveal-rooms")  # the Sage walks into the Ballroom with it (R-FOLLOWS)
    phone.wait_for("adventure")
    said(phone, "card effects: Monster")  # the snapshot doubles apostrophes
    said(phone, "Ballroom = 2")
    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-heroes")
    said(phone, "Maze sends Brute #3 back to the previous Room, Hall (Room 1)")
    bring_into_view(phone, "last-step")
    phone.screenshot("t2-ballroom-and-maze")
    assert time.monotonic() - started < 240
