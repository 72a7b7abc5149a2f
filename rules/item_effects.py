"""Tools of Hero-Kind's Item abilities carried out (R-ITEM with R-CARD-EFFECT): a
Power-Up on the walk of the Hero carrying the Item, a Reward when its owner uses it.

``rules.expansions.after`` hands every event of a game with Items to ``after``:

- a Hero carrying an Item starts its walk (``WalkStarted``): "when this Hero enters your
  dungeon" (Pet Monster, Ten Foot Pole: the first Monster or Trap Room is deactivated);
- it enters a Room (``HeroEnteredRoom`` of a step forward): damage it ignores is taken
  back at once (Goblin Suit, Star of Invulnerability, The Bomb), the Room may be acted on
  (The Bomb destroys the last Room), and Boots of Jumping arm the skip of the next Room
  (skipped only if the Hero walks on alive, which is surviving this one);
- it walks alive out of a Room (the next step forward, or reaching the Boss): Ice Rod
  deactivates that Room, Inquisitor's Robes destroy the first Advanced one, Bag of
  Holding one with two or more treasure icons. A Room skipped is not one survived; this
  reading takes the Room before the one entered, so a skip forced on a Hero by the table
  counts the Room before it.
- it enters a Room that may take its Item (Magnetic Ceiling): asked Yes or No;
- its owner uses it face up (``ItemUsed``): the Reward, ``rules.item_rewards``.
"""

from __future__ import annotations

from rules import build, item_rewards
from rules import events as ev
from rules.card_effects import abilities, ability_ref, use_mark
from rules.effects import Trigger
from rules.evolve import evolve
from rules.item_kinds import (
    ActOnRoom,
    DeactivateFirst,
    HealthBonus,
    IgnoreDamage,
    SkipNextRoom,
    TakeItem,
    WoundUntilEndOfTurn,
)
from rules.item_rewards import EVERY_HERO, carried, health, marked, says
from rules.models import GameState, PlayerState, RoomStack
from rules.room_kinds import RearrangeRooms
from rules.room_order import reversed_rooms
from rules.rulings import Arg, Ruling
from rules.turn_marks import wound_mark

# The ruling keys of a step forward into a Room (rules.adventure._step).
STEP_KEYS = ("adv.enter", "adv.enter_card", "adv.pass_blank")


def _power_ups(
    state: GameState, trigger: Trigger, index: int | None, entered: int = 0
) -> list[ev.EventBase]:
    """The carrier's Item's ``trigger`` Power-Ups, for the Room at ``index`` (or none);
    ``entered``: the damage that Room just dealt it."""
    found = carried(state)
    walk = state.walk
    if found is None or walk is None:
        return []
    item_id, card = found
    owner = state.player(walk.player)
    args: dict[str, Arg] = {"hero": state.hero(walk.hero).label(), "player": owner.name}
    out: list[ev.EventBase] = []
    for ability in (a for a in card.abilities if a.trigger == trigger):
        said = says(card, ability, args, "item.power_up")
        for effect in ability.effects:
            if isinstance(effect, WoundUntilEndOfTurn):  # taken back as the turn ends
                mark = wound_mark(state, owner.name)
                out += [
                    ev.ScoreCorrected(player=owner.name, souls=0, wounds=1, ruling=said),
                    marked(owner.name, item_id, mark),
                ]
                continue
            out += _power_up(state, owner, index, effect, said, (item_id, entered))
    return out


def _power_up(
    state: GameState,
    owner: PlayerState,
    index: int | None,
    effect: object,
    said: Ruling,
    item: tuple[int, int],
) -> list[ev.EventBase]:
    """One Power-Up effect; ``item``: the Item's id and the damage the Room just dealt."""
    item_id, entered = item
    dungeon = owner.dungeon
    stack = dungeon[index] if index is not None and index < len(dungeon) else None
    if isinstance(effect, HealthBonus) and state.walk is not None:
        return health(state, owner, effect, state.walk.hero, said)
    if isinstance(effect, DeactivateFirst):
        first = next((i for i, s in owner.active_rooms() if s.top.kind == effect.room_type), None)
        if first is None:
            return []
        return [build.deactivate(state, owner, first).model_copy(update={"ruling": said})]
    if isinstance(effect, SkipNextRoom) and state.walk is not None:
        return [ev.SkipArmed(ruling=said)]
    if isinstance(effect, RearrangeRooms):  # Magic Mirror: reversed before it enters
        return reversed_rooms(owner, said)
    if stack is None or index is None:
        return []
    if isinstance(effect, IgnoreDamage) and _ignores(effect, stack, index, len(dungeon)):
        return [ev.HeroDamageChanged(amount=-entered, ruling=said)] if entered > 0 else []
    if isinstance(effect, ActOnRoom) and not stack.deactivated:
        if not _fits(effect, stack, index, len(dungeon)):
            return []
        mark = f"item:{item_id}:first:{state.walk.hero if state.walk else ''}"
        if effect.first_only and mark in state.card_uses:
            return []
        if effect.action == "deactivate":
            done: ev.EventBase = build.deactivate(state, owner, index)
        else:
            done = build.destroy(state, owner, index)
        out: list[ev.EventBase] = [done.model_copy(update={"ruling": said})]
        if effect.first_only:
            out.insert(0, marked(owner.name, item_id, mark))
        return out
    return []


def _every_hero(state: GameState, event: ev.WalkStarted) -> list[ev.EventBase]:
    """A Hero entering a dungeon whose owner's Item gave each one +Health this turn."""
    out: list[ev.EventBase] = []
    for mark in state.card_uses:
        owner, _, amount = mark.removeprefix(EVERY_HERO).rpartition(":")
        if mark.startswith(EVERY_HERO) and owner == event.player and amount.isdigit():
            args: dict[str, Arg] = {"hero": state.hero(event.hero).label(), "amount": int(amount)}
            ruling = Ruling(rule="R-ITEM", key="item.health_every_hero", args=args)
            out.append(ev.HeroHealthGained(amount=int(amount), ruling=ruling))
    return out


def _ignores(effect: IgnoreDamage, stack: RoomStack, index: int, rooms: int) -> bool:
    if effect.rooms == "ordinary_monster":
        return stack.top.kind == "monster" and not stack.top.advanced
    if effect.rooms == "first_three":
        return index < 3
    return index == rooms - 1


def _fits(effect: ActOnRoom, stack: RoomStack, index: int, rooms: int) -> bool:
    if effect.only == "advanced":
        return stack.top.advanced
    if effect.only == "multi_treasure":
        return len(stack.top.treasure) >= 2
    if effect.only == "last":
        return index == rooms - 1
    return True


def after(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """What Items add after ``event`` (``state`` already includes it)."""
    if isinstance(event, ev.ItemUsed):
        return item_rewards.used(state, event)
    if isinstance(event, ev.WalkStarted):
        return [*_every_hero(state, event), *_power_ups(state, "carrier_enters_dungeon", None)]
    if isinstance(event, ev.HeroEnteredRoom) and event.ruling.key in STEP_KEYS:
        survived = _power_ups(state, "carrier_survives_room", event.room - 1) if event.room else []
        after_survived = state
        for e in survived:
            after_survived = evolve(after_survived, e)
        here = after_survived.walk.room if after_survived.walk else None
        entering = _power_ups(after_survived, "carrier_enters_room", here, event.damage)
        return [*survived, *entering, *_magnet(after_survived, here)]
    return []


def _magnet(state: GameState, index: int | None) -> list[ev.EventBase]:
    """A Hero carrying an Item enters a Room that may take it (Magnetic Ceiling): asked,
    once per turn where the card says so."""
    walk = state.walk
    if walk is None or index is None or state.items.carried_by(walk.hero) is None:
        return []
    owner = state.player(walk.player)
    stack = owner.dungeon[index] if index < len(owner.dungeon) else None
    if stack is None or stack.deactivated or stack.top.card_id is None:
        return []
    out: list[ev.EventBase] = []
    for ability in abilities(stack, "hero_enters"):
        if not any(isinstance(e, TakeItem) for e in ability.effects):
            continue
        mark = f"{use_mark(owner.name, index, stack.top.card_id)}:take_item"
        if ability.once_per_turn and mark in state.card_uses:
            continue
        item = state.items.item(state.items.carried_by(walk.hero) or 0)
        args: dict[str, Arg] = {
            "hero": state.hero(walk.hero).label(),
            "item": item.label(),
            "card": stack.top.label(),
            "player": owner.name,
            "does": ability_ref(stack.top.card_id, ability),
        }
        out.append(
            ev.CardEffectFired(
                player=owner.name,
                card_id=stack.top.card_id,
                use=mark if ability.once_per_turn else "",
                offer="may",
                card=stack.top.label(),
                ruling=Ruling(rule="R-ITEM", key="item.enters_with", args=args),
            )
        )
    return out


def before(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """What Items do just before ``event``: a Hero reaching the Boss alive survived the
    last Room (its Item's Power-Up acts on that Room while the walk is still there)."""
    walk = state.walk
    if isinstance(event, ev.HeroSurvived) and walk is not None and walk.room is not None:
        return [
            *_power_ups(state, "carrier_survives_room", walk.room),
            *_power_ups(state, "carrier_survives_dungeon", None),
        ]
    return []
