"""A turn's marks on a Room follow it when the Rooms' places change (R-CARD-EFFECT with
R-DESTROY, R-BUILD-WHERE): a Room used once this turn stays used, a Room made harmless
stays harmless, wherever it now stands. The marks are kept by place; a Room destroyed
before it, or one revealed at the entrance, moves every place after it."""

from __future__ import annotations

from referee_fixtures import run, t_hero
from test_card_effects import _in_build, card_room, plain

from rules import commands as c
from rules.activated import usable
from rules.card_effects import dungeon_damage
from rules.models import RoomStack
from rules.place_marks import moved, top_left_marks

DARK_ALTAR, DRACOLICH_LAIR, FAIRY_FOUNTAIN = "BMA009", "BMA013", "TNL058"
ALIEN_EXCAVATOR, SPIKED_PIT = "CRL004", "TNL044"  # bring a covered Room up; +3 when uncovered


def test_a_room_used_once_this_turn_stays_used_after_a_room_before_it_is_destroyed() -> None:
    """Dracolich Lair (once per turn) used in Room 2; Dark Altar in Room 1 destroys itself;
    the Lair, now Room 1, is still used this turn."""
    state = _in_build([card_room(DARK_ALTAR), card_room(DRACOLICH_LAIR)], [t_hero("fighter", 9)])
    state = run(state, c.UseRoomAbility(player="A", index=1))
    assert usable(state, "A", 1) is None  # used
    state = run(state, c.UseRoomAbility(player="A", index=0))  # the Altar is destroyed
    assert [s.top.card_id for s in state.player("A").dungeon] == [DRACOLICH_LAIR]
    assert usable(state, "A", 0) is None


def test_a_room_used_in_the_build_stays_used_once_a_room_is_revealed_before_it() -> None:
    """Dracolich Lair used in the Build phase; a Room built at the entrance is revealed
    at the phase's end: the Lair, now Room 2, is still used this turn."""
    state = _in_build([card_room(DRACOLICH_LAIR)], [t_hero("fighter", 9)])
    state = run(state, c.UseRoomAbility(player="A", index=0))
    state = run(
        state,
        c.BuildRoom(player="A", room=plain("trap", 1)),
        c.BuildRoom(player="B", room=plain("trap", 1)),
        c.RevealRooms(),
        c.ResolveBait(),
    )
    assert state.phase == "adventure"  # where the Lair may be used again (timing "any")
    assert [s.top.card_id for s in state.player("A").dungeon] == [None, DRACOLICH_LAIR]
    assert usable(state, "A", 1) is None


def test_a_room_made_harmless_in_the_build_stays_so_once_a_room_is_revealed_before_it() -> None:
    """Fairy Fountain (Build phase: a Room deals no damage this turn) on A's trap; A then
    builds a Monster Room at the entrance: at the reveal the trap, now Room 2, is the
    harmless one, and the new Room deals its damage."""
    state = _in_build([plain("trap", 3)], [t_hero("fighter", 9)])
    state = run(state, c.CastSpell(player="B", card_id=FAIRY_FOUNTAIN, target="A", room=0))
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [0]
    state = run(
        state,
        c.BuildRoom(player="A", room=plain("monster", 2)),
        c.BuildRoom(player="B", room=plain("trap", 1)),
        c.RevealRooms(),
    )
    assert [s.top.name for s in state.player("A").dungeon] == ["plain monster 2", "plain trap 3"]
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [2, 0]


def test_a_harmless_room_destroyed_off_a_stack_leaves_the_room_it_uncovers_dealing_damage() -> None:
    """Fairy Fountain on A's Room 1, a trap built over a monster Room; the trap is then
    destroyed (R-DESTROY: the Room below is uncovered). The harmless mark went with the trap:
    the monster Room, now on top at the same place, deals its damage."""
    state = _in_build([plain("trap", 3)], [t_hero("fighter", 9)])
    a = state.player("A")
    stack = RoomStack(rooms=(plain("monster", 2), a.dungeon[0].top))
    state = state.with_player("A", dungeon=(stack,))
    state = run(state, c.CastSpell(player="B", card_id=FAIRY_FOUNTAIN, target="A", room=0))
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [0]
    state = run(state, c.DestroyRoom(player="A", index=0))
    assert [s.top.name for s in state.player("A").dungeon] == ["plain monster 2"]
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [2]
    assert not [m for m in state.card_uses if m.startswith("harmless:")]


def test_a_room_built_over_a_harmless_room_deals_its_damage() -> None:
    """Fairy Fountain on A's trap in the Build; A builds a monster Room over the trap: at
    the reveal the trap is covered, and the harmless mark stays with it, under; the monster
    Room on top deals its damage."""
    state = _in_build([plain("trap", 3)], [t_hero("fighter", 9)])
    state = run(state, c.CastSpell(player="B", card_id=FAIRY_FOUNTAIN, target="A", room=0))
    state = run(
        state,
        c.BuildRoom(player="A", room=plain("monster", 2), over=0),
        c.BuildRoom(player="B", room=plain("trap", 1)),
        c.RevealRooms(),
    )
    assert [[r.name for r in s.rooms] for s in state.player("A").dungeon] == [
        ["plain trap 3", "plain monster 2"]
    ]
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [2]


def test_a_covered_room_brought_up_over_a_harmless_one_deals_its_damage() -> None:
    """Fairy Fountain on A's monster Room, over Spiked Pit; A builds Alien Excavator at
    the entrance and brings the Pit up (CRL004): the monster Room is covered, its harmless
    mark with it; the Pit on top deals its 1 + 3."""
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    stack = RoomStack(rooms=(card_room(SPIKED_PIT), plain("monster", 2)))
    state = state.with_player("A", dungeon=(stack,))
    state = run(state, c.CastSpell(player="B", card_id=FAIRY_FOUNTAIN, target="A", room=0))
    state = run(state, c.BuildRoom(player="A", room=card_room(ALIEN_EXCAVATOR)), c.RevealRooms())
    answer = c.AnswerCardEffect(player="A", card_id=ALIEN_EXCAVATOR, accept=True, room=1, covered=0)
    state = run(state, answer)
    assert [s.top.name for s in state.player("A").dungeon] == ["Alien Excavator", "Spiked Pit"]
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [2, 4]


def test_a_room_uncovered_keeps_its_own_use_and_loses_the_destroyed_rooms() -> None:
    """The marks of the Room destroyed off a stack go; a mark of the Room it uncovers
    (its card named at that place) stays, and so do other places' marks."""
    uses = (
        "A:1:TNL001:once",
        "A:1:BMA013:at_will",
        "harmless:A:1:1",
        "aimed:B:A:1",
        "A:0:BMA009:at_will",
    )
    after = top_left_marks(uses, "A", 1, "TNL001")
    assert after == ("A:1:BMA013:at_will", "A:0:BMA009:at_will")


# --- the marks themselves (``rules.place_marks.moved``) -----------------------------

CARDS = [{"BMA009"}, {None, "BMA013"}, {"TNL023"}]  # A's three places, entrance first


def test_each_kind_of_mark_on_a_place_follows_it_and_others_stay() -> None:
    uses = (
        "A:1:BMA013:at_will",  # a card's use
        "A:2:TNL023:hero_dies_here:7",  # a trigger fired for Hero 7
        "harmless:A:2:1",  # made harmless
        "aimed:B:A:1",  # a Spell of B's aimed at it
        "A:counter_on_built:2",  # a Boss's counter asked for it
        "B:1:BMA013:at_will",  # B's dungeon: not A's places
        "aimed:A:B:1",  # aimed by A at B's Room
        "gone:A:1",  # A's first Room destroyed this turn: a count, no place
        "item:1:first:5",  # an Item's mark; no Room card of A's named "first"
    )
    after = moved(uses, "A", CARDS, lambda i: i + 1)
    assert after == (
        "A:2:BMA013:at_will",
        "A:3:TNL023:hero_dies_here:7",
        "harmless:A:3:1",
        "aimed:B:A:2",
        "A:counter_on_built:3",
        "B:1:BMA013:at_will",
        "aimed:A:B:1",
        "gone:A:1",
        "item:1:first:5",
    )


def test_the_marks_of_a_room_gone_go_with_it() -> None:
    uses = ("A:0:BMA009:at_will", "harmless:A:0:1", "A:1:BMA013:at_will")
    after = moved(uses, "A", CARDS, lambda i: None if i == 0 else i - 1)
    assert after == ("A:0:BMA013:at_will",)


def test_a_player_named_like_a_mark_keeps_the_other_marks_as_they_are() -> None:
    """A player named "item": an Item's mark "item:1:first:5" names no Room card of theirs."""
    uses = ("item:1:first:5", "item:1:BMA013:at_will")
    after = moved(uses, "item", CARDS, lambda i: i + 1)
    assert after == ("item:1:first:5", "item:2:BMA013:at_will")
