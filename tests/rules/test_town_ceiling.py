"""The town's ceiling: more Heroes waiting in town than every Hero deck holds is not a
real table (R-SETUP-HEROES: the largest deck, Crash Landing's at 5–6 players, uses 32
ordinary and 22 Epic Heroes). A turn reveals only as many Heroes as the town has room
for, and a reveal past it is refused naming it, so a Bait phase, which baits the whole
town (R-BAIT-ORDER), never grows with a game's length."""

from __future__ import annotations

from referee_fixtures import hero, new, refused, run, started

from rules import commands as c
from rules.models import GameState, Hero
from rules.phases import reveal_count
from rules.table import MAX_TOWN


def _town_of(count: int) -> GameState:
    """Turn 1's Beginning with ``count`` Heroes already waiting in town."""
    state = started(new())
    waiting = tuple(Hero(id=i, card=hero("cleric")) for i in range(count))
    return state.model_copy(
        update={"heroes": waiting, "town": tuple(h.id for h in waiting), "ordinary_left": 99}
    )


def test_a_reveal_that_fills_the_town_to_its_ceiling_is_played() -> None:
    state = run(_town_of(MAX_TOWN - 2), c.RevealHeroes(heroes=(hero("mage"), hero("thief"))))
    assert len(state.town) == MAX_TOWN


def test_a_reveal_past_the_towns_ceiling_is_refused_naming_it() -> None:
    error = refused(
        _town_of(MAX_TOWN - 1),
        c.RevealHeroes(heroes=(hero("mage"), hero("thief"))),
        "R-SETUP-HEROES",
    )
    assert str(MAX_TOWN) in str(error)


def test_a_nearly_full_town_takes_only_the_heroes_it_has_room_for() -> None:
    state = _town_of(MAX_TOWN - 1)
    assert reveal_count(state) == 1
    after = run(state, c.RevealHeroes(heroes=(hero("mage"),)))
    assert (len(after.town), after.phase) == (MAX_TOWN, "build")


def test_a_full_town_reveals_no_hero_and_the_turn_goes_on() -> None:
    state = _town_of(MAX_TOWN)
    assert reveal_count(state) == 0
    after = run(state, c.RevealHeroes(heroes=()))
    assert (len(after.town), after.phase) == (MAX_TOWN, "build")
    assert after.ordinary_left == state.ordinary_left  # the deck keeps its Heroes
