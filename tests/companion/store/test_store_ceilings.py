"""Commands per game have a ceiling no real game reaches, checked where a game comes in.

A valid 100,000-command log once took 6.4 s and 558 MB to open, on the loop that serves
every tab. Past ``MAX_COMMANDS`` an import is refused naming ``log``, a game file is a
problem naming ``log`` (set aside like any damaged file), and a save is refused in words
(nothing already saved changes)."""

from __future__ import annotations

import json

import pytest
from sample_play import command_stream, sample_setup

from companion.store import GameStore, GameUnreadable, ImportRejected, SaveFailed
from companion.store import games as games_module
from companion.store.records import MAX_COMMANDS
from rules.game import Game


def _long_export(store: GameStore, three_turns: Game, commands: int) -> str:
    game_id = store.create(three_turns.setup, "Long").game_id
    store.save(game_id, three_turns)
    data = json.loads(store.export_game(game_id))
    data["log"] = (data["log"] * (commands // len(data["log"]) + 1))[:commands]
    data["undone"] = []
    return json.dumps(data)


def test_an_import_past_the_ceiling_is_refused_naming_the_log(
    store: GameStore, three_turns: Game
) -> None:
    text = _long_export(store, three_turns, MAX_COMMANDS + 1)
    before = {g.game_id for g in store.list_games().games}
    with pytest.raises(ImportRejected) as caught:
        store.import_game(text)
    assert any(e.loc == "log" for e in caught.value.errors), str(caught.value)
    assert str(MAX_COMMANDS) in str(caught.value)
    assert {g.game_id for g in store.list_games().games} == before


def test_a_game_file_past_the_ceiling_is_a_problem_naming_the_log(
    store: GameStore, three_turns: Game
) -> None:
    game_id = store.create(three_turns.setup, "Long").game_id
    store.save(game_id, three_turns)
    path = store.layout.game_file(game_id)
    data = json.loads(path.read_text())
    doc = data["game"]["1"]
    doc["log"] = (doc["log"] * (MAX_COMMANDS // len(doc["log"]) + 2))[: MAX_COMMANDS + 1]
    doc["undone"] = []
    path.write_text(json.dumps(data))
    with pytest.raises(GameUnreadable) as caught:
        GameStore(store.layout.root).load(game_id)
    assert "log" in caught.value.problem.message


def test_a_save_past_the_ceiling_is_refused_and_the_last_save_kept(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game.new(sample_setup())
    game_id = store.create(game.setup).game_id
    for _ in range(3):
        game, _command = command_stream(game)
    monkeypatch.setattr(games_module, "MAX_COMMANDS", 3)
    store.save(game_id, game)  # at the ceiling
    longer, _command = command_stream(game)
    with pytest.raises(SaveFailed) as caught:
        store.save(game_id, longer, after=game)
    assert "3 commands" in str(caught.value)
    assert len(GameStore(store.layout.root).load(game_id).game.log) == 3


def test_a_journal_with_more_lines_than_a_game_makes_is_not_decoded(
    store: GameStore, three_turns: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused whole, before any line is decoded; the game opens as of its file."""
    from companion.store import journal as journal_module

    game_id = store.create(three_turns.setup, "Long").game_id
    store.save(game_id, three_turns)
    journal = store.layout.journal_file(game_id)
    journal.write_bytes(b"{}\n" * (journal_module.MAX_JOURNAL_LINES + 1))
    decoded: list[bytes] = []
    monkeypatch.setattr(journal_module, "_decode_line", lambda line: decoded.append(line))
    read = journal_module.read_journal(journal)
    assert decoded == [] and read.entries == ()
    assert read.damage == f"more than {journal_module.MAX_JOURNAL_LINES} lines"
    monkeypatch.undo()
    loaded = GameStore(store.layout.root).load(game_id)
    assert loaded.game.log == three_turns.log
    assert [p.kind for p in loaded.problems] == ["journal_damaged"]
