"""Who a device is in a game, and who may build and reveal (no browser, no server)."""

from __future__ import annotations

from companion.sync.access import GameAccess, Join, decide_access, may_repair, seat_free_for
from companion.sync.private_build import (
    face_down_hidden,
    is_ready,
    may_build_for,
    may_reveal,
    may_see_face_down,
    waiting_for,
)
from rules.commands import BuildRoom
from rules.game import Game
from rules.models import Room
from tests.e2e.sync_seed import device_id, in_build, setup

HOST, PHONE, OTHER = device_id(1), device_id(2), device_id(3)
GAME = GameAccess(game_id="game-1", code="K7M2QX", hosts=(HOST,)).with_seat("Brann", PHONE)


def test_the_host_device_may_change_the_game_without_typing_the_code() -> None:
    access = decide_access(GAME, HOST, None)
    assert access.role == "host" and access.can_change


def test_a_device_with_the_code_and_a_seat_is_that_player() -> None:
    access = decide_access(GAME, PHONE, Join(code="K7M2QX", seat="Brann"))
    assert (access.role, access.seat, access.can_change) == ("seat", "Brann", True)


def test_a_device_with_the_code_and_no_seat_acts_for_the_table() -> None:
    access = decide_access(GAME, OTHER, Join(code="K7M2QX"))
    assert access.role == "table" and access.can_change


def test_a_device_without_the_code_sees_nothing_unless_the_host_allows_watching() -> None:
    assert not decide_access(GAME, OTHER, None).can_view
    watching = decide_access(GAME.model_copy(update={"allow_spectators": True}), OTHER, None)
    assert watching.role == "spectator" and watching.can_view and not watching.can_change


def test_a_remembered_code_that_is_no_longer_the_games_gives_no_access() -> None:
    access = decide_access(GAME, OTHER, Join(code="AAAAAA"))
    assert access.role == "none" and access.stale_code


def test_a_device_holds_one_seat_and_a_seat_one_device() -> None:
    moved = GAME.with_seat("Ada", PHONE)
    assert moved.seat_of(PHONE) == "Ada" and moved.holder("Brann") is None
    taken_over = GAME.with_seat("Brann", OTHER)
    assert taken_over.holder("Brann") == OTHER and taken_over.seat_of(PHONE) is None


def test_a_seat_held_by_a_connected_device_is_not_free_but_an_away_one_is() -> None:
    assert not seat_free_for(GAME, "Brann", OTHER, online={PHONE})
    assert seat_free_for(GAME, "Brann", OTHER, online=set())
    assert seat_free_for(GAME, "Brann", PHONE, online={PHONE})
    assert seat_free_for(GAME, "Ada", OTHER, online={PHONE})


def test_a_seat_builds_only_its_own_room_and_the_table_builds_for_players_without_a_phone() -> None:
    seat = decide_access(GAME, PHONE, Join(code="K7M2QX", seat="Brann"))
    host = decide_access(GAME, HOST, None)
    online = {HOST, PHONE}
    assert may_build_for(seat, GAME, online, "Brann", PHONE)
    assert not may_build_for(seat, GAME, online, "Ada", PHONE)
    assert may_build_for(host, GAME, online, "Ada", HOST)
    assert not may_build_for(host, GAME, online, "Brann", HOST)  # Brann's phone is here
    assert may_build_for(host, GAME, {HOST}, "Brann", HOST)  # ...and now it is not
    spectator = decide_access(GAME.model_copy(update={"allow_spectators": True}), OTHER, None)
    assert not may_build_for(spectator, GAME, online, "Ada", OTHER)


def test_a_seat_may_reveal_once_everyone_is_ready_the_host_at_any_time() -> None:
    game = Game.new(setup(2))
    for command in in_build(2):
        game, _ = game.play(command)
    seat = decide_access(GAME, PHONE, Join(code="K7M2QX", seat="Brann"))
    host = decide_access(GAME, HOST, None)
    assert waiting_for(game.state) == ("Ada", "Brann")
    assert not may_reveal(seat, game.state) and may_reveal(host, game.state)
    for name in ("Ada", "Brann"):
        game, _ = game.play(BuildRoom(player=name, room=Room(name="X", damage=1)))
    assert is_ready(game.state, "Ada") and waiting_for(game.state) == ()
    assert may_reveal(seat, game.state)


def test_a_face_down_room_is_seen_by_its_seat_and_by_whoever_builds_for_a_phoneless_player() -> (
    None
):
    game = Game.new(setup(2))
    for command in in_build(2):
        game, _ = game.play(command)
    for player in ("Ada", "Brann"):  # Brann builds on his phone, Ada has none
        game, _ = game.play(BuildRoom(player=player, room=Room(treasure=("mage",), damage=1)))
    host = decide_access(GAME, HOST, None)
    seat = decide_access(GAME, PHONE, Join(code="K7M2QX", seat="Brann"))
    table = decide_access(GAME, OTHER, Join(code="K7M2QX"))
    watcher = decide_access(GAME.model_copy(update={"allow_spectators": True}), OTHER, None)
    assert face_down_hidden(game.state, host, GAME) == ("Brann",)
    assert face_down_hidden(game.state, table, GAME) == ("Brann",)
    assert face_down_hidden(game.state, seat, GAME) == ("Ada",)
    assert face_down_hidden(game.state, watcher, GAME) == ("Ada", "Brann")
    assert may_see_face_down(host, None, "Brann"), "without sync there is one device"


def test_damaged_files_are_the_business_of_the_servers_computer_and_the_games_hosts() -> None:
    assert may_repair(GAME, HOST, local=False)
    assert may_repair(None, OTHER, local=True)
    assert not may_repair(GAME, PHONE, local=False)
    assert not may_repair(None, OTHER, local=False)


def test_a_table_device_reveals_only_once_every_seat_has_built() -> None:
    # Reveal Rooms belongs to the host alone while anyone still builds (a player who
    # passes says so at the table); any other device reveals once every seat is ready.
    game = Game.new(setup(2))
    for command in in_build(2):
        game, _ = game.play(command)
    table = decide_access(GAME, OTHER, Join(code="K7M2QX"))  # the code, no seat
    assert table.role == "table"
    assert not may_reveal(table, game.state)
    for name in ("Ada", "Brann"):
        game, _ = game.play(BuildRoom(player=name, room=Room(name="X", damage=1)))
    assert may_reveal(table, game.state)
