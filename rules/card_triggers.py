"""Card abilities that fire at a moment (R-CARD-EFFECT): a Hero dying in or surviving a
Room, entering the Maze, a Room built, uncovered or destroyed, a Boss's Level Up, the
turn's start and end, a Spell played. Each firing is offered to its player when the engine
can carry it out, asked Yes/No when it is a "may" the players carry out, or noted with
what it does; ``rules.card_effects`` holds the passive side.
"""

from __future__ import annotations

from collections.abc import Callable

from rules import events as ev
from rules import lasting_effects
from rules.card_effects import abilities, ability_ref, spent, use_mark
from rules.card_offers import BOSS_OFFERS, has_room_target, offer_heroes
from rules.effect_kinds import HealWound, MoveHero
from rules.effects import Ability, Trigger
from rules.models import GameState, Room, RoomStack
from rules.rulings import Arg, Ruling


def _boosted(player: str, index: int, ability: Ability, ruling: Ruling) -> list[ev.EventBase]:
    """An ability that gives its own Room +N until end of turn, carried out (R-CARD-EFFECT)."""
    said = ruling.model_copy(update={"rule": "R-CARD-EFFECT"})
    return [ev.RoomBoosted(player=player, index=index, amount=ability.self_boost, ruling=said)]


def _hero_room_args(
    state: GameState, player: str, index: int, hero: int, room: Room, ability: Ability
) -> dict[str, str | int]:
    """The ruling args of a Hero's walk ending in (surviving or dying at) a Room's ability."""
    assert room.card_id is not None
    return {
        "hero": state.hero(hero).label(),
        "card": room.label(),
        "room_n": index + 1,
        "player": player,
        "does": ability_ref(room.card_id, ability),
    }


def survived_here(state: GameState, player: str, index: int, hero: int) -> list[ev.EventBase]:
    """'When a Hero survives this Room' abilities of the Room a Hero walks out of alive: a
    Room that deals no more damage this turn is marked so (the walk and the dungeon card
    then show 0); any other effect is a reminder. A deactivated Room has no ability."""
    p = state.player(player)
    if index >= len(p.dungeon) or p.dungeon[index].deactivated:
        return []
    room = p.dungeon[index].top
    out: list[ev.EventBase] = []
    for ability in abilities(p.dungeon[index], "hero_survives_here"):
        assert room.card_id is not None
        args = _hero_room_args(state, player, index, hero, room, ability)
        if ability.destroys_itself:  # Bom-Boy Factory
            out.append(_destroyed_itself(player, index, p.dungeon[index], args))
            continue
        if ability.self_boost or ability.carried_lasting:  # Collapsing Bridge, Hydra's Mire
            mark = f"{use_mark(player, index, room.card_id)}:survived"
            if mark in state.card_uses:
                continue
            ruling = Ruling(rule="R-CARD-EFFECT", key="card.survived_here", args=args)
            if ability.carried_lasting:
                out += lasting_effects.carry_out(state, player, index, ability, ruling)
            else:
                out += _boosted(player, index, ability, ruling)
            if ability.once_per_turn:
                out.append(_marked(player, room, mark))
            continue
        if any(e.kind == "no_more_damage" for e in ability.effects):
            mark = spent(player, index, room.card_id)
            if mark in state.card_uses:
                continue
            key, use = "card.no_more_damage", mark
        else:  # its effect (Coins: rules.coin_effects) or a reminder, once per turn maybe
            key, use = "card.survived_here", ""
            if ability.once_per_turn:
                use = f"{use_mark(player, index, room.card_id)}:survived"
                if use in state.card_uses:
                    continue
        out.append(
            ev.CardEffectFired(
                player=player,
                card_id=room.card_id,
                use=use,
                card=room.label(),
                ruling=Ruling(rule="R-CARD-EFFECT", key=key, args=args),
            )
        )
    return out


def _destroyed_itself(
    player: str, index: int, stack: RoomStack, args: dict[str, Arg]
) -> ev.RoomDestroyed:
    """The Room a Hero died in or walked out of destroys itself (R-DESTROY: the Room under
    it, if any, is uncovered)."""
    return ev.RoomDestroyed(
        player=player,
        index=index,
        ruling=Ruling(rule="R-CARD-EFFECT", key="card.destroyed_itself", args=args),
    )


def _marked(player: str, room: Room, mark: str) -> ev.CardEffectFired:
    """The mark that a once-per-turn ability has fired (no offer, no words of its own)."""
    assert room.card_id is not None
    return ev.CardEffectFired(
        player=player,
        card_id=room.card_id,
        use=mark,
        card=room.label(),
        ruling=Ruling(rule="R-CARD-EFFECT", key="card.marked", args={"card": room.label()}),
    )


def sends_back(state: GameState, index: int) -> tuple[str, str] | None:
    """The card that sends the walking Hero back one Room as it enters the Room at
    ``index`` (its label, and the mark that it fired), or None. It fires the first time
    each Hero enters it in a turn, and not when there is no previous Room or that Room is
    deactivated (a blank space)."""
    walk = state.walk
    if walk is None or index == 0:
        return None
    dungeon = state.player(walk.player).dungeon
    room = dungeon[index].top
    for ability in abilities(dungeon[index], "hero_enters_first"):
        if not any(isinstance(e, MoveHero) and e.to == "back_one_room" for e in ability.effects):
            continue
        assert room.card_id is not None  # abilities() found it by its id
        use = use_mark(walk.player, index, room.card_id, walk.hero)
        if use in state.card_uses or dungeon[index - 1].deactivated:
            return None
        return room.label(), use
    return None


def died_here(state: GameState, player: str, index: int, hero: int) -> list[ev.EventBase]:
    """The abilities of the Room a Hero died in that fire for its owner (once per turn
    where the card says so). They are offered, not applied: a heal is the owner's
    ``HealWound``; an off-table effect is a reminder."""
    p = state.player(player)
    if index >= len(p.dungeon) or p.dungeon[index].deactivated:
        return []
    stack = p.dungeon[index]
    room = stack.top
    out: list[ev.EventBase] = []
    for ability in abilities(stack, "hero_dies_here"):
        assert room.card_id is not None
        args = _hero_room_args(state, player, index, hero, room, ability)
        use = use_mark(player, index, room.card_id) if ability.once_per_turn else ""
        if use and use in state.card_uses:
            out.append(ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key="card.used_up", args=args)))
            continue
        if ability.destroys_itself:  # Bom-Boy Factory
            out.append(_destroyed_itself(player, index, stack, args))
            continue
        heals = any(isinstance(e, HealWound) for e in ability.effects)
        may = ability.optional and ability.offer is None
        if heals and not state.can_heal(player):
            out.append(
                ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key="card.heal_none", args=args))
            )
            continue
        out.append(
            ev.CardEffectFired(
                player=player,
                card_id=room.card_id,
                use=use,
                offer=ability.offer if heals else ("may" if may else None),
                card=room.label(),
                mandatory=heals and not ability.optional,
                ruling=Ruling(rule="R-CARD-EFFECT", key="card.died_here", args=args),
            )
        )
    return out


def saying(ruling: Ruling, card_id: str, ability: Ability) -> Ruling:
    """``ruling`` naming the ability it is about (``does``), so it says what it does."""
    return ruling.model_copy(
        update={"args": {**ruling.args, "does": ability_ref(card_id, ability)}}
    )


def fire_ability(
    state: GameState, player: str, card_id: str, card: str, ability: Ability, ruling: Ruling
) -> list[ev.EventBase]:
    """One ability firing at its moment: offered to its player when the engine can carry
    it out (to each opponent with a Room, for Robobo), noted when it has nothing to aim at,
    a reminder otherwise. Its ruling says what the ability does."""
    ruling = saying(ruling, card_id, ability)
    offer = ability.offer
    if offer is None and ability.optional:
        offer = "may"  # the players carry it out; the referee asks whether they do
    if offer == "destroy_own_room":
        return [
            ev.Noted(ruling=ruling),  # the Boss's Level Up, then each opponent's choice
            *(
                ev.CardEffectFired(
                    player=p.name,
                    card_id=card_id,
                    offer=offer,
                    card=card,
                    owner=player,
                    mandatory=not ability.optional,
                    ruling=Ruling(
                        rule="R-CARD-EFFECT",
                        key="card.offer_destroy",
                        args={"player": p.name, "card": card, "owner": player},
                    ),
                )
                for p in state.players
                if p.name != player and not p.eliminated and p.dungeon
            ),
        ]
    # An offer with nothing to take is noted instead of asked.
    if offer == "heal_wound" and not state.can_heal(player):
        nothing = "card.no_wound"
    elif not has_room_target(state, player, offer, card_id):  # or another Boss (Mirrax)
        nothing = "card.no_boss_target" if offer in BOSS_OFFERS else "card.no_room_target"
    elif offer in (
        "ordinary_hero_to_entrance",
        "town_hero_to_entrance",
        "kill_town_hero",
        "damage_own_hero",
        "take_scored_hero",
    ) and not offer_heroes(state, offer, player):
        nothing = "card.no_target"
    else:
        nothing = ""
    if nothing:
        args = {"player": player, "card": card}
        return [ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key=nothing, args=args))]
    return [
        ev.CardEffectFired(
            player=player,
            card_id=card_id,
            offer=offer,
            card=card,
            mandatory=offer is not None and not ability.optional,
            ruling=ruling,
        )
    ]


def built(state: GameState, player: str, room: Room) -> list[ev.EventBase]:
    """'When you build this Room' abilities of a Room just revealed (offers or reminders),
    then 'when you build another Room' abilities of the builder's other Rooms."""
    p = state.player(player)
    covered = p.pending.over if p.pending is not None else None
    # Revealed, a new Room goes in front (index 0) and the others move one place on.
    shift = 1 if covered is None else 0
    at = 0 if covered is None else covered
    out = built_here(state, player, room, at, reveal=True)
    out += lasting_effects.boss_on_build(state, player, room, at)
    out += fire_rooms(
        state,
        player,
        "you_build_another",
        "card.built_another",
        {"room": room.label()},
        skip=covered,
        when=lambda a: a.condition != "built_monster_room" or room.kind == "monster",
        shift=shift,
    )
    return out


def built_here(
    state: GameState, player: str, room: Room, at: int, reveal: bool = False
) -> list[ev.EventBase]:
    """'When you build this Room' abilities of ``room`` at ``at``: carried out, offered or
    noted; ``reveal``: it is the builder's face-down Room (else treated as just built)."""
    out: list[ev.EventBase] = []
    args: dict[str, Arg] = {"player": player, "card": room.label()}
    ruling = Ruling(rule="R-CARD-EFFECT", key="card.built", args=args)
    for ability in abilities(room, "you_build_this"):
        assert room.card_id is not None  # abilities() found it by its id
        said = saying(ruling, room.card_id, ability)
        if ability.self_boost:
            out += _boosted(player, at, ability, said)
        elif ability.carried_lasting:  # Elder Portal, Clock Tower: counters on the Room
            now = lasting_effects.revealed(state, player) if reveal else state
            out += lasting_effects.carry_out(now, player, at, ability, said)
        else:
            out += fire_ability(state, player, room.card_id, room.label(), ability, ruling)
    return out


def fire_rooms(
    state: GameState,
    player: str,
    trigger: Trigger,
    key: str,
    args: dict[str, Arg],
    skip: int | None = None,
    when: Callable[[Ability], bool] = lambda _a: True,
    shift: int = 0,
) -> list[ev.EventBase]:
    """The ``trigger`` abilities of ``player``'s active Rooms (not the one at ``skip``)
    whose condition ``when`` holds, each fired once per turn where the card says so.
    ``shift``: how far the events' Room places move from ``state``'s (a Room revealed in
    front of them)."""
    out: list[ev.EventBase] = []
    for index, stack in enumerate(state.player(player).dungeon):
        room = stack.top
        if stack.deactivated or index == skip or room.card_id is None:
            continue
        for ability in abilities(stack, trigger):
            if not when(ability):
                continue
            mark = f"{use_mark(player, index + shift, room.card_id)}:{trigger}"
            if ability.once_per_turn and mark in state.card_uses:
                continue
            ruling = Ruling(
                rule="R-CARD-EFFECT",
                key=key,
                args={**args, "player": player, "card": room.label()},
            )
            if ability.self_boost or ability.carried_lasting:
                said = saying(ruling, room.card_id, ability)
                if ability.carried_lasting:  # counters, or the Room destroying itself
                    now = lasting_effects.revealed(state, player) if shift else state
                    out += lasting_effects.carry_out(now, player, index + shift, ability, said)
                else:
                    out += _boosted(player, index + shift, ability, said)
                if ability.once_per_turn:
                    out.append(_marked(player, room, mark))
                continue
            fired = fire_ability(state, player, room.card_id, room.label(), ability, ruling)
            if ability.once_per_turn:
                fired = [
                    e.model_copy(update={"use": mark}) if isinstance(e, ev.CardEffectFired) else e
                    for e in fired
                ]
            out += fired
    return out


def turn_ended(state: GameState) -> list[ev.EventBase]:
    """'At the end of each turn' abilities of every player still in the game (not those
    asked before the turn ends: ``end_choices``)."""
    return [
        e
        for p in state.players
        if not p.eliminated
        for e in fire_rooms(
            state, p.name, "turn_end", "card.turn_end", {}, when=lambda a: a.offer is None
        )
    ]


def end_choices(state: GameState) -> list[ev.EventBase]:
    """'At the end of each turn' abilities that need their owner's choice (Blockpile
    Puzzle: which Room it destroys), asked once when the turn would end; the turn ends
    once they are answered (R-CARD-EFFECT). Asked once a turn: a Room destroyed by the
    answer moves the others, so their marks by place would not match again."""
    if any(u.endswith(":turn_end") for u in state.card_uses):
        return []  # already asked this turn (the turn's own end marks come after)
    return [
        e
        for p in state.players
        if not p.eliminated
        for e in fire_rooms(
            state, p.name, "turn_end", "card.turn_end", {}, when=lambda a: a.offer is not None
        )
    ]


def turn_started(state: GameState) -> list[ev.EventBase]:
    """'At the beginning of your turn' abilities (every Room upright again, R-DEACTIVATE)."""
    upright = state.model_copy(
        update={
            "players": tuple(
                p.model_copy(
                    update={
                        "dungeon": tuple(
                            s.model_copy(update={"deactivated": False}) for s in p.dungeon
                        )
                    }
                )
                for p in state.players
            ),
            "card_uses": (),
        }
    )
    return [
        e
        for p in upright.players
        if not p.eliminated
        for e in fire_rooms(upright, p.name, "turn_start", "card.turn_start", {})
    ]


def spell_played(state: GameState, caster: str, spell: str) -> list[ev.EventBase]:
    """'When you play a Spell' abilities of the caster's Rooms and 'when an opponent plays
    a Spell' abilities of the others'."""
    out: list[ev.EventBase] = []
    for p in state.players:
        if p.eliminated:
            continue
        trigger: Trigger = "you_play_spell" if p.name == caster else "opponent_plays_spell"
        out += fire_rooms(
            state, p.name, trigger, "card.spell_played", {"caster": caster, "spell": spell}
        )
    return out


def uncovered(state: GameState, player: str, index: int) -> list[ev.EventBase]:
    """'When you uncover this Room' abilities of the Room now on top at ``index``, in the
    state just after the Room over it was destroyed (offers or reminders)."""
    p = state.player(player)
    if index >= len(p.dungeon) or p.dungeon[index].deactivated:
        return []
    room = p.dungeon[index].top
    out: list[ev.EventBase] = lasting_effects.boss_on_uncover(p, index)  # Eclipse
    if room.card_id is None:
        return out
    ruling = Ruling(
        rule="R-CARD-EFFECT", key="card.uncovered", args={"player": player, "card": room.label()}
    )
    for ability in abilities(p.dungeon[index], "you_uncover_this"):
        said = saying(ruling, room.card_id, ability)
        if ability.self_boost:
            out += _boosted(player, index, ability, said)
            continue
        if ability.carried_lasting:  # Caged Gundarf: its damage doubled
            out += lasting_effects.carry_out(state, player, index, ability, said)
            continue
        out += fire_ability(state, player, room.card_id, room.label(), ability, ruling)
    return out


def destroyed(before: GameState, after: GameState, player: str, index: int) -> list[ev.EventBase]:
    """What a Room's destruction fires (``before`` and ``after`` the destroy): the Room it
    uncovers (none when its place is gone), and 'when another Room in your dungeon is
    destroyed' abilities of the owner's other Rooms."""
    gone = before.player(player).dungeon[index]
    out = uncovered(after, player, index) if len(gone.rooms) > 1 else []
    skip = index if len(gone.rooms) > 1 else None  # the uncovered Room is not "another"
    out += fire_rooms(
        after,
        player,
        "another_destroyed",
        "card.another_destroyed",
        {"room": gone.top.label()},
        skip,
    )
    return out
