"""A Miniboss card's levels on the Room it stands on (R-MINI): its Level 1 passives
("this Room has +1", "this Room gains +1 Fighter") count once it is revealed, still count
at Level 2 (a level adds to the ones below it), and count not while it is face down.

Each expectation comes from the printed level texts (the Minibosses' card list), never
from the engine's output."""

from __future__ import annotations

import pytest

from rules import commands as c
from rules.card_effects import effects_of, hit
from rules.models import GameState, MinibossCard
from rules.rulings import describe
from rules.treasure import treasure_total
from tests.rules.referee_fixtures import refused, room, run
from tests.rules.test_minibosses import mini_game, next_build

# Level 1 printed as "This Room has +1".
PLUS_ONE = [("RMB055", "Spike"), ("RMB061", "Icicle Man"), ("RMB063", "Brassknuckle")]
# Level 1 printed as "This Room gains +1" of one Hero treasure type.
PLUS_TREASURE = [
    ("RMB056", "Kid Croak", "fighter"),
    ("RMB057", "Draculad", "cleric"),
    ("RMB059", "Cerebella", "mage"),
    ("RMB060", "Paddywhack", "thief"),
]


def _with(card_id: str, name: str, revealed: bool = True) -> GameState:
    """A's Miniboss on Room 1 (a mage Room, damage 1): face down in the Build phase it
    was built, or revealed at Level 1 (its Coin paid) in the Bait phase that follows."""
    state = mini_game()
    card = MinibossCard(name=name, card_id=card_id)
    state = run(state, c.BuildMiniboss(player="A", over=1, miniboss=card))
    return run(state, c.RevealRooms()) if revealed else state


@pytest.mark.parametrize(("card_id", "name"), PLUS_ONE)
def test_level_1_gives_its_room_one_more_damage(card_id: str, name: str) -> None:
    """'This Room has +1' at Level 1: the Room's printed 1 becomes 2, its Miniboss named."""
    state = _with(card_id, name)
    room = hit(state, "A", 1)
    assert (room.printed, room.damage) == (1, 2)
    assert f"{name} +1" in room.cards
    assert hit(state, "A", 0).damage == 1  # its neighbour keeps its own number


@pytest.mark.parametrize(("card_id", "name"), PLUS_ONE)
def test_level_2_keeps_level_1(card_id: str, name: str) -> None:
    """Promoted to Level 2, the Miniboss keeps its Level 1 (+1): level 2 adds to it."""
    state = next_build(_with(card_id, name))  # one promotion per turn, in a Build phase
    state = run(state, c.PromoteMiniboss(player="A", index=1))
    assert state.player("A").dungeon[1].miniboss.level == 2  # type: ignore[union-attr]
    assert hit(state, "A", 1).damage == 2


@pytest.mark.parametrize(("card_id", "name"), PLUS_ONE)
def test_face_down_miniboss_adds_nothing(card_id: str, name: str) -> None:
    """Face down (not yet revealed and paid for) its levels do not apply yet."""
    assert hit(_with(card_id, name, revealed=False), "A", 1).damage == 1


@pytest.mark.parametrize(("card_id", "name", "treasure"), PLUS_TREASURE)
def test_level_1_adds_a_treasure_icon(card_id: str, name: str, treasure: str) -> None:
    """'This Room gains +1 <type>' at Level 1: the dungeon counts one more of that type
    for the Bait (three mage Rooms: mage 3, or 4 for Cerebella)."""
    before = _with(card_id, name, revealed=False)
    after = _with(card_id, name)
    for t in ("cleric", "fighter", "mage", "thief"):
        expected = (3 if t == "mage" else 0) + (1 if t == treasure else 0)
        assert treasure_total(after, "A", t) == expected  # type: ignore[arg-type]
        assert treasure_total(before, "A", t) == expected - (t == treasure)  # type: ignore[arg-type]
    assert hit(after, "A", 1).damage == 1  # treasure, not damage


def test_deactivated_room_loses_its_minibosses_level() -> None:
    """R-DEACTIVATE: a deactivated Room is a blank space; its Miniboss adds nothing."""
    state = _with("RMB057", "Draculad")
    player = state.player("A")
    stacks = list(player.dungeon)
    stacks[1] = stacks[1].model_copy(update={"deactivated": True})
    blank = state.model_copy(
        update={
            "players": tuple(
                p.model_copy(update={"dungeon": tuple(stacks)}) if p.name == "A" else p
                for p in state.players
            )
        }
    )
    assert treasure_total(blank, "A", "cleric") == 0


def test_each_level_is_worded_with_its_level() -> None:
    """A Miniboss card's text says from which level each ability counts (R-MINI):
    Brassknuckle's Level 1 gives its Room +1; its Level 2, once per turn as a Hero dies
    there, a Room card drawn and built at once."""
    words = describe(effects_of("RMB063"))  # type: ignore[arg-type]
    assert words.startswith("From Level 1: this Room deals +1 damage.")
    assert "From Level 2: when a Hero dies in this Room, draw a Room card" in words
    assert "(once per turn)" in words and "From Level 3: " in words


def _on_two_icons(card_id: str, name: str, level: int) -> GameState:
    """A's Miniboss at ``level`` on Room 0, a Room of damage 1 printed with a mage and a
    thief icon, built in front of A's Room 1 (one mage icon); in the Bait phase (Level 1)
    or the Build phase of the turn it was promoted."""
    state = mini_game(rooms=1)
    state = next_build(run(state, c.BuildRoom(player="A", room=room("mage thief", 1, "A1"))))
    card = MinibossCard(name=name, card_id=card_id)
    state = run(state, c.BuildMiniboss(player="A", over=0, miniboss=card), c.RevealRooms())
    for _ in range(level - 1):
        state = run(next_build(state), c.PromoteMiniboss(player="A", index=0))
    return state


@pytest.mark.parametrize(("level", "damage"), [(1, 3), (2, 3)])
def test_mageseeker_plus_one_per_treasure_icon_of_its_room(level: int, damage: int) -> None:
    """Mageseeker's Level 1: its Room has +1 for every treasure icon it has (two: 1 -> 3),
    at Level 2 too; the Room next to it keeps its own 1."""
    state = _on_two_icons("RMB062", "Mageseeker", level)
    assert hit(state, "A", 0).damage == damage
    assert hit(state, "A", 1).damage == 1


@pytest.mark.parametrize(("level", "mage", "thief"), [(1, 2, 1), (2, 3, 2)])
def test_jinx_level_2_doubles_its_rooms_treasure(level: int, mage: int, thief: int) -> None:
    """Jinx's Level 2: its Room has one more copy of each printed icon (mage and thief:
    the dungeon counts mage 3, thief 2); at Level 1 (hands only) the icons are as printed."""
    state = _on_two_icons("RMB064", "Jinx", level)
    assert treasure_total(state, "A", "mage") == mage
    assert treasure_total(state, "A", "thief") == thief
    assert hit(state, "A", 0).damage == 1  # treasure, not damage


def _rocky(revealed: bool = True) -> GameState:
    """Rocky on A's Room 1 (mage), face up at Level 1 in the next turn's Build phase, or
    face down in the Build phase it was built (and still in a Build phase: the next
    turn's, where it was discarded, unpaid, if not revealed)."""
    state = _with("RMB058", "Rocky", revealed=revealed)
    return next_build(state) if revealed else next_build(run(state, c.DeclineMiniboss(player="A")))


def test_rocky_level_1_lets_an_advanced_room_over_whatever_its_treasure() -> None:
    """Rocky's Level 1: any Room may be built over its Room, regardless of treasure: a
    fighter Advanced Room goes over the mage Room (which then loses Rocky, R-MINI)."""
    state = _rocky()
    big = room("fighter", 4, "Big", advanced=True)
    state = run(state, c.BuildRoom(player="A", room=big, over=1), c.RevealRooms())
    assert state.player("A").dungeon[1].top.name == "Big"
    assert state.player("A").dungeon[1].miniboss is None


def test_without_rocky_the_advanced_room_needs_a_matching_icon() -> None:
    """R-BUILD-WHERE: with no Miniboss there, the fighter Advanced Room can't cover a mage Room."""
    big = room("fighter", 4, "Big", advanced=True)
    refused(_rocky(revealed=False), c.BuildRoom(player="A", room=big, over=1), "R-BUILD-WHERE")


def _at_level_3(card_id: str, name: str) -> GameState:
    """A's Miniboss promoted to Level 3 on Room 1 (mage, damage 1), in a Build phase."""
    state = next_build(_with(card_id, name))
    state = run(state, c.PromoteMiniboss(player="A", index=1))
    return run(next_build(state), c.PromoteMiniboss(player="A", index=1))


def test_brassknuckle_level_3_doubles_its_rooms_damage_this_turn() -> None:
    """Brassknuckle's Level 3: its Room's damage doubled until end of turn, and back to
    Level 1 (R-MINI). The Room deals 1 + 1 (Level 1) = 2; doubled: 4; next turn 2 again."""
    state = _at_level_3("RMB063", "Brassknuckle")
    assert hit(state, "A", 1).damage == 2
    state = run(state, c.UseMinibossLevel3(player="A", index=1))
    assert state.player("A").dungeon[1].miniboss.level == 1  # type: ignore[union-attr]
    assert hit(state, "A", 1).damage == 4
    assert hit(next_build(state), "A", 1).damage == 2


def test_a_miniboss_named_by_hand_only_resets() -> None:
    """A Miniboss typed by name (no catalogue card) has no level data: using its Level 3
    only sets it back to Level 1, and its Room keeps its printed 1."""
    state = next_build(_with("RMB062", "Mageseeker"))
    stacks = list(state.player("A").dungeon)
    mini = stacks[1].miniboss
    assert mini is not None
    bare = mini.model_copy(update={"level": 3, "card": MinibossCard(name="Mageseeker")})
    stacks[1] = stacks[1].model_copy(update={"miniboss": bare})
    state = run(
        state.with_player("A", dungeon=tuple(stacks)), c.UseMinibossLevel3(player="A", index=1)
    )
    assert state.player("A").dungeon[1].miniboss.level == 1  # type: ignore[union-attr]
    assert hit(state, "A", 1).damage == 1
