"""One table, two games: a move of one game is refused by the other, named, and the game
it was sent to stays as it was."""

from __future__ import annotations

import pytest
from referee_fixtures import new
from squad_fixtures import deploy, setup
from test_engine import SCRIPT

from rules.errors import RulesError
from rules.game import Game
from rules.squads.game import SquadGame


def test_a_squad_move_sent_to_a_boss_monster_game_is_refused_by_name() -> None:
    game = Game.new(new().setup)
    with pytest.raises(RulesError) as caught:
        game.play(deploy("Ann", "red", 3))
    assert (caught.value.rule, caught.value.key) == ("R-PHASE", "err.not_this_game")
    assert game.version == 0 and game.log == ()


def test_a_boss_monster_move_sent_to_a_squad_game_is_refused_by_name() -> None:
    game = SquadGame.new(setup())
    with pytest.raises(RulesError) as caught:
        game.play(SCRIPT[0])
    assert (caught.value.rule, caught.value.key) == ("R-SQ-TURN", "err.sq.not_this_game")
    assert game.version == 0


def test_each_game_takes_its_own_moves_through_the_same_door() -> None:
    squads, events = SquadGame.new(setup()).play(deploy("Ann", "red", 3))
    assert squads.version == 1 and events
    base, events = Game.new(new().setup).play(SCRIPT[0])
    assert base.version == 1 and events
