"""Card abilities (R-CARD-EFFECT): passive effects in the Adventure walk, Bait and building,
triggered abilities offered when they fire, with the issue's examples as tests.

Rooms are built from the card catalogue by id, so their printed facts are the card's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_fixtures import bait_state, events_of, refused, run, t_hero, t_player

from rules import commands as c
from rules import engine, flow
from rules import events as ev
from rules.card_effects import dungeon_damage
from rules.models import CardOffer, GameState, PlayerState, Room, RoomStack, ScoredHero
from rules.treasure import treasure_total

GOBLIN_ARMORY = "BMA015"
MINOTAURS_MAZE = "BMA017"
NEANDERTHAL_CAVE = "BMA018"
MONSTERS_BALLROOM = "BMA020"
VAMPIRE_BORDELLO = "BMA014"
DIZZYGAS_HALLWAY = "BMA029"
GOLEM_FACTORY = "BMA016"


BASE = Path(__file__).resolve().parents[2] / "data" / "cards" / "base.json"


def card_room(card_id: str) -> Room:
    """A Room as the app enters it from the catalogue (printed facts and the id)."""
    cards = [
        c
        for path in sorted(BASE.parent.glob("*.json"))  # the base set and the expansions
        for c in json.loads(path.read_text(encoding="utf-8")).get("cards", [])
    ]
    card = next(c for c in cards if c["id"] == card_id)
    return Room(
        name=card["name"],
        treasure=tuple(card["treasure"]),
        damage=card["damage"] or 0,
        kind=card["room_type"],
        advanced=card["advanced"],
        card_id=card_id,
    )


def plain(kind: str = "monster", damage: int = 1, treasure: str = "fighter") -> Room:
    return Room(name=f"plain {kind} {damage}", treasure=(treasure,), damage=damage, kind=kind)  # type: ignore[arg-type]


def walking(
    rooms: list[Room], heroes: list[dict[str, Any]], deactivated: tuple[int, ...] = ()
) -> GameState:
    """Player A (every treasure) has ``rooms``, entrance first, and lures ``heroes``."""
    state = bait_state(
        [t_player("A", 900, boss_treasure=["fighter", "cleric"]), t_player("B", 100)], heroes
    )
    a = state.player("A").model_copy(
        update={
            "dungeon": tuple(
                RoomStack(rooms=(r,), deactivated=i in deactivated) for i, r in enumerate(rooms)
            )
        }
    )
    state = state.model_copy(update={"players": (a, *state.players[1:]), "ordinary_left": 10})
    state = run(state, c.ResolveBait())
    assert state.walk is not None
    return state


def entered(state: GameState) -> list[tuple[int, int]]:
    """(room, damage) of every Room the Heroes enter until the Adventure phase ends."""
    return [
        (e.room, e.damage)
        for e in events_of(state, c.FinishAdventure())
        if isinstance(e, ev.HeroEnteredRoom)
    ]


def test_card_effect_goblin_armory_adjacent_monster_rooms_deal_one_more() -> None:
    """BMA015: Monster Rooms next to Goblin Armory deal +1; not Traps, not farther ones,
    not the Armory itself."""
    rooms = [plain("monster", 2), card_room(GOBLIN_ARMORY), plain("trap", 1), plain("monster", 1)]
    state = walking(rooms, [t_hero("fighter", 20)])
    assert entered(state) == [(0, 3), (1, 1), (2, 1), (3, 1)]
    enter = [e for e in events_of(state, c.FinishAdventure()) if isinstance(e, ev.HeroEnteredRoom)]
    assert enter[0].ruling.rule == "R-CARD-EFFECT"
    assert "card effects: Goblin Armory +1" in enter[0].ruling.why


def test_card_effect_goblin_armory_beside_a_monster_room_on_both_sides() -> None:
    rooms = [plain("monster", 1), card_room(GOBLIN_ARMORY), plain("monster", 1)]
    assert entered(walking(rooms, [t_hero("fighter", 20)])) == [(0, 2), (1, 1), (2, 2)]


def test_card_effect_deactivated_goblin_armory_has_no_effect() -> None:
    """R-DEACTIVATE: a deactivated Room has no abilities."""
    rooms = [plain("monster", 2), card_room(GOBLIN_ARMORY), plain("monster", 1)]
    assert entered(walking(rooms, [t_hero("fighter", 20)], deactivated=(1,))) == [
        (0, 2),
        (1, 0),
        (2, 1),
    ]


def test_card_effect_monsters_ballroom_damage_is_the_number_of_monster_rooms() -> None:
    """BMA020: its damage is the number of Monster Rooms in the dungeon, itself included."""
    rooms = [
        plain("monster", 1),
        plain("trap", 1),
        plain("monster", 1),
        card_room(MONSTERS_BALLROOM),
    ]
    state = walking(rooms, [t_hero("fighter", 20)])
    assert entered(state) == [(0, 1), (1, 1), (2, 1), (3, 3)]


def test_card_effect_monsters_ballroom_does_not_count_a_deactivated_room() -> None:
    rooms = [plain("monster", 1), plain("monster", 1), card_room(MONSTERS_BALLROOM)]
    assert entered(walking(rooms, [t_hero("fighter", 20)], deactivated=(0,)))[-1] == (2, 2)


def test_card_effect_dizzygas_hallway_next_trap_room_deals_two_more() -> None:
    """BMA029: the next Room toward the Boss, if a Trap Room, deals +2."""
    rooms = [plain("trap", 1), card_room(DIZZYGAS_HALLWAY), plain("trap", 1), plain("trap", 1)]
    assert entered(walking(rooms, [t_hero("fighter", 20)])) == [(0, 1), (1, 1), (2, 3), (3, 1)]


def test_card_effect_minotaurs_maze_sends_the_hero_back_one_room_the_first_time() -> None:
    """BMA017: the first time a Hero enters the Maze it goes back to the previous Room
    (taking its damage again), then walks on through the Maze without going back again."""
    rooms = [plain("trap", 2), card_room(MINOTAURS_MAZE), plain("monster", 1)]
    state = walking(rooms, [t_hero("fighter", 20), t_hero("fighter", 20)])
    events = events_of(state, c.FinishAdventure())
    moves = [(e.room, e.damage) for e in events if isinstance(e, ev.HeroEnteredRoom)]
    once = [(0, 2), (1, 0), (0, 2), (1, 0), (2, 1)]
    assert moves == once + once  # each Hero is sent back once
    back = [e for e in events if isinstance(e, ev.HeroEnteredRoom) and e.use]
    assert len(back) == 2 and back[0].ruling.rule == "R-CARD-EFFECT"
    assert "Minotaur's Maze" in back[0].ruling.why
    survived = [e.damage for e in events if isinstance(e, ev.HeroSurvived)]
    assert survived == [5, 5]


def test_card_effect_minotaurs_maze_as_first_room_or_behind_a_blank_does_nothing() -> None:
    """No previous Room, or a deactivated one: the ability does not fire."""
    first = walking([card_room(MINOTAURS_MAZE), plain("monster", 1)], [t_hero("fighter", 20)])
    assert entered(first) == [(0, 0), (1, 1)]
    rooms = [plain("trap", 2), card_room(MINOTAURS_MAZE)]
    blank = walking(rooms, [t_hero("fighter", 20)], deactivated=(0,))
    assert entered(blank) == [(0, 0), (1, 0)]


def test_card_effect_minotaurs_maze_ability_before_damage_next_to_goblin_armory() -> None:
    """R-ADV-WALK: "any Room ability takes effect, then the Room deals its damage". The
    Maze (0, +1 beside the Armory) sends the Hero back on its first entry before dealing
    damage: Armory 1, Maze sends back, Armory 1, Maze 1 = 3 (not 4)."""
    rooms = [card_room(GOBLIN_ARMORY), card_room(MINOTAURS_MAZE)]
    state = walking(rooms, [t_hero("fighter", 20)])
    events = events_of(state, c.FinishAdventure())
    moves = [(e.room, e.damage) for e in events if isinstance(e, ev.HeroEnteredRoom)]
    assert moves == [(0, 1), (1, 0), (0, 1), (1, 1)]
    assert [e.damage for e in events if isinstance(e, ev.HeroSurvived)] == [3]
    first = [e for e in events if isinstance(e, ev.HeroEnteredRoom)][1]
    assert first.ruling.rule == "R-ADV-WALK" and "before its damage" in first.ruling.why


def test_card_effect_minotaurs_maze_hero_dies_in_the_room_it_is_sent_back_to() -> None:
    rooms = [plain("monster", 3), card_room(GOBLIN_ARMORY), card_room(MINOTAURS_MAZE)]
    # Room 1: 3+1 = 4; Armory 1 (5); the Maze sends it back before its damage: the Armory
    # again, 1 (6): the 6-Health Hero dies in the Armory (Room 2), never taking Maze damage.
    state = walking(rooms, [t_hero("fighter", 6)])
    killed = [e for e in events_of(state, c.FinishAdventure()) if isinstance(e, ev.HeroKilled)]
    assert [(k.room, k.damage) for k in killed] == [(1, 6)]


def _heal_state(rooms: list[Room], heroes: list[dict[str, Any]]) -> GameState:
    """A has already scored one Wound (a Hero face up) before these Heroes walk."""
    state = walking(rooms, heroes)
    wound = len(state.heroes) - 1
    a = state.player("A").model_copy(update={"scored": (ScoredHero(hero=wound, face_up=True),)})
    queue = tuple(h for h in state.entrance("A") if h != wound)
    entrances = tuple((o, queue if o == "A" else q) for o, q in state.entrances)
    return state.model_copy(update={"players": (a, *state.players[1:]), "entrances": entrances})


def test_card_effect_vampire_bordello_offers_a_heal_once_per_turn() -> None:
    """BMA014: once per turn, when a Hero dies in it, its owner may heal one Wound; a
    second death there in the same turn offers nothing."""
    heroes = [t_hero("cleric", 2), t_hero("cleric", 2), t_hero("cleric", 20)]
    state = _heal_state([card_room(VAMPIRE_BORDELLO)], heroes)
    assert state.wounds("A") == 1
    events = events_of(state, c.FinishAdventure())
    fired = [e for e in events if isinstance(e, ev.CardEffectFired)]
    assert len(fired) == 1 and fired[0].offer == "heal_wound"
    assert fired[0].card_id == VAMPIRE_BORDELLO and fired[0].ruling.rule == "R-CARD-EFFECT"
    assert "Vampire Bordello" in fired[0].ruling.why
    used = [e for e in events if isinstance(e, ev.Noted) and e.ruling.key == "card.used_up"]
    assert len(used) == 1
    # Taking the offer is the owner's heal (R-HEAL), made while the Adventure goes on.
    state, died = _apply(state, c.AdvanceHero(), c.AdvanceHero())
    assert [e.offer for e in died if isinstance(e, ev.CardEffectFired)] == ["heal_wound"]
    assert [(o.player, o.card) for o in state.offers] == [("A", "Vampire Bordello")]
    state = run(state, c.AnswerCardEffect(player="A", card_id=VAMPIRE_BORDELLO, accept=True))
    assert state.wounds("A") == 0 and state.souls("A") == 2 and state.offers == ()


def test_card_effect_vampire_bordello_offer_may_be_declined_or_answered_after_the_walk() -> None:
    """The last Hero dying in the Bordello ends the Adventure phase; the owner still answers
    in the End phase. Declining keeps the Wound; a second answer is refused."""
    state = _heal_state([card_room(VAMPIRE_BORDELLO)], [t_hero("cleric", 2), t_hero("cleric", 20)])
    state = run(state, c.FinishAdventure())
    assert state.phase == "end" and len(state.offers) == 1
    answer = c.AnswerCardEffect(player="A", card_id=VAMPIRE_BORDELLO, accept=False)
    state = run(state, answer)
    assert state.wounds("A") == 1 and state.offers == ()
    refused(state, answer, "R-CARD-EFFECT")


def _apply(state: GameState, *commands: Any) -> tuple[GameState, list[ev.EventBase]]:
    out: list[ev.EventBase] = []
    for command in commands:
        state, events = engine.apply(state, command)
        out += events
    return state, out


def test_card_effect_vampire_bordello_without_a_wound_offers_nothing() -> None:
    state = walking([card_room(VAMPIRE_BORDELLO)], [t_hero("cleric", 2)])
    events = events_of(state, c.FinishAdventure())
    assert not [e for e in events if isinstance(e, ev.CardEffectFired)]
    assert [e.ruling.key for e in events if isinstance(e, ev.Noted)][:1] == ["card.heal_none"]


def test_card_effect_golem_factory_death_reminds_to_draw_a_room_card() -> None:
    state = walking([card_room(GOLEM_FACTORY)], [t_hero("fighter", 2)])
    fired = [e for e in events_of(state, c.FinishAdventure()) if isinstance(e, ev.CardEffectFired)]
    assert len(fired) == 1 and fired[0].offer is None and fired[0].card_id == GOLEM_FACTORY


def test_card_effect_once_per_turn_marks_clear_when_the_turn_ends() -> None:
    state = walking([card_room(GOLEM_FACTORY)], [t_hero("fighter", 2)])
    state = run(state, c.FinishAdventure())
    assert state.card_uses
    state = run(state, c.EndTurn())
    assert state.card_uses == ()


# --- building -----------------------------------------------------------------------------


def _building(top: Room) -> GameState:
    state = bait_state([t_player("A", 900), t_player("B", 100)])
    a = state.player("A").model_copy(update={"dungeon": (RoomStack(rooms=(top,)),)})
    return state.model_copy(update={"players": (a, *state.players[1:]), "phase": "build"})


def test_card_effect_neanderthal_cave_refuses_an_advanced_room_on_it() -> None:
    """BMA018: no Advanced Room may be built on Neanderthal Cave (fighter, like Beast
    Menagerie, so only the card's rule forbids it)."""
    state = _building(card_room(NEANDERTHAL_CAVE))
    beast_menagerie = card_room("BMA019")
    error = refused(state, c.BuildRoom(player="A", room=beast_menagerie, over=0), "R-CARD-EFFECT")
    assert error.key == "err.card_no_advanced_over"
    assert error.args_map["card"] == "Neanderthal Cave"


def test_card_effect_neanderthal_cave_takes_an_ordinary_room_on_it() -> None:
    state = _building(card_room(NEANDERTHAL_CAVE))
    state = run(state, c.BuildRoom(player="A", room=plain("monster", 1), over=0))
    assert state.player("A").pending is not None


def test_card_effect_advanced_room_still_goes_on_a_plain_fighter_room() -> None:
    state = _building(plain("monster", 1, "fighter"))
    state = run(state, c.BuildRoom(player="A", room=card_room("BMA019"), over=0))
    assert state.player("A").pending is not None


def test_card_effect_build_ability_fires_when_the_room_is_revealed() -> None:
    state = _building(plain("monster", 1, "mage"))
    state = run(state, c.BuildRoom(player="A", room=card_room("BMA022")))  # Dark Laboratory
    fired = [e for e in events_of(state, c.RevealRooms()) if isinstance(e, ev.CardEffectFired)]
    assert [(f.player, f.card_id) for f in fired] == [("A", "BMA022")]


@pytest.mark.parametrize("card_id", ["BMA015", "BMA020", "BMA017"])
def test_card_effect_a_room_without_its_id_keeps_its_printed_damage(card_id: str) -> None:
    """A Room typed in by hand (no catalogue id) has no abilities the referee knows."""
    r = card_room(card_id).model_copy(update={"card_id": None})
    state = walking([plain("monster", 1), r, plain("monster", 1)], [t_hero("fighter", 20)])
    assert entered(state) == [(0, 1), (1, r.damage), (2, 1)]


def test_card_effect_treasure_plus_counts_in_the_bait_total(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R-BAIT-TOTAL with R-CARD-EFFECT: a passive treasure bonus of an active visible Room
    counts (no base-set Room has one; the vocabulary is checked with a made-up card)."""
    from rules import card_effects
    from rules.effects import CardEffects

    made_up = CardEffects.model_validate(
        {
            "id": "TST001",
            "name": "Made-up",
            "kind": "room",
            "source": {"data": "rulebook", "where": "test"},
            "abilities": [
                {
                    "trigger": "always",
                    "effects": [{"kind": "treasure_plus", "treasure": "mage", "amount": 2}],
                }
            ],
        }
    )
    monkeypatch.setattr(card_effects, "registry", lambda: {"TST001": made_up})
    r = Room(name="Made-up", treasure=("mage",), damage=1, card_id="TST001")
    state = walking([r], [t_hero("mage", 20)])
    assert treasure_total(state, "A", "mage") == 3
    lured = walking([r.model_copy(update={"card_id": None})], [t_hero("mage", 20)])
    assert treasure_total(lured, "A", "mage") == 1


# --- Spells played by name ----------------------------------------------------------------


def test_card_effect_giant_size_boosts_a_monster_room_until_end_of_turn() -> None:
    """BMA047: +3 damage to one Monster Room until end of turn; refused on a Trap Room."""
    rooms = [plain("trap", 1), plain("monster", 1)]
    state = walking(rooms, [t_hero("fighter", 20)])
    refused(state, c.CastSpell(player="A", card_id="BMA047", target="A", room=0), "R-CARD-EFFECT")
    state = run(state, c.CastSpell(player="A", card_id="BMA047", target="A", room=1))
    assert entered(state) == [(0, 1), (1, 4)]
    state = run(state, c.FinishAdventure(), c.EndTurn())
    assert state.player("A").dungeon[1].boost == 0


def test_card_effect_freeze_deactivates_a_room_and_fear_sends_the_hero_to_town() -> None:
    state = walking([plain("monster", 3), plain("monster", 1)], [t_hero("fighter", 20)])
    state = run(state, c.CastSpell(player="B", card_id="BMA046", target="A", room=0))
    assert state.player("A").dungeon[0].deactivated
    state = run(state, c.AdvanceHero(), c.CastSpell(player="B", card_id="BMA045"))
    assert state.town == (0,) and state.walk is None


def test_card_effect_exhaustion_deals_the_number_of_rooms_to_a_hero_in_your_dungeon() -> None:
    state = walking([plain("monster", 1)] * 3, [t_hero("fighter", 20)])
    refused(state, c.CastSpell(player="A", card_id="BMA044"), "R-CARD-EFFECT")  # at the entrance
    state = run(state, c.AdvanceHero(), c.CastSpell(player="A", card_id="BMA044"))
    assert state.walk is not None and state.walk.damage == 1 + 3
    refused(state, c.CastSpell(player="B", card_id="BMA044"), "R-CARD-EFFECT")  # not B's


def test_card_effect_spell_out_of_its_phase_or_not_a_spell_is_refused() -> None:
    state = walking([plain("monster", 1)], [t_hero("fighter", 20)])
    refused(state, c.CastSpell(player="A", card_id="BMA051", hero=0), "R-CARD-EFFECT")  # Build
    refused(state, c.CastSpell(player="A", card_id="BMA015"), "R-CARD-EFFECT")  # a Room


def test_card_effect_princess_in_peril_brings_a_town_hero_to_your_entrance() -> None:
    """BMA051 (Build phase): a Hero in town goes to the caster's entrance."""
    state = bait_state([t_player("A", 900), t_player("B", 100)], [t_hero("cleric", 4)])
    state = state.model_copy(update={"phase": "build"})
    refused(state, c.CastSpell(player="B", card_id="BMA051"), "R-CARD-EFFECT")  # no Hero named
    state = run(state, c.CastSpell(player="B", card_id="BMA051", hero=0))
    assert state.town == () and state.entrance("B") == (0,)


def test_card_effect_spell_the_engine_does_not_model_is_logged_for_the_players() -> None:
    """BMA048 Jeopardy (hands and decks): a reminder naming the Spell, nothing changes."""
    state = walking([plain("monster", 1)], [t_hero("fighter", 20)])
    events = events_of(state, c.CastSpell(player="A", card_id="BMA048"))
    assert [e.ruling.key for e in events] == ["card.spell_by_hand"]
    assert "Jeopardy" in events[0].ruling.why


def test_card_effect_rulings_carry_names_and_numbers_not_english() -> None:
    """Like every ruling, the card ones give the app facts to word in each language."""
    from tests.rules.test_ruling_args import ENGLISH

    rooms = [plain("trap", 2), card_room(GOBLIN_ARMORY), card_room(MINOTAURS_MAZE)]
    state = walking(rooms, [t_hero("fighter", 20), t_hero("fighter", 2)])
    state = run(state, c.CastSpell(player="A", card_id="BMA047", target="A", room=2))
    rulings = [e.ruling for e in events_of(state, c.FinishAdventure())]
    assert {r.key for r in rulings} >= {"adv.enter_card", "adv.card_back"}
    worded = [
        (r.key, k, v)
        for r in rulings
        for k, v in r.args.items()
        if isinstance(v, str) and ENGLISH.search(v)
    ]
    assert worded == []


# --- the damage a dungeon card shows (R-ADV-WALK with R-CARD-EFFECT) ---------------------


def _dungeon(rooms: list[Room], deactivated: tuple[int, ...] = (), boost: int = -1) -> PlayerState:
    """Player A with ``rooms`` (a Spell's +3 on Room ``boost``), before any Hero walks."""
    stacks = tuple(
        RoomStack(rooms=(r,), deactivated=i in deactivated, boost=3 if i == boost else 0)
        for i, r in enumerate(rooms)
    )
    state = bait_state([t_player("A", 900), t_player("B", 100)])
    return state.player("A").model_copy(update={"dungeon": stacks})


def test_card_effect_dungeon_damage_shows_monsters_ballroom_counting_monster_rooms() -> None:
    """BMA020 is printed 0 (its damage varies): the card shows the count, marked changed."""
    rooms = [plain("monster", 1), plain("trap", 1), plain("monster", 2)]
    shown = dungeon_damage(_dungeon([*rooms, card_room(MONSTERS_BALLROOM)]))
    assert [(d.printed, d.damage, d.changed) for d in shown] == [
        (1, 1, False),
        (1, 1, False),
        (2, 2, False),
        (0, 3, True),
    ]
    assert shown[3].cards == ("Monster's Ballroom = 3",)


def test_card_effect_dungeon_damage_shows_goblin_armory_neighbours_and_giant_size() -> None:
    """BMA015's adjacent Monster Rooms +1 each; a Giant Size boost (+3) on the last Room."""
    rooms = [plain("monster", 2), card_room(GOBLIN_ARMORY), plain("trap", 1), plain("monster", 1)]
    shown = dungeon_damage(_dungeon(rooms, boost=3))
    assert [d.damage for d in shown] == [3, 1, 1, 4]
    assert [d.changed for d in shown] == [True, False, False, True]
    assert shown[0].cards == ("Goblin Armory +1",)
    assert shown[3].cards == (f"{rooms[3].label()} +3",)


def test_card_effect_dungeon_damage_of_a_deactivated_room_is_nothing() -> None:
    """R-DEACTIVATE: a blank space deals no damage and gives no bonus to its neighbours."""
    rooms = [plain("monster", 2), card_room(GOBLIN_ARMORY), plain("monster", 1)]
    shown = dungeon_damage(_dungeon(rooms, deactivated=(1,)))
    assert [(d.printed, d.damage) for d in shown] == [(2, 2), (1, 0), (1, 1)]


PASSIVE_ROOMS = [GOBLIN_ARMORY, MONSTERS_BALLROOM, DIZZYGAS_HALLWAY, MINOTAURS_MAZE]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from([*PASSIVE_ROOMS, "monster", "trap"]),
            st.integers(0, 4),
            st.booleans(),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_card_effect_the_walk_deals_what_the_dungeon_card_shows(
    spec: list[tuple[str, int, bool]],
) -> None:
    """One function for both: every Room a Hero enters deals the damage the dungeon card
    showed for it before the walk (passive card effects, blanks, a Spell's boost), except
    the entry on which the Maze sends it back before dealing damage."""
    rooms = [plain(k, d) if k in ("monster", "trap") else card_room(k) for k, d, _ in spec]
    off = tuple(i for i, (_, _, blank) in enumerate(spec) if blank)
    state = walking(rooms, [t_hero("fighter", 99)], deactivated=off)
    monsters = [i for i, r in enumerate(rooms) if r.kind == "monster" and i not in off]
    if monsters:  # Giant Size on one of them
        state = run(state, c.CastSpell(player="A", card_id="BMA047", target="A", room=monsters[0]))
    shown = [d.damage for d in dungeon_damage(state.player("A"))]
    # An entry on which the Room's ability sends the Hero back deals none (R-ADV-WALK).
    dealt = [
        (e.room, e.damage)
        for e in events_of(state, c.FinishAdventure())
        if isinstance(e, ev.HeroEnteredRoom) and e.ruling.key != "adv.enter_ability_first"
    ]
    assert [damage for _, damage in dealt] == [shown[room] for room, _ in dealt]


# --- abilities offered at the moment they fire (R-CARD-EFFECT) ---------------------------

MIMIC_VAULT = "BMA036"
ROBOBO, SEDUCIA, GORGONA = "BMA004", "BMA006", "BMA008"


def _in_build(rooms: list[Room], town: list[dict[str, Any]], boss: str | None = None) -> GameState:
    """Build phase: A (900 XP, Boss ``boss`` from the catalogue) has ``rooms``; B has one
    Room; ``town`` Heroes wait in town."""
    state = bait_state([t_player("A", 900), t_player("B", 100)], town)
    a = state.player("A").model_copy(
        update={"dungeon": tuple(RoomStack(rooms=(r,)) for r in rooms)}
    )
    b = state.player("B").model_copy(update={"dungeon": (RoomStack(rooms=(plain("trap", 1),)),)})
    setup = state.setup.model_copy(
        update={
            "players": tuple(
                p.model_copy(update={"boss_card_id": boss}) if p.name == "A" else p
                for p in state.setup.players
            )
        }
    )
    return state.model_copy(update={"players": (a, b), "phase": "build", "setup": setup})


def _offers(state: GameState) -> list[tuple[str, str, str]]:
    return [(o.player, o.card_id, o.offer) for o in state.offers]


def test_card_effect_mimic_vault_offers_an_ordinary_town_hero_for_the_entrance() -> None:
    """BMA036: when you build it, an ordinary Hero in town goes to your entrance; an Epic
    Hero may not be chosen; the answer names the Hero and the engine moves it."""
    town = [t_hero("cleric", 4), t_hero("mage", 11, epic=True)]
    state = _in_build([plain("trap", 1, "mage")], town)
    state = run(state, c.BuildRoom(player="A", room=card_room(MIMIC_VAULT)), c.RevealRooms())
    assert _offers(state) == [("A", MIMIC_VAULT, "ordinary_hero_to_entrance")]
    take = c.AnswerCardEffect(player="A", card_id=MIMIC_VAULT, accept=True, hero=1)
    error = refused(state, take, "R-CARD-EFFECT")  # the Epic Hero
    assert error.args_map["card"] == "Mimic Vault"
    events = events_of(state, take.model_copy(update={"hero": 0}))
    lured = [e for e in events if isinstance(e, ev.HeroLured)]
    assert [(e.hero, e.player, e.ruling.rule) for e in lured] == [(0, "A", "R-CARD-EFFECT")]
    state = run(state, take.model_copy(update={"hero": 0}))
    assert state.entrance("A") == (0,) and state.town == (1,) and state.offers == ()


def test_card_effect_mimic_vault_with_no_ordinary_hero_in_town_offers_nothing() -> None:
    state = _in_build([plain("trap", 1)], [t_hero("mage", 11, epic=True)])
    state = run(state, c.BuildRoom(player="A", room=card_room(MIMIC_VAULT)))
    events = events_of(state, c.RevealRooms())
    assert [e.ruling.key for e in events if isinstance(e, ev.Noted)] == ["card.no_target"]
    assert run(state, c.RevealRooms()).offers == ()


def _level_up(boss: str, town: list[dict[str, Any]]) -> GameState:
    """A builds a fifth Room with ``boss`` as Boss: the Level Up fires at the reveal."""
    state = _in_build([plain("monster", 1, "fighter")] * 4, town, boss)
    return run(state, c.BuildRoom(player="A", room=plain("monster", 1)), c.RevealRooms())


def test_card_effect_gorgona_level_up_kills_a_town_hero_chosen_by_its_owner() -> None:
    """BMA008: the chosen Hero in town is killed and scored face down (a Soul)."""
    state = _level_up(GORGONA, [t_hero("cleric", 4), t_hero("thief", 6)])
    assert _offers(state) == [("A", GORGONA, "kill_town_hero")]
    refused(state, c.AnswerCardEffect(player="A", card_id=GORGONA, accept=True), "R-CARD-EFFECT")
    state = run(state, c.AnswerCardEffect(player="A", card_id=GORGONA, accept=True, hero=1))
    assert state.town == (0,) and state.souls("A") == 1 and state.offers == ()


def test_card_effect_seducia_level_up_may_bring_a_town_hero_or_be_declined() -> None:
    """BMA006 (a 'may'): any Hero in town, Epic too, to your entrance; No leaves it."""
    state = _level_up(SEDUCIA, [t_hero("mage", 11, epic=True)])
    assert _offers(state) == [("A", SEDUCIA, "town_hero_to_entrance")]
    taken = run(state, c.AnswerCardEffect(player="A", card_id=SEDUCIA, accept=True, hero=0))
    assert taken.entrance("A") == (0,)
    declined = run(state, c.AnswerCardEffect(player="A", card_id=SEDUCIA, accept=False))
    assert declined.town == (0,) and declined.offers == ()


def test_card_effect_robobo_level_up_each_opponent_destroys_a_room_of_their_choice() -> None:
    """BMA004: the offer goes to each opponent, who names one of their own Rooms."""
    state = _level_up(ROBOBO, [])
    assert _offers(state) == [("B", ROBOBO, "destroy_own_room")]
    answer = c.AnswerCardEffect(player="B", card_id=ROBOBO, accept=True, room=0)
    events = events_of(state, answer)
    assert [e.index for e in events if isinstance(e, ev.RoomDestroyed)] == [0]
    state = run(state, answer)
    assert state.player("B").dungeon == () and state.offers == ()


def test_card_effect_an_offer_answered_in_the_bait_phase_is_taken() -> None:
    """Build-time offers fire at the reveal, which ends the Build phase: the owner answers
    before the Heroes are lured (R-CARD-EFFECT)."""
    state = _in_build([plain("trap", 1, "mage")], [t_hero("cleric", 4)])
    state = run(state, c.BuildRoom(player="A", room=card_room(MIMIC_VAULT)), c.RevealRooms())
    assert state.phase == "bait"
    state = run(state, c.AnswerCardEffect(player="A", card_id=MIMIC_VAULT, accept=True, hero=0))
    assert state.entrance("A") == (0,)


def test_card_effect_abilities_used_at_will_are_prompts_only_when_the_engine_uses_them() -> None:
    """Bottomless Pit, Boulder Ramp and The Crushinator are used with their Room's own
    button (UseRoomAbility), which carries them out; Zombie Prison (a scored Hero back to
    an entrance) is not carried out and stays a reminder. Every other Room or Boss ability
    classed 'prompt' is one the engine offers when it fires."""
    from rules.card_effects import registry

    known = registry()
    for card_id in ("BMA027", "BMA028", "BMA032"):
        assert known[card_id].handling == "prompt", card_id
    assert known["BMA039"].handling == "reminder"
    for card in known.values():
        for ability in card.abilities:
            # An Item's Reward is carried out by UseItem, its own button in the Items panel;
            # a Boss's Level Up used at will by UseBossAbility, the Boss's button; Coins
            # another player gives for a Room by GiveCoins, that player's button on it; a
            # Miniboss's Level 3 by UseMinibossLevel3, its button on its Room.
            # A Room card discarded from the hand is played as a Spell is (CastSpell).
            button = card.kind in ("spell", "item", "miniboss") or ability.trigger in (
                "boss_at_will",
                "coins_given",
                "from_hand",
            )
            if not button and ability.handling == "prompt":
                assert ability.offer is not None or ability.activated_by_engine, card.id
    prompts = {
        i
        for i, c in known.items()
        if c.kind != "spell" and c.handling == "prompt" and c.abilities[0].trigger != "at_will"
    }
    assert {i for i in prompts if i.startswith("BMA")} == {
        "BMA014",
        MIMIC_VAULT,
        ROBOBO,
        SEDUCIA,
        GORGONA,
    }


def test_card_effect_a_spell_is_a_prompt_exactly_when_the_engine_casts_it() -> None:
    """Cave-In and Teleportation were classed 'prompt' while CastSpell logs them for the
    players: a Spell's class and the Spell panel's '(by hand)' must agree."""
    from rules.card_effects import registry
    from rules.played_cards import carried_out

    for card in registry().values():
        if card.kind == "spell":
            ability = card.abilities[0]
            assert (ability.handling == "prompt") == carried_out(ability), card.id
        for ability in card.abilities:  # a Room card discarded from the hand, the same way
            if ability.trigger == "from_hand":
                assert (ability.handling == "prompt") == carried_out(ability), card.id
    # Cave-In: the engine destroys the caster's Room and kills the Hero in it now.
    assert registry()["BMA042"].handling == "prompt"


def test_card_effect_belladonna_level_up_offers_a_heal_only_with_a_wound() -> None:
    """TNL002 (Next Level): Level Up heals a Wound; without one nothing is offered."""
    state = _level_up("TNL002", [])
    assert _offers(state) == []
    state = _in_build([plain("monster", 1, "fighter")] * 4, [], "TNL002")
    a = state.player("A").model_copy(update={"scored": (ScoredHero(hero=0, face_up=True),)})
    state = state.model_copy(
        update={
            "players": (a, *state.players[1:]),
            "heroes": bait_state(
                [t_player("A", 900), t_player("B", 100)], [t_hero("cleric", 4)]
            ).heroes,
            "town": (),
        }
    )
    state = run(state, c.BuildRoom(player="A", room=plain("monster", 1)), c.RevealRooms())
    assert _offers(state) == [("A", "TNL002", "heal_wound")]
    state = run(state, c.AnswerCardEffect(player="A", card_id="TNL002", accept=True))
    assert state.wounds("A") == 0 and state.souls("A") == 1


def test_card_effect_goblin_mess_hall_gives_every_other_monster_room_one_more() -> None:
    """TNL028 (Next Level, fan wiki): every other Monster Room of the dungeon deals +1;
    Trap Rooms and the Hall itself do not."""
    hall = Room(name="Goblin Mess Hall", treasure=("fighter",), damage=3, card_id="TNL028")
    rooms = [plain("monster", 1), plain("trap", 1), hall, plain("monster", 2)]
    assert [d.damage for d in dungeon_damage(_dungeon(rooms))] == [2, 1, 3, 3]


def test_card_effect_invasion_swarm_gives_both_neighbours_one_more() -> None:
    """CRL008 (Crash Landing, fan wiki): adjacent Rooms of either type deal +1."""
    swarm = Room(name="Invasion Swarm", treasure=(), damage=0, card_id="CRL008")
    rooms = [plain("trap", 1), swarm, plain("monster", 1), plain("monster", 1)]
    assert [d.damage for d in dungeon_damage(_dungeon(rooms))] == [2, 0, 2, 1]


def test_card_effect_power_leech_gives_the_next_monster_room_two_more() -> None:
    """RMB024 (Minibosses, fan wiki): the Room to its right (toward the Boss), if a
    Monster Room, deals +2; a Trap Room there gets nothing."""
    leech = Room(name="Power Leech", treasure=("fighter",), damage=1, card_id="RMB024")
    assert [d.damage for d in dungeon_damage(_dungeon([leech, plain("monster", 1)]))] == [1, 3]
    assert [d.damage for d in dungeon_damage(_dungeon([leech, plain("trap", 1)]))] == [1, 1]


# --- offers the card does not make optional; offers answered before the Bait ------------


@pytest.mark.parametrize(
    ("card_id", "name", "player"),
    [(MIMIC_VAULT, "Mimic Vault", "A"), (GORGONA, "Gorgona", "A"), (ROBOBO, "Robobo", "B")],
)
def test_card_effect_mandatory_offer_cannot_be_declined(
    card_id: str, name: str, player: str
) -> None:
    """Mimic Vault, Gorgona and Robobo are not optional on the card (official app:
    CanAvoid false, no "may"): a No is refused naming the card; the offer stays."""
    town = [t_hero("cleric", 4)]
    if card_id == MIMIC_VAULT:
        state = _in_build([plain("trap", 1, "mage")], town)
        state = run(state, c.BuildRoom(player="A", room=card_room(MIMIC_VAULT)), c.RevealRooms())
    else:
        state = _level_up(card_id, town)
    assert [o.mandatory for o in state.offers] == [True]
    no = c.AnswerCardEffect(player=player, card_id=card_id, accept=False)
    error = refused(state, no, "R-CARD-EFFECT")
    assert error.key == "err.offer_mandatory"
    assert error.args_map["card"] == name


def test_card_effect_optional_offers_stay_declinable() -> None:
    """Seducia and Vampire Bordello say "may": their offers keep the No."""
    state = _level_up(SEDUCIA, [t_hero("mage", 11, epic=True)])
    assert [o.mandatory for o in state.offers] == [False]


def test_card_effect_bait_refused_while_a_town_hero_offer_waits() -> None:
    """R-BUILD-ONE: "when you build" and Level Up abilities resolve at the reveal, before
    the Bait; luring first would take Mimic Vault's Hero out of town."""
    state = _in_build([plain("trap", 1, "mage")], [t_hero("cleric", 4)])
    state = run(state, c.BuildRoom(player="A", room=card_room(MIMIC_VAULT)), c.RevealRooms())
    error = refused(state, c.ResolveBait(), "R-CARD-EFFECT")
    assert error.key == "err.offer_before_bait"
    assert error.args_map["card"] == "Mimic Vault"
    state = run(state, c.AnswerCardEffect(player="A", card_id=MIMIC_VAULT, accept=True, hero=0))
    state = run(state, c.ResolveBait())
    assert state.phase != "bait"


def test_card_effect_bait_not_held_up_by_an_offer_that_takes_no_town_hero() -> None:
    """Robobo's opponents destroy one of their own Rooms: no Hero in town is at stake."""
    state = _level_up(ROBOBO, [t_hero("cleric", 4)])
    assert state.phase == "bait" and state.offers
    assert run(state, c.ResolveBait()).phase != "bait"


def test_card_effect_bait_not_offered_while_a_town_hero_offer_waits() -> None:
    """The phase's legal commands (what a front end may offer) leave the Bait out while
    Mimic Vault waits, and give it back once answered."""
    state = _in_build([plain("trap", 1, "mage")], [t_hero("cleric", 4)])
    state = run(state, c.BuildRoom(player="A", room=card_room(MIMIC_VAULT)), c.RevealRooms())
    legal = flow.legal(state)
    assert c.ResolveBait not in legal and c.AnswerCardEffect in legal
    state = run(state, c.AnswerCardEffect(player="A", card_id=MIMIC_VAULT, accept=True, hero=0))
    assert c.ResolveBait in flow.legal(state)


def _to_the_end(state: GameState) -> GameState:
    return run(state, c.FinishAdventure()) if state.phase == "adventure" else state


def test_card_effect_turn_does_not_end_while_a_must_do_offer_waits() -> None:
    """Robobo's opponent must destroy a Room; offers lapse when a new turn begins, so the
    turn's end waits for the answer instead of dropping it (R-CARD-EFFECT)."""
    state = _level_up(ROBOBO, [t_hero("cleric", 4)])
    state = _to_the_end(run(state, c.ResolveBait()))
    assert state.phase == "end" and [o.mandatory for o in state.offers] == [True]
    assert c.EndTurn not in flow.legal(state)
    error = refused(state, c.EndTurn(), "R-CARD-EFFECT")
    assert error.key == "err.offer_before_end"
    assert error.args_map["card"] == "Robobo" and error.args_map["player"] == "B"
    state = run(state, c.AnswerCardEffect(player="B", card_id=ROBOBO, accept=True, room=0))
    assert c.EndTurn in flow.legal(state)
    assert run(state, c.EndTurn()).phase != "end"


def test_card_effect_turn_ends_over_an_optional_offer_left_unanswered() -> None:
    """A "may" left unanswered is a No: Vampire Bordello's heal does not hold the turn."""
    state = _level_up(ROBOBO, [t_hero("cleric", 4)])
    state = _to_the_end(run(state, c.ResolveBait()))
    bordello = CardOffer(player="A", card_id="BMA014", card="Vampire Bordello", offer="heal_wound")
    state = state.model_copy(update={"offers": (bordello,)})
    assert c.EndTurn in flow.legal(state)
    assert run(state, c.EndTurn()).offers == ()


# --- build rules changed by cards (R-CARD-EFFECT with R-BUILD-WHERE) ----------------------

HYPERCUBE, ZONING_BOARD, FETID_BEAST = "CRL011", "RMB074", "RMB025"


def test_card_effect_hypercube_goes_over_a_room_of_another_treasure() -> None:
    """CRL011 (explorer) over a fighter Room: the card allows it whatever the treasure;
    the placement's ruling names the card."""
    state = _building(plain("monster", 1, "fighter"))
    events = events_of(state, c.BuildRoom(player="A", room=card_room(HYPERCUBE), over=0))
    placed = [e for e in events if isinstance(e, ev.RoomPlaced)]
    assert [(e.ruling.rule, dict(e.ruling.args)["card"]) for e in placed] == [
        ("R-CARD-EFFECT", "Hypercube")
    ]


def test_card_effect_hypercube_still_respects_neanderthal_cave() -> None:
    """Hypercube lifts the treasure rule only: a Room forbidding Advanced Rooms on it wins."""
    state = _building(card_room(NEANDERTHAL_CAVE))
    error = refused(
        state, c.BuildRoom(player="A", room=card_room(HYPERCUBE), over=0), "R-CARD-EFFECT"
    )
    assert error.key == "err.card_no_advanced_over"


def test_card_effect_zoning_board_lets_the_casters_advanced_room_ignore_treasure() -> None:
    """RMB074, Build phase: after casting it, the caster's Advanced Room goes over any Room;
    without it the treasure rule refuses; another player gains nothing from it."""
    state = _building(plain("trap", 1, "mage"))
    beast_menagerie = c.BuildRoom(player="A", room=card_room("BMA019"), over=0)  # fighter
    refused(state, beast_menagerie, "R-BUILD-WHERE")
    b_state = run(state, c.CastSpell(player="B", card_id=ZONING_BOARD))
    refused(b_state, beast_menagerie, "R-BUILD-WHERE")
    state = run(state, c.CastSpell(player="A", card_id=ZONING_BOARD))
    placed = [e for e in events_of(state, beast_menagerie) if isinstance(e, ev.RoomPlaced)]
    assert [(e.ruling.rule, dict(e.ruling.args)["card"]) for e in placed] == [
        ("R-CARD-EFFECT", "Zoning Board")
    ]


def test_card_effect_zoning_board_is_a_build_phase_spell() -> None:
    state = _building(plain("trap", 1, "mage")).model_copy(update={"phase": "adventure"})
    refused(state, c.CastSpell(player="A", card_id=ZONING_BOARD), "R-CARD-EFFECT")


def test_card_effect_fetid_beast_refuses_a_monster_room_next_to_it() -> None:
    """RMB025: no Monster Room beside it (at the end or over a neighbour); a Trap Room
    may; Fetid Beast itself may go next to a Monster Room."""
    state = _building(card_room(FETID_BEAST))
    error = refused(state, c.BuildRoom(player="A", room=plain("monster", 2)), "R-CARD-EFFECT")
    assert error.key == "err.card_no_build_adjacent"
    assert error.args_map["card"] == "Fetid Beast"
    assert run(state, c.BuildRoom(player="A", room=plain("trap", 2))).player("A").pending
    beside = _building(plain("monster", 1, "fighter"))
    assert run(beside, c.BuildRoom(player="A", room=card_room(FETID_BEAST))).player("A").pending


def test_card_effect_fetid_beast_covered_or_deactivated_no_longer_forbids() -> None:
    state = _building(card_room(FETID_BEAST))
    over_it = run(state, c.BuildRoom(player="A", room=plain("monster", 2), over=0))
    assert over_it.player("A").pending is not None
    a = state.player("A")
    off = a.model_copy(update={"dungeon": (a.dungeon[0].model_copy(update={"deactivated": True}),)})
    off_state = state.model_copy(update={"players": (off, *state.players[1:])})
    assert run(off_state, c.BuildRoom(player="A", room=plain("monster", 2))).player("A").pending


def test_card_effect_mandatory_offer_that_lost_its_target_may_lapse() -> None:
    """Gorgona must kill a Hero in town, but if the town emptied meanwhile (by hand) the
    offer has nothing to aim at: the No lets it lapse instead of blocking the game."""
    state = _level_up(GORGONA, [t_hero("cleric", 4)])
    state = state.model_copy(update={"town": ()})
    state = run(state, c.AnswerCardEffect(player="A", card_id=GORGONA, accept=False))
    assert state.offers == ()


TRASH_COMPACTOR = "TPU010"


def test_card_effect_trash_compactor_deals_no_more_damage_once_a_hero_survives_it() -> None:
    """TPU010 (printed: once a Hero survives it, it deals no more damage until end of
    turn): the first Hero takes its 3 and walks on; the second takes 0 there. It stays an
    active Room (not deactivated), keeping its treasure."""
    rooms = [card_room(TRASH_COMPACTOR), plain("monster", 1)]
    state = walking(rooms, [t_hero("thief", 20), t_hero("thief", 20)])
    events = events_of(state, c.FinishAdventure())
    moves = [(e.room, e.damage) for e in events if isinstance(e, ev.HeroEnteredRoom)]
    assert moves == [(0, 3), (1, 1), (0, 0), (1, 1)]
    fired = [e for e in events if isinstance(e, ev.CardEffectFired)]
    assert len(fired) == 1 and "no more damage" in fired[0].ruling.why
    after = run(state, c.FinishAdventure())
    assert not after.player("A").dungeon[0].deactivated
    assert dungeon_damage(after.player("A"), after.card_uses)[0].damage == 0


def test_card_effect_trash_compactor_a_hero_killed_in_it_leaves_it_dealing_damage() -> None:
    """Only a Hero that survives it stops it: a Hero dying there does not."""
    rooms = [card_room(TRASH_COMPACTOR), plain("monster", 1)]
    state = walking(rooms, [t_hero("thief", 2), t_hero("thief", 20)])
    moves = entered(state)
    assert moves == [(0, 3), (0, 3), (1, 1)]
