"""A Spell that moves Rooms, on a phone through the real server (R-CARD-EFFECT).

Turn 1: Ada builds a Hall (fighter, 3) in front of her Crypt. Turn 2, Build phase: Ada
plays Oh, Yeah! (swap two Rooms of your dungeon): the app asks which two, with one
button per pair and no No (a must-do); Ada swaps Room 1 and Room 2 and her dungeon reads
Crypt first, then Hall. The question and the ruling are asked again in German on a
360×740 phone.
"""

from __future__ import annotations

import time

import pytest

from companion.i18n import Translator
from companion.ui.redraw import REFOCUS_SETTLE_S
from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    bring_into_view,
    build_room,
    keyboard_in,
    new_hero,
    open_game_with_first_rooms,
    said,
    shows,
    tap,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
#: Beyond the keyboard's second move, the time its scroll may take on a loaded machine.
SETTLED_S = 0.6


def test_oh_yeah_asks_which_two_rooms_swap_and_the_dungeon_follows(phone: AppPage) -> None:
    started = time.monotonic()
    open_game_with_first_rooms(phone)
    new_hero(phone, 1, "Wizard", "mage", 9)
    new_hero(phone, 2, "Priest", "cleric", 4)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    build_room(phone, "build-p1", "Hall", ["fighter"], 3)
    tap(phone, "build-p1-go")
    phone.wait_for("p1-face-down")
    # The keyboard moves on to Bert's Room (the app's step after a build, #14), and the
    # page scrolls there, once and maybe again REFOCUS_SETTLE_S later: Reveal Rooms is
    # tapped after that, as a player taps once the screen stops moving (in CI a tap made
    # during that scroll landed on nothing, and the Adventure never came).
    keyboard_in(phone, "build-p2-name", timeout=15)
    time.sleep(REFOCUS_SETTLE_S + SETTLED_S)
    tap(phone, "reveal-rooms")  # the Bait and the first Room come with it (R-FOLLOWS)
    tap(phone, "adv-finish-all")  # and the end of the turn with the last Hero

    phone.wait_for("reveal-heroes")
    new_hero(phone, 1, "Brute", "fighter", 9)
    new_hero(phone, 2, "Sage", "mage", 3)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    shows(phone, "p1-room-1-damage", "3 dmg")  # the Hall, at the entrance
    tap(phone, "spell-open")
    tap(phone, "spell-caster-1")
    tap(phone, "spell-TNL063")
    bring_into_view(phone, "spell-play")
    tap(phone, "spell-play")
    phone.wait_for("offer-1")
    said(phone, "Oh, Yeah!: which two Rooms of Ada")
    assert phone.by_id("offer-1-Ada-swap-1-2").count()
    assert not phone.by_id("offer-1-no").count()  # a must-do: no No
    shows(phone, "offer-1-Ada-swap-1-2", "Rooms 1 and 2")
    bring_into_view(phone, "offer-1")
    phone.screenshot("oh-yeah-asks")

    # In German on a small phone: the question and its answer in German.
    tap(phone, "open-settings")
    phone.wait_for("settings-lang")
    phone.page.get_by_role("button", name="Deutsch").click()
    phone.wait_text("Sprache")
    phone.page.get_by_role("button", name="Zurück").click()
    phone.page.set_viewport_size({"width": 360, "height": 740})
    phone.wait_for("offer-1")
    german = Translator("de")
    said(phone, german("table.offer.swap_own_rooms", card="Oh, Yeah!", player="Ada"))
    shows(phone, "offer-1-Ada-swap-1-2", "Räume 1 und 2")
    bring_into_view(phone, "offer-1")
    phone.screenshot("oh-yeah-asks-de")
    tap(phone, "offer-1-Ada-swap-1-2")
    said(phone, "Adas Räume sind jetzt, vom Eingang aus: Crypt, Hall")
    shows(phone, "p1-room-1-damage", "2")
    shows(phone, "p1-room-2-damage", "3")
    phone.screenshot("oh-yeah-swapped-de")
    print(f"rooms moved game took {time.monotonic() - started:.1f}s")
