"""The steps that come by themselves (R-FOLLOWS, ``rules.follows``), from the rulebook:

- the Bait phase allows no Spell and no Room ability (Next Level rulebook, Bait phase);
- Spells and abilities are played in a Room, after its damage (Adventure phase; R-ADV-WALK);
- the End of Turn allows no Spell and no activated ability (End of Turn);
- the Beginning of Turn allows none either (Beginning of Turn).

A command made with ``go_on`` carries the turn on through those steps, and stops wherever a
player may still act: in each Room, at an answer or a reminder a card just gave, an Item
to keep face up (R-ITEM), a Miniboss at Level 3 (R-MINI).
"""

from __future__ import annotations

from referee_fixtures import (
    events_of,
    hero,
    new,
    room,
    run,
    scored_state,
    started,
    t_hero,
    through_adventure,
)
from test_card_effects import GOLEM_FACTORY, card_room, plain, walking
from test_items import ROD, item_game, to_bait

from rules import commands as c
from rules import events as ev
from rules import flow
from rules.models import (
    CardOffer,
    GameState,
    ItemChoice,
    Miniboss,
    MinibossCard,
    RoomStack,
)


def notes(events: tuple[ev.EventBase, ...]) -> list[str]:
    return [e.ruling.key for e in events if e.ruling.rule == "R-FOLLOWS"]


def built(go_on: bool = True) -> tuple[GameState, tuple[ev.EventBase, ...]]:
    """A (900 XP, mage Rooms) and B (400 XP, fighter Rooms), two Rooms each after turn
    1's build, a mage and a fighter Hero in town: the Rooms revealed (``go_on`` or not)."""
    state = started(new(), {"A": room("mage", 1), "B": room("fighter", 1)})
    state = run(state, c.RevealHeroes(heroes=(hero("mage", 4), hero("fighter", 4))))
    state = run(state, c.BuildRoom(player="A", room=room("mage", 2)))
    state = run(state, c.BuildRoom(player="B", room=room("fighter", 2)))
    events = events_of(state, c.RevealRooms(go_on=go_on))
    return run(state, c.RevealRooms(go_on=go_on)), events


def test_without_go_on_each_step_waits_for_its_own_tap_as_saved_games_were_played() -> None:
    state, events = built(go_on=False)
    assert state.phase == "bait" and notes(events) == []


def test_the_bait_follows_the_reveal_and_the_first_hero_walks_into_the_first_room() -> None:
    state, events = built()
    # No Spell or Room ability in the Bait phase: the mage Hero goes to A (2 mage
    # treasure against none, R-BAIT-HIGHEST), the fighter Hero to B.
    lured = {e.player for e in events if isinstance(e, ev.HeroLured)}
    assert lured == {"A", "B"}
    # Nothing is played at an entrance: A (highest XP, R-ADV-ORDER) has its Hero in its
    # first Room, hurt by it (2), where the table may play Spells after the damage.
    walk = state.walk
    assert state.phase == "adventure" and walk is not None
    assert (walk.player, walk.room, walk.damage) == ("A", 0, 2)
    assert notes(events) == ["follow.bait", "follow.enter"]


def test_the_walk_stops_in_every_room_where_spells_may_be_played() -> None:
    state, _ = built()
    state = run(state, c.AdvanceHero(go_on=True))
    walk = state.walk
    assert walk is not None and (walk.player, walk.room, walk.damage) == ("A", 1, 3)


def test_after_a_hero_is_done_the_next_walks_into_its_first_room_and_the_note_says_so() -> None:
    state, _ = built()
    state = run(state, c.AdvanceHero(go_on=True))
    events = events_of(state, c.AdvanceHero(go_on=True))
    state = run(state, c.AdvanceHero(go_on=True))
    # The mage Hero (4 Health, 3 damage) reached A's Boss: a Wound (R-ADV-SURVIVE); B's
    # fighter Hero is in B's first Room at once, hurt by it.
    assert state.wounds("A") == 1
    walk = state.walk
    assert walk is not None and (walk.player, walk.room, walk.damage) == ("B", 0, 2)
    note = next(e for e in events if e.ruling.rule == "R-FOLLOWS")
    assert note.ruling.key == "follow.enter" and note.ruling.args["player"] == "B"


def test_the_end_of_the_turn_follows_the_last_hero() -> None:
    state, _ = built()
    events = events_of(state, c.FinishAdventure(go_on=True))
    state = run(state, c.FinishAdventure(go_on=True))
    assert state.turn == 2 and state.phase == "beginning"
    assert any(isinstance(e, ev.TurnStarted) for e in events)
    assert notes(events) == ["follow.end"]


def test_a_card_that_just_fired_keeps_the_next_hero_at_the_entrance() -> None:
    # Golem Factory's "when a Hero dies here" reminder: its owner draws a Room by hand
    # before anything goes on; a plain Room of the same damage lets the next Hero in.
    for first, waits in ((card_room(GOLEM_FACTORY), True), (plain("trap", 2), False)):
        state = walking([first], [t_hero("fighter", 2), t_hero("fighter", 2)])
        state = run(state, c.AdvanceHero(go_on=True), c.AdvanceHero(go_on=True))
        walk = state.walk
        assert walk is not None and walk.hero == 1
        assert (walk.room is None) == waits, first.name


def test_a_level_up_keeps_the_bait_back_for_the_boss_to_resolve_it() -> None:
    # R-LEVELUP: A's fifth Room, revealed, levels its Boss up at the end of the Build
    # phase; a Boss typed by hand has its Level Up carried out by hand, before any Hero
    # is lured. B's second Room levels nothing up: there, the Bait follows.
    state = started(new(), {"A": room("mage", 1), "B": room("fighter", 1)})
    for _ in range(3):
        heroes = c.RevealHeroes(heroes=(hero("cleric", 4), hero("cleric", 4)))
        state = run(state, heroes, c.BuildRoom(player="A", room=room("mage", 1)))
        state = run(through_adventure(run(state, c.RevealRooms())), c.EndTurn())
    state = run(state, c.RevealHeroes(heroes=(hero("thief", 4), hero("thief", 4))))
    five = run(state, c.BuildRoom(player="A", room=room("mage", 1)), c.RevealRooms(go_on=True))
    assert len(five.player("A").dungeon) == 5 and five.player("A").leveled_up
    assert five.phase == "bait"
    four = run(state, c.BuildRoom(player="B", room=room("mage", 1)), c.RevealRooms(go_on=True))
    assert four.phase != "bait"


def test_an_item_just_won_face_up_keeps_the_next_hero_at_the_entrance() -> None:
    # R-ITEM: the mage dies in A's first Room (5 damage) carrying the Ice Rod, which A
    # gets face up and may use at once, before the cleric walks into B's dungeon.
    state = to_bait(item_game(), (ROD,), (hero("mage"), hero("cleric", health=8)))
    state = run(state, c.ResolveBait(go_on=True))
    walk = state.walk
    assert walk is not None and (walk.player, walk.room) == ("A", 0)
    state = run(state, c.AdvanceHero(go_on=True))
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, True)]
    walk = state.walk
    assert walk is not None and (walk.player, walk.room) == ("B", None)


def test_an_answer_waiting_stops_the_bait_and_the_end_of_the_turn() -> None:
    state, _ = built(go_on=False)
    assert flow.follows(state) == c.ResolveBait()
    offer = CardOffer(player="A", card_id="X", card="X", offer="heal_wound")
    assert flow.follows(state.model_copy(update={"offers": (offer,)})) is None
    end = scored_state([("A", 900, 0, 0), ("B", 400, 0, 0)])
    assert flow.follows(end) == c.EndTurn()
    assert flow.follows(end.model_copy(update={"offers": (offer,)})) is None


def test_an_item_to_keep_face_up_stops_the_end_of_the_turn() -> None:
    end = scored_state([("A", 900, 0, 0), ("B", 400, 0, 0)])
    choice = ItemChoice(player="A", items=(0, 1), turn=end.turn)
    items = end.items.model_copy(update={"choices": (choice,)})
    assert flow.follows(end.model_copy(update={"items": items})) is None


def test_a_miniboss_at_level_3_stops_the_bait() -> None:
    state, _ = built(go_on=False)
    mini = Miniboss(card=MinibossCard(name="M"), level=3, face_down=False)
    a = state.player("A")
    stack = RoomStack(rooms=a.dungeon[0].rooms, miniboss=mini)
    a = a.model_copy(update={"dungeon": (stack, *a.dungeon[1:])})
    assert flow.follows(state.model_copy(update={"players": (a, *state.players[1:])})) is None


def test_the_heroes_are_revealed_on_entry_but_the_items_come_first() -> None:
    assert flow.heroes_reveal_on_entry(started(new()))
    assert not flow.heroes_reveal_on_entry(started(new(items=True)))
