"""A whole 2-player game on a phone, through the real server, to a winner.

New game, first Rooms, Heroes revealed, an illegal build refused, Bait with a tie, a Hero
dying in a middle Room, an undo and a redo, a page reload that resumes mid-game, end of
turn, a heal, a logged score correction, a new tab that opens on the Log tab the player
left, and the winner with the rule that decided it. Where the rules leave nobody anything
to play, the step after comes in the same tap (R-FOLLOWS): the Bait and the first Room
with Reveal Rooms, the end of the turn with the last Hero.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    bring_into_view,
    build_room,
    new_hero,
    open_game_with_first_rooms,
    said,
    shows,
    tap,
    type_into,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # a minute or more on CI: started first


def test_two_player_game_to_a_winner_on_a_phone(phone: AppPage) -> None:
    started = time.monotonic()
    open_game_with_first_rooms(phone)

    # --- turn 1: Heroes -------------------------------------------------------------------
    said(phone, "Reveal 2 Heroes from the deck")
    phone.screenshot("t1-beginning")
    new_hero(phone, 1, "Wizard", "mage", 4)
    new_hero(phone, 2, "Priest", "cleric", 4)
    phone.screenshot("t1-heroes-entered")
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")

    # --- build: an illegal Room is refused, then legal ones ---------------------------
    build_room(phone, "build-p2", "Shrine", ["cleric"], 1, advanced=True)
    tap(phone, "build-p2-go")
    phone.wait_for("build-p2-error")
    said(phone, "An Advanced Room (Shrine) must be built over a Room")
    shows(phone, "build-p2-error-rule", "R-BUILD-WHERE")  # a link to the rule
    bring_into_view(phone, "build-p2-error")
    phone.screenshot("t1-build-refused")
    tap(phone, "build-p2-advanced")  # not Advanced after all
    tap(phone, "build-p2-go")
    phone.wait_for("p2-face-down")
    build_room(phone, "build-p1", "Lab", ["mage", "cleric"], 3)
    tap(phone, "build-p1-go")
    phone.wait_for("p1-face-down")
    bring_into_view(phone, "p1-face-down")
    phone.screenshot("t1-build-face-down")
    tap(phone, "reveal-rooms")

    # --- bait, with the reveal: the Wizard goes to Ada, the Priest's cleric totals tie 1–1
    phone.wait_for("bait-result-2")
    said(phone, "Goes to Ada's dungeon")
    said(phone, "is shared by Ada and Bert, so the Hero stays in town")
    bring_into_view(phone, "bait-results")
    phone.screenshot("t1-bait-results-tie")
    tap(phone, "bait-result-2-why-rule")
    phone.wait_for("rule-dialog-body")
    phone.screenshot("t1-rule-glossary")
    tap(phone, "rule-dialog-close")

    # --- adventure: the Wizard (4 Health) is in the Lab at once, and dies there ----------
    bring_into_view(phone, "adventure")
    said(phone, "3 / 4")
    tap(phone, "adv-damage-1")
    said(phone, "4 / 4")
    phone.screenshot("t1-adventure-4-of-4")
    tap(phone, "adv-next")  # nobody else walks: the turn ends with it (R-FOLLOWS)
    phone.wait_for("reveal-heroes")
    said(phone, "dies there")

    # --- undo and redo the death ------------------------------------------------------
    tap(phone, "undo")
    phone.wait_for("adv-next")
    said(phone, "4 / 4")
    phone.screenshot("t1-undone")
    tap(phone, "redo")
    phone.wait_for("reveal-heroes")

    # --- reload mid-game: back at the same table --------------------------------------
    url = phone.page.url
    phone.page.reload()
    phone.wait_ready()
    phone.wait_for("reveal-heroes", timeout=20_000)
    assert phone.page.url == url
    said(phone, "Souls 1 · Wounds 0")
    phone.screenshot("t1-after-reload")

    # --- turn 2: a Hero dies in the middle Room of three --------------------------------
    said(phone, "Nobody has won yet")
    phone.screenshot("t2-beginning")
    new_hero(phone, 1, "Sage", "mage", 6)
    new_hero(phone, 2, "Rogue", "thief", 3)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    build_room(phone, "build-p1", "Tomb", ["mage"], 2)
    tap(phone, "build-p1-go")
    phone.wait_for("p1-face-down")
    build_room(phone, "build-p2", "Altar", ["cleric"], 1)
    tap(phone, "build-p2-go")
    phone.wait_for("p2-face-down")
    tap(phone, "reveal-rooms")
    phone.wait_for("bait-result-3")
    # Ada: Tomb (2), Lab (3), Crypt (2). The Sage has 6 Health, and is in the Tomb.
    bring_into_view(phone, "adventure")
    said(phone, "Adventure in Ada's dungeon")
    said(phone, "2 / 6")
    tap(phone, "adv-next")
    said(phone, "5 / 6")
    tap(phone, "adv-damage-1")
    said(phone, "6 / 6")
    phone.screenshot("t2-adventure-middle-room")
    tap(phone, "adv-next")
    said(phone, "dies there")
    said(phone, "Room 2")
    # Bert's Priest walks 3 damage against 4 Health: a Wound.
    said(phone, "Adventure in Bert's dungeon")
    phone.screenshot("t2-adventure-bert")
    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-heroes")  # the end of the turn came with it
    said(phone, "so the turn is ruled on at once")
    phone.screenshot("t2-end")

    # --- turn 3: heal a Wound, a logged correction, a real kill, the winner -------------
    phone.wait_for("reveal-heroes")
    new_hero(phone, 1, "Elf", "mage", 4)
    new_hero(phone, 2, "Brute", "fighter", 9)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    tap(phone, "tab-score")
    phone.wait_for("score-p2-heal")
    phone.screenshot("t3-scores")
    tap(phone, "score-p2-heal")
    said(phone, "Bert heals a Wound")  # the last step shows on the Scores tab too
    tap(phone, "score-p1-correct")
    for step in range(1, 8):
        tap(phone, "correct-p1-souls-plus")
        shows(phone, "correct-p1-souls", f"+{step}")
    type_into(phone, "correct-p1-reason", "rounds played on paper")
    phone.screenshot("t3-correction")
    tap(phone, "correct-p1-save")
    phone.wait_for("score-p1-correct")
    tap(phone, "tab-log")
    said(phone, "corrected by hand (+7 Souls, +0 Wounds): rounds played on paper")
    phone.screenshot("t3-log")
    # A new tab on the game (a new session: a page the phone's browser dropped long ago,
    # or a restarted server) opens on the tab the player left, not on the table. A reload
    # keeps its server session, and its tab with it.
    again = phone.another_tab().open(phone.page.url.removeprefix(phone.base_url))
    again.wait_for("log", timeout=20_000)
    said(again, "corrected by hand (+7 Souls, +0 Wounds): rounds played on paper")
    again.screenshot("t3-log-in-a-new-tab")
    again.page.close()
    tap(phone, "tab-play")
    tap(phone, "reveal-rooms")
    tap(phone, "adv-finish-all")
    phone.wait_for("winner")
    said(phone, "Ada wins!")
    said(phone, "R-END-WIN")
    phone.screenshot("game-over")
    print(f"full game took {time.monotonic() - started:.1f}s")


def test_game_screen_reads_well_on_a_desktop(desktop: AppPage) -> None:
    """At 1280 px the Rooms line up entrance to Boss, left to right."""
    open_game_with_first_rooms(desktop)
    new_hero(desktop, 1, "Wizard", "mage", 4)
    new_hero(desktop, 2, "Priest", "cleric", 4)
    tap(desktop, "reveal-heroes")
    desktop.wait_for("reveal-rooms")
    bring_into_view(desktop, "p1-boss")
    desktop.screenshot("build")
    box = desktop.by_id("p1-room-1").first.bounding_box()
    boss = desktop.by_id("p1-boss").first.bounding_box()
    assert box is not None and boss is not None
    assert boss["x"] > box["x"] and abs(boss["y"] - box["y"]) < 5, (box, boss)
