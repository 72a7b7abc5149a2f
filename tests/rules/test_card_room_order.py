"""Cards that move Rooms within a dungeon or roll a die, carried out (R-CARD-EFFECT).

Each expectation is the card's printed effect, in our words (the Rooms' order and the
damage worked out by hand), never the engine's output.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import _in_build, _offers, card_room, plain, walking
from test_item_cards import _carrying

from rules import commands as c
from rules import events as ev
from rules.card_effects import dungeon_damage, effects_of
from rules.errors import RulesError
from rules.models import GameState, PlayerState, Room, RoomStack

HELLCOW = "KSA002"  # Level Up: choose any dungeon; you may rearrange its Rooms
MANDO = "CRL003"  # Level Up: you may bring one covered Room to the top in each opponent's
ALIEN_EXCAVATOR = "CRL004"  # when built, you may bring a covered Room of yours to the top
OH_YEAH = "TNL063"  # swap two Rooms of your dungeon, OR (two destroyed) destroy a Room
MAGIC_MIRROR = "THK011"  # Power-Up: before this Hero enters, your Rooms are reversed
FIREBALL = "TPU012"  # 1-6 damage to a Hero in your dungeon; AND (discard) 1-6 at entrance
SPIKED_PIT = "TNL044"  # when built or uncovered, +3 until end of turn


def _names(player: PlayerState) -> list[str]:
    return [s.top.name for s in player.dungeon]


def _with(state: GameState, name: str, dungeon: tuple[RoomStack, ...]) -> GameState:
    players = tuple(
        p.model_copy(update={"dungeon": dungeon}) if p.name == name else p for p in state.players
    )
    return state.model_copy(update={"players": players})


def _boss_levels_up(boss: str, b_dungeon: tuple[RoomStack, ...]) -> GameState:
    """A (Boss ``boss``) builds its fifth Room and levels up; B has ``b_dungeon``."""
    rooms = [plain("monster", 1), plain("trap", 2), plain("monster", 3), plain("trap", 4)]
    state = _in_build(rooms, [t_hero("fighter", 9)], boss=boss)
    state = _with(state, "B", b_dungeon)
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 5)), c.RevealRooms())
    assert state.player("A").leveled_up
    return state


def _stack(*rooms: Room) -> RoomStack:
    return RoomStack(rooms=rooms)


def test_hellcow_levels_up_and_puts_one_dungeons_rooms_in_the_order_its_owner_gives() -> None:
    """KSA002: Level Up, choose any dungeon; its owner may put that dungeon's Rooms in any
    order. B's three Rooms x, y, z become z, x, y; an order that is not one (a Room twice,
    one missing) is refused; a No leaves every dungeon as it was."""
    x, y, z = plain("trap", 1), plain("monster", 2), plain("trap", 3)
    state = _boss_levels_up(HELLCOW, (_stack(x), _stack(y), _stack(z)))
    assert _offers(state) == [("A", HELLCOW, "rearrange_any_dungeon")]
    assert not state.offers[0].mandatory  # "you may"
    answer = c.AnswerCardEffect(player="A", card_id=HELLCOW, accept=True, target="B")
    refused(state, answer.model_copy(update={"order": (0, 0, 1)}), "R-CARD-EFFECT")
    refused(state, answer.model_copy(update={"order": (0, 1)}), "R-CARD-EFFECT")
    after = run(state, answer.model_copy(update={"order": (2, 0, 1)}))
    assert _names(after.player("B")) == [z.name, x.name, y.name]
    declined = run(state, answer.model_copy(update={"accept": False}))
    assert _names(declined.player("B")) == [x.name, y.name, z.name]
    assert declined.offers == ()


def test_hellcow_is_asked_again_for_the_same_dungeon_until_its_owner_stops() -> None:
    """KSA002 through the app's swaps: after each change the same dungeon may be changed
    again (another dungeon not), so two Rooms at a time reach any order: x, y, z becomes
    z, y, x and then y, z, x; a No ends it."""
    x, y, z = plain("trap", 1), plain("monster", 2), plain("trap", 3)
    state = _boss_levels_up(HELLCOW, (_stack(x), _stack(y), _stack(z)))
    answer = c.AnswerCardEffect(player="A", card_id=HELLCOW, accept=True, target="B")
    state = run(state, answer.model_copy(update={"order": (2, 1, 0)}))
    assert _offers(state) == [("A", HELLCOW, "rearrange_any_dungeon")]
    other = answer.model_copy(update={"target": "A", "order": (1, 0, 2, 3, 4)})
    refused(state, other, "R-CARD-EFFECT")
    state = run(state, answer.model_copy(update={"order": (1, 0, 2)}))
    assert _names(state.player("B")) == [y.name, z.name, x.name]
    state = run(state, answer.model_copy(update={"accept": False}))
    assert state.offers == ()


def test_hellcow_may_rearrange_its_own_dungeon_too() -> None:
    """KSA002 "any dungeon": the owner's own. A's five Rooms reversed: the printed damage
    read entrance first goes 5, 4, 3, 2, 1 (the fifth Room, just built, was first)."""
    state = _boss_levels_up(HELLCOW, (_stack(plain("trap", 1)),))
    answer = c.AnswerCardEffect(
        player="A", card_id=HELLCOW, accept=True, target="A", order=(4, 3, 2, 1, 0)
    )
    state = run(state, answer)
    assert [s.top.damage for s in state.player("A").dungeon] == [4, 3, 2, 1, 5]


def test_mando_levels_up_and_uncovers_one_covered_room_in_an_opponents_dungeon() -> None:
    """CRL003: Level Up, you may bring one covered Room to the top of its stack in each
    opponent's dungeon. B's stack (bottom u, then v over it) shows u again: u printed 4
    deals 4 there now. Its own dungeon is not an opponent's: refused."""
    u, v = plain("trap", 4, "mage"), plain("monster", 1)
    state = _boss_levels_up(MANDO, (_stack(u, v), _stack(plain("trap", 1))))
    assert _offers(state) == [("A", MANDO, "uncover_opponent_room")]
    answer = c.AnswerCardEffect(player="A", card_id=MANDO, accept=True, target="B", room=0)
    refused(state, answer.model_copy(update={"covered": 1}), "R-CARD-EFFECT")  # v is on top
    refused(state, answer.model_copy(update={"target": "A", "covered": 0}), "R-CARD-EFFECT")
    state = run(state, answer.model_copy(update={"covered": 0}))
    b = state.player("B")
    assert [r.name for r in b.dungeon[0].rooms] == [v.name, u.name]
    assert [d.damage for d in dungeon_damage(b)] == [4, 1]
    assert state.offers == ()  # one opponent, done


def test_alien_excavator_built_may_uncover_a_covered_room_of_yours_which_fires() -> None:
    """CRL004: when you build it, you may move one covered Room of your dungeon to the top
    of its stack. Spiked Pit (printed 1, "when you build or uncover this Room, +3 until
    end of turn") brought up deals 1 + 3 = 4."""
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    state = _with(state, "A", (_stack(card_room(SPIKED_PIT), plain("monster", 2)),))
    state = run(state, c.BuildRoom(player="A", room=card_room(ALIEN_EXCAVATOR)), c.RevealRooms())
    assert _offers(state) == [("A", ALIEN_EXCAVATOR, "uncover_own_room")]
    answer = c.AnswerCardEffect(player="A", card_id=ALIEN_EXCAVATOR, accept=True, room=1, covered=0)
    refused(state, answer.model_copy(update={"room": 0}), "R-CARD-EFFECT")  # nothing under
    state = run(state, answer)
    assert _names(state.player("A")) == ["Alien Excavator", "Spiked Pit"]
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [2, 4]


def test_alien_excavator_with_nothing_covered_asks_nothing() -> None:
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    state = run(state, c.BuildRoom(player="A", room=card_room(ALIEN_EXCAVATOR)), c.RevealRooms())
    assert state.offers == ()


def test_oh_yeah_swaps_two_rooms_of_the_casters_dungeon() -> None:
    """TNL063 (a Build phase Spell): swap the placement of two Rooms in your dungeon. Any
    other order (three Rooms moved) is refused; the swap is a must once cast."""
    rooms = [plain("trap", 1), plain("monster", 2), plain("trap", 3)]
    state = run(_in_build(rooms, [t_hero("fighter", 9)]), c.CastSpell(player="A", card_id=OH_YEAH))
    assert _offers(state) == [("A", OH_YEAH, "swap_own_rooms")]
    assert state.offers[0].mandatory
    answer = c.AnswerCardEffect(player="A", card_id=OH_YEAH, accept=True)
    refused(state, answer.model_copy(update={"order": (2, 0, 1)}), "R-CARD-EFFECT")
    refused(state, answer.model_copy(update={"accept": False}), "R-CARD-EFFECT")
    state = run(state, answer.model_copy(update={"order": (2, 1, 0)}))
    assert [s.top.damage for s in state.player("A").dungeon] == [3, 2, 1]


def test_magic_mirror_reverses_the_owners_rooms_before_its_carrier_enters() -> None:
    """THK011 Power-Up: before this Hero enters your dungeon, your Rooms are put in reverse
    order. Rooms printed 1, 2, 3 (entrance first): the Hero enters 3 first, then 2, 1."""
    rooms = [plain("trap", 1), plain("monster", 2), plain("trap", 3)]
    state = _carrying(MAGIC_MIRROR, rooms, 20)
    assert [s.top.damage for s in state.player("A").dungeon] == [3, 2, 1]
    walked = events_of(state, c.FinishWalk())
    assert [e.damage for e in walked if isinstance(e, ev.HeroEnteredRoom)] == [3, 2, 1]


def test_fireball_deals_the_die_roll_to_the_hero_in_your_dungeon() -> None:
    """TPU012: deal 1-6 damage (a die; the caster states the roll) to one Hero in your
    dungeon. A roll of 4 to a Hero of 9 Health in a Room printed 1: 1 + 4 = 5 taken; 0
    and 7 are no die's faces."""
    state = walking([plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(state, c.AdvanceHero())  # in the first Room, 1 damage taken
    assert state.walk is not None and state.walk.damage == 1
    state = run(state, c.CastSpell(player="A", card_id=FIREBALL))
    assert _offers(state) == [("A", FIREBALL, "die_roll")]
    roll = c.AnswerCardEffect(player="A", card_id=FIREBALL, accept=True)
    for bad in (0, 7, None):
        refused(state, roll.model_copy(update={"count": bad}), "R-CARD-EFFECT")
    state = run(state, roll.model_copy(update={"count": 4}))
    assert state.walk is not None and state.walk.damage == 5


def test_fireball_with_no_hero_in_your_dungeon_is_refused() -> None:
    state = _in_build([plain("trap", 1)], [t_hero("fighter", 9)])
    state = state.model_copy(update={"phase": "adventure"})
    refused(state, c.CastSpell(player="A", card_id=FIREBALL), "R-CARD-EFFECT")


def test_fireball_may_also_roll_for_each_hero_at_your_entrance() -> None:
    """TPU012 AND: if you discard another Spell (asked: a "may"), deal 1-6 damage to each
    Hero at your entrance. A roll of 3: the Hero of 2 Health there dies, the one of 6 waits
    with 3 damage taken."""
    heroes = [t_hero("fighter", 9), t_hero("fighter", 2), t_hero("fighter", 6)]
    state = walking([plain("trap", 1), plain("trap", 1)], heroes)
    state = run(state, c.AdvanceHero(), c.CastSpell(player="A", card_id=FIREBALL))
    # One question at a time (answers name the card): the Hero's roll, then the "AND".
    assert _offers(state) == [("A", FIREBALL, "die_roll")]
    roll = c.AnswerCardEffect(player="A", card_id=FIREBALL, accept=True, count=1)
    state = run(state, roll)
    assert _offers(state) == [("A", FIREBALL, "die_roll_entrance")]
    assert not state.offers[0].mandatory  # "if you discard another Spell": a may
    state = run(state, roll.model_copy(update={"count": 3}))
    assert state.offers == ()
    assert dict(state.carried) == {2: 3}
    assert [s.hero for s in state.player("A").scored] == [1]


def test_the_cards_are_carried_out_not_by_hand() -> None:
    """Each of these cards' abilities is the engine's (prompt or auto) except Magic
    Mirror's Reward, which copies another card's ability (by hand, said why)."""
    for card_id in (HELLCOW, MANDO, ALIEN_EXCAVATOR, FIREBALL):
        card = effects_of(card_id)
        assert card is not None and card.handling in ("auto", "prompt"), card_id
    mirror = effects_of(MAGIC_MIRROR)
    assert mirror is not None
    assert mirror.abilities[0].handling == "auto"


def test_oh_yeah_or_destroys_a_room_in_any_dungeon_once_two_of_yours_were_destroyed() -> None:
    """TNL063 OR: if two or more of your Rooms have been destroyed this turn, choose and
    destroy one Room in any dungeon (named when cast). With one destroyed: refused; with
    two: B's Room is gone (B had two Rooms, one is left)."""
    rooms = [plain("trap", 1), plain("monster", 2), plain("trap", 3), plain("trap", 4)]
    state = _in_build(rooms, [t_hero("fighter", 9)])
    state = _with(state, "B", (_stack(plain("trap", 1)), _stack(plain("monster", 2))))
    aimed = c.CastSpell(player="A", card_id=OH_YEAH, target="B", room=1)
    state = run(state, c.DestroyRoom(player="A", index=0))
    refused(state, aimed, "R-CARD-EFFECT")
    state = run(state, c.DestroyRoom(player="A", index=0), aimed)
    assert [s.top.damage for s in state.player("B").dungeon] == [1]
    assert state.offers == ()


def test_oh_yeah_counts_only_the_rooms_destroyed_this_turn() -> None:
    """ "This turn": a Room destroyed last turn does not count; one more this turn makes
    one, too few to destroy."""
    rooms = [plain("trap", 1), plain("monster", 2), plain("trap", 3)]
    state = run(_in_build(rooms, [t_hero("fighter", 9)]), c.DestroyRoom(player="A", index=0))
    state = run(state.model_copy(update={"phase": "end"}), c.EndTurn())
    state = run(state.model_copy(update={"phase": "build"}), c.DestroyRoom(player="A", index=0))
    refused(state, c.CastSpell(player="A", card_id=OH_YEAH, target="B", room=0), "R-CARD-EFFECT")


def test_the_app_offers_one_button_per_answer_the_engine_takes() -> None:
    """The table's buttons for these questions: each names an answer the engine accepts
    (a swap of two Rooms, a covered Room, a die's face), and there is one per choice."""
    from companion.i18n import Translator
    from companion.ui.table.room_picks import room_picks

    tr = Translator("en")

    rooms = [plain("trap", 1), plain("monster", 2), plain("trap", 3)]
    state = run(_in_build(rooms, [t_hero("fighter", 9)]), c.CastSpell(player="A", card_id=OH_YEAH))
    picks = room_picks(state, 1, state.offers[0], tr)
    assert [words for _, words, _ in picks] == ["Rooms 1 and 2", "Rooms 1 and 3", "Rooms 2 and 3"]
    swapped = run(state, picks[1][2])
    assert [s.top.damage for s in swapped.player("A").dungeon] == [3, 2, 1]
    state = walking([plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(state, c.AdvanceHero(), c.CastSpell(player="A", card_id=FIREBALL))
    picks = room_picks(state, 1, state.offers[0], tr)
    assert [words for _, words, _ in picks] == ["1", "2", "3", "4", "5", "6"]
    u = plain("trap", 4, "mage")
    state = _boss_levels_up(MANDO, (_stack(u, plain("monster", 1)),))
    picks = room_picks(state, 1, state.offers[0], tr)
    assert [words for _, words, _ in picks] == [f"B 1 · {u.name}"]
    assert run(state, picks[0][2]).player("B").dungeon[0].top == u


THE_ARENA = "TNL030"  # once per turn: reveal a Monster Room from the hand, this Room +X
EFREETS_CHAMBER = "RMB038"  # once per turn, a Hero at your entrance: -2 (draw) or +2 (discard)


def test_the_arena_deals_the_revealed_monster_rooms_damage_more_once_per_turn() -> None:
    """TNL030 (printed 2): once per turn, reveal a Monster Room from your hand to give this
    Room +X until end of turn, X that Room's damage. A Monster Room printed 4 revealed: the
    Arena deals 2 + 4 = 6; its button is gone for the rest of the turn."""
    from rules.activated import usable

    state = _in_build([card_room(THE_ARENA), plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(state, c.UseRoomAbility(player="A", index=0))
    assert _offers(state) == [("A", THE_ARENA, "stated_boost")]
    answer = c.AnswerCardEffect(player="A", card_id=THE_ARENA, accept=True, count=4)
    state = run(state, answer)
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [6, 1]
    assert usable(state, "A", 0) is None


def test_efreets_chamber_gives_itself_minus_or_plus_two_with_a_hero_at_the_entrance() -> None:
    """RMB038 (printed 2): once per turn when a Hero is at your entrance, you may draw a
    Spell card for -2 or discard one for +2, until end of turn: 0 or 4. With no Hero at
    the entrance its button is not there."""
    from rules.activated import usable

    building = _in_build([card_room(EFREETS_CHAMBER)], [t_hero("fighter", 9)])
    assert usable(building, "A", 0) is None  # nobody at the entrance
    for pick, damage in ((0, 0), (1, 4)):
        heroes = [t_hero("fighter", 9), t_hero("fighter", 6)]
        state = walking([card_room(EFREETS_CHAMBER), plain("trap", 1)], heroes)
        assert state.entrance("A")  # the second Hero waits
        state = run(state, c.UseRoomAbility(player="A", index=0))
        assert _offers(state) == [("A", EFREETS_CHAMBER, "boost_choice")]
        state = run(
            state, c.AnswerCardEffect(player="A", card_id=EFREETS_CHAMBER, accept=True, count=pick)
        )
        assert [d.damage for d in dungeon_damage(state.player("A"))] == [damage, 1]
        assert usable(state, "A", 0) is None


def _rooms_of(player: PlayerState) -> list[str]:
    return sorted(r.name for s in player.dungeon for r in s.rooms)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 5), min_size=2, max_size=4),  # a fifth Room: the Excavator
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.lists(st.integers(0, 5), max_size=6),
    st.integers(0, 5),
    st.integers(0, 2),
    st.data(),
)
def test_rooms_moved_or_uncovered_keep_every_room(
    damage: list[int],
    covered: list[bool],
    order: list[int],
    room: int,
    place: int,
    data: st.DataObject,
) -> None:
    """Whatever a player answers, the engine either refuses it or only moves Rooms: each
    dungeon keeps the same Rooms (none lost, none doubled), the same number of places,
    and no Room's damage goes below nothing."""
    stacks = tuple(
        _stack(plain("trap", d, "mage"), plain("monster", d))
        if covered[i]
        else _stack(plain("trap", d))
        for i, d in enumerate(damage)
    )
    state = _with(_in_build([plain("trap", 1)], [t_hero("fighter", 9)]), "A", stacks)
    before = _rooms_of(state.player("A"))
    if data.draw(st.booleans()):  # an order of the right size, often a real one
        order = data.draw(st.permutations(range(len(damage))))
    for card, offer_state in (
        (OH_YEAH, run(state, c.CastSpell(player="A", card_id=OH_YEAH))),
        (ALIEN_EXCAVATOR, _excavating(state)),
    ):
        answer = c.AnswerCardEffect(
            player="A", card_id=card, accept=True, order=tuple(order), room=room, covered=place
        )
        try:
            after = run(offer_state, answer)
        except RulesError:
            continue
        a = after.player("A")
        expected = before if card == OH_YEAH else [*before, "Alien Excavator"]
        assert _rooms_of(a) == sorted(expected)
        assert len(a.dungeon) == len(offer_state.player("A").dungeon)
        assert all(d.damage >= 0 for d in dungeon_damage(a))


def _excavating(state: GameState) -> GameState:
    """A builds Alien Excavator at the entrance: its uncover question waits (when any Room
    of A's is covered)."""
    return run(state, c.BuildRoom(player="A", room=card_room(ALIEN_EXCAVATOR)), c.RevealRooms())


MAGIPEDE = "RMB039"  # +1 per Spell card in your hand
ELEMENTAL_GENERATOR = "TNL038"  # +X, X the Spell cards in your hand


def test_rooms_counting_spells_in_hand_ask_the_owner_as_a_hero_enters() -> None:
    """RMB039 (printed 2) and TNL038 (printed 3): +1 per Spell card in your hand, a number
    only the owner knows: asked as a Hero enters. Three Spells: a Hero of 20 Health takes
    2 + 3 = 5 in Magipede, 3 + 3 = 6 in the Generator. The walk waits for the answer: a
    step on is refused, and finishing the walk stops at the question."""
    for card_id, printed in ((MAGIPEDE, 2), (ELEMENTAL_GENERATOR, 3)):
        state = walking([card_room(card_id), plain("trap", 1)], [t_hero("fighter", 20)])
        paused = run(state, c.FinishWalk())  # stops in the card's Room, asking
        assert paused.walk is not None and paused.walk.room == 0, card_id
        state = run(state, c.AdvanceHero())
        assert _offers(state) == [("A", card_id, "spells_in_hand")], card_id
        assert state.offers[0].mandatory
        refused(state, c.AdvanceHero(), "R-CARD-EFFECT")
        refused(state, c.FinishWalk(), "R-CARD-EFFECT")
        answer = c.AnswerCardEffect(player="A", card_id=card_id, accept=True, count=3)
        refused(state, answer.model_copy(update={"count": 11}), "R-CARD-EFFECT")
        after = run(state, answer)
        assert after.walk is not None and after.walk.damage == printed + 3, card_id
        done = run(after, c.FinishWalk())
        assert done.walk is None  # 5 or 6 + 1 < 20: it survived


ENDLESS_GALLERY = "RMB045"  # destroy this Room: one treasure of any type in any dungeon


def test_endless_gallery_destroyed_adds_a_treasure_to_any_dungeon_this_turn() -> None:
    """RMB045: you can destroy this Room to add one treasure of any type to any player's
    dungeon until end of turn. A destroys it and gives B's dungeon a Cleric: B's Cleric
    total is one more, and the Gallery is gone from A's dungeon."""
    from rules.treasure import treasure_total

    state = _in_build([card_room(ENDLESS_GALLERY), plain("trap", 1)], [t_hero("fighter", 9)])
    before = treasure_total(state, "B", "cleric")
    state = run(state, c.UseRoomAbility(player="A", index=0))
    assert _names(state.player("A")) == ["plain trap 1"]
    assert _offers(state) == [("A", ENDLESS_GALLERY, "treasure_to_dungeon")]
    answer = c.AnswerCardEffect(player="A", card_id=ENDLESS_GALLERY, accept=True, target="B")
    refused(state, answer.model_copy(update={"count": 9}), "R-CARD-EFFECT")
    state = run(state, answer.model_copy(update={"count": 0}))  # cleric, the first type
    assert treasure_total(state, "B", "cleric") == before + 1


def test_a_room_covered_by_an_uncovered_one_loses_its_coins_as_if_built_over() -> None:
    """R-MINI: Coins and a Miniboss belong to the top Room and are lost when it is
    covered. Mando brings B's covered Room up over a Room with 2 Coins on it: the Coins
    are lost (noted), and the uncovered Room has none."""
    u = plain("trap", 4, "mage")
    top = RoomStack(rooms=(u, plain("monster", 1)), coins=2)
    state = _boss_levels_up(MANDO, (top,))
    ruleset = state.setup.ruleset.model_copy(update={"minibosses": True})
    state = state.model_copy(update={"setup": state.setup.model_copy(update={"ruleset": ruleset})})
    answer = c.AnswerCardEffect(
        player="A", card_id=MANDO, accept=True, target="B", room=0, covered=0
    )
    events = events_of(state, answer)
    assert [type(e).__name__ for e in events][1:3] == ["CoinsLost", "RoomUncovered"]
    b = run(state, answer).player("B")
    assert b.dungeon[0].top == u and b.dungeon[0].coins == 0
