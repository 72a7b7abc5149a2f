"""Surprise Gift (TNL070), a Build Spell: the caster places a Room card of theirs in an
opponent's dungeon instead of their own, face down over one of that opponent's face-up
Rooms; the opponent may still build a Room of their own; the Room's build abilities are
the opponent's (R-CARD-EFFECT with R-BUILD-WHERE, R-BUILD-ONE). Each expectation comes
from the printed effect (in our words) and the rulebook's build rules: a face-down card
is never built over nor destroyed, an Advanced Room covers a Room sharing a treasure
type, newly built Rooms are revealed together at the end of the Build phase."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_fixtures import refused, run, t_hero
from test_card_effects import _in_build, card_room, plain
from test_coin_cards import _table as _coin_table

from rules import commands as c
from rules.models import GameState, Room, RoomStack

GIFT = "TNL070"
SPIKED_PIT = "TNL044"  # when you build (or uncover) this Room: +3 to it until end of turn
DEN = Room(name="Gift Den", treasure=("mage",), damage=4, kind="monster")


def _table() -> GameState:
    """Build phase: A (900 XP) has a Monster Room (3, Fighter); B (100 XP) has one Trap
    Room (1, Fighter); a Mage Hero with 4 Health waits in town."""
    return _in_build([plain("monster", 3)], [t_hero("mage", 4)])


def _gift(card: Room | None = DEN, **aim: object) -> c.CastSpell:
    """A casts Surprise Gift: ``card`` over B's Room 1 unless ``aim`` says otherwise."""
    return c.CastSpell.model_validate(
        {"player": "A", "card_id": GIFT, "target": "B", "room": 0, "build": card, **aim}
    )


def test_gift_lies_face_down_in_the_other_dungeon_until_the_reveal() -> None:
    """Placed, the gift is a face-down card over B's Room 1: B's dungeon still shows its
    Trap Room, A's dungeon is unchanged."""
    state = run(_table(), _gift())
    b = state.player("B")
    assert [s.top.name for s in b.dungeon] == ["plain trap 1"]
    assert [(g.room.name, g.over, g.by) for g in b.gifts] == [("Gift Den", 0, "A")]
    assert b.pending is None
    assert len(state.player("A").dungeon) == 1


def test_gift_is_the_casters_build_not_the_receivers() -> None:
    """ "Instead of your own": the gift is A's build this phase, so A builds no Room
    afterwards (R-BUILD-ONE); "the opponent may still place another Room": B builds its
    own, at the entrance end."""
    state = run(_table(), _gift())
    assert state.player("A").has_built
    refused(state, c.BuildRoom(player="A", room=plain("monster", 2)), "R-BUILD-ONE")
    state = run(state, c.BuildRoom(player="B", room=plain("trap", 2, "cleric")))
    assert state.player("B").pending is not None


def test_gift_is_revealed_with_the_builds_over_the_room_it_was_placed_on() -> None:
    """At the end of the Build phase B's dungeon shows B's own new Room at the entrance
    and the gift on top of the Trap Room it covered (now second); A's has one Room."""
    state = run(
        _table(),
        _gift(),
        c.BuildRoom(player="B", room=plain("trap", 2, "cleric")),
        c.RevealRooms(),
    )
    b = state.player("B")
    assert [[r.name for r in s.rooms] for s in b.dungeon] == [
        ["plain trap 2"],
        ["plain trap 1", "Gift Den"],
    ]
    assert b.gifts == () and b.pending is None
    assert len(state.player("A").dungeon) == 1


def test_gift_counts_its_treasure_at_the_bait_and_deals_its_damage_there() -> None:
    """Revealed, the gift is B's Room: its Mage treasure lures the Mage Hero to B (A has
    none), and its 4 damage kills the 4-Health Hero in B's dungeon: a Soul for B."""
    state = run(_table(), _gift(), c.RevealRooms(), c.ResolveBait(), c.FinishAdventure())
    assert [s.hero for s in state.player("B").scored] == [0]
    assert state.player("A").scored == ()


def test_gift_build_ability_is_the_receivers() -> None:
    """ "Any build effects apply to the opponent": Spiked Pit given to B gets its +3 as a
    Room of B's dungeon (1 printed damage, 4 this turn)."""
    state = run(_table(), _gift(card_room(SPIKED_PIT)), c.RevealRooms())
    stack = state.player("B").dungeon[0]
    assert stack.top.card_id == SPIKED_PIT
    assert stack.boost == 3


def test_gift_refused_in_the_casters_own_dungeon() -> None:
    """It goes into an opponent's dungeon; one's own is the ordinary build
    (R-CARD-EFFECT)."""
    refused(_table(), _gift(target="A"), "R-CARD-EFFECT")


def test_gift_refused_to_a_player_out_of_the_game() -> None:
    """An opponent is a player still in the game (R-CARD-EFFECT)."""
    state = _table().with_player("B", eliminated=True)
    refused(state, _gift(), "R-CARD-EFFECT")


def test_gift_refused_without_a_room_card_or_a_room_to_cover() -> None:
    """It names the Room card placed and the opponent's face-up Room it goes over: not a
    new place at the entrance end (R-BUILD-WHERE), nor without a card (R-CARD-EFFECT)."""
    refused(_table(), _gift(room=None), "R-BUILD-WHERE")
    refused(_table(), _gift(card=None), "R-CARD-EFFECT")


def test_gift_refused_where_that_room_could_not_stand() -> None:
    """An Advanced Room must cover a Room sharing a treasure type: an Advanced Mage Room
    over B's Fighter Trap Room is refused (R-BUILD-WHERE)."""
    advanced = DEN.model_copy(update={"advanced": True})
    refused(_table(), _gift(advanced), "R-BUILD-WHERE")


def test_gift_and_the_receivers_own_build_never_cover_the_same_room() -> None:
    """No Room is built over a face-down card: the gift refused over the Room B just
    covered, and B's own build refused over the Room the gift covers (R-BUILD-WHERE)."""
    covered = run(_table(), c.BuildRoom(player="B", room=plain("trap", 2), over=0))
    refused(covered, _gift(), "R-BUILD-WHERE")
    gifted = run(_table(), _gift())
    refused(gifted, c.BuildRoom(player="B", room=plain("trap", 2), over=0), "R-BUILD-WHERE")


def test_gift_refused_once_the_caster_has_built() -> None:
    """It is the caster's one build this phase (R-BUILD-ONE)."""
    state = run(_table(), c.BuildRoom(player="A", room=plain("trap", 2)))
    refused(state, _gift(), "R-BUILD-ONE")


def test_gift_covered_room_is_face_down_and_cannot_be_destroyed() -> None:
    """Face-down cards cannot be destroyed: B's Room under the gift is refused until the
    reveal (R-DESTROY)."""
    state = run(_table(), _gift())
    refused(state, c.DestroyRoom(player="B", index=0), "R-DESTROY")


def test_gift_follows_its_room_when_an_earlier_room_is_destroyed() -> None:
    """Destroyed, a Room leaves a gap that closes toward the Boss: a gift over B's second
    Room then lies over B's first place, and is revealed there."""
    state = _table()
    b = state.player("B")
    two = (RoomStack(rooms=(plain("monster", 1),)), *b.dungeon)
    state = state.with_player("B", dungeon=two)
    state = run(state, _gift(room=1), c.DestroyRoom(player="B", index=0))
    assert [g.over for g in state.player("B").gifts] == [0]
    state = run(state, c.RevealRooms())
    assert [[r.name for r in s.rooms] for s in state.player("B").dungeon] == [
        ["plain trap 1", "Gift Den"]
    ]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 5),
    st.integers(0, 4),
    st.one_of(st.none(), st.integers(-1, 4)),
    st.lists(st.integers(0, 4), max_size=4),
)
def test_gift_lands_on_the_room_it_was_placed_on_whatever_slides(
    rooms: int, over: int, own: int | None, destroyed: list[int]
) -> None:
    """Whatever Rooms of B's are destroyed before the reveal (their gaps close) and
    wherever B builds its own Room (-1: at the entrance), the gift is revealed on top of
    the very Room it was placed on, and B's own Room where B placed it."""
    state = _table().with_player(
        "B", dungeon=tuple(RoomStack(rooms=(plain("trap", 1 + i),)) for i in range(rooms))
    )
    over = over % rooms
    under = state.player("B").dungeon[over].top.name
    state = run(state, _gift(room=over))
    mine, own_under = plain("monster", 9, "cleric"), None
    if own is not None:
        place = None if own < 0 else own % rooms
        # Never over the gift's place; never a sixth Room at the entrance (R-BUILD-MAX).
        if place != over and (place is not None or rooms < 5):
            state = run(state, c.BuildRoom(player="B", room=mine, over=place))
            own_under = None if place is None else state.player("B").dungeon[place].top.name
    for index in destroyed:
        b = state.player("B")
        if index < len(b.dungeon) and not b.face_down_at(index):
            state = run(state, c.DestroyRoom(player="B", index=index))
    built = state.player("B").pending is not None
    state = run(state, c.RevealRooms())
    stacks = [[r.name for r in s.rooms] for s in state.player("B").dungeon]
    assert [under, "Gift Den"] in stacks
    if built and own_under is None:
        assert stacks[0] == [mine.name]
    elif built:
        assert [own_under, mine.name] in stacks


def test_gift_place_takes_no_miniboss_of_the_receiver() -> None:
    """A Miniboss is placed face down over a Room, and nothing is placed over a face-down
    card: B's Miniboss is refused over the Room the gift covers, taken over another; and
    a gift is refused over the Room B's face-down Miniboss lies on (R-BUILD-WHERE)."""
    state = _coin_table([plain("monster", 3)], [t_hero("mage", 4)])
    b = state.player("B")
    state = state.with_player("B", dungeon=(*b.dungeon, RoomStack(rooms=(plain("trap", 2),))))
    gifted = run(state, _gift())
    refused(gifted, c.BuildMiniboss(player="B", over=0), "R-BUILD-WHERE")
    assert run(gifted, c.BuildMiniboss(player="B", over=1)).player("B").has_built
    miniboss = run(state, c.BuildMiniboss(player="B", over=0))
    said = refused(miniboss, _gift(), "R-BUILD-WHERE")  # nor over B's face-down Miniboss
    assert "Miniboss placed face down" in str(said)
