"""Random squad tables against the 004 rulebook: a slot is captured once, only by a squad
that no squad of its colour on the table beats, and the score is the rulebook's sum."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.squads import commands as cmd
from rules.squads.engine import apply
from rules.squads.models import MapCard, Squad, SquadPlayer, SquadState
from rules.squads.scoring import score, winners
from rules.squads.table import SquadTable, referee_squads

COLOURS = ("red", "blue", "green")
NAMES = ("Ann", "Bob", "Cy")
KINDS = ("kidnap", "gullible_hero", "parasols", "bullyhulk", "fake_princess")


@st.composite
def squads(draw: st.DrawFn, first: int) -> tuple[Squad, ...]:
    out = []
    for i in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["army", "army", "army", "megagrump", "action"]))
        out.append(
            Squad(
                number=first + i,
                color=None if kind == "action" else draw(st.sampled_from(COLOURS)),
                strength=draw(st.integers(0, 6)),
                support=draw(st.integers(0, 4)),
                recruit="megagrump" if kind == "megagrump" else None,
                action="recruit" if kind == "action" else None,
            )
        )
    return tuple(out)


@st.composite
def resolve_tables(draw: st.DrawFn) -> SquadState:
    players = tuple(
        SquadPlayer(
            name=name,
            boss=f"Boss {name}",
            princesses=tuple(draw(st.lists(st.sampled_from(COLOURS), max_size=4))),
            squads=draw(squads(i * 10)),
            recruits=("megagrump", "megagrump", "megagrump"),
        )
        for i, name in enumerate(NAMES)
    )
    slots = tuple(
        MapCard(kind=draw(st.sampled_from(KINDS)), color=draw(st.sampled_from(COLOURS)))
        for _ in range(2)
    )
    return SquadState(players=players, phase="resolve", slots=(slots[0], slots[1]), next_squad=40)


def _strongest_of_colour(state: SquadState, owner: str, squad: Squad) -> bool:
    """The rulebook's test, written out: no standing squad of the colour has a higher total;
    a tie is the active player's (R-SQ-STRONGEST, R-SQ-TIE)."""
    totals = [
        6 if s.recruit == "megagrump" else s.strength + s.support
        for p in state.players
        for s in p.squads
        if s.color == squad.color
    ]
    mine = 6 if squad.recruit == "megagrump" else squad.strength + squad.support
    return owner == state.active_player.name and mine == max(totals)


def _capture(draw: st.DrawFn, state: SquadState) -> cmd.Capture:
    ann = state.player("Ann")
    numbers = [s.number for s in ann.squads] or [0]
    args: dict[str, Any] = {
        "player": "Ann",
        "squad": draw(st.sampled_from(numbers)),
        "slot": draw(st.sampled_from([1, 2])),
        "victim": draw(st.sampled_from(["Bob", "Cy"])),
    }
    return cmd.Capture.model_validate(args)


@settings(max_examples=150, deadline=None)
@given(resolve_tables(), st.data())
def test_random_resolve_phases_capture_each_slot_once_and_only_by_the_strongest(
    start: SquadState, data: st.DataObject
) -> None:
    state = start
    taken: list[int] = []
    for _ in range(6):
        command = _capture(data.draw, state)
        before = state
        try:
            state, _events = apply(state, command)
        except RulesError:
            continue
        squad = next(s for s in before.player("Ann").squads if s.number == command.squad)
        assert _strongest_of_colour(before, "Ann", squad), (squad, before.players)
        card = before.slots[command.slot - 1]
        assert card is not None and card.color == squad.color
        assert command.slot not in taken, "a slot was captured twice in one Resolve phase"
        taken.append(command.slot)
        assert all(s.number != command.squad for s in state.player("Ann").squads)


@settings(max_examples=150, deadline=None)
@given(resolve_tables())
def test_the_command_line_calls_victorious_exactly_the_strongest(state: SquadState) -> None:
    table = SquadTable.model_validate(
        {
            "active": "Ann",
            "players": [
                {
                    "name": p.name,
                    "princesses": list(p.princesses),
                    "squads": [
                        {
                            "color": s.color,
                            "strength": s.strength,
                            "support": s.support,
                            "recruit": s.recruit,
                            "action": s.action,
                        }
                        for s in p.squads
                    ],
                }
                for p in state.players
            ],
        }
    )
    answer = referee_squads(table)
    ann = state.player("Ann").squads
    coloured = {i for i, s in enumerate(ann) if s.color is not None}
    won = {v.squad for v in answer.victorious}
    assert won | {b.squad for b in answer.beaten} == coloured
    assert won == {i for i in coloured if _strongest_of_colour(state, "Ann", ann[i])}
    for beaten in answer.beaten:
        assert beaten.by_strength > beaten.strength


def _pairs_by_hand(princesses: list[str]) -> int:
    """Pairs of one colour, taken two at a time until none is left (R-SQ-PAIRS)."""
    left, found = list(princesses), 0
    while left:
        first = left.pop(0)
        if first in left:
            left.remove(first)
            found += 1
    return found


@given(
    st.lists(
        st.tuples(st.lists(st.sampled_from(COLOURS), max_size=8), st.booleans()),
        min_size=2,
        max_size=4,
    )
)
def test_the_score_is_the_rulebook_sum(hands: list[tuple[list[str], bool]]) -> None:
    scores = [score(f"P{i}", tuple(p), finale) for i, (p, finale) in enumerate(hands)]
    for s, (princesses, finale) in zip(scores, hands, strict=True):
        assert s.points == 2 * len(princesses) + _pairs_by_hand(princesses) + (1 if finale else 0)
    best = max(s.points for s in scores)
    assert set(winners(scores)) == {s.name for s in scores if s.points == best}
