"""The Bait forecast: the Bait the engine would rule if the draft were built, and what the
draft changes; face-down Rooms a viewer may not see are never counted."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_fixtures import bait_state, room, t_hero, t_player, t_room

from rules import commands as c
from rules import engine
from rules import events as ev
from rules.errors import RulesError
from rules.forecast import Draft, forecast
from rules.models import TREASURES, GameState, PendingBuild, Room


def build_phase(
    players: list[dict[str, Any]], town: list[dict[str, Any]], **extra: Any
) -> GameState:
    """The table in the Build phase of its turn: Heroes in town, Rooms about to be built."""
    return bait_state(players, town, **extra).model_copy(update={"phase": "build"})


def where(result: Any) -> list[str | None]:
    return [h.player for h in result.heroes]


def test_a_drafted_room_breaks_a_tie() -> None:
    """R-BAIT-HIGHEST: Ann and Bob both show 1 cleric, so the Cleric stays in town (a tie);
    Bob drafting a second cleric Room makes his total the single highest: it goes to Bob."""
    state = build_phase(
        [t_player("Ann", 900, [t_room("cleric")]), t_player("Bob", 400, [t_room("cleric")])],
        [t_hero("cleric", name="Sir Dudley")],
    )
    result = forecast(state, Draft(player="Bob", room=room("cleric")))
    (dudley,) = result.heroes
    assert (dudley.label, dudley.player, dudley.without) == ("Sir Dudley #1", "Bob", None)
    assert dudley.changed and dudley.ruling.rule == "R-BAIT-HIGHEST"
    assert result.refused is None and result.hidden == ()


def test_a_drafted_room_takes_a_hero_from_another_dungeon() -> None:
    """Ann's 1 fighter lures the Fighter; Bob drafts a Room with 2 fighter: 2 beats 1."""
    state = build_phase(
        [t_player("Ann", 900, [t_room("fighter")]), t_player("Bob", 400, [])],
        [t_hero("fighter"), t_hero("mage")],
    )
    result = forecast(state, Draft(player="Bob", room=room("fighter fighter")))
    fighter, mage = result.heroes
    assert (fighter.player, fighter.without) == ("Bob", "Ann")
    # Nobody has mage treasure: it stays in town either way (R-BAIT-HIGHEST, "none").
    assert (mage.player, mage.without, mage.changed) == (None, None, False)
    assert mage.ruling.key == "bait.none"


def test_boss_treasure_counts_in_the_forecast() -> None:
    """R-BAIT-TOTAL: a Boss's treasure icon counts with the Rooms: Ann's Boss cleric plus
    one cleric Room (2) beats Bob's drafted cleric Room (1)."""
    state = build_phase(
        [
            t_player("Ann", 900, [t_room("cleric")], boss_treasure=["cleric"]),
            t_player("Bob", 400, []),
        ],
        [t_hero("cleric")],
    )
    result = forecast(state, Draft(player="Bob", room=room("cleric")))
    assert where(result) == ["Ann"] and not result.heroes[0].changed


def test_a_refused_build_says_why_and_forecasts_without_it() -> None:
    """R-BUILD-WHERE: an Advanced Room never starts a new place at the entrance end."""
    state = build_phase(
        [t_player("Ann", 900, [t_room("thief")]), t_player("Bob", 400, [])],
        [t_hero("thief")],
    )
    result = forecast(state, Draft(player="Bob", room=room("thief thief", advanced=True)))
    assert result.refused is not None and result.refused.rule == "R-BUILD-WHERE"
    assert where(result) == ["Ann"]


def test_a_face_down_room_the_viewer_may_not_see_is_left_out() -> None:
    """R-BUILD-ONE: Bob's face-down Room (2 mage) would lure the Mage; a viewer who may
    not see it gets the forecast without it, and is told Bob's Room is hidden."""
    state = build_phase(
        [t_player("Ann", 900, [t_room("mage")]), t_player("Bob", 400, [])],
        [t_hero("mage")],
    )
    bob = state.player("Bob").model_copy(update={"pending": PendingBuild(room=room("mage mage"))})
    state = state.model_copy(update={"players": (state.players[0], bob)})
    blind = forecast(state, Draft(player="Ann", room=room("fighter")), hidden={"Bob"})
    assert where(blind) == ["Ann"] and blind.hidden == ("Bob",)
    assert "mage mage" not in blind.model_dump_json()
    # A viewer who may see it (Bob's own phone) counts it: 2 beats 1.
    seen = forecast(state, hidden=())
    assert where(seen) == ["Bob"] and seen.hidden == ()


# --- the property: the forecast is the Bait the engine rules once the Room is built ------

treasure = st.sampled_from(TREASURES)
rooms = st.lists(
    st.builds(
        lambda t, d: t_room(" ".join(t), d),
        st.lists(treasure, max_size=3),
        st.integers(0, 4),
    ),
    max_size=4,
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[GameState, Draft]:
    n = draw(st.integers(2, 6))
    players = [
        t_player(
            f"P{i}",
            draw(st.integers(100, 1000)),
            draw(rooms),
            boss_treasure=draw(st.lists(treasure, max_size=1)),
            treasure_bonus={
                t: draw(st.integers(-1, 2)) for t in draw(st.sets(treasure, max_size=1))
            },
            eliminated=i > 0 and draw(st.integers(0, 9)) == 0,
        )
        for i in range(n)
    ]
    town = draw(
        st.lists(
            st.builds(lambda t: t_hero(" ".join(t)), st.lists(treasure, min_size=1, max_size=2)),
            max_size=6,
        )
    )
    state = build_phase(players, town)
    # Some other players have already placed their Room face down (and this viewer sees it).
    placed = []
    for p in state.players[1:]:
        pending = None
        if not p.eliminated and draw(st.booleans()):
            pending = PendingBuild(
                room=Room(treasure=tuple(draw(st.lists(treasure, max_size=2))), damage=1)
            )
        placed.append(p.model_copy(update={"pending": pending}))
    state = state.model_copy(update={"players": (state.players[0], *placed)})
    drafter = state.players[0]
    over = draw(st.none() | st.integers(0, max(0, len(drafter.dungeon) - 1)))
    if not drafter.dungeon:
        over = None
    draft_room = Room(
        treasure=tuple(draw(st.lists(treasure, max_size=3))),
        damage=draw(st.integers(0, 4)),
        advanced=draw(st.booleans()),
    )
    return state, Draft(player=drafter.name, room=draft_room, over=over)


def engine_bait(state: GameState, *builds: c.BuildRoom) -> list[tuple[str | None, str, str]]:
    """Where the engine sends each town Hero after these builds, the reveal and the Bait."""
    for build in builds:
        state, _ = engine.apply(state, build)
    state, _ = engine.apply(state, c.RevealRooms())
    _, events = engine.apply(state, c.ResolveBait())
    return [
        (e.player if isinstance(e, ev.HeroLured) else None, e.ruling.rule, e.ruling.why)
        for e in events
        if isinstance(e, ev.HeroLured | ev.HeroStayed)
    ]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_forecast_is_the_bait_the_engine_rules_once_built(case: tuple[GameState, Draft]) -> None:
    state, draft = case
    result = forecast(state, draft)
    without = engine_bait(state)
    assert [h.without for h in result.heroes] == [w for w, _, _ in without]
    if result.refused is not None:
        # The engine refuses the same build for the same reason.
        try:
            engine.apply(state, c.BuildRoom(player=draft.player, room=draft.room, over=draft.over))
        except RulesError as error:
            assert error.rule == result.refused.rule
        else:
            raise AssertionError("the forecast refused a build the engine allows")
        return
    ruled = engine_bait(state, c.BuildRoom(player=draft.player, room=draft.room, over=draft.over))
    assert [(h.player, h.ruling.rule, h.ruling.why) for h in result.heroes] == ruled
