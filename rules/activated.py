"""Activated Room abilities (R-CARD-EFFECT): "Destroy this Room: kill a Hero in this Room".

A Room whose ability its owner uses at will (``trigger`` ``at_will``) gets its own command,
``UseRoomAbility``. ``usable`` says whether it may be used now (the app offers its button
only then): the Room is active and face up, the phase fits the ability's timing, it has
not been used this turn where the card says once per turn, and what it aims at is there
(a Hero standing in this Room). ``use`` gives the events of the effect and the Room its
cost destroys; the engine destroys that Room as a Destroy command would, so what the
destruction uncovers fires too. Effects off the table are noted with what they do.
"""

from __future__ import annotations

from rules import (
    adventure,
    build,
    card_triggers,
    holds,
    item_flips,
    lasting_effects,
    room_order,
    spell_effects,
)
from rules import commands as cmd
from rules import events as ev
from rules.card_effects import abilities, ability_ref, hit, use_mark
from rules.coin_effects import cost_payable
from rules.effect_groups import ROOM_AIMS
from rules.effect_kinds import (
    AbilityAgain,
    DamageHero,
    DeactivateRoom,
    HeroHealth,
    KillHero,
    MoveHero,
    RoomDamagePlus,
    RoomTreasure,
    TreasureDouble,
)
from rules.effects import Ability, Trigger
from rules.errors import RulesError
from rules.hold_kinds import KeepAtEntrance
from rules.item_kinds import AttachItem, FlipItem, PickRoom
from rules.item_rewards import pick_asked
from rules.models import GameState, PlayerState, RoomStack
from rules.phases import phases_of
from rules.room_kinds import AT_WILL_KINDS
from rules.rulings import Ruling


def _mark(player: str, index: int, card_id: str) -> str:
    return f"{use_mark(player, index, card_id)}:at_will"


def _fits(state: GameState, player: PlayerState, index: int, ability: Ability) -> bool:
    """Whether ``ability`` of the Room at ``index`` may be used now."""
    if ability.timing != "any" and state.phase != ability.timing:
        return False
    if all(getattr(e, "what", "") == "hands_and_decks" for e in ability.effects):
        return False  # works from the hand (Antimagic Zone): nothing for the Room to do
    if state.phase not in phases_of(cmd.UseRoomAbility):
        return False
    room = player.dungeon[index].top
    assert room.card_id is not None
    if ability.once_per_turn and _mark(player.name, index, room.card_id) in state.card_uses:
        return False
    if ability.target == "hero_in_this_room" and not state.hero_stands_in(player.name, index):
        return False
    if not cost_payable(state, player, index, ability):  # Coins, a Monster Room, a limit
        return False
    if not item_flips.has_items(state, player, ability):  # an Item to turn over or attach
        return False
    if not holds.has_heroes(state, player.name, ability):  # a Hero at the entrance to hold
        return False
    if ability.target == "hero_in_any_dungeon" and (state.walk is None or state.walk.room is None):
        return False  # no Hero walking a dungeon
    if ability.cost == "remove_counter" and not player.dungeon[index].counters:
        return False  # no counter left to pay with
    if ability.target in ROOM_AIMS and not aims(state, ability):
        return False  # no Room to aim at
    if not spell_effects.condition_holds(state, player.name, ability.condition):
        return False  # "when a Hero is at your entrance" (Efreet's Chamber)
    if any(isinstance(e, AbilityAgain) for e in ability.effects) and not again_rooms(player, index):
        return False  # no other Room of the owner's with such an ability
    others = ("destroy_another", "destroy_all_others")
    return not (ability.cost in others and len(player.dungeon) < 2)


#: The Omega 42's abilities fired again, in the order looked for (``_again``).
AGAIN: tuple[Trigger, ...] = ("you_build_this", "you_uncover_this")


def _again(stack: RoomStack) -> Trigger | None:
    """Which abilities The Omega 42 fires again on this Room: its "when you build this
    Room" ones, or, with none, its "when you uncover this Room" ones (None: neither)."""
    for trigger in AGAIN:
        if any(abilities(stack, trigger)):
            return trigger
    return None


def again_rooms(player: PlayerState, index: int) -> tuple[int, ...]:
    """The owner's other active Rooms whose "when you build" (or "when you uncover")
    ability the Room at ``index`` may fire again (The Omega 42), R-CARD-EFFECT: a Room
    covered face down or whose ability text is ignored this turn has none."""
    return tuple(
        i
        for i, stack in player.active_rooms()
        if i != index
        and not player.face_down_at(i)
        and not stack.ability_ignored
        and _again(stack) is not None
    )


def _fired_again(
    state: GameState, player: PlayerState, command: cmd.UseRoomAbility
) -> list[ev.EventBase]:
    """The Room named fires its "when you build" (or "when you uncover") ability again."""
    if command.room not in again_rooms(player, command.index) or command.target not in (
        None,
        player.name,
    ):
        raise RulesError("R-CARD-EFFECT", "err.ability_needs_room")
    at = command.room
    if _again(player.dungeon[at]) == "you_build_this":
        return card_triggers.built_here(state, player.name, player.dungeon[at].top, at)
    return card_triggers.uncovered(state, player.name, at)


def aims(state: GameState, ability: Ability) -> tuple[tuple[str, int], ...]:
    """The Rooms (player, index) in any dungeon an activated ability may aim at: active
    ones (a deactivated Room is a blank space), of the kind the card names."""
    return tuple(
        (p.name, i)
        for p in state.players
        if not p.eliminated
        for i, s in p.active_rooms()
        if spell_effects.fits_target(ability, s.top)
    )


def usable(state: GameState, name: str, index: int) -> Ability | None:
    """The activated ability of ``name``'s Room at ``index`` that may be used now, or None
    (a deactivated Room, or one covered face down this phase, has none: R-DEACTIVATE)."""
    if not state.has_player(name):
        return None
    player = state.player(name)
    if player.eliminated or index >= len(player.dungeon):
        return None
    stack = player.dungeon[index]
    if stack.deactivated or player.face_down_at(index):
        return None
    return next((a for a in abilities(stack, "at_will") if _fits(state, player, index, a)), None)


def use(
    state: GameState, command: cmd.UseRoomAbility
) -> tuple[list[ev.EventBase], tuple[int, ...]]:
    """The events of using the ability, and the Rooms (indices, last first) its cost
    destroys."""
    ability = usable(state, command.player, command.index)
    player = state.player(command.player) if state.has_player(command.player) else None
    if ability is None or player is None:
        raise RulesError("R-CARD-EFFECT", "err.ability_not_now", index=command.index + 1)
    room = player.dungeon[command.index].top
    assert room.card_id is not None
    args: dict[str, str | int] = {
        "player": player.name,
        "card": room.label(),
        "does": ability_ref(room.card_id, ability),
    }
    out: list[ev.EventBase] = [
        ev.CardEffectFired(
            player=player.name,
            card_id=room.card_id,
            use=_mark(player.name, command.index, room.card_id),
            card=room.label(),
            ruling=Ruling(rule="R-CARD-EFFECT", key="card.used", args=args),
        )
    ]
    if ability.cost == "remove_counter":  # paid on the Room itself (Elder Portal)
        out.append(
            ev.RoomCountersChanged(
                player=player.name, index=command.index, amount=-1, ruling=out[0].ruling
            )
        )
    for effect in ability.effects:
        if isinstance(effect, KillHero):
            out += adventure.kill(state)
        elif isinstance(effect, RoomDamagePlus) and effect.rooms == "this":
            out.append(
                ev.RoomBoosted(
                    player=player.name,
                    index=command.index,
                    amount=effect.amount,
                    ruling=out[0].ruling,
                )
            )
        elif isinstance(effect, DamageHero) and effect.amount is not None:
            out += adventure.damage(state, effect.amount)
        elif isinstance(effect, MoveHero) and effect.to == "town":
            out += adventure.send_back(state, "town")
        elif isinstance(effect, MoveHero) and effect.to == "first_room":
            out.append(to_first_room(state, player, room.label()))
        elif effect.kind in AT_WILL_KINDS:  # a number, an amount: asked (rules.room_order)
            out.append(room_order.asked_at_will(player.name, room, ability, out[0].ruling))
        elif isinstance(effect, KeepAtEntrance):  # which Hero: named by the button
            label = room.label()
            out.append(
                holds.kept_at_entrance(state, player.name, command.hero, room.card_id, label)
            )
        elif isinstance(effect, AttachItem):  # which Item, which Hero: named by the button
            out += item_flips.attached(state, command.item, command.hero, room.label())
        elif isinstance(effect, FlipItem):  # which Item: named by the button
            out += item_flips.flipped(state, player, command.item, effect, room.label())
        elif isinstance(effect, PickRoom):  # which Room: asked (The Catapult)
            out.append(pick_asked(player.name, room.card_id, room.label(), effect, out[0].ruling))
        elif isinstance(effect, DeactivateRoom):
            out.append(build.deactivate(state, _aimed(state, command), command.room or 0))
        elif isinstance(effect, HeroHealth):  # Werewolf Den: the Hero walking any dungeon
            label = room.label()
            out.append(spell_effects.more_health(state, player.name, ability, effect, label))
        elif isinstance(effect, AbilityAgain):  # The Omega 42: a Room named
            out += _fired_again(state, player, command)
        elif isinstance(effect, TreasureDouble):  # Jackpot Stash: the other Rooms
            out += lasting_effects.doubled(player, command.index, out[0].ruling)
        elif isinstance(effect, RoomTreasure | RoomDamagePlus) and ability.target in ROOM_AIMS:
            aimed = _aimed(state, command)
            out.append(
                spell_effects.aimed_at(aimed, command.room or 0, ability, effect, out[0].ruling)
            )
        elif isinstance(effect, RoomDamagePlus) and effect.rooms == "all_own":
            rooms = [i for i, _ in player.active_rooms()]
            out += boosted(player, rooms, effect.amount, room.label())
    return out, _cost(player, command, ability)


def boosted(owner: PlayerState, rooms: list[int], amount: int, card: str) -> list[ev.EventBase]:
    """``card`` gives each of ``owner``'s Rooms at ``rooms`` ``amount`` more (or, below 0,
    less) damage until end of turn (R-CARD-EFFECT)."""
    key = "card.room_boosted" if amount > 0 else "card.room_less"
    return [
        ev.RoomBoosted(
            player=owner.name,
            index=i,
            amount=amount,
            ruling=Ruling(
                rule="R-CARD-EFFECT",
                key=key,
                args={
                    "card": card,
                    "room": owner.dungeon[i].top.label(),
                    "room_n": i + 1,
                    "amount": abs(amount),
                },
            ),
        )
        for i in rooms
    ]


def to_first_room(state: GameState, player: PlayerState, card: str) -> ev.EventBase:
    """The Hero standing in the Room goes back to the first Room of the dungeon, entering
    it again (its damage again), and walks on from there."""
    walk = state.walk
    assert walk is not None  # usable() saw the Hero in the Room
    damage = hit(state, player.name, 0).damage
    hero = state.hero(walk.hero)
    return ev.HeroEnteredRoom(
        room=0,
        damage=damage,
        ruling=Ruling(
            rule="R-CARD-EFFECT",
            key="card.to_first_room",
            args={
                "card": card,
                "hero": hero.label(),
                "room": player.dungeon[0].top.label(),
                "damage": damage,
                "total": walk.damage + damage,
                "health": state.health_of(walk),
            },
        ),
    )


def _aimed(state: GameState, command: cmd.UseRoomAbility) -> PlayerState:
    if command.target is None or command.room is None or not state.has_player(command.target):
        raise RulesError("R-CARD-EFFECT", "err.ability_needs_room")
    target = state.player(command.target)
    if command.room >= len(target.dungeon):
        raise RulesError("R-CARD-EFFECT", "err.ability_needs_room")
    return target


def _cost(player: PlayerState, command: cmd.UseRoomAbility, ability: Ability) -> tuple[int, ...]:
    """The Rooms the ability's cost destroys, last first (this one, another of the
    owner's, or every other one: The Smashinator)."""
    room = player.dungeon[command.index].top
    if ability.cost == "destroy_this":
        return (command.index,)
    if ability.cost == "destroy_all_others":
        others = (i for i, _ in player.active_rooms() if i != command.index)
        return tuple(sorted(others, reverse=True))
    if ability.cost in ("destroy_another", "destroy_own_monster_room"):
        other = command.other
        if other not in other_rooms(player, command.index, ability):
            raise RulesError("R-CARD-EFFECT", "err.ability_needs_other", card=room.label())
        return (other,)
    return ()


def other_rooms(player: PlayerState, index: int, ability: Ability) -> tuple[int, ...]:
    """The Rooms of the owner's a "destroy another Room" cost may take (only Monster
    Rooms, where the card says so)."""
    monster = ability.cost == "destroy_own_monster_room"
    return tuple(
        i
        for i, s in enumerate(player.dungeon)
        if i != index and (not monster or s.top.kind == "monster")
    )
