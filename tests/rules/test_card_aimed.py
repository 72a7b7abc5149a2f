"""Card abilities that aim at a Room or change treasure until end of turn (R-CARD-EFFECT),
and the Crash Landing cards restructured from their printed words. Each expectation is the
printed effect worked out by hand, not the engine's output."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import _in_build, card_room, plain, walking

from rules import commands as c
from rules.card_effects import dungeon_damage, registry
from rules.models import GameState, RoomStack
from rules.treasure import treasure_total

RUST_MONSTER_PEN = "TNL022"  # discard a Monster Room card: one Trap Room -1 until end of turn
BULLET_BUILDER = "TNL040"  # discard a Trap Room card: one Monster Room -1 until end of turn
FROSTBAT_CAVE = "TNL033"  # destroy this Room: deactivate a Room in any dungeon
DECAPITATOR = "TNL045"  # Build phase, destroy this Room: a Room's treasure gone until end
DECOY_GARDEN = "CRL006"  # when built, Explorer x2 treasure until end of turn
METEORITE = "CRL032"  # a Room in any dungeon gains Explorer treasure until end of turn
CELESTIAL_MAP = "CRL015"  # when uncovered, draw a Spell card, then destroy this Room
FINISH_HIM = "CRL029"  # kill a Hero with 2 or less Health


def _b_rooms(state: GameState, *rooms: RoomStack) -> GameState:
    b = state.player("B").model_copy(update={"dungeon": rooms})
    return state.model_copy(update={"players": (state.players[0], b)})


def test_rust_monster_pen_gives_a_trap_room_in_any_dungeon_one_less() -> None:
    """TNL022: B's Trap Room printed 2 deals 1 until end of turn; a Monster Room can't be
    aimed at; once per turn."""
    state = _in_build([card_room(RUST_MONSTER_PEN)], [t_hero("fighter", 9)])
    state = _b_rooms(state, RoomStack(rooms=(plain("trap", 2),)), RoomStack(rooms=(plain(),)))
    use = c.UseRoomAbility(player="A", index=0, target="B", room=1)
    refused(state, use, "R-CARD-EFFECT")  # a Monster Room
    state = run(state, use.model_copy(update={"room": 0}))
    assert [d.damage for d in dungeon_damage(state.player("B"))] == [1, 1]
    refused(state, use.model_copy(update={"room": 0}), "R-CARD-EFFECT")  # once per turn


def test_bullet_builder_gives_a_monster_room_one_less_never_below_none() -> None:
    """TNL040: B's Monster Room printed 1 deals 0 (not less) until end of turn."""
    state = _in_build([card_room(BULLET_BUILDER)], [t_hero("fighter", 9)])
    state = _b_rooms(state, RoomStack(rooms=(plain("monster", 1),)))
    state = run(state, c.UseRoomAbility(player="A", index=0, target="B", room=0))
    assert [d.damage for d in dungeon_damage(state.player("B"))] == [0]


def test_frostbat_cave_has_its_rooms_button_and_deactivates_a_room() -> None:
    """TNL033: destroy this Room to deactivate a Room in any dungeon: carried out by its
    Room's button (not a reminder)."""
    assert registry()[FROSTBAT_CAVE].handling == "prompt"
    state = _in_build([plain(), card_room(FROSTBAT_CAVE)], [t_hero("fighter", 9)])
    state = run(state, c.UseRoomAbility(player="A", index=1, target="B", room=0))
    assert state.player("B").dungeon[0].deactivated
    assert len(state.player("A").dungeon) == 1  # the Cave destroyed itself


def test_decapitator_takes_a_rooms_treasure_away_until_end_of_turn() -> None:
    """TNL045: in the Build phase, destroy it: B's one fighter Room shows no treasure, so
    B counts no fighter treasure this turn."""
    state = _in_build([card_room(DECAPITATOR)], [t_hero("fighter", 9)])
    state = _b_rooms(state, RoomStack(rooms=(plain("trap", 1, "fighter"),)))
    assert treasure_total(state, "B", "fighter") == 1
    state = run(state, c.UseRoomAbility(player="A", index=0, target="B", room=0))
    assert treasure_total(state, "B", "fighter") == 0
    assert state.player("A").dungeon == ()


def test_decoy_garden_lures_with_two_more_explorer_icons_this_turn_only() -> None:
    """CRL006 (one Explorer icon printed): built, it shows Explorer x2 more until end of
    turn: A counts 3 Explorer against B's 1, so the Explorer Hero comes to A."""
    state = _in_build([plain("trap", 1, "fighter")], [t_hero("explorer", 4)])
    state = _b_rooms(state, RoomStack(rooms=(plain("trap", 1, "explorer"),)))
    state = run(state, c.BuildRoom(player="A", room=card_room(DECOY_GARDEN)), c.RevealRooms())
    assert treasure_total(state, "A", "explorer") == 3
    state = run(state, c.ResolveBait())
    place = state.hero_place(0)
    assert place == "entrance:A" or (place == "walk" and state.walk and state.walk.player == "A")
    state = run(state, c.FinishAdventure(), c.EndTurn())
    assert treasure_total(state, "A", "explorer") == 1  # until end of turn only


def test_meteorite_gives_a_room_in_any_dungeon_an_explorer_icon() -> None:
    """CRL032: a Build Spell; B's Room gains one Explorer icon until end of turn."""
    state = _in_build([plain()], [t_hero("explorer", 4)])
    assert treasure_total(state, "B", "explorer") == 0
    state = run(state, c.CastSpell(player="A", card_id=METEORITE, target="B", room=0))
    assert treasure_total(state, "B", "explorer") == 1


def test_celestial_map_destroys_itself_when_uncovered() -> None:
    """CRL015: uncovered (the Room over it destroyed), it destroys itself: that place of
    A's dungeon is gone."""
    stack = RoomStack(rooms=(card_room(CELESTIAL_MAP), plain("trap", 1)))
    state = _in_build([plain("monster", 2), plain()], [t_hero("fighter", 9)])
    a = state.player("A")
    state = state.model_copy(
        update={
            "players": (a.model_copy(update={"dungeon": (a.dungeon[0], stack)}), state.players[1])
        }
    )
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert [s.top.label() for s in state.player("A").dungeon] == ["plain monster 2"]


def test_finish_him_kills_a_hero_of_two_health_walking_any_dungeon() -> None:
    """CRL029: kill a Hero with 2 or less Health, here walking A's dungeon while B casts;
    a Hero of 3 Health is refused."""
    cast = c.CastSpell(player="B", card_id=FINISH_HIM)
    frail = walking([plain("trap", 0), plain("trap", 0)], [t_hero("fighter", 2)])
    state = run(frail, c.AdvanceHero())
    state = run(state, cast)
    assert [s.hero for s in state.player("A").scored] == [0]
    sturdy = run(walking([plain("trap", 0)], [t_hero("fighter", 3)]), c.AdvanceHero())
    refused(sturdy, cast, "R-CARD-EFFECT")


SMASHINATOR = "TNL048"  # once per turn: destroy every other visible Room of yours, +6


def test_the_smashinator_destroys_every_other_room_for_six_more() -> None:
    """TNL048 (printed 3): the two other Rooms are destroyed (the one over a Monster Room
    uncovers it, which stays), and the Smashinator deals 3+6 = 9 this turn."""
    covered = RoomStack(rooms=(plain("monster", 2), plain("trap", 1)))
    state = _in_build([plain("trap", 1), card_room(SMASHINATOR)], [t_hero("fighter", 9)])
    a = state.player("A")
    a = a.model_copy(update={"dungeon": (covered, *a.dungeon)})
    state = state.model_copy(update={"players": (a, state.players[1])})
    state = run(state, c.UseRoomAbility(player="A", index=2))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [2, 9]


SECRET_STASH = "TNL067"  # a Room of yours: one more Cleric, Fighter, Mage or Thief


def test_secret_stash_gives_a_room_of_yours_the_treasure_its_caster_names() -> None:
    """TNL067: a Build Spell; A names thief for its Room: A counts one more thief until
    end of turn; no type named, or B's Room, is refused."""
    state = _in_build([plain("trap", 1, "fighter")], [t_hero("thief", 4)])
    cast = c.CastSpell(player="A", card_id=SECRET_STASH, target="A", room=0)
    refused(state, cast, "R-CARD-EFFECT")  # which treasure?
    refused(state, cast.model_copy(update={"target": "B", "treasure": "thief"}), "R-CARD-EFFECT")
    before = treasure_total(state, "A", "thief")
    state = run(state, cast.model_copy(update={"treasure": "thief"}))
    assert treasure_total(state, "A", "thief") == before + 1


BLOCKPILE_PUZZLE = "TNL047"  # at the end of each turn, destroy one Room in your dungeon


def test_blockpile_puzzle_makes_its_owner_destroy_a_room_as_the_turn_ends() -> None:
    """TNL047: ending the turn first asks A which of its Rooms is destroyed (a must-do:
    the turn waits); A names its Trap, which is destroyed; then the turn ends."""
    state = walking([plain("trap", 1), card_room(BLOCKPILE_PUZZLE)], [t_hero("fighter", 30)])
    state = run(state, c.FinishAdventure())
    turn = state.turn
    state = run(state, c.EndTurn())
    assert state.turn == turn and [(o.player, o.offer, o.mandatory) for o in state.offers] == [
        ("A", "destroy_room_own", True)
    ]
    refused(state, c.EndTurn(), "R-CARD-EFFECT")
    state = run(
        state, c.AnswerCardEffect(player="A", card_id=BLOCKPILE_PUZZLE, accept=True, room=0)
    )
    assert [s.top.card_id for s in state.player("A").dungeon] == [BLOCKPILE_PUZZLE]
    state = run(state, c.EndTurn())
    assert state.turn == turn + 1
