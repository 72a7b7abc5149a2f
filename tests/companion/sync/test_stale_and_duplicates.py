"""Commands carry the revision their screen showed: stale ones are refused, a command sent
twice is applied once and recognised as such (no browser: the session alone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import AlreadyApplied, Change, Sessions, TableSession
from companion.store import GameStore
from rules.commands import SetTreasureBonus
from rules.errors import StaleCommand
from tests.e2e.sync_seed import device_id, in_build, setup

PHONE, HOST = device_id(2), device_id(1)


def bonus(amount: int, player: str = "Ada") -> SetTreasureBonus:
    return SetTreasureBonus(player=player, treasure="cleric", amount=amount)


@pytest.fixture
def session(tmp_path: Path) -> TableSession:
    sessions = Sessions(GameStore(tmp_path / "data", fsync=False))
    session = sessions.new_game(setup(2))
    for command in in_build(2):
        session.play(command)
    return session


def test_a_command_made_on_the_state_shown_is_applied(session: TableSession) -> None:
    seen = session.revision
    session.play(bonus(1), seen=seen, device=PHONE)
    assert session.revision == seen + 1
    assert session.state.player("Ada").bonus("cleric") == 1


def test_a_command_made_before_another_devices_change_is_refused(
    session: TableSession,
) -> None:
    seen = session.revision  # both screens show this
    session.play(bonus(1), seen=seen, device=HOST)
    with pytest.raises(StaleCommand) as refused:
        session.play(bonus(1, "Brann"), seen=seen, device=PHONE)
    assert not isinstance(refused.value, AlreadyApplied)
    assert session.state.player("Brann").bonus("cleric") == 0  # nothing half-applied


def test_an_undo_then_another_command_does_not_make_an_old_screen_current_again(
    session: TableSession,
) -> None:
    # The log's length comes back to the same number (undo, then a new command): the
    # revision does not, so a screen drawn before both is still refused.
    seen, version = session.revision, session.game.version
    session.play(bonus(1), seen=seen, device=HOST)
    session.undo(seen=seen + 1, device=HOST)
    session.play(bonus(2), seen=seen + 2, device=HOST)
    assert session.game.version == version + 1
    with pytest.raises(StaleCommand):
        session.play(bonus(5, "Brann"), version + 1, seen=seen + 1, device=PHONE)


def test_the_same_command_sent_twice_from_one_device_is_applied_once(
    session: TableSession,
) -> None:
    seen = session.revision
    session.play(bonus(1), seen=seen, device=PHONE)
    with pytest.raises(AlreadyApplied):
        session.play(bonus(1), seen=seen, device=PHONE)  # a resend after a network blip
    assert session.state.player("Ada").bonus("cleric") == 1
    assert session.revision == seen + 1


def test_the_same_command_from_another_device_is_stale_not_a_duplicate(
    session: TableSession,
) -> None:
    seen = session.revision
    session.play(bonus(1), seen=seen, device=HOST)
    with pytest.raises(StaleCommand) as refused:
        session.play(bonus(1), seen=seen, device=PHONE)
    assert not isinstance(refused.value, AlreadyApplied)


def test_an_undo_sent_twice_undoes_once(session: TableSession) -> None:
    session.play(bonus(1), seen=session.revision, device=HOST)
    session.play(bonus(2), seen=session.revision, device=HOST)
    seen = session.revision
    session.undo(seen=seen, device=PHONE)
    with pytest.raises(AlreadyApplied):
        session.undo(seen=seen, device=PHONE)
    assert session.state.player("Ada").bonus("cleric") == 1


def test_every_listener_hears_each_change_with_its_revision(session: TableSession) -> None:
    heard: list[Change] = []
    session.subscribe(heard.append)
    session.play(bonus(1), seen=session.revision, device=HOST, origin="host-tab")
    session.undo(seen=session.revision, device=PHONE, origin="phone-tab")
    session.notify("ready")
    assert [(c.kind, c.origin) for c in heard] == [
        ("play", "host-tab"),
        ("undo", "phone-tab"),
        ("ready", None),
    ]
    assert heard[1].revision == heard[0].revision + 1 == heard[2].revision  # notify saves nothing
