"""Spells that hold the Adventure back or change a Room until end of turn, cast by the
engine (R-CARD-EFFECT). Each expectation is the card's printed effect, in our words
(numbers worked out by hand from the printed damage and Health), never the engine's
output."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import _in_build, plain, walking

from rules import commands as c
from rules.card_effects import dungeon_damage, effects_of
from rules.models import GameState, ScoredHero
from rules.treasure import treasure_total

PAUSE = "TNL065"  # the Hero in your dungeon back at the entrance, full Health; no Hero enters
TREPIDATION = "BMA054"  # a player with two more Souls than you: no Hero enters there
FAIRY_FOUNTAIN = "TNL058"  # a Room: zero damage until end of turn, each Hero entering +1
SPIRIT_DRAGON = "RMB067"  # a Room: one of each treasure type instead of its own


def _two_heroes() -> GameState:
    """A's dungeon: Rooms printed 2 and 2; two Heroes (Health 9 and 6) lured to A; the
    first one walks and is in the first Room (2 damage taken)."""
    heroes = [t_hero("fighter", 9), t_hero("fighter", 6)]
    state = walking([plain("trap", 2), plain("trap", 2)], heroes)
    return run(state, c.AdvanceHero())


def test_pause_sends_the_hero_back_healed_and_no_hero_enters_for_the_turn() -> None:
    """TNL065: the Hero in your dungeon returns to the entrance restored to full Health
    (no damage carried), and no Hero may enter your dungeon until next turn: both Heroes
    wait at A's entrance and A's Adventure phase is over."""
    state = _two_heroes()
    hero = state.walk.hero if state.walk else -1
    state = run(state, c.CastSpell(player="A", card_id=PAUSE))
    assert state.walk is None or state.walk.player != "A"
    assert set(state.entrance("A")) == {0, 1} and hero in state.entrance("A")
    assert dict(state.carried).get(hero, 0) == 0
    assert "A" in state.walked
    assert state.player("A").scored == ()


def test_pause_with_no_hero_in_your_dungeon_still_closes_it() -> None:
    """TNL065 "if there is a Hero in your dungeon": with none walking it (B's walk is on),
    only the second part applies: nobody enters A's dungeon this turn."""
    state = walking([plain("trap", 2)], [t_hero("fighter", 9)])
    walk = state.walk
    assert walk is not None
    state = state.model_copy(update={"walk": walk.model_copy(update={"room": None})})
    state = run(state, c.CastSpell(player="A", card_id=PAUSE))
    assert "A" in state.walked


def test_trepidation_closes_the_dungeon_of_a_player_two_souls_ahead() -> None:
    """BMA054: choose a player with at least two more Souls than you; no Hero enters that
    player's dungeon this turn (they stay at its entrance). B with 1 Soul more: refused;
    with 2 more: B's Adventure phase is over."""
    state = walking([plain("trap", 2)], [t_hero("fighter", 9)])
    walk = state.walk
    assert walk is not None
    state = state.model_copy(update={"walk": walk.model_copy(update={"room": None})})
    b = state.player("B")
    cast = c.CastSpell(player="A", card_id=TREPIDATION, target="B")
    one = b.model_copy(update={"souls_adjust": 1})
    refused(state.model_copy(update={"players": (state.players[0], one)}), cast, "R-CARD-EFFECT")
    two = b.model_copy(update={"souls_adjust": 2})
    state = run(state.model_copy(update={"players": (state.players[0], two)}), cast)
    assert "B" in state.walked


def test_fairy_fountain_room_deals_nothing_and_gives_the_hero_one_health() -> None:
    """TNL058 (Build phase): the chosen Room does zero damage until end of turn, and each
    Hero entering it gains +1 Health. The Rooms printed 3, 3, 2 deal 0, 3, 2 once the
    Fountain aims at the first."""
    rooms = [plain("trap", 3), plain("trap", 3), plain("trap", 2)]
    state = _in_build(rooms, [t_hero("fighter", 4)])
    state = run(state, c.CastSpell(player="A", card_id=FAIRY_FOUNTAIN, target="A", room=0))
    assert [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)] == [0, 3, 2]


def test_fairy_fountain_health_counts_on_the_walk() -> None:
    """A Hero of 5 Health: Rooms printed 2 (the Fountain's: 0, +1 Health), 3, 3 deal 6 in
    all; with 6 Health it dies exactly in the last Room; without the Spell (8 damage) it
    would die in the second."""
    rooms = [plain("trap", 2), plain("trap", 3), plain("trap", 3)]
    state = walking(rooms, [t_hero("fighter", 5)])
    fountain = c.CastSpell(player="A", card_id=FAIRY_FOUNTAIN, target="A", room=0)
    state = run(state.model_copy(update={"phase": "build"}), fountain)
    state = run(state.model_copy(update={"phase": "adventure"}), c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == 0 and state.walk.extra_health == 1
    state = run(state, c.AdvanceHero(), c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == 6
    state = run(state, c.AdvanceHero())
    assert [s.hero for s in state.player("A").scored] == [0]


def test_spirit_dragon_gives_a_room_one_of_each_treasure_type() -> None:
    """RMB067 (Build phase): a Room in any dungeon has one of each treasure type instead of
    its own until end of turn. B's one Room shows Fighter: now Cleric, Fighter, Mage, Thief
    one each, so B's Bait counts one of each more than its Boss's icons."""
    state = _in_build([plain("trap", 1)], [t_hero("fighter", 9)])
    kinds = ("cleric", "fighter", "mage", "thief")
    before = {t: treasure_total(state, "B", t) for t in kinds}
    state = run(state, c.CastSpell(player="A", card_id=SPIRIT_DRAGON, target="B", room=0))
    after = {t: treasure_total(state, "B", t) for t in kinds}
    # The Room printed Fighter: Cleric, Mage and Thief one more each, Fighter as it was.
    assert {t: after[t] - before[t] for t in kinds} == {
        "cleric": 1,
        "fighter": 0,
        "mage": 1,
        "thief": 1,
    }


def test_these_spells_are_cast_by_the_engine() -> None:
    for card_id in (PAUSE, TREPIDATION, FAIRY_FOUNTAIN, SPIRIT_DRAGON):
        card = effects_of(card_id)
        assert card is not None and card.handling == "prompt", card_id


FINISH_HIM = "CRL029"  # kill a Hero of 2 Health or less, OR take a survivor (fewer Souls)
STAR = "THK019"  # Reward: a Hero that survived your dungeon this turn leaves the game


def _survived_a() -> GameState:
    """A Hero of 9 Health walked A's one Room (printed 1) and survived: a Wound of A's.
    The Adventure phase is still on (B waits to act)."""
    state = walking([plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(state, c.FinishWalk())
    assert [(s.hero, s.face_up) for s in state.player("A").scored] == [(0, True)]
    return state.model_copy(update={"phase": "adventure"})


def test_finish_him_takes_a_survivor_face_down_when_you_have_fewer_souls() -> None:
    """CRL029 OR: if you have fewer Souls than any player, choose a Hero that survived
    another player's dungeon this turn and move it face down to your scorekeeping area:
    A's Wound is gone, B has one Soul more. With Souls level (A 0, B 0): refused."""
    state = _survived_a()
    take = c.CastSpell(player="B", card_id=FINISH_HIM, hero=0)
    refused(state, take, "R-CARD-EFFECT")
    a = state.player("A").model_copy(update={"souls_adjust": 1})
    state = state.model_copy(update={"players": (a, *state.players[1:])})
    wounds, souls = state.wounds("A"), state.souls("B")
    state = run(state, take)
    assert (state.wounds("A"), state.souls("B")) == (wounds - 1, souls + 1)
    assert [(s.hero, s.face_up) for s in state.player("B").scored] == [(0, False)]


def test_finish_him_without_a_hero_named_still_kills_a_weak_hero() -> None:
    """CRL029's first choice stays: kill a Hero (walking a dungeon) of 2 Health or less,
    even when its caster has fewer Souls than another player."""
    state = walking([plain("trap", 1), plain("trap", 1)], [t_hero("fighter", 2)])
    a = state.player("A").model_copy(update={"souls_adjust": 0})
    b = state.player("B")
    state = state.model_copy(update={"players": (a, b.model_copy(update={"souls_adjust": 3}))})
    state = run(state, c.AdvanceHero(), c.CastSpell(player="A", card_id=FINISH_HIM))
    assert [s.hero for s in state.player("A").scored] == [0]


def test_star_of_invulnerability_reward_removes_a_hero_that_survived_your_dungeon() -> None:
    """THK019 Reward: choose a Hero that survived your dungeon this turn and remove it from
    the game: A's Wound from it is gone."""
    from test_item_cards import _owning

    state = _owning(STAR, [plain("trap", 1)], [t_hero("fighter", 9)])
    state = run(state.model_copy(update={"phase": "bait"}), c.ResolveBait(), c.FinishWalk())
    hero = next(s.hero for s in state.player("A").scored if s.face_up)
    wounds = state.wounds("A")
    state = run(state.model_copy(update={"phase": "adventure"}), c.UseItem(player="A", item=0))
    assert [(o.card_id, o.offer) for o in state.offers] == [(STAR, "remove_survivor")]
    state = run(state, c.AnswerCardEffect(player="A", card_id=STAR, accept=True, hero=hero))
    assert state.wounds("A") == wounds - 1
    assert all(s.hero != hero for p in state.players for s in p.scored)


PORKUS = "TNL010"  # Level Up: a face-down Hero of yours out of the game, one from the decks in


def test_porkus_levels_up_and_swaps_a_soul_for_a_hero_from_the_decks() -> None:
    """TNL010 Level Up: choose a face-down Hero of your scorekeeping area and remove it from
    the game; search the Hero decks for a Hero and place it face down there. A's ordinary
    Hero (1 Soul) out, an Epic Hero (2 Souls) in: A has one Soul more. Its own face-up
    Wound may not be chosen; a Hero is worth 1 or 2 Souls, nothing else."""
    from referee_fixtures import t_hero as hero
    from test_card_lasting import _boss

    state = _in_build([plain("monster", 1)] * 4, [hero("fighter", 9), hero("mage", 4)])
    a = _boss(state.player("A"), PORKUS, leveled=False).model_copy(
        update={"scored": (ScoredHero(hero=0, face_up=False), ScoredHero(hero=1, face_up=True))}
    )
    setup = state.setup.model_copy(
        update={
            "players": (
                state.setup.players[0].model_copy(update={"boss_card_id": PORKUS}),
                *state.setup.players[1:],
            )
        }
    )
    state = state.model_copy(update={"players": (a, *state.players[1:]), "setup": setup})
    souls = state.souls("A")
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1)), c.RevealRooms())
    assert [(o.card_id, o.offer) for o in state.offers] == [(PORKUS, "swap_soul")]
    answer = c.AnswerCardEffect(player="A", card_id=PORKUS, accept=True, hero=0, count=2)
    refused(state, answer.model_copy(update={"hero": 1}), "R-CARD-EFFECT")  # a Wound
    refused(state, answer.model_copy(update={"count": 3}), "R-CARD-EFFECT")
    state = run(state, answer)
    assert state.souls("A") == souls - 1 + 2
    assert [s.hero for s in state.player("A").scored] == [1]


VORPAL_BLADE = "THK008"  # Power-Up: if this Hero survives your dungeon, +1 Wound this turn


def test_vorpal_blade_carrier_surviving_gives_one_more_wound_until_end_of_turn() -> None:
    """THK008 Power-Up: if the Hero carrying it survives your dungeon, until end of turn
    you have +1 Wound. A's one Room printed 1, the carrier 9 Health: it survives, its
    Wound (1) and the Blade's (1) make 2 this turn; as the turn ends the Blade's is gone
    (1 left). A Hero without it adds no such Wound."""
    from test_item_cards import _carrying

    state = _carrying(VORPAL_BLADE, [plain("trap", 1)], 9)
    state = run(state, c.FinishWalk())
    assert state.wounds("A") == 2
    ended = run(state.model_copy(update={"phase": "end"}), c.EndTurn())
    assert ended.wounds("A") == 1


def test_finish_him_naming_a_survivor_without_fewer_souls_is_refused_mid_walk() -> None:
    """CRL029: naming a survivor is the second choice; with Souls level it is refused, not
    taken as the first choice (which would kill the weak Hero walking a dungeon)."""
    heroes = [t_hero("fighter", 9), t_hero("fighter", 2)]
    state = walking([plain("trap", 1), plain("trap", 1)], heroes)
    state = run(state, c.FinishWalk(), c.AdvanceHero())  # 0 survived; 1 (Health 2) walks
    assert state.walk is not None and state.walk.hero == 1
    refused(state, c.CastSpell(player="B", card_id=FINISH_HIM, hero=0), "R-CARD-EFFECT")
