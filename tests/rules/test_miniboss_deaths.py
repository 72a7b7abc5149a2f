"""A Miniboss's Level 2 that fires when a Hero dies in its Room (R-MINI with
R-CARD-EFFECT): Rocky's (another Room of the owner's dungeon treated as just built) and
Brassknuckle's (a Room card drawn and built at once, once per turn).

Each expectation comes from the printed level texts (the Minibosses' card list, in our
words here) and the rulebook's build rules, never from the engine's output:
- Rocky, Level 2: when a Hero dies in this Room, you may treat another Room in your
  dungeon as just built.
- Brassknuckle, Level 2: once per turn when a Hero dies in this Room, draw a Room card;
  you may immediately build that Room.
"""

from __future__ import annotations

import pytest

from rules import commands as c
from rules import engine
from rules.card_effects import hit
from rules.errors import RulesError
from rules.game import Game
from rules.models import GameState, Miniboss, MinibossCard, Room
from tests.rules.referee_fixtures import hero, new, refused, room, run
from tests.rules.test_card_effects import card_room
from tests.rules.test_minibosses import mini_game

ROCKY, BRASSKNUCKLE = ("RMB058", "Rocky"), ("RMB063", "Brassknuckle")
BRASS_FIELDS = {"card_id": "RMB063", "name": "Brassknuckle"}
SPIKED_PIT = "TNL044"  # printed: when you build this Room, it has +3 until end of turn
ELDER_PORTAL = "TPU004"  # printed: when you build this Room, two +1 counters on it


def _deadly(card: tuple[str, str], level: int, first: Room | None = None) -> GameState:
    """A's dungeon, entrance first: Room 0 (``first``, else a plain mage Room of damage
    1), Room 1 a mage Room of damage 5 carrying the Miniboss face up at ``level``, Room 2
    a mage Room with a thief icon given (the lure). Two thieves (Health 4) in town: each
    dies in Room 1. Turn 1's Build phase, A's Rooms built."""
    state = mini_game()
    stacks = list(state.player("A").dungeon)
    if first is not None:
        stacks[0] = stacks[0].model_copy(update={"rooms": (first,)})
    mini = Miniboss(card=MinibossCard(card_id=card[0], name=card[1]), level=level, face_down=False)
    stacks[1] = stacks[1].model_copy(
        update={"rooms": (room("mage", 5, "Deep Pit"),), "miniboss": mini}
    )
    stacks[2] = stacks[2].model_copy(update={"extra_treasure": ("thief",)})
    return state.with_player("A", dungeon=tuple(stacks))


def _first_dies(state: GameState) -> GameState:
    """The Rooms revealed, the Bait, and the first thief walked into Room 1, where it dies."""
    state = run(state, c.RevealRooms(), c.ResolveBait())
    assert state.walk is not None and state.walk.player == "A"
    first = state.walk.hero
    state = run(state, c.AdvanceHero(), c.AdvanceHero(), c.AdvanceHero())
    assert any(s.hero == first and not s.face_up for s in state.player("A").scored)
    return state


def _offers(state: GameState, card_id: str) -> list[str]:
    return [o.offer for o in state.offers if o.card_id == card_id and o.player == "A"]


# --- Rocky ----------------------------------------------------------------------------


def test_rocky_level_2_treats_another_room_as_just_built() -> None:
    """A Hero dies in Rocky's Room: A is asked which other Room counts as just built, and
    names Spiked Pit (Room 0): its "when you build" +3 happens again, 1 -> 4 this turn."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(SPIKED_PIT)))
    assert _offers(state, "RMB058") == ["rebuild_own_room"]
    assert hit(state, "A", 0).damage == 1
    state = run(state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=True, room=0))
    assert hit(state, "A", 0).damage == 4
    assert state.offers == ()


def test_rocky_level_2_counters_of_a_room_treated_as_built() -> None:
    """Elder Portal named: its two +1 counters come again, as when it was built."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(ELDER_PORTAL)))
    before = state.player("A").dungeon[0].counters
    state = run(state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=True, room=0))
    assert state.player("A").dungeon[0].counters == before + 2


def test_rocky_level_2_not_its_own_room() -> None:
    """ "Another Room": Rocky's own Room (1) may not be named; Rooms 0 and 2 may."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(SPIKED_PIT)))
    refused(
        state,
        c.AnswerCardEffect(player="A", card_id="RMB058", accept=True, room=1),
        "R-CARD-EFFECT",
    )
    refused(state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=True), "R-CARD-EFFECT")


def test_rocky_level_2_room_without_build_ability_does_nothing_said_so() -> None:
    """A plain Room named counts as just built, but has nothing to do: the log says so and
    nothing on the table changes but the question gone."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(SPIKED_PIT)))
    after, events = engine.apply(
        state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=True, room=2)
    )
    assert "card.rebuilt_nothing" in [e.ruling.key for e in events]
    assert after.players == state.players
    assert after.offers == ()


def test_rocky_level_2_declined_changes_nothing() -> None:
    """ "You may": No leaves every Room as it was."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(SPIKED_PIT)))
    after = run(state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=False))
    assert after.players == state.players
    assert hit(after, "A", 0).damage == 1 and after.offers == ()


def test_rocky_level_2_fires_for_each_death() -> None:
    """Not once per turn: the second thief dying there asks again."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(SPIKED_PIT)))
    state = run(state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=False))
    state = run(state, c.AdvanceHero(), c.AdvanceHero(), c.AdvanceHero())
    assert _offers(state, "RMB058") == ["rebuild_own_room"]


def test_rocky_level_1_does_not_fire() -> None:
    """At Level 1 its Level 2 is not on: a Hero dying there asks nothing."""
    state = _first_dies(_deadly(ROCKY, 1, card_room(SPIKED_PIT)))
    assert _offers(state, "RMB058") == []


def test_rocky_not_when_the_hero_survives() -> None:
    """A Hero that walks out of Rocky's Room alive (Room 1 of damage 1 now) fires nothing."""
    state = _deadly(ROCKY, 2, card_room(SPIKED_PIT))
    stacks = list(state.player("A").dungeon)
    stacks[1] = stacks[1].model_copy(update={"rooms": (room("mage", 1, "Shallow Pit"),)})
    state = run(state.with_player("A", dungeon=tuple(stacks)), c.RevealRooms(), c.ResolveBait())
    state = run(state, c.FinishWalk())
    assert _offers(state, "RMB058") == []


def test_rocky_face_down_does_not_fire() -> None:
    """Face down (not yet revealed and paid for) its levels do not apply: the same walk,
    the Miniboss kept face down, asks nothing."""
    state = _deadly(ROCKY, 2, card_room(SPIKED_PIT))
    stacks = list(state.player("A").dungeon)
    mini = stacks[1].miniboss
    assert mini is not None
    hidden = mini.model_copy(update={"face_down": True})
    stacks[1] = stacks[1].model_copy(update={"miniboss": hidden})
    state = state.with_player("A", dungeon=tuple(stacks)).model_copy(update={"phase": "bait"})
    state = run(state, c.ResolveBait(), c.AdvanceHero(), c.AdvanceHero(), c.AdvanceHero())
    assert state.player("A").scored  # the thief died in Room 1
    assert _offers(state, "RMB058") == []


# --- Brassknuckle ---------------------------------------------------------------------


def _drawn(**answer: object) -> c.AnswerCardEffect:
    return c.AnswerCardEffect.model_validate(
        {"player": "A", "card_id": "RMB063", "accept": True, **answer}
    )


def test_brassknuckle_level_2_builds_the_room_drawn_as_a_new_room() -> None:
    """A Hero dies in Brassknuckle's Room: A may build the Room drawn at once; as a new
    Room it goes in at the entrance end (four Rooms now, the new one first)."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    assert _offers(state, "RMB063") == ["build_drawn_room"]
    state = run(state, _drawn(build=room("fighter", 2, "Drawn Den")))
    dungeon = state.player("A").dungeon
    assert len(dungeon) == 4 and dungeon[0].top.name == "Drawn Den"
    assert state.offers == ()


def test_brassknuckle_level_2_build_over_a_room_fires_its_build_ability() -> None:
    """Built over Room 2 (a mage Room), Spiked Pit's "when you build this Room" happens:
    1 + 3 = 4 damage this turn; the dungeon keeps three places."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    state = run(state, _drawn(build=card_room(SPIKED_PIT), room=2))
    dungeon = state.player("A").dungeon
    assert len(dungeon) == 3 and dungeon[2].top.card_id == SPIKED_PIT
    assert hit(state, "A", 2).damage == 4


def test_brassknuckle_level_2_is_checked_as_a_build() -> None:
    """An Advanced Room needs a Room sharing a treasure type under it (R-BUILD-WHERE); a
    fifth place is allowed, a sixth is not (R-BUILD-MAX); nothing named: refused."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    advanced = room("fighter", 3, "Fighter Vault", advanced=True)
    refused(state, _drawn(build=advanced, room=0), "R-BUILD-WHERE")
    refused(state, _drawn(build=advanced), "R-BUILD-WHERE")  # never a new place
    refused(state, _drawn(), "R-BUILD-WHERE")
    assert run(state, _drawn(build=room("mage", 3, "Mage Vault", advanced=True), room=0))
    stacks = list(state.player("A").dungeon)
    full = state.with_player("A", dungeon=(*stacks, stacks[0], stacks[0]))
    refused(full, _drawn(build=room("fighter", 2, "Sixth")), "R-BUILD-MAX")


def test_brassknuckle_level_2_is_not_the_turns_build() -> None:
    """The card's own build: next turn A still builds its one Room (R-BUILD-ONE)."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    state = run(state, _drawn(build=room("fighter", 2, "Drawn Den")))
    state = run(
        state, c.FinishAdventure(), c.EndTurn(), c.RevealHeroes(heroes=(hero("cleric"),) * 2)
    )
    assert state.phase == "build"
    run(state, c.BuildRoom(player="A", room=room("cleric", 1, "Next")))


def test_brassknuckle_level_2_declined_changes_nothing() -> None:
    """ "You may": No builds nothing; the walks go on."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    after = run(state, _drawn(accept=False))
    assert after.players == state.players and after.offers == ()
    run(after, c.AdvanceHero())


def test_brassknuckle_level_2_the_walk_waits_for_the_answer() -> None:
    """ "Immediately": the next Hero does not walk on before A answers."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    with pytest.raises(RulesError):
        engine.apply(state, c.AdvanceHero())


def test_brassknuckle_level_2_once_per_turn() -> None:
    """The second thief dying there the same turn asks nothing more."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    state = run(state, _drawn(accept=False))
    state = run(state, c.AdvanceHero(), c.AdvanceHero(), c.AdvanceHero())
    assert _offers(state, "RMB063") == []


def test_brassknuckle_level_1_does_not_fire() -> None:
    """At Level 1 no Room is drawn or built."""
    assert _offers(_first_dies(_deadly(BRASSKNUCKLE, 1)), "RMB063") == []


def test_brassknuckle_game_replays_and_undoes() -> None:
    """A game is its set-up plus its commands: Brassknuckle built and promoted to Level 2,
    a thief (Health 2) dies in its Room (1 + 1 damage), the Room drawn is built over it;
    replay and undo/redo give the same state."""
    setup = new(minibosses=True).setup
    game = Game.new(setup)
    thieves = (hero("thief", 2),) * 2
    script: list[c.Command] = [
        c.BuildRoom(player="A", room=room("mage thief", 1, "A0")),
        c.RevealRooms(),
        c.RevealHeroes(heroes=(hero("thief", 9),) * 2),
        c.BuildMiniboss(player="A", over=0, miniboss=MinibossCard(**BRASS_FIELDS)),
        c.RevealRooms(),
        c.ResolveBait(),
        c.FinishAdventure(),
        c.EndTurn(),
        c.RevealHeroes(heroes=thieves),
        c.PromoteMiniboss(player="A", index=0),
        c.RevealRooms(),
        c.ResolveBait(),
        c.AdvanceHero(),
        c.AdvanceHero(),
        _drawn(build=room("fighter", 2, "Drawn Den"), room=0),
    ]
    for command in script:
        game, _ = game.play(command)
    dungeon = game.state.player("A").dungeon
    assert [s.top.name for s in dungeon] == ["Drawn Den"]
    assert dungeon[0].miniboss is None  # the Room it stood on is covered (R-MINI)
    assert game.undo().redo().state == game.state
    assert engine.replay(setup, game.log) == game.state


def test_brassknuckle_new_room_keeps_a_walking_hero_in_its_room() -> None:
    """A Hero standing in A's dungeon as the new Room goes in at the entrance end (one a
    card moved there while the question waited) stays in the Room it stood in, now one
    place further on; it does not find itself in the new Room."""
    state = _first_dies(_deadly(BRASSKNUCKLE, 2))
    assert state.walk is not None and state.walk.player == "A"
    inside = state.walk.model_copy(update={"room": 1})
    state = state.model_copy(update={"walk": inside})
    stood_in = state.player("A").dungeon[1].top
    state = run(state, _drawn(build=room("fighter", 2, "Drawn Den")))
    assert state.walk is not None and state.walk.room == 2
    assert state.player("A").dungeon[2].top == stood_in


def test_rocky_level_2_a_room_whose_text_is_ignored_does_nothing() -> None:
    """Spiked Pit's ability text ignored this turn (as Sabotage! does): named, it counts
    as just built but its "+3 when built" does not happen; the log says nothing happens."""
    state = _first_dies(_deadly(ROCKY, 2, card_room(SPIKED_PIT)))
    stacks = list(state.player("A").dungeon)
    stacks[0] = stacks[0].model_copy(update={"ability_off": True})
    state = state.with_player("A", dungeon=tuple(stacks))
    after, events = engine.apply(
        state, c.AnswerCardEffect(player="A", card_id="RMB058", accept=True, room=0)
    )
    assert "card.rebuilt_nothing" in [e.ruling.key for e in events]
    assert after.player("A").dungeon[0].boost == 0


@pytest.mark.parametrize("card", [ROCKY, BRASSKNUCKLE])
def test_level_3_keeps_level_2(card: tuple[str, str]) -> None:
    """A level adds to the ones below it (R-MINI): at Level 3 the Level 2 still fires."""
    state = _first_dies(_deadly(card, 3, card_room(SPIKED_PIT)))
    assert _offers(state, card[0]) == ["rebuild_own_room" if card == ROCKY else "build_drawn_room"]
