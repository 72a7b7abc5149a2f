"""The referee's plumbing: phases, versions, replay, serialised commands and events."""

from __future__ import annotations

from referee_fixtures import hero, new, refused, room, run, started

from rules import commands as c
from rules import engine, flow
from rules import events as ev
from rules.models import GameState

SCRIPT: list[c.Command] = [
    c.BuildRoom(player="A", room=room("mage", 2, name="M")),
    c.BuildRoom(player="B", room=room("thief", 1, name="T")),
    c.RevealRooms(),
    c.RevealHeroes(heroes=(hero("mage"), hero("thief", 6))),
    c.BuildRoom(player="A", room=room("mage", 2, name="M2")),
    c.RevealRooms(),
    c.ResolveBait(),
    c.AdvanceHero(),
    c.DamageHero(amount=1),
    c.FinishAdventure(),
    c.EndTurn(),
]


def test_phase_commands_outside_their_phase_are_refused() -> None:
    """R-PHASE: each command belongs to the phases the flow table (rules.phases) lists."""
    state = started(new())
    assert state.phase == "beginning"
    for command in (
        c.RevealRooms(),
        c.ResolveBait(),
        c.AdvanceHero(),
        c.KillHero(),
        c.SendHeroBack(),
        c.DestroyRoom(player="A", index=0),
        c.HealWound(player="A"),
        c.EndTurn(),
    ):
        error = refused(state, command, "R-PHASE")
        assert "beginning" in str(error)
    assert c.RevealHeroes in flow.legal(state)
    assert c.EndTurn not in flow.legal(state)


def test_phase_turn_flow_goes_beginning_build_bait_adventure_end() -> None:
    """R-PHASE: the turn's phases follow each other as the commands close them."""
    phases = []
    state = new()
    for command in SCRIPT:
        state = run(state, command)
        phases.append(state.phase)
    assert phases == [
        "setup", "setup", "beginning", "build", "build", "bait",
        "adventure", "adventure", "adventure", "end", "beginning",
    ]  # fmt: skip
    assert state.turn == 2


def test_every_event_carries_a_ruling_with_a_sentence() -> None:
    """Every event names a rule and explains itself in one sentence."""
    state = new()
    for command in SCRIPT:
        state, events = engine.apply(state, command)
        for event in events:
            assert event.ruling.rule.startswith("R-")
            assert event.ruling.why.strip()


def test_version_counts_commands_and_replay_rebuilds_the_state() -> None:
    """A game is its set-up plus its commands: replay gives the same state."""
    state = new()
    for i, command in enumerate(SCRIPT, start=1):
        state = run(state, command)
        assert state.version == i
    assert engine.replay(state.setup, SCRIPT) == state


def test_replay_partial_stops_at_the_first_illegal_command() -> None:
    """replay_partial names the first command that no longer applies."""
    bad = [*SCRIPT[:3], c.EndTurn(), *SCRIPT[3:]]
    result = engine.replay_partial(new().setup, bad)
    assert result.applied == 3
    assert result.failure is not None and result.failure.rule == "R-PHASE"
    assert result.state == engine.replay(new().setup, SCRIPT[:3])


def test_commands_and_events_round_trip_through_json() -> None:
    """Commands and events are plain data: JSON out and back gives equal values."""
    log = c.COMMAND_LIST.validate_json(c.COMMAND_LIST.dump_json(list(SCRIPT)))
    assert log == SCRIPT
    state = new()
    for command in SCRIPT:
        state, events = engine.apply(state, command)
        for event in events:
            assert ev.EVENTS.validate_json(event.model_dump_json()) == event


def test_evolve_folds_the_decided_events() -> None:
    """decide then evolve each event equals apply (apart from the version)."""
    state = run(new(), *SCRIPT[:7])
    events = engine.decide(state, c.FinishAdventure())
    folded: GameState = state
    for event in events:
        folded = engine.evolve(folded, event)
    applied, _ = engine.apply(state, c.FinishAdventure())
    assert folded.model_copy(update={"version": applied.version}) == applied


def test_unknown_player_named_in_a_command_is_refused() -> None:
    """R-PLAYER: a command naming nobody at the table is refused with the name."""
    error = refused(new(), c.BuildRoom(player="Zed", room=room("mage")), "R-PLAYER")
    assert "'Zed'" in str(error)
