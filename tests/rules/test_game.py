"""A game as players know it: play, undo, redo, stale commands, history."""

from __future__ import annotations

import pytest
from referee_fixtures import new, room
from test_engine import SCRIPT

from rules import commands as c
from rules import engine
from rules.errors import RulesError, StaleCommand, UndoError, UnknownPlayer
from rules.game import Game


def played(count: int) -> Game:
    game = Game.new(new().setup)
    for command in SCRIPT[:count]:
        game, _ = game.play(command, version=game.version)
    return game


def test_game_state_is_the_replay_of_its_log() -> None:
    """A game is its set-up plus its commands."""
    game = played(len(SCRIPT))
    assert game.state == engine.replay(game.setup, game.log)
    assert Game(setup=game.setup, log=game.log).state == game.state


def test_game_undo_then_redo_gives_the_same_state() -> None:
    """Undo replays without the last command; redo puts it back."""
    for count in range(1, len(SCRIPT) + 1):
        game = played(count)
        back = game.undo()
        assert back.state == played(count - 1).state
        assert back.can_redo
        assert back.redo().state == game.state


def test_game_new_command_clears_redo() -> None:
    """Playing after undo forgets the undone commands."""
    game = played(3).undo()
    game, _ = game.play(SCRIPT[2])
    assert not game.can_redo


def test_game_stale_command_refused() -> None:
    """A command entered on an older version of the table is refused."""
    game = played(2)
    with pytest.raises(StaleCommand) as info:
        game.play(SCRIPT[2], version=1)
    assert info.value.rule == "R-STALE"  # its own kind and id, not a phase refusal
    assert "version 1, now 2" in str(info.value)


def test_game_nothing_to_undo_or_redo() -> None:
    """Undo on a new game and redo with nothing undone are refused."""
    game = Game.new(new().setup)
    with pytest.raises(UndoError, match="nothing to undo") as undo:
        game.undo()
    with pytest.raises(UndoError, match="nothing to redo") as redo:
        game.redo()
    assert undo.value.rule == redo.value.rule == "R-UNDO"


def test_game_unknown_player_is_its_own_refusal() -> None:
    """A command naming someone not at the table is refused as such (R-PLAYER), for the
    base game's commands and the expansions' alike; the game keeps its log."""
    game = played(2)
    for command in (
        c.BuildRoom(player="Nobody", room=room("mage")),
        c.CorrectScore(player="Nobody", souls=1),
    ):
        with pytest.raises(UnknownPlayer) as info:
            game.play(command)
        assert info.value.rule == "R-PLAYER" and "Nobody" in str(info.value)
    coins = Game.new(new(minibosses=True).setup)
    with pytest.raises(UnknownPlayer):
        coins.play(c.GainCoins(player="Nobody"))
    assert len(game.log) == 2


def test_game_illegal_command_leaves_the_game_unchanged() -> None:
    """An illegal command raises and the game keeps its log."""
    game = played(3)
    with pytest.raises(RulesError):
        game.play(SCRIPT[6])
    assert len(game.log) == 3


def test_game_history_pairs_commands_with_their_events() -> None:
    """History replays every command with the events it caused."""
    history = played(len(SCRIPT)).history()
    assert [cmd for cmd, _ in history] == SCRIPT
    assert all(events for _, events in history)


def test_game_round_trips_through_json() -> None:
    """A game (set-up, log, undone) serialises and loads back to the same state."""
    game = played(6).undo()
    loaded = Game.model_validate_json(game.model_dump_json())
    assert loaded.state == game.state and loaded.undone == game.undone


def test_redo_gives_back_the_events_of_the_redone_command() -> None:
    """Redo applies one command again (no replay of the game) and returns its events."""
    for count in range(1, len(SCRIPT) + 1):
        before = played(count - 1)
        game, events = before.play(SCRIPT[count - 1])
        again, redone = game.undo().redo_with_events()
        assert again.state == game.state
        assert redone == events


def test_game_play_undo_redo_and_history_apply_at_most_one_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Undo and redo (R-UNDO) and the history a redraw reads reuse what the game kept:
    on a long game a tap applies one command, undo and history none, never the whole log."""
    game = played(len(SCRIPT))
    for _ in range(40):  # a longer game: undo and redo back and forth
        game = game.undo().redo()
    before = played(len(SCRIPT) - 1).state
    calls: list[object] = []
    real_apply = engine.apply

    def counting(state, command):  # type: ignore[no-untyped-def]
        calls.append(command)
        return real_apply(state, command)

    monkeypatch.setattr(engine, "apply", counting)
    back = game.undo()
    assert back.state == before and not calls
    again, _ = back.redo_with_events()
    assert again.state == game.state and not calls
    assert len(again.history()) == len(SCRIPT) and not calls
    redone, _ = back.play(SCRIPT[-1])
    assert redone.state == game.state and len(calls) == 1
