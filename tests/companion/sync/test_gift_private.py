"""A Room placed in another player's dungeon (Surprise Gift) is its giver's secret until
the reveal, like their own face-down Room (R-BUILD-ONE): the receiver's phone sees only
that a card lies there; the device that builds for the giver sees what it is."""

from __future__ import annotations

from companion.sync.access import GameAccess, Join, decide_access
from companion.sync.private_build import face_down_hidden, taken_back_hidden
from rules.commands import CastSpell
from rules.forecast import VisibleTable
from rules.game import Game
from rules.models import Room
from tests.e2e.sync_seed import device_id, in_build, setup

HOST, PHONE = device_id(1), device_id(2)
GAME = GameAccess(game_id="game-1", code="K7M2QX", hosts=(HOST,)).with_seat("Brann", PHONE)
GIFT = CastSpell(
    player="Ada",
    card_id="TNL070",
    target="Brann",
    room=0,
    build=Room(name="Gift Den", treasure=("thief",), damage=4),
)


def _gifted() -> Game:
    """Turn 1's Build phase: Ada (no phone) has placed a gift over Brann's Room 1."""
    game = Game.new(setup(2))
    for command in [*in_build(2), GIFT]:
        game, _ = game.play(command)
    return game


def test_a_gift_is_hidden_from_the_receivers_phone_and_seen_where_its_giver_builds() -> None:
    """Ada has no phone: the host builds for her and sees the gift; Brann's phone does
    not (its export is refused, its forecast is made without the gift)."""
    state = _gifted().state
    host = decide_access(GAME, HOST, None)
    seat = decide_access(GAME, PHONE, Join(code="K7M2QX", seat="Brann"))
    assert face_down_hidden(state, host, GAME) == ()
    assert face_down_hidden(state, seat, GAME) == ("Ada",)
    assert VisibleTable(state, ("Ada",)).base.player("Brann").gifts == ()
    assert VisibleTable(state, ()).base.player("Brann").gifts != ()


def test_a_gift_taken_back_is_hidden_in_the_redo_stack_of_the_receivers_phone() -> None:
    """Undone, the gift's cast waits in the redo stack with the Room card in it."""
    seat = decide_access(GAME, PHONE, Join(code="K7M2QX", seat="Brann"))
    host = decide_access(GAME, HOST, None)
    assert taken_back_hidden([GIFT], seat, GAME)
    assert not taken_back_hidden([GIFT], host, GAME)
