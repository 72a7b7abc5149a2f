"""Before a Room is built, the app asks when what was entered looks like a slip (issue
14): a catalogue card's name typed but not picked, or a Room with no treasure icon."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session import Sessions
from companion.ui.setup_screen import SetupScreen
from companion.ui.shell import Settings, TableApp
from companion.ui.table.game_screen import GameScreen
from tests.companion.ui.table.conftest import (
    IN_BUILD,
    SETUP,
    FakePage,
    make_app,
    start,
    tap,
    type_into,
    walk,
)


def _answer(page: FakePage, identifier: str) -> None:
    assert page.dialogs, "no question was asked"
    for control in walk(page.dialogs[-1]):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            control.content.on_click(None)
            return
    raise AssertionError(f"the question has no {identifier!r}")


def _question(page: FakePage) -> str:
    assert page.dialogs, "no question was asked"
    return "\n".join(
        str(c.value) for c in walk(page.dialogs[-1]) if isinstance(c, ft.Text) and c.value
    )


def _typed_dark_altar(page: FakePage) -> None:
    type_into(page, "build-p1-name", "Dark Altar")  # typed in full, the option not tapped
    tap(page, "build-p1-treasure-mage")
    type_into(page, "build-p1-damage", "3")
    tap(page, "build-p1-go")


def test_a_typed_catalogue_name_asks_and_can_take_the_card_s_numbers(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    _typed_dark_altar(page)
    assert screen.state.player("Ann").pending is None, "nothing is built before the answer"
    assert "Dark Altar" in _question(page) and "1 damage" in _question(page)
    _answer(page, "room-question-use-card")
    built = screen.state.player("Ann").pending
    assert built is not None
    assert built.room.treasure == ("cleric", "cleric") and built.room.damage == 1
    assert built.room.card_id == "BMA009" and built.room.kind == "trap"
    assert not page.dialogs


def test_a_typed_catalogue_name_can_keep_what_was_typed(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    _typed_dark_altar(page)
    _answer(page, "room-question-keep")
    built = screen.state.player("Ann").pending
    assert built is not None and built.room.card_id is None
    assert built.room.treasure == ("mage",) and built.room.damage == 3


def test_a_room_without_treasure_asks_and_builds_only_when_confirmed(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    type_into(page, "build-p1-name", "Nook")
    tap(page, "build-p1-go")
    assert "no treasure icon" in _question(page)
    _answer(page, "room-question-back")
    assert not page.dialogs and screen.state.player("Ann").pending is None
    tap(page, "build-p1-go")
    _answer(page, "room-question-build-anyway")
    built = screen.state.player("Ann").pending
    assert built is not None and built.room.treasure == ()


def test_a_room_picked_from_the_catalogue_is_built_without_a_question(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    type_into(page, "build-p1-name", "Dark Altar")
    tap(page, "build-p1-option-BMA009")
    tap(page, "build-p1-go")
    assert not page.dialogs
    assert screen.state.player("Ann").pending is not None


def _setup_app(page: FakePage, sessions: Sessions, lang: str = "en") -> tuple[TableApp, Any]:
    session = sessions.new_game(SETUP)
    app = make_app(page, sessions, {"setup": SetupScreen, "game": GameScreen})
    if lang != "en":
        app.settings = Settings(lang=lang)  # type: ignore[arg-type]
        app.tr = type(app.tr)(lang)  # type: ignore[arg-type]
    app.start(f"/setup/{session.game_id}")
    return app, session


def test_a_first_room_asks_the_same_questions_at_set_up(page: FakePage, sessions: Sessions) -> None:
    _app, session = _setup_app(page, sessions)
    type_into(page, "first-room-1-name", "Dark Altar")
    tap(page, "first-room-1-build")
    assert session.game.version == 0
    _answer(page, "room-question-use-card")
    first = session.state.xp_order()[0].name
    pending = session.state.player(first).pending
    assert pending is not None and pending.room.treasure == ("cleric", "cleric")


def test_the_question_reads_german(page: FakePage, sessions: Sessions) -> None:
    _app, _session = _setup_app(page, sessions, lang="de")
    type_into(page, "first-room-1-name", "Nische")
    tap(page, "first-room-1-build")
    assert "kein Schatzsymbol" in _question(page)
