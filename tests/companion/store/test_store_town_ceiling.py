"""A game saved before the town had a ceiling (``rules.table.MAX_TOWN``), with more Heroes
waiting in town than it allows, still opens: at the last command that replays, with a
problem naming the command and the rule, and the original file kept aside."""

from __future__ import annotations

from pathlib import Path

import pytest
from sample_play import crowded_game

from companion.store import GameStore
from rules import engine, phases

CEILING = 12  # a low ceiling, so that a short game passes it


def test_a_saved_town_past_the_ceiling_opens_before_it_naming_the_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as before:  # the game as it was played, with no ceiling
        before.setattr(engine, "MAX_TOWN", 10_000)
        before.setattr(phases, "MAX_TOWN", 10_000)
        game = crowded_game(60)
    assert len(game.state.town) > CEILING
    store = GameStore(tmp_path, fsync=False)
    game_id = store.create(game.setup, "Crowded").game_id
    store.save(game_id, game)
    saved = store.layout.game_file(game_id).read_bytes()
    monkeypatch.setattr(engine, "MAX_TOWN", CEILING)
    monkeypatch.setattr(phases, "MAX_TOWN", CEILING)

    loaded = GameStore(tmp_path, fsync=False).load(game_id)

    assert len(loaded.game.state.town) <= CEILING
    (problem,) = loaded.problems
    assert problem.kind == "replay_failed" and problem.failed_command is not None
    assert problem.failed_command.type == "reveal_heroes"
    assert problem.failed_command.rule == "R-SETUP-HEROES"
    assert problem.quarantined_to is not None
    assert Path(problem.quarantined_to).read_bytes() == saved  # kept as it was
