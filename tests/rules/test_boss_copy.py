"""Klonos (CRL002): at its Level Up its owner names another player's Boss; from then on
Klonos has that Boss's Level Up ability, and a Level Up that acts once acts now
(R-CARD-EFFECT, ``rules.boss_level_up``, ``rules.boss_copy``)."""

from __future__ import annotations

from referee_fixtures import bait_state, refused, run, t_player
from test_card_effects import plain

from rules import boss_actions, engine, evolve
from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.events import EVENTS
from rules.models import GameState, RoomStack

KLONOS = "CRL002"
JARIN = "KSA006"  # Level Up: 1 Soul
SCYTHE = "KSA005"  # from its Level Up: the last Room of the dungeon +3
DOC_SCARECROW = "TNL001"  # after its Level Up, at will: a Hero kept in town


def _four_rooms(bosses: dict[str, str | None]) -> GameState:
    """Build phase: A (Klonos) has four Rooms, the fifth makes its Level Up; B and C have
    one Room each and the Bosses ``bosses`` names (None: a Boss named by hand)."""
    players = [t_player("A", 900, boss_id=KLONOS)] + [
        t_player(name, 100 - n, boss_id=boss) for n, (name, boss) in enumerate(bosses.items())
    ]
    state = bait_state(players, [{"treasure": ["fighter"], "health": 9}])
    dungeons = {"A": tuple(RoomStack(rooms=(plain("trap", 1),)) for _ in range(4))}
    updated = tuple(
        p.model_copy(update={"dungeon": dungeons.get(p.name, (RoomStack(rooms=(plain(),)),))})
        for p in state.players
    )
    return state.model_copy(update={"players": updated, "phase": "build"})


def _level_up(state: GameState) -> GameState:
    return run(state, c.BuildRoom(player="A", room=plain("trap", 1)), c.RevealRooms())


def _copy(state: GameState, whose: str | None) -> c.AnswerCardEffect:
    return c.AnswerCardEffect(player="A", card_id=KLONOS, accept=True, target=whose)


def test_klonos_asks_whose_level_up_and_a_one_time_level_up_acts_at_once() -> None:
    """B's Boss is Jarin (1 Soul at its Level Up), C's is named by hand (no card): only B
    may be named; A itself, C, or nobody is refused, and No while B may be named too.
    Named, A gains Jarin's Soul at once and Klonos keeps Jarin's card."""
    state = _level_up(_four_rooms({"B": JARIN, "C": None}))
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (KLONOS, "copy_boss_level_up", True)
    ]
    for whose in ("A", "C", None):
        assert refused(state, _copy(state, whose), "R-CARD-EFFECT").key == "err.offer_copy_boss"
    refused(state, _copy(state, None).model_copy(update={"accept": False}), "R-CARD-EFFECT")
    souls = state.souls("A")
    state, events = engine.apply(state, _copy(state, "B"))
    assert state.souls("A") == souls + 1
    assert state.player("A").copied_boss == JARIN and state.offers == ()
    said = [e.ruling.key for e in events if e.ruling is not None]
    assert "card.boss_copied" in said


def test_klonos_with_a_lasting_level_up_has_it_from_then_on() -> None:
    """Copying Scythe: A's last Room deals +3 from then on, as Scythe's own would."""
    state = _level_up(_four_rooms({"B": SCYTHE}))
    before = [r.damage for r in dungeon_damage(state.player("A"))]
    state = run(state, _copy(state, "B"))
    after = [r.damage for r in dungeon_damage(state.player("A"))]
    assert after == [*before[:-1], before[-1] + 3]


def test_klonos_with_an_at_will_level_up_may_use_it() -> None:
    """Copying Doc Scarecrow (at will, in the Build phase: a Hero in town kept there):
    in a Build phase with a Hero in town, Klonos has nothing to use before the copy, and
    Doc Scarecrow's ability after it, under Klonos's name."""
    state = _level_up(_four_rooms({"B": DOC_SCARECROW}))

    def in_build(s: GameState) -> GameState:
        return s.model_copy(update={"phase": "build"})

    assert state.town and boss_actions.usable(in_build(state), "A") is None
    state = run(state, _copy(state, "B"))
    ability = boss_actions.usable(in_build(state), "A")
    assert ability is not None and ability.effects[0].kind == "keep_in_town"
    copied = boss_actions.boss_card(state, "A")
    assert copied is not None and copied[0] == "Klonos" and copied[1].id == DOC_SCARECROW


def test_klonos_with_no_other_boss_card_fires_with_nothing_to_take() -> None:
    """Every other Boss named by hand: nothing is asked, the log says why."""
    state = _four_rooms({"B": None})
    state, events = engine.apply(state, c.BuildRoom(player="A", room=plain("trap", 1)))
    state, events = engine.apply(state, c.RevealRooms())
    assert state.offers == ()
    assert "card.no_boss_target" in [e.ruling.key for e in events if e.ruling is not None]


def test_a_copied_boss_is_kept_in_the_stored_game() -> None:
    """The copy's event goes through the log as JSON and folds back into the same
    state; the state itself goes through JSON with it."""
    state = _level_up(_four_rooms({"B": JARIN}))
    after, events = engine.apply(state, _copy(state, "B"))
    folded = state
    for event in events:
        folded = evolve.evolve(folded, EVENTS.validate_json(EVENTS.dump_json(event)))
    assert folded.player("A").copied_boss == JARIN
    assert folded.model_copy(update={"version": after.version}) == after  # apply counts it
    assert GameState.model_validate_json(after.model_dump_json()) == after
