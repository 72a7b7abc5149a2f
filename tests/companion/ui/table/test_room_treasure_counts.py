"""A Room's treasure icons are counted per type (0-4 in all), as on the card: a Dark
Altar has two cleric icons, and a hand-typed Room can too (issue 14)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session import Sessions
from companion.ui.room_picker import RoomDraft
from companion.ui.shell import TableApp
from rules.commands import BuildRoom
from tests.companion.ui.table.conftest import (
    IN_BUILD,
    FakePage,
    find,
    has,
    start,
    tap,
    type_into,
    walk,
)


def _labels(control: Any, wanted: str) -> int:
    return sum(1 for c in walk(control) if isinstance(c, ft.Semantics) and c.label == wanted)


def test_a_second_tap_on_a_treasure_type_adds_a_second_icon() -> None:
    draft = RoomDraft()
    draft.add_treasure("cleric")
    draft.add_treasure("cleric")
    assert draft.treasure == ["cleric", "cleric"]
    draft.remove_treasure("cleric")
    assert draft.treasure == ["cleric"]


def test_a_room_holds_at_most_four_treasure_icons() -> None:
    draft = RoomDraft()
    for _ in range(6):
        draft.add_treasure("mage")
    assert draft.count("mage") == 4
    assert draft.to_room().treasure == ("mage",) * 4


def test_a_hand_typed_room_with_two_cleric_icons_is_built_with_both(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    type_into(page, "build-p1-name", "Chapel")
    tap(page, "build-p1-treasure-cleric")
    tap(page, "build-p1-treasure-cleric")
    tap(page, "build-p1-treasure-mage")
    assert find(page, "build-p1-treasure-cleric").label == "Cleric: 2"
    assert has(page, "build-p1-icon-3") and not has(page, "build-p1-icon-4")
    tap(page, "build-p1-icon-3")  # the mage icon comes off again
    assert not has(page, "build-p1-icon-3")
    tap(page, "build-p1-go")
    built = screen.state.player("Ann").pending
    assert built is not None and built.room.treasure == ("cleric", "cleric")


def test_a_picked_dark_altar_shows_both_cleric_icons_in_the_picker_and_the_dungeon(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    type_into(page, "build-p1-name", "Dark Altar")
    tap(page, "build-p1-option-BMA009")
    assert find(page, "build-p1-treasure-cleric").label == "Cleric: 2"
    assert _labels(find(page, "build-p1-icons"), "Take one Cleric icon off") == 2
    tap(page, "build-p1-go")
    room = screen.state.player("Ann").pending
    assert room is not None and room.room.treasure == ("cleric", "cleric")
    screen.play("x", BuildRoom(player="Bo", room=room.room))
    tap(page, "reveal-rooms")
    assert _labels(find(page, "p1-room-1"), "Cleric") == 2
