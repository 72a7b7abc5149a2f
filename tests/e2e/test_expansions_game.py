"""A 2-player game with Items and Minibosses on a phone, through the real server.

Turn 1: the Item is revealed before the Heroes (picked from the catalogue) and taken by
the first Hero that can carry it; a Miniboss is built face down instead of a Room and
revealed for a Coin; the Hero carrying the Item dies, so its killer gets the Item face
up and uses it. Turn 2: a universal Item, the Miniboss promoted, a Coin payment refused
with its rule (a link that opens it), a score correction, and the winner.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    choose,
    new_hero,
    open_game_with_first_rooms,
    said,
    shows,
    tap,
    type_into,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # a minute or more on CI: started first


def look_at(app: AppPage, identifier: str, name: str) -> None:
    """Scroll until the control's top is on screen, then take a screenshot named ``name``.

    The mouse wheel scrolls Flutter's own view; a DOM scroll does not always reach it.
    """
    viewport = app.page.viewport_size or {"height": 844, "width": 390}
    time.sleep(0.4)  # the semantics boxes lag a redraw by a frame
    for _ in range(12):
        box = app.by_id(identifier).first.bounding_box()
        if box is None:
            break
        offset = box["y"] - 150  # below the app bar and the phase stepper
        if abs(offset) < 60 or (offset > 0 and box["y"] + box["height"] < viewport["height"] - 90):
            break
        app.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
        app.page.mouse.wheel(0, offset)
        time.sleep(0.3)
    app.screenshot(name)


def test_items_and_minibosses_game_on_a_phone(phone: AppPage) -> None:
    started = time.monotonic()
    open_game_with_first_rooms(phone, expansions=("items", "minibosses"))

    # --- turn 1: the Item first, from the catalogue --------------------------------------
    phone.wait_for("reveal-items")
    said(phone, "First the Items")
    type_into(phone, "new-item-1-name", "Ice Rod")
    tap(phone, "new-item-1-option-THK010")
    look_at(phone, "reveal-items", "t1-item-picked")
    tap(phone, "reveal-items")
    phone.wait_for("reveal-heroes")
    said(phone, "Ice Rod #1 is revealed")
    phone.wait_for("town-item-1")

    # --- the first mage Hero takes it ----------------------------------------------------
    # (Hero names the catalogue doesn't suggest: suggestions would move the fields.)
    new_hero(phone, 1, "Wizard", "mage", 4)
    new_hero(phone, 2, "Brute", "fighter", 9)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    said(phone, "the first Hero able to carry Ice Rod #1")
    phone.wait_for("town-hero-1-item")
    look_at(phone, "town", "t1-town-hero-carries-item")

    # --- build: a Miniboss instead of a Room; Coins ---------------------------------------
    # (Rocky: its levels change no damage or treasure, so the walk's numbers are the Rooms'.)
    tap(phone, "mini-p1-open")
    type_into(phone, "mini-p1-name", "Rocky")
    tap(phone, "mini-p1-option-RMB058")
    choose(phone, "mini-p1-where-1")
    look_at(phone, "mini-p1-go", "t1-miniboss-form")
    tap(phone, "mini-p1-go")
    phone.wait_for("p1-room-1-mini-decline")
    look_at(phone, "p1-room-1-mini", "t1-miniboss-face-down")
    shows(phone, "p2-coins-value", "3")
    tap(phone, "p2-coins-plus")
    shows(phone, "p2-coins-value", "4")
    look_at(phone, "p2-coins", "t1-coins")
    tap(phone, "reveal-rooms")  # the Bait and the Wizard's first Room come with it (R-FOLLOWS)
    phone.wait_for("walk-hero-item")
    said(phone, "pays 1 Coin to reveal Rocky")
    shows(phone, "p1-coins-value", "2")

    # --- adventure: the Wizard dies with the Item; Ada gets it face up and uses it -------
    look_at(phone, "adventure", "t1-walking-with-item")
    said(phone, "2 / 4")
    tap(phone, "adv-damage-n")  # +2
    said(phone, "4 / 4")
    tap(phone, "adv-next")
    said(phone, "so Ada gets the Item face up")
    phone.wait_for("p1-item-1-use")
    look_at(phone, "p1-items", "t1-item-won-face-up")
    tap(phone, "p1-item-1-use")
    said(phone, "Ada uses the Boss effect of Ice Rod #1")
    look_at(phone, "p1-items", "t1-item-used")
    # Its Reward: a Room of an opponent's, deactivated until end of turn (asked, a must).
    said(phone, "Ice Rod: which Room of an opponent's does Ada deactivate?")
    assert not phone.by_id("offer-1-Ada-room-1").count()  # not one of Ada's own
    tap(phone, "offer-1-Bert-room-1")
    said(phone, "Bert's Pit is turned sideways until the end of the turn")
    tap(phone, "adv-finish-all")  # the end of the turn comes with it (R-FOLLOWS)

    # --- turn 2: a universal Item, the Miniboss promoted, a refused payment ----------------
    phone.wait_for("reveal-items")
    tap(phone, "new-item-1-class-any")
    tap(phone, "reveal-items")
    phone.wait_for("reveal-heroes")
    new_hero(phone, 1, "Sorcerer", "mage", 4)
    new_hero(phone, 2, "Brute", "fighter", 9)
    tap(phone, "reveal-heroes")
    phone.wait_for("p1-room-1-mini-promote")
    tap(phone, "p1-room-1-mini-promote")
    said(phone, "Rocky · Level 2 of 3")
    shows(phone, "p1-coins-value", "1")
    look_at(phone, "p1-room-1", "t2-miniboss-promoted")
    tap(phone, "p1-coins-minus")
    shows(phone, "p1-coins-value", "0")
    tap(phone, "p1-coins-minus")
    phone.wait_for("p1-coins-error")
    said(phone, "Ada has 0 Coins and can't pay 1.")
    shows(phone, "p1-coins-error-rule", "R-MINI")
    look_at(phone, "p1-coins-error", "t2-coin-refused")
    tap(phone, "p1-coins-error-rule")  # the refusal's rule, as a ruling's
    phone.wait_for("rule-dialog-body")
    said(phone, "(R-MINI)")
    tap(phone, "rule-dialog-close")

    # --- a correction brings Ada to 10 Souls; the turn ends with her win ------------------
    tap(phone, "tab-score")
    tap(phone, "score-p1-correct")
    for step in range(1, 10):
        tap(phone, "correct-p1-souls-plus")
        shows(phone, "correct-p1-souls", f"+{step}")
    type_into(phone, "correct-p1-reason", "Souls from spells")
    tap(phone, "correct-p1-save")
    phone.wait_for("score-p1-correct")
    tap(phone, "tab-play")
    tap(phone, "reveal-rooms")
    tap(phone, "adv-finish-all")
    phone.wait_for("winner")
    said(phone, "Ada wins!")
    phone.screenshot("game-over")
    print(f"expansions game took {time.monotonic() - started:.1f}s")
