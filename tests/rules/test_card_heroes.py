"""Card abilities on the Heroes walking a dungeon or waiting at its entrance, and Bosses'
Level Ups that change treasure or Souls (R-CARD-EFFECT). Each expectation is the printed
effect worked out by hand, not the engine's output."""

from __future__ import annotations

from referee_fixtures import bait_state, events_of, refused, run, t_hero, t_player, t_room
from test_card_effects import _in_build, card_room, entered, plain, walking

from rules import commands as c
from rules import events as ev
from rules.card_effects import dungeon_damage, registry
from rules.models import GameState, Item, ItemCard, ItemTable, Room, RoomStack, ScoredHero
from rules.treasure import treasure_total

ANOTHER_CASTLE = "TNL057"  # a Hero in your dungeon to the entrance of an opponent's dungeon
AGENT_OF_EVIL = "TPU013"  # a Hero in town to the entrance of an opponent's dungeon
ECLIPSE = "TNL012"  # Level Up, for the rest of the game: an uncovered Room +3 until end
JACKPOT_STASH = "BMA030"  # destroy this Room: the other Rooms' treasure doubled this turn
ELICON = "KSA007"  # Level Up: you may double the treasure of every Room until end of turn


def test_another_castle_sends_the_walking_hero_to_an_opponents_entrance() -> None:
    """TNL057: the Hero in A's dungeon goes to B's entrance (not A's, not town), keeping
    the damage it took."""
    state = run(
        walking([plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 9)]), c.AdvanceHero()
    )
    cast = c.CastSpell(player="A", card_id=ANOTHER_CASTLE, target="A")
    refused(state, cast, "R-CARD-EFFECT")  # not one's own dungeon
    for nobody in (None, "Zed"):  # an opponent must be named, and be at the table
        refused(state, cast.model_copy(update={"target": nobody}), "R-CARD-EFFECT")
    out = state.with_player("B", eliminated=True)
    refused(out, cast.model_copy(update={"target": "B"}), "R-CARD-EFFECT")  # B is out
    sent = [
        (e.hero, e.to, e.player, e.damage)
        for e in events_of(state, cast.model_copy(update={"target": "B"}))
        if isinstance(e, ev.HeroSentBack)
    ]
    assert sent == [(0, "entrance", "B", 1)]


def test_agent_of_evil_puts_a_town_hero_at_an_opponents_entrance() -> None:
    """TPU013: in the Build phase, a Hero in town goes to the entrance of B's dungeon."""
    state = _in_build([plain()], [t_hero("mage", 4)])
    state = run(state, c.CastSpell(player="A", card_id=AGENT_OF_EVIL, target="B", hero=0))
    assert state.hero_place(0) == "entrance:B"


def test_eclipse_levelled_up_gives_an_uncovered_room_three_more() -> None:
    """TNL012: from its Level Up on, the Room uncovered when a Room of the dungeon is
    destroyed gets +3 until end of turn: printed 2, then 5."""
    state = _in_build([plain("monster", 1)], [t_hero("fighter", 9)], boss=ECLIPSE)
    a = state.player("A")
    stack = RoomStack(rooms=(plain("monster", 2), plain("trap", 1)))
    a = a.model_copy(update={"dungeon": (a.dungeon[0], stack), "boss_card_id": ECLIPSE})
    levelled = a.model_copy(update={"leveled_up": True})
    for player, expected in ((a, [1, 2]), (levelled, [1, 5])):
        now = state.model_copy(update={"players": (player, state.players[1])})
        now = run(now, c.DestroyRoom(player="A", index=1))
        assert [d.damage for d in dungeon_damage(now.player("A"))] == expected


def test_jackpot_stash_doubles_the_treasure_of_the_other_rooms_until_end_of_turn() -> None:
    """BMA030: destroy it: A's other Rooms (fighter, fighter+cleric) show their treasure
    twice: fighter 2 -> 4, cleric 1 -> 2; the Stash's own icon is gone with it."""
    both = Room(name="both", treasure=("fighter", "cleric"), damage=1)
    rooms = [card_room(JACKPOT_STASH), plain("trap", 1, "fighter"), both]
    state = _in_build(rooms, [t_hero("fighter", 9)])
    assert registry()[JACKPOT_STASH].handling == "prompt"
    state = run(state, c.UseRoomAbility(player="A", index=0))
    assert (treasure_total(state, "A", "fighter"), treasure_total(state, "A", "cleric")) == (4, 2)
    assert len(state.player("A").dungeon) == 2


def test_elicon_levels_up_and_may_double_the_treasure_of_every_room() -> None:
    """KSA007: Level Up: you may double the treasure of every Room of your dungeon until end
    of turn; said Yes: 5 fighter Rooms count 10."""
    rooms = [plain("trap", 1, "fighter")] * 4
    state = _in_build(rooms, [t_hero("fighter", 9)], boss=ELICON)
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1, "fighter")), c.RevealRooms())
    assert [(o.card_id, o.offer) for o in state.offers] == [(ELICON, "double_treasure")]
    boss = treasure_total(state, "A", "fighter") - 5
    state = run(state, c.AnswerCardEffect(player="A", card_id=ELICON, accept=True))
    assert treasure_total(state, "A", "fighter") == 10 + boss


MIRRAX = "TNL000"  # Level Up: choose another Boss; for the rest of the game, its treasure too


def test_mirrax_levels_up_and_takes_another_bosss_treasure_icon() -> None:
    """TNL000: choose another Boss; Mirrax counts its treasure icon for the rest of the
    game: B's Boss shows mage, so A counts one more mage; naming A itself is refused."""
    state = _in_build([plain("trap", 1, "fighter")] * 4, [t_hero("fighter", 9)], boss=MIRRAX)
    b = state.player("B").model_copy(update={"boss_treasure": ("mage",)})
    state = state.model_copy(update={"players": (state.players[0], b)})
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1, "fighter")), c.RevealRooms())
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (MIRRAX, "boss_treasure_of_another", True)
    ]
    before = treasure_total(state, "A", "mage")
    take = c.AnswerCardEffect(player="A", card_id=MIRRAX, accept=True, target="A")
    refused(state, take, "R-CARD-EFFECT")
    refused(state, take.model_copy(update={"accept": False, "target": None}), "R-CARD-EFFECT")
    state = run(state, take.model_copy(update={"target": "B"}))
    assert treasure_total(state, "A", "mage") == before + 1


SHORTCUT = "TNL068"  # a Hero skips the next Room it would enter (two in a dungeon of five)


def test_shortcut_skips_one_room_or_two_in_a_dungeon_of_five() -> None:
    """TNL068: cast as the Hero stands in Room 1, it skips the next Room (it then enters
    Room 3 of 3); where the dungeon has five Rooms, the next two (it enters Rooms 4, 5)."""
    for places, expected in ((3, [(2, 1)]), (5, [(3, 1), (4, 1)])):
        state = walking([plain("trap", 1)] * places, [t_hero("fighter", 20)])
        state = run(state, c.AdvanceHero(), c.CastSpell(player="B", card_id=SHORTCUT))
        assert [(room, dealt) for room, dealt in entered(state) if dealt] == expected


HEALING_TANK = "CRL031"  # if no Hero was lured to your dungeon, heal one ordinary Wound
SUPER_EFFECTIVE = "TNL069"  # a Room +2; or +4 if only one Hero was lured to your dungeon


def test_healing_tank_heals_an_ordinary_wound_only_if_no_hero_was_lured_to_you() -> None:
    """CRL031: no Hero lured to A this turn: A's Wound (an ordinary Hero) is healed, it
    counts a Soul; a Hero lured to A: the Spell does nothing (refused, saying why)."""
    lured_to_b = bait_to_b()
    cast = c.CastSpell(player="A", card_id=HEALING_TANK)
    state = run(lured_to_b, cast)
    assert (state.wounds("A"), state.souls("A")) == (0, 1)
    lured_to_a = walking([plain("trap", 1)], [t_hero("fighter", 9)])
    a = lured_to_a.player("A").model_copy(update={"scored": lured_to_b.player("A").scored})
    refused(
        lured_to_a.model_copy(update={"players": (a, lured_to_a.players[1])}), cast, "R-CARD-EFFECT"
    )


def bait_to_b() -> GameState:
    """Adventure phase: Hero 1 (thief) lured to B (thief treasure), none to A; A has a
    Wound: Hero 0, ordinary, scored face up."""
    state = bait_state(
        [t_player("A", 900, [t_room("cleric", 1)]), t_player("B", 100, [t_room("thief", 1)])],
        [t_hero("cleric", 4), t_hero("thief", 9)],
    )
    a = state.player("A").model_copy(update={"scored": (ScoredHero(hero=0, face_up=True),)})
    state = state.model_copy(update={"players": (a, state.players[1]), "town": (1,)})
    state = run(state, c.ResolveBait())
    assert state.lured == (("B", 1),) and state.phase == "adventure"  # one Hero, to B
    return state


def test_super_effective_gives_four_with_one_hero_lured_else_two() -> None:
    """TNL069: a Room of yours +2 until end of turn, or +4 if only one Hero was lured to
    your dungeon this turn: one Hero lured, A's Trap printed 1 deals 5; two, 3."""
    for heroes, expected in ((1, 5), (2, 3)):
        state = walking([plain("trap", 1)], [t_hero("fighter", 20)] * heroes)
        state = run(state, c.CastSpell(player="A", card_id=SUPER_EFFECTIVE, target="A", room=0))
        assert dungeon_damage(state.player("A"))[0].damage == expected


LIGHTNING_BOLT = "TNL061"  # 3 damage to a Hero in your dungeon; and, discarding another
# Spell, 3 damage to each Hero at your entrance
NOT_DEAD_YET = "CRL033"  # X damage (X = your Wounds) to each Hero in your dungeon or entrance


def _three_lured(healths: tuple[int, int, int]) -> GameState:
    """A's first Hero walks Room 1 of two Traps of 0; the other two wait at A's entrance."""
    heroes = [t_hero("fighter", h) for h in healths]
    return run(walking([plain("trap", 0), plain("trap", 0)], heroes), c.AdvanceHero())


def test_lightning_bolt_asks_for_its_second_part_and_hits_the_entrance() -> None:
    """TNL061: 3 damage to the walking Hero; then, said Yes (another Spell discarded), 3 to
    each Hero at the entrance: the one of 2 Health dies there (a Soul for A), the one of 9
    keeps 3 damage for its walk."""
    state = _three_lured((20, 2, 9))
    assert state.walk is not None and state.entrance("A") == (1, 2)
    state = run(state, c.CastSpell(player="A", card_id=LIGHTNING_BOLT))
    assert state.walk is not None and state.walk.damage == 3
    assert [(o.card_id, o.offer) for o in state.offers] == [(LIGHTNING_BOLT, "damage_entrance")]
    souls = state.souls("A")
    state = run(state, c.AnswerCardEffect(player="A", card_id=LIGHTNING_BOLT, accept=True))
    assert state.souls("A") == souls + 1 and state.entrance("A") == (2,)
    assert dict(state.carried)[2] == 3 and state.walk is not None and state.walk.hero == 0


def test_not_dead_yet_deals_as_much_as_the_casters_wounds() -> None:
    """CRL033: A has 2 Wounds: the walking Hero and each one at A's entrance take 2."""
    state = _three_lured((20, 9, 9))
    a = state.player("A").model_copy(update={"wounds_adjust": 2})
    state = state.model_copy(update={"players": (a, state.players[1])})
    state = run(state, c.CastSpell(player="A", card_id=NOT_DEAD_YET))
    assert state.walk is not None and state.walk.damage == 2
    assert dict(state.carried) == {1: 2, 2: 2}


ASSASSIN = "BMA041"  # +3 Health to a Hero in an opponent's dungeon
ESSENCE_TRANSFER = "CRL030"  # +X Health (X = your Wounds) to a Hero in an opponent's dungeon
WEREWOLF_DEN = "TNL053"  # once per turn: one Hero +1 Health until end of turn


def test_health_gained_keeps_a_hero_alive_through_more_damage() -> None:
    """BMA041 / CRL030: the Hero of 4 Health walks A's Traps of 2, 2, 1: 5 damage kills it;
    B's Assassin (+3: 7 Health) or Essence Transfer with B's 2 Wounds (+2: 6 Health) lets
    it survive; A itself may not cast them on a Hero in its own dungeon."""
    rooms = [plain("trap", 2), plain("trap", 2), plain("trap", 1)]
    base = run(walking(rooms, [t_hero("fighter", 4)]), c.AdvanceHero())
    b = base.player("B").model_copy(update={"wounds_adjust": 2})
    base = base.model_copy(update={"players": (base.players[0], b)})
    assert run(base, c.FinishAdventure()).souls("A") == 1  # dies: a Soul for A
    for spell in (ASSASSIN, ESSENCE_TRANSFER):
        refused(base, c.CastSpell(player="A", card_id=spell), "R-CARD-EFFECT")
        state = run(base, c.CastSpell(player="B", card_id=spell), c.FinishAdventure())
        assert (state.souls("A"), state.wounds("A")) == (0, 1), spell  # it survives


def test_werewolf_den_gives_the_walking_hero_one_more_health_from_its_button() -> None:
    """TNL053: once per turn, one Hero +1 Health: the Hero of 4 Health walking the Den
    (printed 1) and Traps of 2 and 1 takes 4 and survives with 5 Health."""
    state = walking(
        [card_room(WEREWOLF_DEN), plain("trap", 2), plain("trap", 1)], [t_hero("fighter", 4)]
    )
    state = run(state, c.AdvanceHero())
    use = c.UseRoomAbility(player="A", index=0)
    state = run(state, use)
    refused(state, use, "R-CARD-EFFECT")  # once per turn
    state = run(state, c.FinishAdventure())
    assert (state.souls("A"), state.wounds("A")) == (0, 1)


DARKLING_LAIR = "CRL016"  # uncovered: 3 damage to a Hero in your dungeon or at the entrance


def test_darkling_lair_uncovered_deals_three_to_a_hero_its_owner_names() -> None:
    """CRL016: the Trap over the Lair is destroyed while A's first Hero stands in Room 1:
    A names the walking Hero (it takes 3) or the one of 2 Health waiting at the entrance
    (it dies there: a Soul for A); a must-do, so a No is refused."""
    state = _three_lured((20, 2, 9))
    a = state.player("A")
    lair = RoomStack(rooms=(card_room(DARKLING_LAIR), plain("trap", 0)))
    state = state.model_copy(
        update={
            "players": (a.model_copy(update={"dungeon": (a.dungeon[0], lair)}), state.players[1])
        }
    )
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (DARKLING_LAIR, "damage_own_hero", True)
    ]
    name = c.AnswerCardEffect(player="A", card_id=DARKLING_LAIR, accept=True, hero=0)
    refused(state, name.model_copy(update={"accept": False}), "R-CARD-EFFECT")
    walked = run(state, name)
    assert walked.walk is not None and walked.walk.damage == 3
    souls = state.souls("A")
    at_door = run(state, name.model_copy(update={"hero": 1}))
    assert at_door.souls("A") == souls + 1 and at_door.entrance("A") == (2,)


KAWNEE = "KSA004"  # Level Up: you may take an ordinary Hero from an opponent's score


def test_kawnee_levels_up_and_may_take_an_ordinary_hero_scored_by_an_opponent() -> None:
    """KSA004: an ordinary Hero in B's scorekeeping area goes face down into A's: one Soul
    moves from B to A; B's Epic Hero may not be taken; a "may", so No is allowed."""
    town = [t_hero("fighter", 4), t_hero("mage", 11, epic=True)]
    state = _in_build([plain("trap", 1, "fighter")] * 4, town, boss=KAWNEE)
    scored = (ScoredHero(hero=0, face_up=False), ScoredHero(hero=1, face_up=False))
    b = state.player("B").model_copy(update={"scored": scored})
    state = state.model_copy(update={"players": (state.players[0], b), "town": ()})
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1)), c.RevealRooms())
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (KAWNEE, "take_scored_hero", False)
    ]
    souls = (state.souls("A"), state.souls("B"))
    take = c.AnswerCardEffect(player="A", card_id=KAWNEE, accept=True, hero=1)
    refused(state, take, "R-CARD-EFFECT")  # an Epic Hero
    state = run(state, take.model_copy(update={"hero": 0}))
    assert (state.souls("A"), state.souls("B")) == (souls[0] + 1, souls[1] - 1)


PITY = "TNL066"  # a Hero in an opponent's dungeon is removed from the game


def test_pity_removes_the_hero_walking_an_opponents_dungeon() -> None:
    """TNL066: B casts it on the Hero walking A's dungeon: it leaves the game, so A scores
    neither a Soul nor a Wound for it; A may not cast it in A's own dungeon."""
    state = run(
        walking([plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 9)]), c.AdvanceHero()
    )
    refused(state, c.CastSpell(player="A", card_id=PITY), "R-CARD-EFFECT")
    state = run(state, c.CastSpell(player="B", card_id=PITY))
    assert (state.souls("A"), state.wounds("A"), state.player("A").scored) == (0, 0, ())
    assert state.walk is None and 0 not in state.town


def test_pity_takes_the_heros_item_out_of_the_game_with_it() -> None:
    """TNL066 on a Hero carrying an Item: the Item neither dies nor survives with a Hero in
    a dungeon, so no Boss wins it (R-ITEM); it is no longer carried by anyone either."""
    state = walking([plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 9)])
    rod = Item(id=0, card=ItemCard(name="Ice Rod", treasure=("fighter",)))
    items = ItemTable(revealed=(rod,), carried=((0, 0),))
    state = run(state.model_copy(update={"items": items}), c.AdvanceHero())
    state = run(state, c.CastSpell(player="B", card_id=PITY))
    assert state.items.carried == () and state.items.carried_by(0) is None
    assert [p.items for p in state.players] == [(), ()]


UNDEAD_MINION = "TNL071"  # a face-down Hero of yours leaves the game: its Health as damage


def test_undead_minion_trades_a_soul_for_damage_equal_to_its_health() -> None:
    """TNL071: A gives up its Soul (a scored Hero of 4 Health): the Hero walking A's dungeon
    takes 4 more, and A has one Soul less; a Hero not A's Soul is refused."""
    state = walking(
        [plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 20), t_hero("mage", 4)]
    )
    a = state.player("A").model_copy(update={"scored": (ScoredHero(hero=1, face_up=False),)})
    state = state.model_copy(update={"players": (a, state.players[1]), "town": ()})
    state = run(state, c.AdvanceHero())
    souls = state.souls("A")
    cast = c.CastSpell(player="A", card_id=UNDEAD_MINION, hero=0)
    refused(state, cast, "R-CARD-EFFECT")  # the walking Hero is no Soul of A's
    state = run(state, cast.model_copy(update={"hero": 1}))
    assert state.walk is not None and state.walk.damage == 1 + 4
    assert state.souls("A") == souls - 1 and state.player("A").scored == ()


PARTY_UP = "TNL064"  # until end of turn each Hero entering the dungeon named gains +1


def test_party_up_gives_each_hero_entering_the_dungeon_one_more_health() -> None:
    """TNL064: played on A's dungeon while its first Hero (4 Health) walks Traps of 2 and 2:
    that one had entered already and dies (a Soul); the second, entering after it with
    5 Health, survives the 4 damage (a Wound)."""
    state = walking([plain("trap", 2), plain("trap", 2)], [t_hero("fighter", 4)] * 2)
    state = run(state, c.AdvanceHero())
    refused(state, c.CastSpell(player="B", card_id=PARTY_UP), "R-CARD-EFFECT")  # whose?
    state = run(state, c.CastSpell(player="B", card_id=PARTY_UP, target="A"))
    state = run(state, c.FinishAdventure())
    assert (state.souls("A"), state.wounds("A")) == (1, 1)
