"""Saving, reloading, listing, renaming and deleting games."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sample_play import command_stream, next_commands, play_turns, sample_setup

from companion.store import GameNotFound, GameStore
from rules.commands import CorrectScore, EndTurn
from rules.game import Game


def saved(store: GameStore, game: Game, name: str | None = None) -> str:
    game_id = store.create(game.setup, name).game_id
    store.save(game_id, game)
    return game_id


def test_reload_replays_to_the_state_before_save(
    store: GameStore, reopen: Callable[[], GameStore], forty_turns: Game
) -> None:
    game_id = saved(store, forty_turns)
    loaded = reopen().load(game_id)
    assert loaded.problems == ()
    assert loaded.game.log == forty_turns.log
    assert loaded.game.state == forty_turns.state
    assert loaded.game.state.turn == 41


def test_redo_stack_survives_reload(
    store: GameStore, reopen: Callable[[], GameStore], three_turns: Game
) -> None:
    game = three_turns.undo().undo()
    game_id = saved(store, game)
    loaded = reopen().load(game_id).game
    assert loaded.undone == game.undone
    assert loaded.redo().redo().state == three_turns.state


def test_every_saved_command_is_on_disk_when_save_returns(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game = Game.new(sample_setup())
    game_id = store.create(game.setup).game_id
    for _ in range(25):
        game, _command = command_stream(game)
        store.save(game_id, game)
        # A second store (another process after a crash) sees exactly this log.
        assert reopen().load(game_id).game.log == game.log


def test_game_file_is_a_tinydb_database_with_one_game_document(
    store: GameStore, three_turns: Game
) -> None:
    game_id = saved(store, three_turns)
    data = json.loads(store.layout.game_file(game_id).read_text())
    document = data["game"]["1"]
    assert document["schema_version"] == 1
    assert document["game_id"] == game_id
    assert len(document["log"]) == len(three_turns.log)
    assert document["log"][0]["type"] == "build_room"


def test_list_shows_players_turn_last_played_and_winner(
    store: GameStore, three_turns: Game
) -> None:
    first = saved(store, Game.new(sample_setup(2)), "Quick one")
    second = saved(store, three_turns)
    listing = store.list_games()
    assert listing.problems == ()
    assert [s.game_id for s in listing.games] == [second, first]  # most recent first
    latest = listing.games[0]
    assert latest.name == "Ada, Brann and Cyra"
    assert latest.progress.players == ("Ada", "Brann", "Cyra")
    assert latest.progress.turn == three_turns.state.turn
    assert latest.progress.commands == len(three_turns.log)
    assert not latest.progress.finished and latest.progress.winner is None
    assert latest.last_played > listing.games[1].last_played


def test_list_follows_saves_made_after_the_index_was_written(
    store: GameStore, reopen: Callable[[], GameStore], three_turns: Game
) -> None:
    game_id = saved(store, Game.new(sample_setup()))
    assert store.list_games().games[0].progress.turn == 0
    store.save(game_id, three_turns)
    assert store.list_games().games[0].progress.turn == three_turns.state.turn
    other = reopen()  # reads index.json, then notices the file changed
    other.save(game_id, three_turns.undo())
    assert reopen().list_games().games[0].progress.commands == len(three_turns.log) - 1


def test_list_survives_a_damaged_index(
    store: GameStore, reopen: Callable[[], GameStore], three_turns: Game
) -> None:
    game_id = saved(store, three_turns)
    store.list_games()
    store.layout.index.write_text('{"games": {"1": {"game_id": ')
    listing = reopen().list_games()
    assert [s.game_id for s in listing.games] == [game_id]
    assert json.loads(store.layout.index.read_text())["games"]["1"]["game_id"] == game_id


def finish(game: Game) -> Game:
    while game.state.phase != "end":
        for command in next_commands(game, 0):
            game, _ = game.play(command)
    game, _ = game.play(CorrectScore(player="Brann", souls=10, reason="test"))
    game, _ = game.play(EndTurn())
    assert game.state.game_over
    return game


def test_history_lists_finished_games_with_their_winner(
    store: GameStore, three_turns: Game
) -> None:
    saved(store, three_turns)
    done = saved(store, finish(three_turns))
    history = store.history()
    assert [s.game_id for s in history] == [done]
    assert history[0].progress.finished and history[0].progress.winner == "Brann"


def test_rename_keeps_the_game_and_changes_the_list(
    store: GameStore, reopen: Callable[[], GameStore], three_turns: Game
) -> None:
    game_id = saved(store, three_turns)
    store.rename(game_id, "  Friday   night ")
    again = reopen()
    assert again.list_games().games[0].name == "Friday night"
    loaded = again.load(game_id)
    assert loaded.summary.name == "Friday night"
    assert loaded.game.log == three_turns.log


@pytest.mark.parametrize(("name", "words"), [("   ", "blank"), ("x" * 81, "80 characters")])
def test_rename_rejects_a_bad_name(store: GameStore, name: str, words: str) -> None:
    game_id = saved(store, Game.new(sample_setup()))
    with pytest.raises(ValueError, match=words):
        store.rename(game_id, name)


def test_delete_needs_confirmation_then_removes_game_and_backups(
    store: GameStore, three_turns: Game
) -> None:
    game_id = saved(store, three_turns)
    keep = saved(store, three_turns)
    with pytest.raises(ValueError, match="confirmed=True"):
        store.delete(game_id)
    assert store.load(game_id).game.log == three_turns.log
    store.delete(game_id, confirmed=True)
    with pytest.raises(GameNotFound):
        store.load(game_id)
    assert store.backups(game_id) == []
    assert [s.game_id for s in store.list_games().games] == [keep]
    with pytest.raises(GameNotFound):
        store.delete(game_id, confirmed=True)


@pytest.mark.parametrize("game_id", ["../../etc/passwd", "nope", "UPPER-case", ""])
def test_unknown_or_unsafe_game_ids_are_not_found(store: GameStore, game_id: str) -> None:
    with pytest.raises(GameNotFound):
        store.load(game_id)


def test_backups_keep_the_last_three_saves_newest_first(store: GameStore) -> None:
    game = Game.new(sample_setup())
    game_id = store.create(game.setup).game_id
    versions = []
    for _ in range(6):
        game, _command = command_stream(game)
        store.save(game_id, game)
        versions.append(len(game.log))
    backups = store.backups(game_id)
    assert [b.generation for b in backups] == [1, 2, 3]
    assert all(b.usable for b in backups)
    assert [b.summary.progress.commands for b in backups if b.summary] == versions[-2:-5:-1]


def test_a_forty_turn_game_replays_the_same_after_many_saves(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    game = Game.new(sample_setup(4))
    game_id = store.create(game.setup).game_id
    for turns in (5, 10, 20, 40):
        game = play_turns(game, turns)
        store.save(game_id, game)
        assert reopen().load(game_id).game.state == game.state


def test_a_change_made_by_another_process_between_saves_is_respected(
    store: GameStore, reopen: Callable[[], GameStore], three_turns: Game
) -> None:
    game_id = saved(store, three_turns.undo())
    reopen().rename(game_id, "Renamed elsewhere")  # the file changes behind this store
    store.save(game_id, three_turns)
    loaded = reopen().load(game_id)
    assert loaded.summary.name == "Renamed elsewhere"
    assert loaded.game.log == three_turns.log


def test_saving_after_undo_and_a_new_command_writes_the_new_log(
    store: GameStore, reopen: Callable[[], GameStore], three_turns: Game
) -> None:
    game_id = saved(store, three_turns)
    undone = three_turns.undo()
    store.save(game_id, undone)
    replayed, _command = command_stream(undone)
    store.save(game_id, replayed)
    assert reopen().load(game_id).game.log == replayed.log


def test_listing_many_games_rereads_only_the_files_that_changed(
    store: GameStore, reopen: Callable[[], GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.store import listing as listing_module

    game = Game.new(sample_setup())
    ids = [store.create(game.setup).game_id for _ in range(60)]
    reads: list[str] = []
    real = listing_module.read_document

    def counting(path: Path) -> object:
        reads.append(path.stem)
        return real(path)

    monkeypatch.setattr(listing_module, "read_document", counting)
    fresh = reopen()
    assert len(fresh.list_games().games) == 60
    reads.clear()
    index_before = store.layout.index.read_bytes()
    moved, _command = command_stream(game)
    store.save(ids[7], moved)
    assert store.layout.index.read_bytes() == index_before  # saves never touch the index
    listing = reopen().list_games()  # a restart: summaries come from index.json
    assert reads == [ids[7]]
    assert listing.games[0].game_id == ids[7] and listing.games[0].progress.commands == 1


def test_saves_from_several_threads_and_a_listing_do_not_interfere(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    import threading

    finals: dict[str, Game] = {}
    errors: list[BaseException] = []

    def play(game_id: str) -> None:
        try:
            game = Game.new(sample_setup())
            for _ in range(40):
                game, _command = command_stream(game)
                store.save(game_id, game)
            finals[game_id] = game
        except BaseException as e:  # reported below: a thread cannot fail the test itself
            errors.append(e)

    ids = [store.create(sample_setup()).game_id for _ in range(3)]
    threads = [threading.Thread(target=play, args=(i,)) for i in ids]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        assert store.list_games().problems == ()
    for t in threads:
        t.join()
    assert errors == []
    again = reopen()
    for game_id in ids:
        assert again.load(game_id).game.log == finals[game_id].log
    assert {s.progress.commands for s in store.list_games().games} == {40}


@pytest.mark.parametrize(
    "name", ["\x1b[31mRed", "two\nlines", "tab\there", "nul\x00", "\u202eevil"]
)
def test_create_and_rename_refuse_a_name_with_control_characters(
    store: GameStore, reopen: Callable[[], GameStore], name: str
) -> None:
    with pytest.raises(ValueError, match="must not hold control characters"):
        store.create(sample_setup(), name)
    game_id = saved(store, Game.new(sample_setup()))
    before = store.list_games().games
    with pytest.raises(ValueError, match=r"control characters .*\(U\+[0-9A-F]{4} at character"):
        store.rename(game_id, name)
    assert reopen().list_games().games == before, "nothing changed"


def test_a_game_named_after_players_with_control_characters_gets_a_printable_name(
    store: GameStore,
) -> None:
    from rules.models import GameSetup

    setup = sample_setup()
    first = setup.players[0].model_copy(update={"name": "\x1b[2JAda"})
    hostile = GameSetup.model_validate(
        {**setup.model_dump(), "players": [first.model_dump(), *setup.model_dump()["players"][1:]]}
    )
    summary = store.create(hostile)
    assert "\x1b" not in summary.name and summary.name.startswith("\\x1b[2JAda")
