"""The game screen, driven through its handlers: what the table sees after each tap."""

from __future__ import annotations

import flet as ft

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.commands import BuildRoom, ResolveBait, RevealHeroes, RevealRooms
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    IN_BUILD,
    FakePage,
    error_rule,
    error_text,
    find,
    has,
    start,
    tap,
    texts,
    type_into,
    walk,
)
from tests.companion.ui.table.conftest import hero as hero_card


def test_route_carries_the_game_id_so_a_reload_resumes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    assert screen.route == f"/game/{screen.game_id}"
    assert page.views[-1].route == screen.route
    assert has(page, "phase-build")
    assert has(page, "summary-p1") and has(page, "summary-p2")  # one row per dungeon


def test_build_at_the_entrance_shows_a_face_down_room_then_reveal_brings_the_bait_and_walk(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    type_into(page, "build-p1-name", "Lab")
    tap(page, "build-p1-treasure-mage")
    type_into(page, "build-p1-damage", "3")
    tap(page, "build-p1-go")
    assert error_text(page, "build-p1") == ""
    assert has(page, "p1-face-down")
    assert has(page, "build-p1-done")
    # Named: on a device that builds for everyone, the slots stand together.
    assert "Ann has placed a Room face down this phase." in texts(page)
    tap(page, "reveal-rooms")
    assert [s.top.name for s in screen.state.player("Ann").dungeon] == ["Lab", "Crypt"]
    assert find(page, "p1-total-mage") is not None
    # Ann: Boss mage + Crypt mage + Lab mage = 3
    assert "3" in texts(page)
    # Nothing may be played in the Bait phase nor at an entrance (R-FOLLOWS): the Wizard
    # is lured to Ann (R-BAIT-HIGHEST) and walks into the Lab, 3 damage, in the same tap.
    walk = screen.state.walk
    assert screen.state.phase == "adventure" and walk is not None
    assert (walk.player, walk.room, walk.damage) == ("Ann", 0, 3)
    assert has(page, "bait-results") and has(page, "adv-next")
    assert "Spells and abilities are played in a Room" in texts(page)


def test_illegal_build_is_refused_inline_with_its_rule_and_nothing_changes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    version = screen.state.version
    type_into(page, "build-p2-name", "Big lab")
    tap(page, "build-p2-treasure-thief")
    tap(page, "build-p2-advanced")  # an Advanced Room can't start a new place
    tap(page, "build-p2-go")
    assert "Advanced" in error_text(page, "build-p2")
    assert error_rule(page, "build-p2") == "R-BUILD-WHERE"
    assert screen.state.version == version
    assert screen.state.player("Bo").pending is None
    # the draft is kept so the player can fix it
    assert has(page, "build-p2-go")


def test_bait_tie_at_the_top_stays_in_town_with_the_why_and_rule(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(
        app,
        sessions,
        [
            *IN_BUILD,
            BuildRoom(player="Bo", room=room_of("mage", 1, "Mirror")),
            BuildRoom(player="Ann", room=room_of("thief", 1, "Vault")),
            RevealRooms(),
        ],
    )
    # Ann mage 2, Bo mage 1 -> Wizard to Ann; thief: Ann 1, Bo 0 -> Rogue to Ann... make a tie:
    screen.session.play(  # type: ignore[union-attr]
        __import__("rules.commands", fromlist=["SetTreasureBonus"]).SetTreasureBonus(
            player="Bo", treasure="thief", amount=1
        )
    )
    tap(page, "resolve-bait")
    assert has(page, "bait-result-1") and has(page, "bait-result-2")
    shown = texts(page)
    assert "Goes to Ann's dungeon" in shown
    assert "Stays in town" in shown
    assert "is shared by Ann and Bo" in shown
    assert has(page, "bait-result-2-why-rule")
    tap(page, "bait-result-2-why-rule")
    assert page.dialogs, "the rule link opens its glossary entry"


def test_each_bait_result_names_its_hero_in_a_few_controls(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    # The Heroes in town go in reveal order: Wizard #1, then Rogue #2.
    start(app, sessions, [*IN_BUILD, RevealRooms(), ResolveBait()])
    for n, hero in ((1, "Wizard #1"), (2, "Rogue #2")):
        result = find(page, f"bait-result-{n}")
        shown = [c.value for c in walk(result) if isinstance(c, ft.Text)]
        heading, where = shown[0].split("\n")
        assert heading == hero
        assert where in ("Goes to Ann's dungeon", "Goes to Bo's dungeon", "Stays in town")
        assert has(page, f"bait-result-{n}-why-rule")
        # A Bait tap adds one of these per Hero (#13, #31): the Hero's whole line (treasure
        # badges, Health, a carried Item) is shown at the entrance, not here again. Its
        # words and its rule link, five controls in all.
        link = find(page, f"bait-result-{n}-why-rule")
        assert len(list(walk(result))) + len(list(walk(link))) <= 5


def room_of(treasure: str, damage: int, name: str):  # type: ignore[no-untyped-def]
    from tests.companion.ui.table.conftest import room

    return room(treasure, damage, name)


def test_hero_dies_in_a_middle_room_and_the_soul_is_scored(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(
        app,
        sessions,
        [
            *IN_BUILD,
            BuildRoom(player="Ann", room=room_of("mage", 3, "Lab")),
            RevealRooms(),
            ResolveBait(),
        ],
    )
    # Ann: Lab (3) then Crypt (2); the Wizard (4 Health) walks Ann's dungeon first.
    assert texts(page).count("0 / 4") == 1
    tap(page, "adv-next")
    assert "3 / 4" in texts(page)
    tap(page, "adv-damage-1")
    assert "4 / 4" in texts(page)
    tap(page, "adv-next")  # leaves Lab with 4 damage: dies there, in Room 1 of 2
    assert screen.state.souls("Ann") == 1
    assert "dies there" in texts(page)
    assert has(page, "last-step-1-rule")


def test_undo_and_redo_are_disabled_when_impossible(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, [])
    assert find(page, "undo").content.disabled is True
    assert find(page, "redo").content.disabled is True
    screen = start(app, sessions, AFTER_SETUP)
    assert find(page, "undo").content.disabled is False
    tap(page, "undo")
    assert screen.state.phase == "setup"
    assert find(page, "redo").content.disabled is False
    tap(page, "redo")
    assert screen.state.phase == "beginning"


def test_a_hero_without_a_name_heads_its_bait_result_and_its_sentences_with_a_capital(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A Hero entered by its numbers only is "fighter Hero #1" mid-sentence; as the Bait
    result's heading and at the start of the Adventure's sentences it is "Fighter Hero #1"."""
    start(
        app,
        sessions,
        [
            *AFTER_SETUP,
            RevealHeroes(heroes=(hero_card("fighter", 4), hero_card("thief", 4, "Rogue"))),
            BuildRoom(player="Ann", room=room_of("mage", 1, "Mirror")),
            BuildRoom(player="Bo", room=room_of("thief", 1, "Vault")),
            RevealRooms(),
        ],
    )
    tap(page, "resolve-bait")
    heading = find(page, "bait-result-1").content
    assert heading.value.split("\n")[0] == "Fighter Hero #1"
    assert "Fighter Hero #1 steps up to Bo's dungeon" in texts(page)
    assert "fighter Hero #1 steps" not in texts(page)


def test_a_hero_waiting_at_the_entrance_is_one_line_with_its_health(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Two mage Heroes go to Ann (the only mage dungeon): one walks, the other waits at the
    entrance as one line, "Mage Hero #2 · 4 Health", in a few controls (a Bait tap puts one
    on screen per Hero waiting, #31)."""
    start(
        app,
        sessions,
        [
            *AFTER_SETUP,
            RevealHeroes(heroes=(hero_card("mage", 4), hero_card("mage", 4))),
            RevealRooms(),
            ResolveBait(),
        ],
    )
    waiting = find(page, "entrance-hero-1")
    assert [c.value for c in walk(waiting) if isinstance(c, ft.Text)] == ["Mage Hero #2 · 4 Health"]
    assert len(list(walk(waiting))) <= 2
    assert has(page, "walk-hero")
