"""Adventure: who walks when, Room by Room, death and survival, and the table's
interventions while a Hero stands in a Room."""

from __future__ import annotations

from typing import Any

from referee_fixtures import bait_state, events_of, refused, run, t_hero, t_player, t_room

from rules import commands as c
from rules import events as ev
from rules.models import GameState


def walking(rooms: list[dict[str, Any]], heroes: list[dict[str, Any]], **a: Any) -> GameState:
    """A alone lures ``heroes`` (all its treasure); the first one stands at the entrance."""
    state = bait_state([t_player("A", 900, rooms, **a), t_player("B", 100)], heroes)
    state = state.model_copy(update={"ordinary_left": 10})
    state = run(state, c.ResolveBait())
    assert state.walk is not None and state.walk.room is None
    return state


def outcomes(state: GameState, command: Any = None) -> list[tuple[str, str, int, Any, int]]:
    """(kind, player, hero, room, damage) of every Soul and Wound the command causes."""
    out = []
    for e in events_of(state, command or c.FinishAdventure()):
        if isinstance(e, ev.HeroKilled):
            out.append(("soul", e.player, e.hero, e.room, e.damage))
        elif isinstance(e, ev.HeroSurvived):
            out.append(("wound", e.player, e.hero, None, e.damage))
    return out


def test_adv_order_highest_xp_player_first_heroes_in_arrival_order() -> None:
    """R-ADV-ORDER: players walk highest XP first; each processes its entrance in order."""
    state = bait_state(
        [
            t_player("Low", 100, [t_room("thief", 1)]),
            t_player("High", 900, [t_room("mage", 1)]),
        ],
        [t_hero("thief"), t_hero("mage"), t_hero("mage")],
    )
    state = run(state, c.ResolveBait())
    assert state.walk is not None and (state.walk.player, state.walk.hero) == ("High", 1)
    got = [(kind, player, hero) for kind, player, hero, _, _ in outcomes(state)]
    assert got == [("wound", "High", 1), ("wound", "High", 2), ("wound", "Low", 0)]
    starts = [e for e in events_of(state, c.FinishAdventure()) if isinstance(e, ev.WalkStarted)]
    assert {e.ruling.rule for e in starts} == {"R-ADV-ORDER"}


def test_adv_walk_from_the_entrance_toward_the_boss_adding_damage() -> None:
    """R-ADV-WALK: Room by Room from the entrance; damage adds up."""
    state = walking(
        [t_room("mage", 1), t_room("cleric", 2), t_room("thief", 3)], [t_hero("mage", 10)]
    )
    rooms = []
    for _ in range(3):
        (event,) = events_of(state, c.AdvanceHero())
        assert isinstance(event, ev.HeroEnteredRoom) and event.ruling.rule == "R-ADV-WALK"
        rooms.append((event.room, event.damage))
        state = run(state, c.AdvanceHero())
    assert rooms == [(0, 1), (1, 2), (2, 3)]
    assert state.walk is not None and state.walk.damage == 6
    (last,) = [e for e in events_of(state, c.AdvanceHero()) if isinstance(e, ev.HeroSurvived)]
    assert (last.damage, last.ruling.rule) == (6, "R-ADV-SURVIVE")


def test_adv_walk_deactivated_room_is_a_blank_space() -> None:
    """R-ADV-WALK / R-DEACTIVATE: a deactivated Room deals no damage."""
    state = walking(
        [t_room("mage", 1), t_room("cleric", 9), t_room("mage", 1)], [t_hero("mage", 4)]
    )
    state = run(state, c.AdvanceHero(), c.DeactivateRoom(player="A", index=1))
    (event,) = events_of(state, c.AdvanceHero())
    assert isinstance(event, ev.HeroEnteredRoom)
    assert (event.damage, event.ruling.rule) == (0, "R-DEACTIVATE")
    assert outcomes(state) == [("wound", "A", 0, None, 2)]


def test_adv_walk_skip_room_takes_no_damage_there() -> None:
    """R-ADV-WALK: a Hero made to skip the next Room passes it untouched."""
    state = walking([t_room("mage", 1), t_room("mage", 9)], [t_hero("mage", 4)])
    state = run(state, c.AdvanceHero(), c.SkipRoom())
    (event,) = events_of(state, c.AdvanceHero())
    assert isinstance(event, ev.HeroSkippedRoom) and event.room == 1
    assert outcomes(state) == [("wound", "A", 0, None, 1)]


def test_adv_death_in_the_room_where_damage_reaches_health() -> None:
    """R-ADV-DEATH: damage equal to Health kills the Hero in that Room (index 1 here)."""
    state = walking([t_room("mage", 2), t_room("mage", 2), t_room("mage", 5)], [t_hero("mage", 4)])
    [(kind, player, hero, room, damage)] = outcomes(state)
    assert (kind, player, hero, room, damage) == ("soul", "A", 0, 1, 4)
    state = run(state, c.FinishAdventure())
    assert state.souls("A") == 1 and state.wounds("A") == 0
    killed = [e for e in events_of(walking([t_room("mage", 9)], [t_hero("mage")]), c.FinishWalk())]
    assert any(e.ruling.rule == "R-ADV-DEATH" for e in killed if isinstance(e, ev.HeroKilled))


def test_adv_death_one_short_of_health_survives() -> None:
    """R-ADV-DEATH / R-ADV-SURVIVE: damage one below Health reaches the Boss."""
    state = walking([t_room("mage", 3)], [t_hero("mage", 4)])
    assert outcomes(state) == [("wound", "A", 0, None, 3)]


def test_adv_death_epic_hero_is_worth_two_souls() -> None:
    """R-ADV-DEATH: an Epic Hero killed counts 2 Souls, kept face down."""
    state = walking([t_room("mage", 11)], [t_hero("mage", 11, epic=True)])
    state = run(state, c.FinishAdventure())
    assert state.souls("A") == 2
    assert [s.face_up for s in state.player("A").scored] == [False]


def test_adv_death_killed_outright_by_the_table() -> None:
    """R-ADV-DEATH: a spell kills the Hero in the Room it stands in."""
    state = walking([t_room("mage", 1), t_room("mage", 1)], [t_hero("mage", 8)])
    state = run(state, c.AdvanceHero())
    [soul] = outcomes(state, c.KillHero())
    assert soul == ("soul", "A", 0, 0, 1)


def test_adv_survive_ordinary_one_wound_epic_two_face_up() -> None:
    """R-ADV-SURVIVE: a Hero reaching the Boss is a Wound (Epic: 2), face up."""
    state = walking([t_room("mage", 1)], [t_hero("mage", 4), t_hero("mage", 11, epic=True)])
    state = run(state, c.FinishAdventure())
    assert state.wounds("A") == 3 and state.souls("A") == 0
    assert [s.face_up for s in state.player("A").scored] == [True, True]


def test_adv_survive_boss_without_rooms() -> None:
    """R-ADV-SURVIVE: a Boss with no Room takes the Hero straight away."""
    state = walking([], [t_hero("mage")], boss_treasure=["mage"])
    assert outcomes(state) == [("wound", "A", 0, None, 0)]


def test_adv_reset_sent_back_to_town_loses_damage_and_rejoins_the_back() -> None:
    """R-ADV-RESET: sent back to town, the Hero joins the back of the line, damage gone."""
    state = bait_state(
        [t_player("A", 900, [t_room("mage", 3)]), t_player("B", 100, [t_room("thief")])],
        [t_hero("mage", 6), t_hero("cleric")],
    ).model_copy(update={"ordinary_left": 10})
    state = run(state, c.ResolveBait(), c.AdvanceHero())
    (event,) = [
        e for e in events_of(state, c.SendHeroBack(to="town")) if isinstance(e, ev.HeroSentBack)
    ]
    assert (event.to, event.ruling.rule) == ("town", "R-ADV-RESET")
    state = run(state, c.SendHeroBack(to="town"))
    assert state.town == (1, 0)
    assert state.phase == "end"
    state = run(state, c.EndTurn(), c.RevealHeroes(heroes=(state.hero(1).card,) * 2))
    state = run(state, c.RevealRooms(), c.ResolveBait())
    assert state.walk is not None and state.walk.hero == 0 and state.walk.damage == 0


def test_adv_reset_sent_to_the_entrance_keeps_damage_this_turn_and_queues_behind() -> None:
    """R-ADV-RESET: sent back to the entrance, the Hero lines up behind the others there and
    keeps its damage for this turn only."""
    state = walking([t_room("mage", 2), t_room("mage", 0)], [t_hero("mage", 6), t_hero("mage", 9)])
    state = run(state, c.AdvanceHero(), c.SendHeroBack(to="entrance"))
    assert state.walk is not None and state.walk.hero == 1
    assert state.entrance("A") == (0,)
    state = run(state, c.FinishWalk())
    assert state.walk is not None and (state.walk.hero, state.walk.damage) == (0, 2)
    assert outcomes(state) == [("wound", "A", 0, None, 4)]


def test_adv_reset_damage_does_not_carry_to_the_next_turn() -> None:
    """R-ADV-RESET: damage never carries over to a later turn."""
    state = walking([t_room("mage", 2)], [t_hero("mage", 6)])
    state = run(state, c.AdvanceHero(), c.SendHeroBack(to="entrance"))
    # The same Hero steps up again at once, with its damage of this turn.
    assert state.walk is not None and state.walk.damage == 2
    state = run(state, c.SendHeroBack(to="town"), c.EndTurn())
    assert state.carried == () and state.walk is None
    events = events_of(state, c.RevealHeroes(heroes=(state.hero(0).card,) * 2))
    assert events  # a new turn starts cleanly


def test_adv_walk_interventions_need_a_hero_in_a_room() -> None:
    """R-ADV-WALK: extra damage and healing apply to a Hero standing in a Room."""
    state = walking([t_room("mage", 1)], [t_hero("mage")])
    refused(state, c.DamageHero(amount=1), "R-ADV-WALK")
    refused(state, c.HealHero(amount=1), "R-ADV-WALK")
    done = run(state, c.FinishAdventure())
    refused(done, c.KillHero(), "R-PHASE")


def test_adv_extra_damage_kills_on_leaving_the_room() -> None:
    """R-ADV-WALK then R-ADV-DEATH: extra damage counts when the Hero leaves the Room."""
    state = walking([t_room("mage", 1), t_room("mage", 0)], [t_hero("mage", 4)])
    state = run(state, c.AdvanceHero(), c.DamageHero(amount=3))
    assert outcomes(state) == [("soul", "A", 0, 0, 4)]


def test_faq_damage_above_health_can_be_healed_before_leaving() -> None:
    """R-ADV-DEATH, FAQ: a Hero over its Health is not dead until it leaves the Room; healing
    in that Room saves it."""
    state = walking([t_room("mage", 6), t_room("mage", 0)], [t_hero("mage", 4)])
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == 6  # still standing there
    state = run(state, c.HealHero(amount=3))
    assert outcomes(state) == [("wound", "A", 0, None, 3)]


def test_faq_heal_never_below_zero_damage() -> None:
    """R-ADV-WALK: healing removes damage taken, no more."""
    state = run(
        walking([t_room("mage", 1)], [t_hero("mage")]), c.AdvanceHero(), c.HealHero(amount=5)
    )
    assert state.walk is not None and state.walk.damage == 0


def faq_destroy_setup() -> GameState:
    """A's first Room is a stack: a 5-damage Room under a 1-damage Room on top."""
    state = walking([t_room("mage", 1), t_room("mage", 1)], [t_hero("mage", 4)])
    a = state.player("A")
    from rules.models import Room, RoomStack

    under = Room(name="under", treasure=("mage",), damage=5)
    stack = RoomStack(rooms=(under, a.dungeon[0].top))
    dungeon = (stack, a.dungeon[1])
    players = tuple(
        p.model_copy(update={"dungeon": dungeon}) if p.name == "A" else p for p in state.players
    )
    return state.model_copy(update={"players": players})


def test_faq_destroyed_room_hero_moves_on_without_damage_from_the_uncovered_room() -> None:
    """R-DESTROY, FAQ: the Room a Hero stands in is destroyed: the Hero moves on and takes no
    damage from the Room uncovered beneath."""
    state = run(faq_destroy_setup(), c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == 1
    events = events_of(state, c.DestroyRoom(player="A", index=0))
    assert [e.ruling.rule for e in events] == ["R-DESTROY", "R-DESTROY"]
    state = run(state, c.DestroyRoom(player="A", index=0))
    assert state.player("A").dungeon[0].top.name == "under"
    (step,) = events_of(state, c.AdvanceHero())
    assert isinstance(step, ev.HeroEnteredRoom) and step.room == 1
    assert outcomes(state) == [("wound", "A", 0, None, 2)]


def test_faq_destroyed_single_room_hero_enters_the_next() -> None:
    """R-DESTROY: the Hero's Room vanishes and the gap closes: the next step enters the
    Room that followed it."""
    state = walking([t_room("mage", 1), t_room("mage", 2), t_room("mage", 0)], [t_hero("mage", 9)])
    state = run(state, c.AdvanceHero(), c.AdvanceHero(), c.DestroyRoom(player="A", index=1))
    assert len(state.player("A").dungeon) == 2
    (step,) = events_of(state, c.AdvanceHero())
    assert isinstance(step, ev.HeroEnteredRoom) and (step.room, step.damage) == (1, 0)
    assert outcomes(state) == [("wound", "A", 0, None, 3)]


def test_faq_destroyed_room_of_a_hero_with_enough_damage_kills_it_there() -> None:
    """R-ADV-DEATH with R-DESTROY: the Hero leaves the destroyed Room at once and, with
    damage at least its Health, dies in it (it moves on only if it survives)."""
    state = walking([t_room("mage", 4), t_room("mage", 0)], [t_hero("mage", 4), t_hero("mage", 9)])
    state = run(state, c.AdvanceHero())
    events = events_of(state, c.DestroyRoom(player="A", index=0))
    killed = [e for e in events if isinstance(e, ev.HeroKilled)]
    assert [(e.hero, e.room, e.damage) for e in killed] == [(0, 0, 4)]
    state = run(state, c.DestroyRoom(player="A", index=0))
    assert state.souls("A") == 1
    assert state.walk is not None and state.walk.hero == 1  # the next Hero steps up


def test_heal_wound_flips_a_face_up_hero_face_down() -> None:
    """R-HEAL: healing a Wound turns a face-up Hero face down: it counts as Souls."""
    state = walking([t_room("mage", 0)], [t_hero("mage", 4), t_hero("mage", 11, epic=True)])
    state = run(state, c.FinishAdventure())
    assert (state.souls("A"), state.wounds("A")) == (0, 3)
    refused(state, c.HealWound(player="A"), "R-PHASE")  # not in the End phase
    adv = walking([t_room("mage", 0)], [t_hero("mage")])
    adv = adv.model_copy(update={"players": state.players, "heroes": state.heroes + adv.heroes[:0]})
    (event,) = events_of(adv, c.HealWound(player="A"))
    assert isinstance(event, ev.WoundHealed) and event.hero == 1  # the Epic one first
    assert event.ruling.rule == "R-HEAL"
    healed = run(adv, c.HealWound(player="A"))
    assert (healed.souls("A"), healed.wounds("A")) == (2, 1)
    healed = run(healed, c.HealWound(player="A", hero=0))
    assert (healed.souls("A"), healed.wounds("A")) == (3, 0)
    refused(healed, c.HealWound(player="A"), "R-HEAL")
    refused(adv, c.HealWound(player="A", hero=7), "R-HEAL")


def test_can_heal_says_whether_a_heal_would_be_accepted() -> None:
    """R-HEAL: only a Hero scored face up can be flipped; a Wound entered by hand has no
    card, so the app offers no heal for it."""
    state = walking([t_room("mage", 0)], [t_hero("mage", 4)])
    state = run(state, c.FinishAdventure())
    adv = walking([t_room("mage", 0)], [t_hero("mage")])
    adv = adv.model_copy(update={"players": state.players, "heroes": state.heroes})
    assert adv.can_heal("A")
    healed = run(adv, c.HealWound(player="A"))
    assert not healed.can_heal("A")
    by_hand = run(healed, c.CorrectScore(player="A", wounds=1, reason="a Wound on paper"))
    assert by_hand.wounds("A") == 1 and not by_hand.can_heal("A")
    refused(by_hand, c.HealWound(player="A"), "R-HEAL")


def test_adventure_commands_outside_adventure_refused() -> None:
    """R-PHASE: walk commands belong to the Adventure phase."""
    state = bait_state([t_player("A", 900), t_player("B", 100)], [t_hero("mage")])
    for command in (c.AdvanceHero(), c.FinishWalk(), c.DamageHero(amount=1), c.SkipRoom()):
        refused(state, command, "R-PHASE")
