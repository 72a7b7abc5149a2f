"""A 5-player game on a phone, through the real server, to a winner (Crash Landing rules).

Seats and XP order differ on purpose, so that a split which followed seats instead of XP
would fail:

    seat  p1 Ana   typed Boss    300 XP  fighter
          p2 Ben   Draculord     900 XP  cleric   (from the catalogue)
          p3 Cat   King Croak    800 XP  fighter  (from the catalogue)
          p4 Dan   Nicolius      975 XP  mage     (from the catalogue)
          p5 Eve   typed Boss    500 XP  thief
    XP order (set-up Rooms, Adventure): Dan, Ben, Cat, Eve, Ana.

Turn 1: Ana, Cat and Dan tie at 1 fighter (R-BAIT-TOTAL: Bosses count); four fighter
Heroes split Dan, Cat, Ana (highest XP first) and the fourth stays (R-BAIT-SPLIT).
Turn 2: a Hero dies in Dan's middle Room of three; undo, redo, reload; Eve takes her fifth
Wound and plays on (R-END-FIVESIX). Turn 3: Eve is corrected to 10 Souls, the game ends,
and Dan wins on Souls minus Wounds, not Eve with her 10 Souls.
"""

from __future__ import annotations

import time

import pytest

from rules.rulings import explain
from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import (
    add_treasure_icon,
    bring_into_view,
    pick_tile,
    said,
    shows,
    tap,
    type_into,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # a minute or more on CI: started first

TIED = "Dan, Cat, Ana"  # the tied dungeons, highest XP first


def quick_type(app: AppPage, identifier: str, text: str) -> None:
    """Type a short text (a number, a short name): fewer pauses than a long one needs."""
    type_into(app, identifier, text, delay_ms=5, settle_s=0.15)


def hero(app: AppPage, n: int, treasure: str, health: int, name: str = "") -> None:
    if name:
        quick_type(app, f"new-hero-{n}-name", name)
    pick_tile(app, f"new-hero-{n}-treasure-{treasure}")
    quick_type(app, f"new-hero-{n}-health", str(health))


def build(app: AppPage, seat: int, treasure: str, damage: int, name: str = "") -> None:
    """Build a Room for the player in ``seat`` at the entrance end, face down."""
    p = f"build-p{seat}"
    if name:
        quick_type(app, f"{p}-name", name)
    # Its icon waited for: the form grows under the pointer as it comes, and a tap on
    # "Build" aimed before then can land beside it (a CI run: Eve's Room never built).
    add_treasure_icon(app, p, treasure, 1)
    if damage != 1:  # the picker starts at 1 damage
        quick_type(app, f"{p}-damage", str(damage))
    tap(app, f"{p}-go")
    app.wait_for(f"p{seat}-face-down")


#: Seat order: name, then a catalogue Boss (query, card id) or a typed one (name, XP, treasure).
PLAYERS: tuple[tuple[str, tuple[str, str] | tuple[str, str, str]], ...] = (
    ("Ana", ("Ana's Boss", "300", "fighter")),
    ("Ben", ("Dracul", "BMA001")),  # Draculord, 900 XP, cleric
    ("Cat", ("King Cr", "BMA003")),  # King Croak, 800 XP, fighter
    ("Dan", ("Nicol", "TNL009")),  # Nicolius, 975 XP, mage
    ("Eve", ("Eve's Boss", "500", "thief")),
)


def new_five_player_game(app: AppPage) -> None:
    tap(app, "new-game")
    for _ in range(3):
        tap(app, "add-player")
    app.wait_for("player-5-name")
    for n, (name, boss) in enumerate(PLAYERS, 1):  # top to bottom: no scrolling back
        quick_type(app, f"player-{n}-name", name)
        quick_type(app, f"player-{n}-boss", boss[0])
        if len(boss) == 2:
            tap(app, f"player-{n}-boss-option-{boss[1]}")
        else:
            quick_type(app, f"player-{n}-xp", boss[1])
            tap(app, f"player-{n}-treasure-{boss[2]}")
    app.screenshot("new-game-five-players")
    tap(app, "start-game")
    app.wait_for("screen-setup")


def first_rooms(app: AppPage) -> None:
    """One first Room each, in XP order (Dan, Ben, Cat, Eve, Ana), then revealed."""
    for place, line in enumerate(("Dan", "Ben", "Cat", "Eve", "Ana"), 1):
        shows(app, f"xp-order-{place}", line)
    shows(app, "xp-order-1", "975")  # picked from the catalogue: Nicolius's XP
    for place, (treasure, damage) in enumerate(
        (("fighter", 2), ("cleric", 1), ("thief", 1), ("thief", 1), ("cleric", 1)), 1
    ):
        prefix = f"first-room-{place}"
        add_treasure_icon(app, prefix, treasure, 1)
        if damage != 1:
            quick_type(app, f"{prefix}-damage", str(damage))
        tap(app, f"{prefix}-build")
        app.wait_for(f"{prefix}-placed")
    app.screenshot("setup-first-rooms")
    tap(app, "reveal-first-rooms")
    app.wait_for("screen-game")


def split(player: str) -> str:
    return explain(
        "bait.split", {"players": TIED, "total": 1, "treasure": "fighter", "player": player}
    )


def test_five_player_game_splits_a_tie_keeps_five_wounds_and_ends_on_souls_minus_wounds(
    phone: AppPage,
) -> None:
    started = time.monotonic()
    new_five_player_game(phone)
    first_rooms(phone)

    # --- turn 1: five Heroes, two builds, a three-way tie split by XP -------------------
    said(phone, "Reveal 5 Heroes from the deck")
    for n in range(1, 5):
        hero(phone, n, "fighter", 4)
    hero(phone, 5, "thief", 9)
    phone.screenshot("t1-heroes")
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    build(phone, 4, "mage", 3, name="Lab")  # Dan
    build(phone, 5, "thief", 1)  # Eve
    bring_into_view(phone, "p5-face-down")
    phone.screenshot("t1-build")
    tap(phone, "reveal-rooms")
    # R-BAIT-TOTAL: Ana's and Cat's fighter Bosses, Dan's fighter Room; Dan's Lab is a mage.
    for seat, fighters in ((1, 1), (2, 0), (3, 1), (4, 1), (5, 0)):
        shows(phone, f"p{seat}-total-fighter", f"Fighter {fighters}")
    shows(phone, "p4-total-mage", "Mage 2")
    phone.wait_for("bait-result-5")  # the Bait came with the reveal (R-FOLLOWS)
    for n, player in ((1, "Dan"), (2, "Cat"), (3, "Ana")):
        shows(phone, f"bait-result-{n}", f"Goes to {player}'s dungeon")
        shows(phone, f"bait-result-{n}", split(player))
        shows(phone, f"bait-result-{n}-why-rule", "R-BAIT-SPLIT")
    shows(phone, "bait-result-4", "Stays in town")
    shows(
        phone,
        "bait-result-4",
        explain("bait.split_left", {"players": TIED, "total": 1, "treasure": "fighter"}),
    )
    shows(phone, "bait-result-5", "Goes to Eve's dungeon")
    shows(phone, "bait-result-5-why-rule", "R-BAIT-HIGHEST")
    bring_into_view(phone, "bait-results")
    phone.screenshot("t1-bait-split")
    tap(phone, "bait-result-1-why-rule")
    phone.wait_for("rule-dialog-body")
    said(phone, "(R-BAIT-SPLIT)")
    tap(phone, "rule-dialog-close")
    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-heroes")  # the end of the turn came with it (R-FOLLOWS)
    # Dan's Lab (3) and first Room (2) kill a 4-Health Hero; the others reach their Bosses.
    shows(phone, "p4-score", "Souls 1 · Wounds 0")
    shows(phone, "p3-score", "Souls 0 · Wounds 1")
    shows(phone, "p1-score", "Souls 0 · Wounds 1")
    shows(phone, "p5-score", "Souls 0 · Wounds 1")

    # --- turn 2: a Hero dies in Dan's middle Room of three ------------------------------
    said(phone, "Nobody has won yet")
    hero(phone, 1, "mage", 5, name="Sage")
    for n in range(2, 6):
        hero(phone, n, "thief", 9)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    build(phone, 4, "mage", 2)  # Dan: new Room 1, the Lab is now Room 2 of 3
    tap(phone, "reveal-rooms")  # the Bait and the first Room come with it (R-FOLLOWS)
    phone.wait_for("bait-result-6")
    shows(phone, "bait-result-1", "Stays in town")  # turn 1's fourth fighter: still too few
    shows(phone, "bait-result-2", "Goes to Dan's dungeon")
    shows(phone, "p4-room-2", "Lab")
    bring_into_view(phone, "adventure")
    said(phone, "Adventure in Dan's dungeon")
    shows(phone, "walk-damage", "2 / 5")
    tap(phone, "adv-next")
    shows(phone, "walk-damage", "5 / 5")
    phone.screenshot("t2-middle-room")
    tap(phone, "adv-next")
    said(phone, "Sage #6 leaves Lab (Room 2) with 5 damage against 5 Health, so it dies there")
    shows(phone, "p4-score", "Souls 2 · Wounds 0")

    # --- undo and redo the death; a reload comes back to the same table --------------
    tap(phone, "undo")
    shows(phone, "walk-damage", "5 / 5")
    shows(phone, "p4-score", "Souls 1 · Wounds 0")
    phone.screenshot("t2-undone")
    tap(phone, "redo")
    shows(phone, "p4-score", "Souls 2 · Wounds 0")
    url = phone.page.url
    phone.page.reload()
    phone.wait_ready()
    phone.wait_for("adv-finish-all", timeout=20_000)
    assert phone.page.url == url
    said(phone, "Adventure in Eve's dungeon")
    shows(phone, "p4-score", "Souls 2 · Wounds 0")
    phone.screenshot("t2-after-reload")
    tap(phone, "adv-finish-all")
    phone.wait_for("reveal-heroes")  # the end of the turn came with it (R-FOLLOWS)
    shows(phone, "p5-score", "Souls 0 · Wounds 5")

    # --- five Wounds in a 5-player game: nobody is eliminated -------------------------
    said(phone, explain("end.no_elim_fivesix", {"player": "Eve", "wounds": 5}))
    shows(phone, "last-step", "R-END-FIVESIX")
    said(phone, "Nobody has won yet")
    said(phone, "Reveal 5 Heroes from the deck")
    assert "Out of the game" not in phone.by_id("summary-p5").first.aria_snapshot()
    phone.screenshot("t3-eve-plays-on")

    # --- turn 3: Eve builds; five mages die in Dan's first Room; Eve gets 10 Souls ----
    for n in range(1, 6):
        hero(phone, n, "mage", 2)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    build(phone, 5, "thief", 1)  # Eve is still in the game and builds
    tap(phone, "tab-score")
    tap(phone, "score-p5-correct")
    for step in range(1, 11):
        tap(phone, "correct-p5-souls-plus")
        shows(phone, "correct-p5-souls", f"+{step}")
    quick_type(phone, "correct-p5-reason", "lost cards")
    tap(phone, "correct-p5-save")
    phone.wait_for("score-p5-correct")
    shows(phone, "score-p5-souls", "10")
    shows(phone, "score-p5-wounds", "5")
    bring_into_view(phone, "score-p5")
    phone.screenshot("t3-scores-eve")
    tap(phone, "tab-play")
    tap(phone, "reveal-rooms")
    tap(phone, "adv-finish-all")  # the end of the turn comes with it (R-FOLLOWS)

    # --- the game ends: Eve has 10 Souls, Dan has the best Souls minus Wounds ----------
    phone.wait_for("winner")
    shows(phone, "score-p4-souls", "7")
    said(phone, "Dan wins!")
    shows(
        phone,
        "winner-why",
        explain("end.fivesix_souls", {"reached": "Eve", "player": "Dan", "net": 7}),
    )
    shows(phone, "winner-why-rule", "R-END-FIVESIX")
    phone.screenshot("game-over")
    print(f"5-player game took {time.monotonic() - started:.1f}s")
