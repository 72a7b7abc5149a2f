"""Small things a whole game on a phone showed (issue 14): what an eliminated player is
offered, a refusal outliving the Room it was about, the turn start's Room card."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import (
    BuildRoom,
    CorrectScore,
    EndTurn,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.models import GameSetup, PlayerSetup
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    IN_BUILD,
    FakePage,
    error_rule,
    error_text,
    has,
    hero,
    room,
    start,
    tap,
    texts,
    type_into,
)

THREE = GameSetup(
    players=(
        PlayerSetup(name="Ann", xp=10, boss_treasure=("mage",)),
        PlayerSetup(name="Bo", xp=5, boss_treasure=("fighter",)),
        PlayerSetup(name="Cy", xp=1, boss_treasure=("thief",)),
    )
)


def test_an_eliminated_player_gets_no_destroy_or_deactivate_buttons(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    session = sessions.new_game(THREE)
    for command in [
        BuildRoom(player="Ann", room=room("mage", 2)),
        BuildRoom(player="Bo", room=room("fighter", 1)),
        BuildRoom(player="Cy", room=room("thief", 1)),
        RevealRooms(),
        RevealHeroes(heroes=(hero("cleric"), hero("cleric"), hero("cleric"))),
        RevealRooms(),
        ResolveBait(),  # nobody has a cleric icon: the Heroes stay, no Adventure
        CorrectScore(player="Cy", wounds=5, reason="test"),
        EndTurn(),  # R-END-ELIM: Cy is out, Ann and Bo play on
        RevealHeroes(heroes=(hero("cleric"), hero("cleric"), hero("cleric"))),
    ]:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    assert screen.state.phase == "build" and screen.state.player("Cy").eliminated
    assert has(page, "p1-room-1-destroy") and has(page, "p1-room-1-deactivate")
    cy = f"p{screen.seat('Cy')}"
    assert has(page, f"{cy}-room-1")  # the dungeon still shows
    assert not has(page, f"{cy}-room-1-destroy")
    assert not has(page, f"{cy}-room-1-deactivate")


def test_a_refused_build_s_message_goes_once_the_room_changes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, IN_BUILD)
    type_into(page, "build-p1-damage", "x")
    tap(page, "build-p1-go")
    assert "whole number" in error_text(page, "build-p1")
    type_into(page, "build-p1-damage", "2")
    assert error_text(page, "build-p1") == ""


def test_a_refused_build_s_message_goes_once_advanced_is_switched_off(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, IN_BUILD)
    tap(page, "build-p1-treasure-mage")
    tap(page, "build-p1-advanced")  # R-BUILD-WHERE: an Advanced Room must go over a Room
    tap(page, "build-p1-go")
    assert error_rule(page, "build-p1") == "R-BUILD-WHERE"
    tap(page, "build-p1-advanced")
    assert error_text(page, "build-p1") == ""
    assert not has(page, "build-p1-error-rule")


def test_the_turn_start_reminds_every_player_to_draw_a_room_card(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, AFTER_SETUP)
    assert has(page, "draw-room-reminder")
    assert "draws one Room card" in texts(page)
    assert "R-TURN-REVEAL" in texts(page)  # the rule link names the rule


def test_the_draw_a_room_card_reminder_reads_german(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    app.settings.lang = "de"
    app.tr = type(app.tr)("de")
    start(app, sessions, AFTER_SETUP)
    assert "zieht jeder Spieler, der noch im Spiel ist, eine Raumkarte" in texts(page)
