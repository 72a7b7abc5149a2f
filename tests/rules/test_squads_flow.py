"""What the squad game's screens ask the rules (``rules.squads.flow``): the kinds of
command that may be made now, and the dry run that says why one may not. The table of
phases (``rules.squads.phases``) is the engine's own, so the two must agree: a kind the
flow leaves out is one the engine refuses for its moment, and only those (R-SQ-TURN,
R-SQ-RECRUIT, R-SQ-END, R-SQ-IWIN)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from squad_fixtures import card, deploy, end, play, round_of, setup

from rules.squads import commands as cmd
from rules.squads import flow
from rules.squads.engine import apply
from rules.squads.game import SquadGame
from rules.squads.models import SquadState, colour_words

#: The refusals that say "not now" (the phase, the game over, a recruit to give back
#: first, no race to shout in), as against "not this" (no such squad, too weak...).
NOT_NOW = {
    "err.sq.finish_resolve",
    "err.sq.resolve_over",
    "err.sq.deploy_over",
    "err.sq.support_over",
    "err.sq.over",
    "err.sq.return_first",
    "err.sq.not_returning",
    "err.sq.race_over",
    "err.sq.no_race",
}


def _samples(state: SquadState) -> dict[type[BaseModel], Any]:
    """One command of each kind, made by whoever could make it now."""
    active = state.active_player.name
    return {
        cmd.Deploy: deploy(active, "green", 1),
        cmd.Support: cmd.Support(player=active, squad=0),
        cmd.Retreat: cmd.Retreat(player=active, squad=0),
        cmd.EndTurn: end(active),
        cmd.Capture: cmd.Capture(player=active, squad=0, slot=1),
        cmd.ResolveAction: cmd.ResolveAction(player=active, squad=0, recruit="catapult"),
        cmd.FinishResolve: cmd.FinishResolve(),
        cmd.ReturnRecruit: cmd.ReturnRecruit(player=state.returning or active, recruit="catapult"),
        cmd.ShoutWin: cmd.ShoutWin(player=state.tied[0] if state.tied else active),
    }


def _deploying() -> SquadState:
    return SquadGame.new(setup()).state


def _supporting() -> SquadState:
    return play(
        SquadGame.new(setup()), deploy("Ann", "red", 3), cmd.Support(player="Ann", squad=0)
    ).state


def _retreating() -> SquadState:
    game = play(
        SquadGame.new(setup()),
        deploy("Ann", "red", 3),
        deploy("Ann", "blue", 2),
        cmd.Retreat(player="Ann", squad=1),
    )
    return game.state


def _resolving() -> SquadState:
    game = round_of(
        SquadGame.new(setup()),
        ("Ann", [deploy("Ann", "red", 3)]),
        ("Bob", [deploy("Bob", "red", 1)]),
        ("Cy", []),
    )
    return game.state


def _returning() -> SquadState:
    state = round_of(
        SquadGame.new(setup()),
        ("Ann", [deploy("Ann", None, action="recruit"), cmd.Support(player="Ann", squad=0)]),
        ("Bob", []),
        ("Cy", []),
    ).state
    ann = state.player("Ann")
    squad = ann.squads[0].model_copy(update={"support": 2})
    held = ("catapult", "mercenary", "catapult")
    ann = ann.model_copy(update={"squads": (squad,), "recruits": held})
    state = state.model_copy(update={"players": (ann, *state.players[1:])})
    state, _ = apply(state, cmd.ResolveAction(player="Ann", squad=0, recruit="megagrump"))
    return state


def _over(tie: bool) -> SquadState:
    game = round_of(
        SquadGame.new(setup()), ("Ann", [deploy("Ann", "red", 3)]), ("Bob", []), ("Cy", [])
    )
    state = game.state.model_copy(update={"slots": (card("finale", "red"), card("kidnap", "blue"))})
    ann = state.player("Ann").model_copy(update={"princesses": ("red", "green")})  # 4 + 1
    bob = state.player("Bob").model_copy(
        update={"princesses": ("blue", "blue") if tie else ("blue", "blue", "green")}
    )
    state = state.model_copy(update={"players": (ann, bob, state.players[2])})
    over, _ = apply(state, cmd.Capture(player="Ann", squad=0, slot=1))
    return over


def _shouted() -> SquadState:
    state, _ = apply(_over(tie=True), cmd.ShoutWin(player="Bob"))
    return state


TABLES = {
    "deploy": (_deploying, {cmd.Deploy, cmd.Support, cmd.Retreat, cmd.EndTurn}),
    "support": (_supporting, {cmd.Support, cmd.Retreat, cmd.EndTurn}),
    "retreat": (_retreating, {cmd.Retreat, cmd.EndTurn}),
    "resolve": (_resolving, {cmd.Capture, cmd.ResolveAction, cmd.FinishResolve}),
    "returning": (_returning, {cmd.ReturnRecruit}),
    "over, tied": (lambda: _over(tie=True), {cmd.ShoutWin}),
    "over, shouted": (_shouted, set()),
    "over, won": (lambda: _over(tie=False), set()),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_what_may_be_done_now_is_what_the_engine_takes_now(name: str) -> None:
    made, expected = TABLES[name]
    state = made()
    assert set(flow.legal(state)) == expected
    for kind, command in _samples(state).items():
        refusal = flow.why_not(state, command)
        not_now = refusal is not None and refusal.key in NOT_NOW
        assert not_now == (kind not in expected), (kind.__name__, refusal)


def test_a_dry_run_names_the_refusal_the_engine_makes_and_changes_nothing() -> None:
    state = _supporting()
    late = deploy("Ann", "green", 1)
    refusal = flow.why_not(state, late)
    assert refusal is not None and (refusal.rule, refusal.key) == (
        "R-SQ-TURN",
        "err.sq.deploy_over",
    )
    assert flow.why_not(state, cmd.Support(player="Ann", squad=0)) is None
    assert state.player("Ann").squads[0].support == 1  # the dry run's Support made nothing


def test_a_catapult_may_go_under_a_squad_once_and_only_while_one_is_held_free() -> None:
    state = _supporting()
    under_first = cmd.Support(player="Ann", squad=0, cards=0, catapult=4)
    assert flow.why_not(state, under_first) is not None  # none held (R-SQ-RECRUIT)
    ann = state.player("Ann").model_copy(update={"recruits": ("catapult",)})
    state = state.model_copy(update={"players": (ann, *state.players[1:])})
    assert flow.why_not(state, under_first) is None
    state, _ = apply(state, under_first)
    refusal = flow.why_not(state, under_first)
    assert refusal is not None and refusal.rule == "R-SQ-RECRUIT"
    assert flow.over(state) is False and flow.over(_over(tie=False)) is True


def test_the_colours_offered_are_those_on_the_table_each_once() -> None:
    """The princesses held, the squads' and the slots' cards' colours, once each and as
    the model keeps a colour (R-SQ-TYPED): a colour leaves the offer with its last card."""
    slots = {"slot1": card("kidnap", " Purple "), "slot2": card("bullyhulk", "blue")}
    game = SquadGame.new(setup(**slots))
    assert flow.colours(game.state) == ("blue", "green", "purple", "red")
    game = play(game, deploy("Ann", "Orange", 2), deploy("Ann", "RED", 1))
    assert flow.colours(game.state) == ("blue", "green", "orange", "purple", "red")
    game = play(game, cmd.Deploy(player="Ann", action="recruit"))  # a squad with no colour
    assert flow.colours(game.state) == ("blue", "green", "orange", "purple", "red")
    game = play(game, cmd.Retreat(player="Ann", squad=0))
    assert "orange" not in flow.colours(game.state)


def test_words_that_are_no_colour_are_not_offered() -> None:
    assert colour_words(["", "  ", "x" * 21, "Red", "red ", "blau"]) == ("blau", "red")
