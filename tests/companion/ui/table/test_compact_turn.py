"""The compact turn view (issue 32): the phase's forms first, each dungeon a summary row
that opens to its card (the busy one open), and the scores pinned above the bottom bar.

The figures a row shows are worked out here from the rules (R-BAIT-TOTAL: a dungeon's
treasure is its Rooms' icons plus its Boss's; a Hero killed scores its Souls), not read
from the engine.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.commands import AdvanceHero, FinishWalk, ResolveBait, RevealHeroes, RevealRooms
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    IN_BUILD,
    FakePage,
    find,
    has,
    hero,
    start,
    tap,
    type_into,
    walk,
)
from tests.companion.ui.table.test_expansion_panels import MINI_BUILD, MINIS, start_with

#: Ann (Boss: mage) and Bo (Boss: fighter) build one more Room each, then two Heroes
#: come: a mage (Ann has the most mage treasure) and a fighter (Bo has the most).
TO_ADVENTURE = [
    *AFTER_SETUP,
    RevealHeroes(heroes=(hero("mage", 9, "Wizard"), hero("fighter", 9, "Knight"))),
    RevealRooms(),
    ResolveBait(),
]


def reads(page: FakePage, identifier: str) -> str:
    """The words of the control tagged ``identifier`` (its texts, in order)."""
    return " ".join(str(c.value) for c in walk(find(page, identifier)) if isinstance(c, ft.Text))


def is_open(page: FakePage, prefix: str) -> bool:
    """Is the dungeon card of seat ``prefix`` shown open (its arrow says what a tap does)?"""
    opened, closed = has(page, f"dungeon-{prefix}-collapse"), has(page, f"dungeon-{prefix}-expand")
    assert opened != closed, (opened, closed)
    return opened and has(page, f"dungeon-{prefix}")


def order(page: FakePage, *identifiers: str) -> list[int]:
    """Where each tagged control comes on the page, top to bottom."""
    seen = [
        c.identifier
        for c in walk(page.views[-1])
        if isinstance(c, ft.Semantics) and c.identifier is not None
    ]
    return [seen.index(i) for i in identifiers]


def test_a_summary_row_sums_up_a_dungeon(app: TableApp, sessions: Sessions, page: FakePage) -> None:
    start(app, sessions, IN_BUILD)
    # Ann: one Room (Crypt: mage, 2 damage) and a mage Boss; Bo: Pit (fighter, 1).
    assert reads(page, "p1-rooms-count") == "1 Room"
    assert reads(page, "p1-damage-total") == "2 damage in all"
    assert "2" in reads(page, "p1-total-mage")  # Crypt + the Boss (R-BAIT-TOTAL)
    assert "0" in reads(page, "p1-total-thief")  # shown at zero too
    assert reads(page, "p2-damage-total") == "1 damage in all"
    assert reads(page, "p1-score") == "Souls 0 · Wounds 0"


def test_every_card_starts_closed_until_its_dungeon_is_busy(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    assert not is_open(page, "p1") and not is_open(page, "p2")
    type_into(page, "build-p1-name", "Lab")
    tap(page, "build-p1-treasure-mage")
    type_into(page, "build-p1-damage", "3")
    tap(page, "build-p1-go")
    # Ann's Room went down face down: her card opens to show where; Bo's stays closed.
    assert is_open(page, "p1") and not is_open(page, "p2")
    assert "1 face down" in reads(page, "p1-rooms-count")
    # Revealed with the Bait still to come (as when a card's question waits, R-FOLLOWS):
    # no dungeon is busy, every card closes.
    screen.play("x", RevealRooms())
    assert screen.state.phase == "bait"
    assert not is_open(page, "p1") and not is_open(page, "p2")


def test_the_walked_dungeon_is_open_and_the_next_one_opens_when_the_walk_moves(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, TO_ADVENTURE)
    walk_now = screen.state.walk
    assert walk_now is not None and walk_now.player == "Ann"
    assert is_open(page, "p1") and not is_open(page, "p2")
    screen.play("x", FinishWalk())  # the Wizard walks Ann's dungeon to its end
    walk_now = screen.state.walk
    assert walk_now is not None and walk_now.player == "Bo"
    assert is_open(page, "p2") and not is_open(page, "p1")


def test_the_arrow_opens_and_closes_a_card_until_the_moment_changes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, TO_ADVENTURE)
    tap(page, "dungeon-p2-expand")
    assert is_open(page, "p2")
    tap(page, "dungeon-p1-collapse")
    assert not is_open(page, "p1")
    screen.play("x", AdvanceHero())  # the same walk, one Room on: the choices hold
    assert is_open(page, "p2") and not is_open(page, "p1")
    screen.play("x", FinishWalk())  # Bo's dungeon is walked now: it opens, Ann's closes
    assert is_open(page, "p2") and not is_open(page, "p1")
    tap(page, "dungeon-p2-collapse")
    assert not is_open(page, "p2")


def test_the_phase_s_forms_come_before_the_dungeons(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, AFTER_SETUP)  # turn 1 begins: the Heroes are revealed first
    town, last, row = order(page, "town", "last-step", "summary-p1")
    assert town < last < row
    start(app, sessions, IN_BUILD)
    ann, bo, reveal, town, last, row = order(
        page, "build-p1", "build-p2", "reveal-rooms", "town", "last-step", "summary-p1"
    )
    assert ann < bo < reveal < town < last < row
    start(app, sessions, TO_ADVENTURE)  # the Wizard walks Ann's dungeon: it comes first
    adventure, ann, last, bo = order(page, "adventure", "summary-p1", "last-step", "summary-p2")
    assert adventure < ann < last < bo


def pinned(page: FakePage) -> dict[str, Any]:
    bar = page.views[-1].bottom_appbar
    assert bar is not None
    return {
        c.identifier: c.label
        for c in walk(bar)
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("pinned-p")
    }


def test_the_scores_are_pinned_in_the_bottom_bar_on_every_tab(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, TO_ADVENTURE)
    assert pinned(page) == {
        "pinned-p1": "Ann: Souls 0 · Wounds 0",
        "pinned-p2": "Bo: Souls 0 · Wounds 0",
    }
    # The Wizard (9 Health) survives Ann's one Room (2 damage) and reaches her Boss: a
    # Wound for Ann (R-ADV-SURVIVE).
    screen.play("x", FinishWalk())
    assert pinned(page)["pinned-p1"] == "Ann: Souls 0 · Wounds 1"
    tap(page, "tab-log")
    assert pinned(page)["pinned-p1"] == "Ann: Souls 0 · Wounds 1"
    assert has(page, "undo") and has(page, "redo")  # the bar's own row is still there


def test_no_scores_are_pinned_at_set_up(app: TableApp, sessions: Sessions, page: FakePage) -> None:
    start(app, sessions, [])
    assert pinned(page) == {}


def test_the_scores_tab_opens_on_the_scores(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, TO_ADVENTURE)
    tap(page, "tab-score")
    souls, last = order(page, "score-p1-souls", "last-step")
    assert souls < last


def test_a_miniboss_built_face_down_opens_its_dungeon_card_too(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A Miniboss instead of a Room is this phase's build (R-BUILD-ONE): its dungeon is
    busy as one with a Room face down is, and its card opens to show it."""
    screen = start_with(app, sessions, MINIS, MINI_BUILD)
    assert not is_open(page, "p1")
    tap(page, "mini-p1-open")
    type_into(page, "mini-p1-name", "spike")
    tap(page, "mini-p1-option-RMB055")
    tap(page, "mini-p1-where-1")
    tap(page, "mini-p1-go")
    mini = screen.state.player("Ann").dungeon[0].miniboss
    assert mini is not None and mini.face_down
    assert is_open(page, "p1") and not is_open(page, "p2")


def test_a_room_picked_from_the_catalogue_folds_what_is_set_by_hand(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A catalogue card's treasure, damage and kind are printed on it: once picked, the
    controls to set them by hand fold away (its icons stay); another name brings them
    back, to be set by hand."""
    start(app, sessions, IN_BUILD)
    assert has(page, "build-p1-damage") and has(page, "build-p1-treasure-mage")
    type_into(page, "build-p1-name", "Haunted Library")
    tap(page, "build-p1-option-BMA023")
    assert not has(page, "build-p1-damage") and not has(page, "build-p1-treasure-mage")
    assert not has(page, "build-p1-advanced") and has(page, "build-p1-icon-1")
    type_into(page, "build-p1-name", "My own Room")
    assert has(page, "build-p1-damage") and has(page, "build-p1-treasure-mage")
