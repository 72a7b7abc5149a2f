"""The Adventure phase: each Hero's walk, Room by Room, and the table's interventions.

Functions here return the events for one step; the engine applies them. Walking order is
R-ADV-ORDER: players by XP, highest first, each processing its entrance in arrival order.
"""

from __future__ import annotations

from rules import (
    card_effects,
    card_triggers,
    holds,
    lasting_effects,
    miniboss_deaths,
    phases,
    turn_bars,
)
from rules import events as ev
from rules.errors import HeroError
from rules.evolve import evolve
from rules.models import GameState, Walk
from rules.rulings import Ruling


def _walk(state: GameState) -> Walk:
    if state.walk is None:
        raise HeroError("R-ADV-WALK", "err.no_walk")
    return state.walk


def _room_args(state: GameState, walk: Walk, index: int | None = None) -> dict[str, str | int]:
    """The Room a Hero is in (or is about to enter: ``index``), by card and place: ``room``
    and ``room_n``. Each language's message words the place itself ("(Room 2)", "(Raum 2)");
    at the entrance there is no Room, and the message says so by its own key."""
    where = walk.room if index is None else index
    dungeon = state.player(walk.player).dungeon
    if where is None or where >= len(dungeon):
        return {}
    return {"room": dungeon[where].top.label(), "room_n": where + 1}


def next_walk(state: GameState) -> list[ev.EventBase]:
    """With no Hero walking: start the next Hero, or close players' Adventure phases."""
    out: list[ev.EventBase] = []
    for player in state.xp_order():
        if player.name in state.walked or player.eliminated:
            continue
        queue = holds.entrance_heroes(state, player.name)  # some held (Haunted Cavern)
        if queue:
            hero = queue[0]
            carried = dict(state.carried).get(hero, 0)
            out.append(
                ev.WalkStarted(
                    player=player.name,
                    hero=hero,
                    damage=carried,
                    ruling=Ruling(
                        rule="R-ADV-ORDER",
                        key="adv.walk_start",
                        args={"hero": state.hero(hero).label(), "player": player.name},
                    ),
                )
            )
            return out + lasting_effects.entering_bonus(state, player.name, hero)
        out.append(
            ev.AdventureDone(
                player=player.name,
                ruling=Ruling(
                    rule="R-ADV-ORDER", key="adv.player_done", args={"player": player.name}
                ),
            )
        )
        state = state.model_copy(update={"walked": (*state.walked, player.name)})
    out.append(phases.phase_done(state))
    return out


def _hero_args(state: GameState, walk: Walk, damage: int | None = None) -> dict[str, str | int]:
    hero = state.hero(walk.hero)
    return {
        "hero": hero.label(),
        "total": walk.damage if damage is None else damage,
        "health": state.health_of(walk),
        "player": walk.player,
        "worth": hero.card.worth,
    }


def advance(state: GameState) -> list[ev.EventBase]:
    """One step: die in this Room (R-ADV-DEATH), enter the next, or reach the Boss."""
    walk = _walk(state)
    if walk.room is not None and state.walk_lethal:
        if (spared := turn_bars.town_instead(state, walk)) is not None:  # Extra Life
            return spared
        return [
            ev.HeroKilled(
                player=walk.player,
                hero=walk.hero,
                room=walk.room,
                damage=walk.damage,
                ruling=Ruling(
                    rule="R-ADV-DEATH",
                    key="adv.death",
                    args={**_hero_args(state, walk), **_room_args(state, walk)},
                ),
            ),
            *_died_here(state, walk),
        ]
    # Walking on alive out of a Room: its "when a Hero survives this Room" abilities.
    left: list[ev.EventBase] = []
    if walk.room is not None:
        left = card_triggers.survived_here(state, walk.player, walk.room, walk.hero)
    after = state
    for event in left:  # a Room that destroyed itself moves the Rooms behind it on
        after = evolve(after, event)
    return left + _step(after, _walk(after))


def _step(state: GameState, walk: Walk) -> list[ev.EventBase]:
    """The Hero, alive, enters the next Room (or reaches the Boss)."""
    dungeon = state.player(walk.player).dungeon
    nxt = 0 if walk.room is None else walk.room + 1
    if nxt >= len(dungeon):
        return [
            ev.HeroSurvived(
                player=walk.player,
                hero=walk.hero,
                damage=walk.damage,
                ruling=Ruling(
                    rule="R-ADV-SURVIVE", key="adv.survive", args=_hero_args(state, walk)
                ),
            )
        ]
    stack = dungeon[nxt]
    room = _room_args(state, walk, nxt)
    if walk.skip_next:
        args = {**_hero_args(state, walk), **room}
        return [
            ev.HeroSkippedRoom(
                room=nxt, ruling=Ruling(rule="R-ADV-WALK", key="adv.skip", args=args)
            )
        ]
    # The same number the dungeon card shows (a blank space: none, R-DEACTIVATE).
    hit = card_effects.hit(state, walk.player, nxt)
    # Against this Hero: Ghoulyard's double damage to Epic Heroes, Shark Tank's +2.
    hit = card_effects.against_hero(stack, state.hero(walk.hero).card, walk.damage, hit)
    damage, cards = hit.damage, hit.cards
    if stack.deactivated:
        args = {**_hero_args(state, walk), **room}
        return [
            ev.HeroEnteredRoom(
                room=nxt,
                damage=damage,
                ruling=Ruling(rule="R-DEACTIVATE", key="adv.pass_blank", args=args),
            )
        ]
    back = card_triggers.sends_back(state, nxt)
    if back is not None:
        # The Room's ability takes effect before its damage (R-ADV-WALK): the Hero is sent
        # back on entering and takes none of this Room's damage on this entry.
        return _sent_back(state, walk, nxt, back)
    args = {
        **_hero_args(state, walk, walk.damage + damage),
        **room,
        "damage": damage,
    }
    if cards:  # the printed damage changed by passive card effects (R-CARD-EFFECT)
        ruling = Ruling(
            rule="R-CARD-EFFECT", key="adv.enter_card", args={**args, "cards": ", ".join(cards)}
        )
    else:
        ruling = Ruling(rule="R-ADV-WALK", key="adv.enter", args=args)
    return [ev.HeroEnteredRoom(room=nxt, damage=damage, ruling=ruling)]


def _sent_back(
    state: GameState, walk: Walk, index: int, back: tuple[str, str]
) -> list[ev.EventBase]:
    """The Hero enters the Room at ``index`` and its card sends it back one Room before
    the Room deals damage: it enters the previous Room again, taking that Room's damage."""
    card, use = back
    prev = index - 1
    back_damage = card_effects.hit(state, walk.player, prev).damage
    return [
        ev.HeroEnteredRoom(
            room=index,
            damage=0,
            ruling=Ruling(
                rule="R-ADV-WALK",
                key="adv.enter_ability_first",
                args={**_hero_args(state, walk), **_room_args(state, walk, index), "card": card},
            ),
        ),
        ev.HeroEnteredRoom(
            room=prev,
            damage=back_damage,
            use=use,
            ruling=Ruling(
                rule="R-CARD-EFFECT",
                key="adv.card_back",
                args={
                    **_hero_args(state, walk, walk.damage + back_damage),
                    "card": card,
                    **_room_args(state, walk, prev),
                    "damage": back_damage,
                },
            ),
        ),
    ]


def _in_room(state: GameState) -> Walk:
    walk = _walk(state)
    if walk.room is None:
        raise HeroError("R-ADV-WALK", "err.walk_at_entrance", hero=state.hero(walk.hero).label())
    return walk


def damage(state: GameState, amount: int) -> list[ev.EventBase]:
    walk = _in_room(state)
    args = {
        **_hero_args(state, walk, walk.damage + amount),
        **_room_args(state, walk),
        "amount": amount,
    }
    return [
        ev.HeroDamageChanged(
            amount=amount, ruling=Ruling(rule="R-ADV-WALK", key="adv.extra_damage", args=args)
        )
    ]


def heal(state: GameState, amount: int) -> list[ev.EventBase]:
    walk = _in_room(state)
    healed = min(amount, walk.damage)
    args = {
        **_hero_args(state, walk, walk.damage - healed),
        **_room_args(state, walk),
        "amount": healed,
    }
    return [
        ev.HeroDamageChanged(
            amount=-healed, ruling=Ruling(rule="R-ADV-WALK", key="adv.heal", args=args)
        )
    ]


def kill(state: GameState) -> list[ev.EventBase]:
    walk = _walk(state)
    if (spared := turn_bars.town_instead(state, walk)) is not None:  # Extra Life
        return spared
    room = _room_args(state, walk)
    return [
        ev.HeroKilled(
            player=walk.player,
            hero=walk.hero,
            room=walk.room,
            damage=walk.damage,
            ruling=Ruling(
                rule="R-ADV-DEATH",
                key="adv.killed" if room else "adv.killed_entrance",
                args={**_hero_args(state, walk), **room},
            ),
        ),
        *_died_here(state, walk),
    ]


def _died_here(state: GameState, walk: Walk) -> list[ev.EventBase]:
    """'When a Hero dies in this Room' abilities of the Room it died in (R-CARD-EFFECT)."""
    if walk.room is None:
        return []
    here = card_triggers.died_here(state, walk.player, walk.room, walk.hero)
    return here + miniboss_deaths.died_here(state, walk.player, walk.room, walk.hero)


def send_back(state: GameState, to: str) -> list[ev.EventBase]:
    walk = _walk(state)
    key = "adv.sent_town" if to == "town" else "adv.sent_entrance"
    return [
        ev.HeroSentBack(
            hero=walk.hero,
            to="town" if to == "town" else "entrance",
            player=walk.player,
            damage=walk.damage,
            ruling=Ruling(rule="R-ADV-RESET", key=key, args=_hero_args(state, walk)),
        )
    ]


def skip(state: GameState) -> list[ev.EventBase]:
    walk = _walk(state)
    return [
        ev.SkipArmed(
            ruling=Ruling(rule="R-ADV-WALK", key="adv.skip_armed", args=_hero_args(state, walk))
        )
    ]
