"""Card abilities carried out beyond the base set's (R-CARD-EFFECT): each test's expectation
is the card's printed effect, in our words, not the engine's output."""

from __future__ import annotations

from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import _in_build, _offers, card_room, entered, plain, walking

from rules import card_text
from rules import commands as c
from rules import events as ev
from rules.card_effects import dungeon_damage, effects_of
from rules.models import Room, RoomStack
from rules.rulings import describe
from rules.treasure import treasure_total

SHROOMAN_CAVE = "TNL027"


def test_shrooman_cave_gives_another_monster_room_three_more_until_end_of_turn() -> None:
    """TNL027: when built, another Monster Room (of your dungeon, not the Cave itself) gets
    +3 until end of turn; a must-do, answered with the Room."""
    state = _in_build([plain("monster", 2), plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(state, c.BuildRoom(player="A", room=card_room(SHROOMAN_CAVE)), c.RevealRooms())
    assert _offers(state) == [("A", SHROOMAN_CAVE, "boost_own_room")]
    assert state.offers[0].mandatory
    # The Cave was built at the entrance: Room 1 the Cave, Room 2 the Monster, Room 3 the Trap.
    trap = c.AnswerCardEffect(player="A", card_id=SHROOMAN_CAVE, accept=True, room=2)
    refused(state, trap, "R-CARD-EFFECT")  # a Trap Room
    itself = trap.model_copy(update={"room": 0})
    refused(state, itself, "R-CARD-EFFECT")  # the Cave is not "another" Monster Room
    refused(state, trap.model_copy(update={"accept": False}), "R-CARD-EFFECT")
    take = trap.model_copy(update={"room": 1})
    boosted = [e for e in events_of(state, take) if isinstance(e, ev.RoomBoosted)]
    assert [(e.index, e.amount) for e in boosted] == [(1, 3)]
    state = run(state, take)
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [1, 5, 1]


def test_shrooman_cave_with_no_other_monster_room_offers_nothing() -> None:
    """Built over the only Monster Room (now covered), nothing is left to boost."""
    state = _in_build([plain("monster", 2), plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(
        state, c.BuildRoom(player="A", room=card_room(SHROOMAN_CAVE), over=0), c.RevealRooms()
    )
    assert state.offers == ()


def test_shrooman_cave_fires_again_when_uncovered() -> None:
    """TNL027 "when you build or uncover this Room": the Room over it is destroyed, the
    Cave shows again and its +3 is offered again."""
    state = _in_build([plain("monster", 2), card_room(SHROOMAN_CAVE)], [t_hero("fighter", 9)])
    a = state.player("A")
    cave = a.dungeon[1]
    covered = cave.model_copy(update={"rooms": (*cave.rooms, plain("trap", 1))})
    a = a.model_copy(update={"dungeon": (a.dungeon[0], covered)})
    state = state.model_copy(update={"players": (a, *state.players[1:])})
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert _offers(state) == [("A", SHROOMAN_CAVE, "boost_own_room")]
    state = run(state, c.AnswerCardEffect(player="A", card_id=SHROOMAN_CAVE, accept=True, room=0))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [5, 1]


WILD_MONSTER = "TNL072"


def test_wild_monster_is_an_adventure_spell_that_may_build_a_monster_room_over_a_room() -> None:
    """TNL072: an Adventure Spell; you *may* at once build a *Monster* Room *over* a Room
    already in your dungeon (not an unrestricted extra build at any time)."""
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    refused(state, c.CastSpell(player="A", card_id=WILD_MONSTER), "R-CARD-EFFECT")  # Build
    card = effects_of(WILD_MONSTER)
    assert card is not None
    ability = card.abilities[0]
    assert ability.timing == "adventure" and ability.optional
    text = describe(card)
    assert "Monster Rooms over a Room of your dungeon" in text and "(optional)" in text


CAVE_IN, MEGAWORM_BURROW, SOUL_HARVEST = "BMA042", "TNL029", "BMA052"


def test_a_cards_sentences_start_with_a_capital_and_say_each_thing_once() -> None:
    """Cave-In (a Room of yours destroyed, a Hero in it dies) says the death once, as a
    sentence of its own; Megaworm Burrow only destroys (no Hero is walking as it is
    built), so it says no death; a second effect after a full stop opens a sentence
    (Soul Harvest's "Draw 2 Spell cards."), in English and German."""
    from companion.i18n import Translator
    from companion.ui.table.rulings import ruling_text

    def text(card_id: str) -> str:
        card = effects_of(card_id)
        assert card is not None
        return describe(card)

    assert text(CAVE_IN).endswith("destroy that Room. A Hero in it dies.")
    assert "kill" not in text(CAVE_IN) and "dies" not in text(MEGAWORM_BURROW)
    assert text(SOUL_HARVEST).endswith("remove it from the game. Draw 2 Spell cards.")
    cave_in = effects_of(CAVE_IN)
    assert cave_in is not None
    [phrases] = card_text.phrases(cave_in)
    german = card_text.sentences(ruling_text(Translator("de"), k, a) for k, a in phrases)
    assert german.endswith("zerstöre diesen Raum. Ein Held darin stirbt.")


GOLEM_FACTORY = "BMA016"


def test_a_firing_ability_says_what_it_does_in_english_and_german() -> None:
    """Golem Factory (BMA016, printed: once per turn, if a Hero dies here, draw a Room
    card): the ruling says so, not only 'its ability fires'; German in German."""
    from companion.i18n import Translator
    from companion.ui.table.rulings import ruling_text

    state = walking([card_room(GOLEM_FACTORY)], [t_hero("fighter", 2)])
    fired = [e for e in events_of(state, c.FinishAdventure()) if isinstance(e, ev.CardEffectFired)]
    assert "draw 1 Room card" in fired[0].ruling.why
    german = ruling_text(Translator("de"), fired[0].ruling.key, fired[0].ruling.args)
    assert "ziehe 1 Raumkarte" in german and "draw" not in german


BRAINSUCKER_HIVE = "BMA021"
CONSTRUCTION_ZONE = "BMA034"


def test_a_may_the_players_carry_out_is_asked_yes_or_no() -> None:
    """Brainsucker Hive (BMA021, printed: once per turn, if a Hero dies here, you *may* draw
    a Spell card): the owner is asked, and may say No; the question is never a must-do."""
    state = walking([card_room(BRAINSUCKER_HIVE)], [t_hero("fighter", 2)])
    state = run(state, c.FinishAdventure())
    assert _offers(state) == [("A", BRAINSUCKER_HIVE, "may")]
    assert not state.offers[0].mandatory
    state = run(state, c.AnswerCardEffect(player="A", card_id=BRAINSUCKER_HIVE, accept=False))
    assert state.offers == ()


def test_construction_zone_asks_whether_its_owner_builds_another_room() -> None:
    """Construction Zone (BMA034, printed: when you build it, you *may* build another Room
    at once): a Yes/No question when it is revealed."""
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    state = run(state, c.BuildRoom(player="A", room=card_room(CONSTRUCTION_ZONE)), c.RevealRooms())
    assert _offers(state) == [("A", CONSTRUCTION_ZONE, "may")]
    taken = events_of(state, c.AnswerCardEffect(player="A", card_id=CONSTRUCTION_ZONE, accept=True))
    assert any(isinstance(e, ev.CardEffectAnswered) and e.accepted for e in taken)


SPIKED_PIT, COLLAPSING_BRIDGE, SPELLSLIME_PIT = "TNL044", "TNL043", "TNL034"
GOBLIN_NURSERY, GIANT_SIZE = "TNL023", "BMA047"


def test_spiked_pit_deals_three_more_the_turn_it_is_built() -> None:
    """TNL044 (printed: when you build or uncover it, it has +3 until end of turn)."""
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    state = run(state, c.BuildRoom(player="A", room=card_room(SPIKED_PIT)), c.RevealRooms())
    pit = card_room(SPIKED_PIT).damage
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [pit + 3, 2]


def test_collapsing_bridge_deals_three_more_once_a_hero_survives_it() -> None:
    """TNL043 (printed, revised: once per turn, if a Hero survives it, it deals +3 until
    end of turn): the second Hero takes 3 more there; a third no more than the second."""
    bridge = card_room(COLLAPSING_BRIDGE)
    heroes = [t_hero("thief", 30), t_hero("thief", 30), t_hero("thief", 30)]
    state = walking([bridge, plain("monster", 1)], heroes)
    hits = [damage for room, damage in entered(state) if room == 0]
    assert hits == [bridge.damage, bridge.damage + 3, bridge.damage + 3]


def test_spellslime_pit_deals_one_more_each_time_its_owner_plays_a_spell() -> None:
    """TNL034 (printed: whenever you play a Spell, it gains +1 until end of turn)."""
    pit = card_room(SPELLSLIME_PIT)
    state = walking([pit, plain("monster", 1)], [t_hero("mage", 30)])
    state = run(state, c.CastSpell(player="A", card_id=GIANT_SIZE, target="A", room=1))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [pit.damage + 1, 4]


def test_goblin_nursery_gives_the_monster_room_to_its_left_two_more() -> None:
    """TNL023 (printed: if the Room to its left is a Monster Room, that Room has +2). The
    entrance is on the left: Room 1 is left of Room 2; a Trap on its left gets nothing."""
    nursery = card_room(GOBLIN_NURSERY)
    state = walking([plain("monster", 1), nursery, plain("monster", 1)], [t_hero("fighter", 30)])
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [3, nursery.damage, 1]
    state = walking([plain("trap", 1), nursery], [t_hero("fighter", 30)])
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [1, nursery.damage]


BEAST_MENAGERIE, RECYCLING_CENTER, HAUNTED_LIBRARY, LIGERS_DEN = (
    "BMA019",
    "BMA031",
    "BMA023",
    "BMA026",
)


def test_beast_menagerie_fires_when_its_owner_builds_another_monster_room() -> None:
    """BMA019 (printed: once per turn when you build another Monster Room, draw a Room
    card): it fires for a Monster Room built, not for a Trap Room."""
    state = _in_build([card_room(BEAST_MENAGERIE)], [t_hero("fighter", 9)])
    monster = run(state, c.BuildRoom(player="A", room=plain("monster", 1)))
    fired = [e for e in events_of(monster, c.RevealRooms()) if isinstance(e, ev.CardEffectFired)]
    assert [e.card_id for e in fired] == [BEAST_MENAGERIE]
    assert "draw 1 Room card" in fired[0].ruling.why
    trap = run(state, c.BuildRoom(player="A", room=plain("trap", 1)))
    assert not [e for e in events_of(trap, c.RevealRooms()) if isinstance(e, ev.CardEffectFired)]


def test_recycling_center_asks_when_another_room_of_its_dungeon_is_destroyed() -> None:
    """BMA031 (printed: when another Room in your dungeon is destroyed, you may draw two
    Room cards): destroying the other Room asks Yes/No."""
    state = _in_build([plain("monster", 2), card_room(RECYCLING_CENTER)], [t_hero("fighter", 9)])
    state = run(state, c.DestroyRoom(player="A", index=0))
    assert _offers(state) == [("A", RECYCLING_CENTER, "may")]


def test_ligers_den_fires_when_its_owner_plays_a_spell() -> None:
    """BMA026 (printed: once per turn when you play a Spell, draw a Spell card)."""
    state = walking([card_room(LIGERS_DEN), plain("monster", 1)], [t_hero("mage", 30)])
    cast = c.CastSpell(player="A", card_id=GIANT_SIZE, target="A", room=1)
    fired = [e for e in events_of(state, cast) if isinstance(e, ev.CardEffectFired)]
    assert [e.card_id for e in fired] == [LIGERS_DEN]
    again = run(state, cast)
    assert not [e for e in events_of(again, cast) if isinstance(e, ev.CardEffectFired)]


def test_haunted_library_asks_at_the_start_of_the_next_turn() -> None:
    """BMA023 (printed: at the beginning of your turn, you may draw from the Spell deck
    instead of the Room deck): asked Yes/No when the next turn begins."""
    state = walking([card_room(HAUNTED_LIBRARY)], [t_hero("fighter", 30)])
    state = run(state, c.FinishAdventure(), c.EndTurn())
    assert _offers(state) == [("A", HAUNTED_LIBRARY, "may")]


KIRAX = "KSA001"


def test_kirax_level_up_gives_the_boss_cleric_fighter_and_mage_treasure() -> None:
    """KSA001 (printed: Level Up: for the rest of the game it has Cleric, Fighter and Mage
    treasure): the dungeon's totals count one more of each from then on (Bait)."""
    from test_card_effects import _level_up

    state = _level_up(KIRAX, [t_hero("thief", 4)])
    totals = {t: treasure_total(state, "A", t) for t in ("cleric", "fighter", "mage", "thief")}
    assert totals == {"cleric": 1, "fighter": 5 + 1, "mage": 1, "thief": 0}


GHOULYARD, SHARK_TANK = "TPU008", "TPU011"


def test_ghoulyard_deals_epic_heroes_double_damage() -> None:
    """TPU008 (printed: double damage to Epic Heroes); an ordinary Hero takes its damage."""
    yard = card_room(GHOULYARD)
    epic = walking([yard], [t_hero("cleric", 30, epic=True)])
    assert entered(epic) == [(0, 2 * yard.damage)]
    plain_hero = walking([yard], [t_hero("cleric", 30)])
    assert entered(plain_hero) == [(0, yard.damage)]


def test_shark_tank_deals_two_more_to_a_hero_worn_to_half_its_health() -> None:
    """TPU011 (printed: +2 to a Hero that has taken damage equal to half its Health before
    entering it): 5 taken of 10 gets +2; 4 of 10 does not."""
    tank = card_room(SHARK_TANK)
    worn = walking([plain("monster", 5), tank], [t_hero("fighter", 10)])
    assert entered(worn)[1] == (1, tank.damage + 2)
    fresh = walking([plain("monster", 4), tank], [t_hero("fighter", 10)])
    assert entered(fresh)[1] == (1, tank.damage)


TELEPORTATION = "BMA053"


def test_teleportation_sends_the_hero_in_your_dungeon_back_to_the_first_room() -> None:
    """BMA053 (printed: send a Hero in your dungeon back to your first Room; it walks on):
    the engine carries it out, the Hero taking Room 1's damage again."""
    from test_activated import _hero_in

    state = walking(
        [plain("monster", 2), plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 30)]
    )
    state = _hero_in(state, 2)  # type: ignore[assignment]
    before = state.walk.damage  # type: ignore[union-attr]
    after = run(state, c.CastSpell(player="A", card_id=TELEPORTATION))
    assert after.walk is not None and (after.walk.room, after.walk.damage) == (0, before + 2)


MEGAWORM_BURROW, BONE_CRANK = "TNL029", "TPU009"


def test_megaworm_burrow_destroys_an_advanced_room_in_any_dungeon() -> None:
    """TNL029 (printed: when you build it, choose and destroy one Advanced Room in any
    dungeon): asked of its owner, a must-do; an ordinary Room is refused."""
    advanced = Room(name="Lab", treasure=("mage",), damage=3, advanced=True)
    state = _in_build([plain("monster", 2, "fighter")], [t_hero("fighter", 9)])
    b = state.player("B")
    b = b.model_copy(update={"dungeon": (*b.dungeon, RoomStack(rooms=(advanced,)))})
    state = state.model_copy(update={"players": (state.players[0], b)})
    state = run(state, c.BuildRoom(player="A", room=card_room(MEGAWORM_BURROW), over=0))
    state = run(state, c.RevealRooms())
    assert _offers(state) == [("A", MEGAWORM_BURROW, "destroy_advanced_room_any")]
    take = c.AnswerCardEffect(player="A", card_id=MEGAWORM_BURROW, accept=True, target="B")
    refused(state, take.model_copy(update={"room": 0}), "R-CARD-EFFECT")  # ordinary
    state = run(state, take.model_copy(update={"room": 1}))
    assert [s.top.name for s in state.player("B").dungeon] == ["plain trap 1"]


def test_bone_crank_deactivates_a_room_in_any_dungeon() -> None:
    """TPU009 (printed: when you build it, deactivate one Room in any dungeon)."""
    state = _in_build([plain("monster", 2)], [t_hero("fighter", 9)])
    state = run(state, c.BuildRoom(player="A", room=card_room(BONE_CRANK)), c.RevealRooms())
    assert _offers(state) == [("A", BONE_CRANK, "deactivate_room_any")]
    take = c.AnswerCardEffect(player="A", card_id=BONE_CRANK, accept=True, target="B", room=0)
    state = run(state, take)
    assert state.player("B").dungeon[0].deactivated


CAVE_IN, ITS_ON = "BMA042", "TNL059"


def test_cave_in_destroys_your_room_and_kills_the_hero_in_it() -> None:
    """BMA042 (printed: destroy a Room in your dungeon; any Hero in it is killed)."""
    from test_activated import _hero_in

    state = walking(
        [plain("monster", 1), plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 30)]
    )
    state = _hero_in(state, 1)  # type: ignore[assignment]
    after = run(state, c.CastSpell(player="A", card_id=CAVE_IN, target="A", room=1))
    assert after.souls("A") == 1
    assert len(after.player("A").dungeon) == 2


def test_its_on_kills_a_hero_of_three_health_or_any_with_three_wounds() -> None:
    """TNL059 (printed: kill a Hero in your dungeon with 3 or less Health, or, with 3
    Wounds or more, any Hero in your dungeon): a 5-Health Hero is refused at 0 Wounds."""
    low = walking([plain("monster", 1)], [t_hero("fighter", 3)])
    low = run(low, c.AdvanceHero())
    assert run(low, c.CastSpell(player="A", card_id=ITS_ON)).souls("A") == 1
    high = run(walking([plain("monster", 1)], [t_hero("fighter", 5)]), c.AdvanceHero())
    refused(high, c.CastSpell(player="A", card_id=ITS_ON), "R-CARD-EFFECT")


BOM_BOY_FACTORY = "TNL050"


def test_bom_boy_factory_destroys_itself_when_a_hero_dies_in_or_survives_it() -> None:
    """TNL050 (printed: when a Hero dies in this Room or survives it, destroy this Room).
    Surviving it, the Hero walks on into the Room that was behind it; dying in it, its
    owner scores the Soul and the Factory is gone too."""
    factory = card_room(BOM_BOY_FACTORY)
    rooms = [plain("monster", 1), factory, plain("monster", 1)]
    tough = run(walking(rooms, [t_hero("fighter", 30)]), c.FinishAdventure())
    assert [s.top.card_id for s in tough.player("A").dungeon] == [None, None]
    assert tough.wounds("A") == 1
    weak = run(walking(rooms, [t_hero("fighter", 1 + factory.damage)]), c.FinishAdventure())
    assert weak.souls("A") == 1
    assert [s.top.card_id for s in weak.player("A").dungeon] == [None, None]
