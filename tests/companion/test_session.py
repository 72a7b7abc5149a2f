"""The session: decide, save, then acknowledge; a refusal or a failed save changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Change, Sessions
from companion.store import GameStore, StoreError
from rules.commands import BuildRoom, RevealRooms
from rules.errors import RulesError, StaleCommand
from rules.models import GameSetup, PlayerSetup, Room


def _setup() -> GameSetup:
    return GameSetup(players=(PlayerSetup(name="Ann", xp=900), PlayerSetup(name="Bob", xp=400)))


def _room() -> Room:
    return Room(name="Pit", treasure=("fighter",), damage=2)


def test_session_saves_before_acknowledging(tmp_path: Path) -> None:
    sessions = Sessions(GameStore(tmp_path))
    session = sessions.new_game(_setup())
    seen: list[Change] = []
    session.subscribe(seen.append)
    session.play(BuildRoom(player="Ann", room=_room()))
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game.log == session.game.log
    assert len(seen) == 1 and seen[0].kind == "play"


def test_session_refusal_changes_nothing(tmp_path: Path) -> None:
    session = Sessions(GameStore(tmp_path)).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()))
    with pytest.raises(RulesError) as refused:
        session.play(BuildRoom(player="Ann", room=_room()))
    assert refused.value.rule == "R-BUILD-ONE"
    assert session.game.version == 1


def test_session_refuses_stale_command(tmp_path: Path) -> None:
    session = Sessions(GameStore(tmp_path)).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()), version=0)
    with pytest.raises(StaleCommand):
        session.play(BuildRoom(player="Bob", room=_room()), version=0)
    with pytest.raises(StaleCommand):
        session.undo(version=0)


def test_session_failed_save_keeps_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(tmp_path)
    session = Sessions(store).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()))

    def broken_save(*_args: object, **_kwargs: object) -> None:
        raise StoreError("disk full")

    monkeypatch.setattr(store, "save", broken_save)
    with pytest.raises(StoreError):
        session.play(RevealRooms())
    assert session.game.version == 1
    assert session.state.phase == "setup"


def test_session_undo_redo_are_saved(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    session = Sessions(store).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()))
    session.undo()
    assert Sessions(GameStore(tmp_path)).open(session.game_id).game.version == 0
    session.redo()
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game.version == 1
    assert reopened.state == session.state


def test_sessions_share_one_session_per_game(tmp_path: Path) -> None:
    sessions = Sessions(GameStore(tmp_path))
    session = sessions.new_game(_setup())
    assert sessions.open(session.game_id) is session


def test_a_device_behind_only_by_its_own_changes_is_not_stale(tmp_path: Path) -> None:
    # Its second tap left before its first change reached the screen: nobody else moved.
    session = Sessions(GameStore(tmp_path)).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()), version=0, seen=0, device="ann-phone")
    session.play(BuildRoom(player="Bob", room=_room()), version=0, seen=0, device="ann-phone")
    assert session.revision == 2 and session.game.version == 2
    session.undo(version=1, seen=1, device="ann-phone")  # behind by one of its own, too
    assert session.game.version == 1


def test_a_device_behind_by_another_devices_change_is_refused(tmp_path: Path) -> None:
    session = Sessions(GameStore(tmp_path)).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()), version=0, seen=0, device="ann-phone")
    session.play(BuildRoom(player="Bob", room=_room()), version=1, seen=1, device="bob-phone")
    with pytest.raises(StaleCommand):  # Ann's screen is from before Bob's Room
        session.play(RevealRooms(), version=1, seen=1, device="ann-phone")
    with pytest.raises(StaleCommand):  # and from before both
        session.undo(version=0, seen=0, device="ann-phone")
    assert session.revision == 2 and session.game.version == 2


def test_session_saves_each_change_as_one_journal_line_not_the_whole_game(
    tmp_path: Path,
) -> None:
    """After the first save, a tap, an undo and a redo each append one line to the game's
    journal; the game file is not rewritten, and the game reopens the same."""
    store = GameStore(tmp_path)
    session = Sessions(store).new_game(_setup())
    session.play(BuildRoom(player="Ann", room=_room()))
    game_file = store.layout.game_file(session.game_id)
    written = game_file.read_bytes()
    session.play(BuildRoom(player="Bob", room=_room()))
    session.undo()
    session.redo()
    assert game_file.read_bytes() == written
    journal = store.layout.journal_file(session.game_id).read_text().splitlines()
    assert [line.split('"op":"')[1].split('"')[0] for line in journal] == [
        "play",
        "undo",
        "redo",
    ]
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game == session.game and reopened.state == session.state


def test_the_game_is_written_whole_when_its_last_screen_closes(tmp_path: Path) -> None:
    """The journal does not wait for the next opening: once no screen shows the game, it
    is compacted (in the background) into the game file."""
    store = GameStore(tmp_path)
    session = Sessions(store).new_game(_setup())
    first = session.subscribe(lambda _change: None)
    second = session.subscribe(lambda _change: None)
    session.play(BuildRoom(player="Ann", room=_room()))
    session.play(BuildRoom(player="Bob", room=_room()))
    journal = store.layout.journal_file(session.game_id)
    first()
    store.wait_for_compactions()
    assert journal.read_text().count("\n") == 1  # another screen still shows the game
    second()
    store.wait_for_compactions()
    assert journal.read_bytes() == b""
    reopened = Sessions(GameStore(tmp_path)).open(session.game_id)
    assert reopened.game == session.game
