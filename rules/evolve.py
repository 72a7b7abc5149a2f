"""Folding events into state: one function per event type, no decisions here.

Every function returns a new frozen state; nothing is changed in place."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import ability_off, boss_copy, expansion_evolve, phases, room_events, turn_marks
from rules import events as ev
from rules.models import CardOffer, GameState, PlayerState, RoomStack, ScoredHero, Walk
from rules.outcome import Outcome


def evolve(state: GameState, event: ev.EventBase) -> GameState:
    """The state after ``event``."""
    fold = FOLDS.get(type(event))
    if fold is None:
        raise TypeError(f"no evolve rule for {type(event).__name__}")
    return fold(event, state)


def _without(heroes: tuple[int, ...], hero: int) -> tuple[int, ...]:
    """``heroes`` without ``hero`` (ids are unique): two slices copied at C speed, so a
    Bait luring thousands of Heroes one by one stays fast (R-BAIT-ORDER)."""
    try:
        at = heroes.index(hero)
    except ValueError:
        return heroes
    return heroes[:at] + heroes[at + 1 :]


def _set_entrance(state: GameState, name: str, queue: tuple[int, ...]) -> GameState:
    entrances = tuple((o, q) for o, q in state.entrances if o != name)
    if queue:
        entrances = (*entrances, (name, queue))
    return state.model_copy(update={"entrances": entrances})


def _score(state: GameState, name: str, hero: int, face_up: bool) -> GameState:
    p = state.player(name)
    scored = (*p.scored, ScoredHero(hero=hero, face_up=face_up))
    state = state.with_player(name, scored=scored)
    carried = tuple((h, d) for h, d in state.carried if h != hero)
    # The walk ends when its Hero is scored (not when one waiting at an entrance dies).
    walk = None if state.walk is None or state.walk.hero == hero else state.walk
    return state.model_copy(update={"walk": walk, "carried": carried})


def _noted(event: ev.Noted, state: GameState) -> GameState:
    return state


def _room_placed(event: ev.RoomPlaced, state: GameState) -> GameState:
    build, name = event.build, event.player
    if build.by is not None:  # a gift (Surprise Gift): the giver's build, in this dungeon
        state = state.with_player(build.by, built_this_phase=True)
        return state.with_player(name, gifts=(*state.player(name).gifts, build))
    return state.with_player(name, pending=build, built_this_phase=True)


def _room_revealed(event: ev.RoomRevealed, state: GameState) -> GameState:
    p = state.player(event.player)
    build = event.build
    dungeon = list(p.dungeon)
    if build.over is None:
        dungeon.insert(0, RoomStack(rooms=(build.room,)))
    else:
        stack = dungeon[build.over]
        # Counters belong to the Room now covered (R-CARD-EFFECT).
        dungeon[build.over] = stack.model_copy(
            update={
                "rooms": (*stack.rooms, build.room),
                "counters": 0,
                "extra_treasure": (),
                "no_treasure": False,
                "ability_off": False,  # the covered Room's, not the new one's
                "ability_off_while": None,
            }
        )
    left = {"gifts": tuple(g for g in p.gifts if g != build)} if build.by else {"pending": None}
    state = state.with_player(event.player, dungeon=tuple(dungeon), **left)
    return room_events.room_added(state, p, build.over)  # a Hero and the marks move on


def _room_counters_changed(event: ev.RoomCountersChanged, state: GameState) -> GameState:
    dungeon = list(state.player(event.player).dungeon)
    stack = dungeon[event.index]
    dungeon[event.index] = stack.model_copy(
        update={"counters": max(0, stack.counters + event.amount)}
    )
    return state.with_player(event.player, dungeon=tuple(dungeon))


def _room_treasure_changed(event: ev.RoomTreasureChanged, state: GameState) -> GameState:
    dungeon = list(state.player(event.player).dungeon)
    stack = dungeon[event.index]
    dungeon[event.index] = stack.model_copy(
        update={
            "extra_treasure": (*stack.extra_treasure, *event.treasure)[:8],
            "no_treasure": stack.no_treasure or event.removed,
        }
    )
    return state.with_player(event.player, dungeon=tuple(dungeon))


def _entrance_hero_damaged(event: ev.EntranceHeroDamaged, state: GameState) -> GameState:
    taken = dict(state.carried).get(event.hero, 0) + event.amount
    carried = (*((h, d) for h, d in state.carried if h != event.hero), (event.hero, taken))
    return state.model_copy(update={"carried": carried})


def _hero_health_gained(event: ev.HeroHealthGained, state: GameState) -> GameState:
    walk = _walk(state)
    more = walk.model_copy(update={"extra_health": walk.extra_health + event.amount})
    return state.model_copy(update={"walk": more})


def _scored_hero_taken(event: ev.ScoredHeroTaken, state: GameState) -> GameState:
    left = tuple(s for s in state.player(event.scorer).scored if s.hero != event.hero)
    state = state.with_player(event.scorer, scored=left)
    return _score(state, event.player, event.hero, face_up=False)


def _hero_removed(event: ev.HeroRemoved, state: GameState) -> GameState:
    walk = None if state.walk is not None and state.walk.hero == event.hero else state.walk
    carried = tuple((h, d) for h, d in state.carried if h != event.hero)
    items = state.items.without_hero(event.hero)  # its Item leaves the game with it (R-ITEM)
    players = tuple(
        p.model_copy(update={"scored": tuple(s for s in p.scored if s.hero != event.hero)})
        for p in state.players
    )
    return state.model_copy(update=dict(walk=walk, carried=carried, players=players, items=items))


def _boss_leveled_up(event: ev.BossLeveledUp, state: GameState) -> GameState:
    return state.with_player(event.player, leveled_up=True)


def _phase_changed(event: ev.PhaseChanged, state: GameState) -> GameState:
    players = state.players
    if event.phase == "build":
        players = tuple(p.model_copy(update={"built_this_phase": False}) for p in players)
    return state.model_copy(update={"phase": event.phase, "players": players})


def _turn_started(event: ev.TurnStarted, state: GameState) -> GameState:
    players = tuple(
        p.model_copy(
            update={
                "souls_at_turn_start": state.souls(p.name),
                "built_this_phase": False,
                # "Until end of turn" Spell boosts are over (R-CARD-EFFECT).
                "dungeon": tuple(
                    s.model_copy(
                        update={
                            "boost": 0,
                            "extra_treasure": (),
                            "no_treasure": False,
                            "ability_off": False,
                            "ability_off_while": None,
                        }
                    )
                    for s in p.dungeon
                ),
            }
        )
        for p in state.players
    )
    return state.model_copy(
        update={
            "turn": event.turn,
            "phase": phases.TURN_STARTS,
            "players": players,
            "walked": (),
            "walk": None,
            "carried": (),
            "card_uses": (),
            "survived": (),
            "offers": (),
            "lured": (),
        }
    )


def _hero_revealed(event: ev.HeroRevealed, state: GameState) -> GameState:
    epic = event.hero.card.epic
    ordinary_left = state.ordinary_left - (0 if epic else 1)
    epic_left = state.epic_left - (1 if epic else 0)
    emptied = state.deck_emptied_turn
    if ordinary_left == 0 and epic_left == 0 and emptied is None:
        emptied = state.turn
    return state.model_copy(
        update={
            "heroes": (*state.heroes, event.hero),
            "town": (*state.town, event.hero.id),
            "ordinary_left": max(ordinary_left, 0),
            "epic_left": max(epic_left, 0),
            "deck_emptied_turn": emptied,
        }
    )


def _hero_lured(event: ev.HeroLured, state: GameState) -> GameState:
    state = state.model_copy(update={"town": _without(state.town, event.hero)})
    if state.phase == "bait":  # lured by the Bait (not brought by a card)
        n = dict(state.lured).get(event.player, 0) + 1
        lured = (*((p, k) for p, k in state.lured if p != event.player), (event.player, n))
        state = state.model_copy(update={"lured": lured})
    return _set_entrance(state, event.player, (*state.entrance(event.player), event.hero))


def _hero_stayed(event: ev.HeroStayed, state: GameState) -> GameState:
    return state


def _walk_started(event: ev.WalkStarted, state: GameState) -> GameState:
    state = _set_entrance(state, event.player, _without(state.entrance(event.player), event.hero))
    walk = Walk(player=event.player, hero=event.hero, room=None, damage=event.damage)
    return state.model_copy(update={"walk": walk})


def _walk(state: GameState) -> Walk:
    if state.walk is None:
        raise TypeError("event needs a Hero walking")
    return state.walk


def _hero_entered_room(event: ev.HeroEnteredRoom, state: GameState) -> GameState:
    walk = _walk(state).model_copy(
        update={"room": event.room, "damage": _walk(state).damage + event.damage}
    )
    return _used(state.model_copy(update={"walk": walk}), event.use)


def _used(state: GameState, use: str) -> GameState:
    return state.model_copy(update={"card_uses": (*state.card_uses, use)}) if use else state


def _card_effect_fired(event: ev.CardEffectFired, state: GameState) -> GameState:
    state = _used(state, event.use)
    if event.offer is None:
        return state
    offer = CardOffer(
        player=event.player,
        card_id=event.card_id,
        card=event.card,
        offer=event.offer,
        owner=event.owner,
        mandatory=event.mandatory,
    )
    return state.model_copy(update={"offers": (*state.offers, offer)})


def _card_effect_answered(event: ev.CardEffectAnswered, state: GameState) -> GameState:
    mine = [o for o in state.offers if o.player == event.player and o.card_id == event.card_id]
    offers = tuple(o for o in state.offers if o is not mine[0]) if mine else state.offers
    return state.model_copy(update={"offers": offers})


def _room_boosted(event: ev.RoomBoosted, state: GameState) -> GameState:
    dungeon = list(state.player(event.player).dungeon)
    stack = dungeon[event.index]
    dungeon[event.index] = stack.model_copy(update={"boost": stack.boost + event.amount})
    return state.with_player(event.player, dungeon=tuple(dungeon))


def _hero_skipped_room(event: ev.HeroSkippedRoom, state: GameState) -> GameState:
    walk = _walk(state)  # another Room to skip after this one (Shortcut!): one fewer
    walk = walk.model_copy(update={"room": event.room, "skip_next": max(0, walk.skip_next - 1)})
    return state.model_copy(update={"walk": walk})


def _skip_armed(event: ev.SkipArmed, state: GameState) -> GameState:
    walk = _walk(state).model_copy(update={"skip_next": event.rooms})
    return state.model_copy(update={"walk": walk})


def _hero_damage_changed(event: ev.HeroDamageChanged, state: GameState) -> GameState:
    walk = _walk(state)
    damage = max(0, walk.damage + event.amount)
    return state.model_copy(update={"walk": walk.model_copy(update={"damage": damage})})


def _hero_killed(event: ev.HeroKilled, state: GameState) -> GameState:
    # A Hero killed in town by a card (Gorgona) leaves the town line, one killed waiting at
    # an entrance (Lightning Bolt!) its queue (R-CARD-EFFECT).
    state = state.model_copy(update={"town": tuple(h for h in state.town if h != event.hero)})
    if event.hero in state.entrance(event.player):
        state = _set_entrance(
            state, event.player, _without(state.entrance(event.player), event.hero)
        )
    return _score(state, event.player, event.hero, face_up=False)


def _hero_survived(event: ev.HeroSurvived, state: GameState) -> GameState:
    survived = (*state.survived, (event.player, event.hero))  # this turn's (Finish Him!)
    state = state.model_copy(update={"survived": survived})
    return _score(state, event.player, event.hero, face_up=True)


def _hero_sent_back(event: ev.HeroSentBack, state: GameState) -> GameState:
    if state.walk is None or state.walk.hero == event.hero:  # not one spared at the entrance
        state = state.model_copy(update={"walk": None})
    if event.to == "town":
        carried = tuple((h, d) for h, d in state.carried if h != event.hero)
        state = _set_entrance(
            state, event.player, _without(state.entrance(event.player), event.hero)
        )
        return state.model_copy(update={"town": (*state.town, event.hero), "carried": carried})
    carried = (*((h, d) for h, d in state.carried if h != event.hero), (event.hero, event.damage))
    state = state.model_copy(update={"carried": carried})
    return _set_entrance(state, event.player, (*state.entrance(event.player), event.hero))


def _adventure_done(event: ev.AdventureDone, state: GameState) -> GameState:
    return state.model_copy(update={"walked": (*state.walked, event.player)})


def _room_destroyed(event: ev.RoomDestroyed, state: GameState) -> GameState:
    state = turn_marks.destroyed_marked(state, event.player)  # counted this turn (Oh, Yeah!)
    p = state.player(event.player)
    dungeon = list(p.dungeon)
    stack = dungeon[event.index]
    vanished = len(stack.rooms) == 1
    if vanished:
        # The gap closes: Rooms slide toward the Boss (R-DESTROY). In our list, entrance
        # first, that is simply removing the place.
        del dungeon[event.index]
    else:
        dungeon[event.index] = RoomStack(rooms=stack.rooms[:-1])
    # A face-down Room waiting to cover a later place follows that place as it slides.
    moved = p.face_down_moved(lambda i: i - 1 if vanished and i > event.index else i)
    state = state.with_player(event.player, dungeon=tuple(dungeon), **moved)
    if vanished:
        return room_events.place_closed(state, p, event.index)
    return room_events.top_left(state, event.player, event.index, stack.top.card_id)


def _room_deactivated(event: ev.RoomDeactivated, state: GameState) -> GameState:
    p = state.player(event.player)
    dungeon = tuple(
        s.model_copy(update={"deactivated": True}) if i == event.index else s
        for i, s in enumerate(p.dungeon)
    )
    return state.with_player(event.player, dungeon=dungeon)


def _room_reactivated(event: ev.RoomReactivated, state: GameState) -> GameState:
    p = state.player(event.player)
    dungeon = tuple(
        s.model_copy(update={"deactivated": False}) if i == event.index else s
        for i, s in enumerate(p.dungeon)
    )
    return state.with_player(event.player, dungeon=dungeon)


def _treasure_bonus_set(event: ev.TreasureBonusSet, state: GameState) -> GameState:
    p = state.player(event.player)
    bonus = tuple((t, a) for t, a in p.treasure_bonus if t != event.treasure)
    if event.amount:
        bonus = (*bonus, (event.treasure, event.amount))
    return state.with_player(event.player, treasure_bonus=bonus)


def _wound_healed(event: ev.WoundHealed, state: GameState) -> GameState:
    p = state.player(event.player)
    scored = tuple(
        ScoredHero(hero=s.hero, face_up=False) if s.hero == event.hero else s for s in p.scored
    )
    return state.with_player(event.player, scored=scored)


def _score_corrected(event: ev.ScoreCorrected, state: GameState) -> GameState:
    p: PlayerState = state.player(event.player)
    return state.with_player(
        event.player,
        souls_adjust=p.souls_adjust + event.souls,
        wounds_adjust=p.wounds_adjust + event.wounds,
    )


def _player_eliminated(event: ev.PlayerEliminated, state: GameState) -> GameState:
    state = state.with_player(event.player, eliminated=True, eliminated_turn=state.turn)
    # An eliminated player's cards leave the game; Heroes at its entrance go nowhere.
    return _set_entrance(state, event.player, ())


def _game_ended(event: ev.GameEnded, state: GameState) -> GameState:
    return state.model_copy(
        update={
            "phase": phases.OVER,
            "outcome": Outcome(winners=event.winners, ruling=event.ruling),
        }
    )


# Every event's function, in one table: the base game's, then the expansions' (R-ITEM,
# R-MINI). tests/rules/test_evolve.py checks that each event type has one.
FOLDS: Mapping[type[ev.EventBase], Callable[[Any, GameState], GameState]] = {
    ev.Noted: _noted,
    ev.RoomPlaced: _room_placed,
    ev.RoomRevealed: _room_revealed,
    ev.BossLeveledUp: _boss_leveled_up,
    ev.PhaseChanged: _phase_changed,
    ev.TurnStarted: _turn_started,
    ev.HeroRevealed: _hero_revealed,
    ev.HeroLured: _hero_lured,
    ev.HeroStayed: _hero_stayed,
    ev.WalkStarted: _walk_started,
    ev.HeroEnteredRoom: _hero_entered_room,
    ev.CardEffectFired: _card_effect_fired,
    ev.CardEffectAnswered: _card_effect_answered,
    ev.RoomBoosted: _room_boosted,
    ev.HeroSkippedRoom: _hero_skipped_room,
    ev.SkipArmed: _skip_armed,
    ev.HeroDamageChanged: _hero_damage_changed,
    ev.HeroKilled: _hero_killed,
    ev.HeroSurvived: _hero_survived,
    ev.HeroSentBack: _hero_sent_back,
    ev.AdventureDone: _adventure_done,
    ev.RoomDestroyed: _room_destroyed,
    ev.RoomDeactivated: _room_deactivated,
    ev.RoomReactivated: _room_reactivated,
    ev.TreasureBonusSet: _treasure_bonus_set,
    ev.WoundHealed: _wound_healed,
    ev.ScoreCorrected: _score_corrected,
    ev.PlayerEliminated: _player_eliminated,
    ev.GameEnded: _game_ended,
    ev.RoomCountersChanged: _room_counters_changed,
    ev.RoomTreasureChanged: _room_treasure_changed,
    ev.EntranceHeroDamaged: _entrance_hero_damaged,
    ev.HeroHealthGained: _hero_health_gained,
    ev.ScoredHeroTaken: _scored_hero_taken,
    ev.HeroRemoved: _hero_removed,
    **expansion_evolve.FOLDS,
    **room_events.FOLDS,  # Rooms moved within a dungeon
    **ability_off.FOLDS,  # a Room's ability text ignored until end of turn
    **boss_copy.FOLDS,  # a Boss has another Boss's Level Up ability (Klonos)
}
