"""The turn's flow as data, and the questions the app asks it (``rules.flow``)."""

from __future__ import annotations

import typing

from pydantic import BaseModel
from referee_fixtures import bait_state, hero, new, refused, run, scored_state, started, t_player

from rules import commands as c
from rules import events as ev
from rules import flow, phases
from rules.evolve import FOLDS
from rules.models import Phase

# The phases of each command as the rules give them (R-PHASE, R-ITEM, R-MINI,
# R-CARD-EFFECT), written out here so that the table in rules.phases is checked against
# the rules rather than against itself.
_TURN = ("setup", "beginning", "build", "bait", "adventure", "end")
_WALK = ("adventure",)
EXPECTED: dict[type[BaseModel], tuple[str, ...]] = {
    c.BuildRoom: ("setup", "build"),
    c.RevealRooms: ("setup", "build"),
    c.RevealHeroes: ("beginning",),
    c.ResolveBait: ("bait",),
    c.AdvanceHero: _WALK,
    c.FinishWalk: _WALK,
    c.FinishAdventure: _WALK,
    c.DamageHero: _WALK,
    c.HealHero: _WALK,
    c.KillHero: _WALK,
    c.SendHeroBack: _WALK,
    c.SkipRoom: _WALK,
    c.DestroyRoom: ("build", "adventure"),
    c.DeactivateRoom: ("build", "adventure"),
    c.SetTreasureBonus: ("setup", "beginning", "build", "bait", "adventure"),
    c.HealWound: ("build", "adventure"),
    c.CorrectScore: _TURN,
    c.EndTurn: ("end",),
    c.CastSpell: ("build", "adventure"),
    c.AnswerCardEffect: ("build", "bait", "adventure", "end"),
    c.RevealItems: ("beginning",),
    c.UseItem: ("build", "adventure"),
    c.UseRoomAbility: ("build", "adventure"),
    c.UseBossAbility: ("build", "adventure"),
    c.ChooseFaceUpItem: ("adventure", "end"),
    c.GainCoins: _TURN,
    c.PayCoins: _TURN,
    c.PlaceCoinOnRoom: _TURN,
    c.TakeCoinsFromRoom: _TURN,
    c.GiveCoins: _TURN,
    c.BuildMiniboss: ("build",),
    c.DeclineMiniboss: ("build",),
    c.PromoteMiniboss: ("build",),
    c.UseMinibossLevel2: ("beginning", "build", "bait", "adventure", "end"),
    c.UseMinibossLevel3: ("beginning", "build", "bait", "adventure", "end"),
    c.DiscardRoomForCoin: ("build",),
}


def test_every_command_has_its_phases_in_the_one_table() -> None:
    """R-PHASE: each command's phases come from the flow table, and every command is in it."""
    commands = {t for t in typing.get_args(typing.get_args(c.Command)[0])}
    assert commands == set(EXPECTED)
    for command_type, expected in EXPECTED.items():
        assert flow.phases_of(command_type) == expected, command_type.__name__


def test_phase_order_is_the_models_phases_and_each_phase_says_what_comes_next() -> None:
    """R-PHASE: setup, then each turn beginning → build → bait → adventure → end → the next
    turn's beginning; 'over' follows only the end of the game."""
    assert (*flow.PHASE_ORDER, flow.OVER) == typing.get_args(Phase)
    nexts = {p: s.next for p, s in flow.STAGES.items()}
    assert nexts == {
        "setup": "beginning",
        "beginning": "build",
        "build": "bait",
        "bait": "adventure",
        "adventure": "end",
        "end": "beginning",
    }
    for stage in flow.STAGES.values():
        assert set(stage.ends_with) <= set(stage.commands)


def test_phase_done_opens_the_next_phase_or_turn() -> None:
    """The event that ends a phase is the one the table names: a new turn after set-up."""
    state = new()
    done = phases.phase_done(state)
    assert isinstance(done, ev.TurnStarted) and done.turn == 1
    state = started(state)
    done = phases.phase_done(state)
    assert isinstance(done, ev.PhaseChanged) and done.phase == "build"
    assert done.ruling.why == "The Build phase begins."


def test_legal_is_nothing_once_the_game_is_over() -> None:
    """R-END-WIN: after the winner is declared no command is legal."""
    over = run(scored_state([("A", 900, 10, 0), ("B", 500, 0, 0)]), c.EndTurn())
    assert over.game_over
    assert flow.legal(over) == ()
    assert not flow.may(over, c.CorrectScore, "A")


def test_legal_leaves_out_expansions_not_played() -> None:
    """R-ITEM, R-MINI: an expansion's commands are legal only in games played with it."""
    state = started(new())
    assert c.RevealItems not in flow.legal(state)
    assert c.GainCoins not in flow.legal(state)
    with_both = started(new(items=True, minibosses=True))
    assert c.RevealItems in flow.legal(with_both)
    assert c.RevealHeroes not in flow.legal(with_both)  # the Items come first
    assert c.GainCoins in flow.legal(with_both)


def test_may_refuses_an_eliminated_player_but_corrects_the_score() -> None:
    """R-END-ELIM: an eliminated player no longer plays, yet a score may be corrected
    (R-SCORE-CORRECT); an unknown player may do nothing."""
    state = scored_state([("A", 900, 0, 6), ("B", 500, 0, 0), ("C", 100, 0, 0)])
    state = run(state.model_copy(update={"ordinary_left": 10}), c.EndTurn())
    state = run(state, c.RevealHeroes(heroes=(hero("mage"),) * 3))
    assert flow.is_out(state, "A") and not flow.plays(state, "A")
    assert not flow.may(state, c.BuildRoom, "A")
    assert flow.may(state, c.BuildRoom, "B")
    assert flow.may(state, c.CorrectScore, "A")
    assert not flow.may(state, c.BuildRoom, "Nobody")
    assert not flow.is_out(state, "Nobody")


def test_why_not_is_the_refusal_decide_would_raise_and_changes_nothing() -> None:
    """python-chess's is_legal: a dry run that answers with the refusal, or None."""
    state = started(new())
    before = state.model_dump()
    refusal = flow.why_not(state, c.ResolveBait())
    assert refusal is not None and refusal.rule == "R-PHASE"
    assert refusal.rule == refused(state, c.ResolveBait(), "R-PHASE").rule
    assert flow.why_not(state, c.RevealHeroes(heroes=(hero("mage"), hero("thief")))) is None
    wrong = flow.why_not(state, c.RevealHeroes(heroes=(hero("mage"),)))
    assert wrong is not None and wrong.rule == "R-TURN-REVEAL"
    assert state.model_dump() == before


def test_lethal_when_the_walking_heros_damage_reaches_its_health() -> None:
    """R-ADV-DEATH: a Hero with damage at least its Health dies leaving its Room."""
    state = bait_state(
        [t_player("A", 900, rooms=[{"treasure": ["mage"], "damage": 3}]), t_player("B", 500)],
        [{"treasure": ["mage"], "health": 4}],
    )
    state = run(state, c.ResolveBait())
    assert state.walk is not None and not flow.lethal(state)
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == 3 and not flow.lethal(state)
    state = run(state, c.DamageHero(amount=1))
    assert flow.lethal(state)


def test_outcome_names_the_winner_and_the_deciding_rule() -> None:
    """R-END-WIN: one value says who won and by which rule."""
    over = run(scored_state([("A", 900, 10, 0), ("B", 500, 0, 0)]), c.EndTurn())
    outcome = flow.outcome(over)
    assert outcome is not None
    assert (outcome.winners, outcome.winner, outcome.rule) == (("A",), "A", "R-END-WIN")
    assert over.winner == "A"
    assert flow.outcome(started(new())) is None


def test_outcome_of_a_shared_victory_names_every_winner() -> None:
    """R-END-XP: tied on Souls minus Wounds and on XP, the players share the victory."""
    over = run(scored_state([("A", 500, 10, 0), ("B", 500, 10, 0)]), c.EndTurn())
    outcome = flow.outcome(over)
    assert outcome is not None and outcome.shared
    assert (outcome.winners, outcome.winner, outcome.rule) == (("A", "B"), None, "R-END-XP")
    assert over.winner is None


def test_every_event_has_one_evolve_function_registered_in_one_table() -> None:
    """Evolve functions are registered explicitly: one per event type, none missing."""
    events = {t for t in typing.get_args(typing.get_args(ev.Event)[0])}
    assert set(FOLDS) == events
    for event_type, fold in FOLDS.items():
        assert typing.get_type_hints(fold)["event"] is event_type
