"""Saving by appending to a game's journal: one line per change, compacted now and then,
a torn last line ignored, a damaged line reported and set aside, older files still open."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from sample_play import command_stream, sample_setup

from companion.store import GameStore
from companion.store import journal as journal_module
from companion.store.records import Progress
from companion.store.storage import stamp_of
from rules.game import Game
from tests.companion.store.hostile_files import CASES, Hostile


def opened(store: GameStore, game: Game) -> tuple[str, Game]:
    """A saved game, opened again as a session opens it (the store knows that object)."""
    game_id = store.create(game.setup).game_id
    store.save(game_id, game)
    return game_id, store.load(game_id).game


def taps(store: GameStore, game_id: str, game: Game, count: int) -> Game:
    """``count`` commands, each saved as a session saves it (one change after the last)."""
    for _ in range(count):
        new_game, _command = command_stream(game)
        store.save(game_id, new_game, after=game)
        game = new_game
    return game


def lines(store: GameStore, game_id: str) -> list[dict[str, object]]:
    text = store.layout.journal_file(game_id).read_text()
    return [json.loads(line) for line in text.splitlines()]


def test_a_tap_appends_one_line_and_leaves_the_game_file_alone(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    before = stamp_of(store.layout.game_file(game_id))
    game = taps(store, game_id, game, 3)
    assert stamp_of(store.layout.game_file(game_id)) == before
    assert [line["op"] for line in lines(store, game_id)] == ["play"] * 3
    loaded = reopen().load(game_id)
    assert loaded.problems == ()
    assert loaded.game.log == game.log and loaded.game.state == game.state


def test_undo_and_redo_are_journaled_and_reload_with_the_redo_stack(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    game = taps(store, game_id, game, 4)
    undone = game.undo()
    store.save(game_id, undone, after=game)
    twice = undone.undo()
    store.save(game_id, twice, after=undone)
    redone = twice.redo()
    store.save(game_id, redone, after=twice)
    assert [line["op"] for line in lines(store, game_id)][-3:] == ["undo", "undo", "redo"]
    loaded = reopen().load(game_id).game
    assert loaded.log == redone.log and loaded.undone == redone.undone
    assert loaded.redo().state == game.state


def test_the_journal_is_compacted_every_n_lines_in_the_background(
    tmp_path: Path, clock: Callable[[], datetime]
) -> None:
    store = GameStore(tmp_path / "data", clock=clock, compact_every=4)
    game_id, game = opened(store, Game.new(sample_setup()))
    game = taps(store, game_id, game, 4)
    store.wait_for_compactions()
    assert store.layout.journal_file(game_id).read_bytes() == b""
    data = json.loads(store.layout.game_file(game_id).read_text())
    assert len(data["game"]["1"]["log"]) == 4
    game = taps(store, game_id, game, 2)  # appended after the compaction
    assert len(lines(store, game_id)) == 2
    loaded = GameStore(tmp_path / "data").load(game_id)
    assert loaded.problems == () and loaded.game.log == game.log


def test_lines_already_in_the_game_file_are_skipped(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    """A compaction cut short after writing the file, before emptying the journal."""
    game_id, game = opened(store, Game.new(sample_setup()))
    game = taps(store, game_id, game, 3)
    kept = store.layout.journal_file(game_id).read_bytes()
    store.compact(game_id)
    store.layout.journal_file(game_id).write_bytes(kept)  # as if the emptying was lost
    loaded = reopen().load(game_id)
    assert loaded.problems == () and loaded.game.log == game.log


def test_a_torn_last_line_is_ignored_and_no_acknowledged_command_is_lost(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    game = taps(store, game_id, game, 3)
    journal = store.layout.journal_file(game_id)
    with open(journal, "ab") as f:
        f.write(b'{"n": 5, "op": "play", "comm')  # a crash in the middle of a write
    again = reopen()
    assert [g.progress.commands for g in again.list_games().games] == [3]
    loaded = again.load(game_id)
    assert loaded.problems == () and loaded.game.log == game.log
    # The next save does not append after the torn bytes: it writes the game whole.
    after = taps(again, game_id, loaded.game, 1)
    assert journal.read_bytes() == b""
    assert reopen().load(game_id).game.log == after.log


def test_a_damaged_journal_line_is_reported_set_aside_and_never_breaks_the_list(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    first = taps(store, game_id, game, 1)
    taps(store, game_id, first, 2)
    journal = store.layout.journal_file(game_id)
    text = journal.read_text().splitlines(keepends=True)
    damaged = text[0] + "{not json at all\n" + text[2]
    journal.write_text(damaged)
    again = reopen()
    listing = again.list_games()
    assert [g.game_id for g in listing.games] == [game_id]
    loaded = again.load(game_id)
    assert [p.kind for p in loaded.problems] == ["journal_damaged"]
    problem = loaded.problems[0]
    assert "line 2" in problem.message and problem.quarantined_to is not None
    assert Path(problem.quarantined_to).read_text() == damaged  # kept as it was
    assert loaded.game.log == first.log  # opened at the last good change
    taps(again, game_id, loaded.game, 1)  # written whole: the damage is gone
    assert reopen().load(game_id).problems == ()


def test_a_line_out_of_turn_is_damage(store: GameStore, reopen: Callable[[], GameStore]) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    first = taps(store, game_id, game, 1)
    taps(store, game_id, first, 1)
    journal = store.layout.journal_file(game_id)
    entries = journal.read_text().splitlines()
    n = json.loads(entries[1])["n"]
    journal.write_text(entries[0] + "\n" + entries[1].replace(f'"n":{n}', f'"n":{n + 4}') + "\n")
    loaded = reopen().load(game_id)
    assert [p.kind for p in loaded.problems] == ["journal_damaged"]
    assert f"expected change {n}" in loaded.problems[0].message
    assert loaded.game.log == first.log


def test_a_game_saved_before_journals_existed_opens_and_then_journals(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game = Game.new(sample_setup())
    for _ in range(5):
        game, _command = command_stream(game)
    game_id = store.create(game.setup).game_id
    store.save(game_id, game)
    path = store.layout.game_file(game_id)
    data = json.loads(path.read_text())
    del data["journal"]  # the file exactly as the earlier format wrote it: one table
    assert set(data) == {"game"} and data["game"]["1"]["schema_version"] == 1
    path.write_text(json.dumps(data))
    again = reopen()
    loaded = again.load(game_id)
    assert loaded.problems == () and loaded.game.log == game.log
    game = taps(again, game_id, loaded.game, 2)
    assert len(lines(again, game_id)) == 2
    assert reopen().load(game_id).game.log == game.log


def test_the_list_shows_the_progress_of_the_latest_journal_line(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    store.list_games()
    game = taps(store, game_id, game, 3)
    assert store.list_games().games[0].progress.commands == 3
    assert reopen().list_games().games[0].progress.commands == 3


def test_a_whole_save_by_another_store_is_not_appended_to_blindly(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    game = taps(store, game_id, game, 2)
    reopen().rename(game_id, "Renamed elsewhere")  # the file changes behind this store
    game = taps(store, game_id, game, 1)
    loaded = reopen().load(game_id)
    assert loaded.summary.name == "Renamed elsewhere"
    assert loaded.problems == () and loaded.game.log == game.log


def test_delete_removes_the_journal_and_restoring_a_backup_sets_it_aside(
    store: GameStore,
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    game = taps(store, game_id, game, 1)
    store.save(game_id, game)  # a whole save: a backup of the previous file
    taps(store, game_id, game, 2)
    journal = store.layout.journal_file(game_id)
    restored = store.restore_backup(game_id)
    assert not journal.exists() or journal.read_bytes() == b""
    assert restored.problems == () and len(restored.game.log) <= 1
    assert any("replaced-by-backup" in p.name for p in store.layout.quarantine.iterdir())
    store.delete(game_id, confirmed=True)
    assert not journal.exists()


def test_a_journal_far_too_long_is_damage_not_read(
    store: GameStore, reopen: Callable[[], GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, game = opened(store, Game.new(sample_setup()))
    taps(store, game_id, game, 2)
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 10)
    again = reopen()
    assert [g.game_id for g in again.list_games().games] == [game_id]
    loaded = again.load(game_id)
    assert [p.kind for p in loaded.problems] == ["journal_damaged"]
    assert loaded.game.log == game.log


def test_saved_scores_follow_every_state_of_a_long_game(three_turns: Game) -> None:
    """The scores a save records (R-ADV-DEATH, R-SCORE-CORRECT) are each player's Souls
    and Wounds in every state, however the sum over scored Heroes is kept between saves."""
    game = Game.new(three_turns.setup)
    for command in three_turns.log:
        game, _ = game.play(command)
        state = game.state
        scores = Progress.of(state, game.version).scores
        assert [(s.souls, s.wounds) for s in scores] == [
            (state.souls(p.name), state.wounds(p.name)) for p in state.players
        ]


@pytest.mark.parametrize("case", [c for c in CASES if c.change is not None], ids=lambda c: c.name)
def test_a_hostile_journal_line_is_damage_named_in_words(
    store: GameStore, reopen: Callable[[], GameStore], case: Hostile
) -> None:
    """Each hostile JSON text the game files are guarded against, as a journal line: the
    list still shows the game, opening it names the damage and keeps the lines before."""
    game_id, game = opened(store, Game.new(sample_setup()))
    first = taps(store, game_id, game, 1)
    taps(store, game_id, first, 2)
    journal = store.layout.journal_file(game_id)
    good = journal.read_bytes().splitlines(keepends=True)
    hostile = case.change(good[1].rstrip(b"\n")) if case.change else b""
    journal.write_bytes(good[0] + hostile.replace(b"\n", b" ") + b"\n" + good[2])
    again = reopen()
    assert [g.game_id for g in again.list_games().games] == [game_id]
    loaded = again.load(game_id)
    assert [p.kind for p in loaded.problems] == ["journal_damaged"]
    assert "line 2" in loaded.problems[0].message
    assert loaded.game.log == first.log
