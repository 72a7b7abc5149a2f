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
- its owner uses it face up (``ItemUsed``): the Reward, carried out or offered.
"""

from __future__ import annotations

from rules import adventure, build
from rules import events as ev
from rules.card_effects import abilities, ability_ref, effects_of, room_damage, use_mark
from rules.card_offers import offer_rooms
from rules.effects import Ability, CardEffects, OfferKind, Trigger
from rules.errors import RulesError
from rules.evolve import evolve
from rules.item_kinds import (
    ActOnRoom,
    BoostOwnRooms,
    DeactivateFirst,
    HealOrdinaryWound,
    HealthBonus,
    IgnoreDamage,
    KillWornHero,
    PickRoom,
    RoomBlast,
    SkipNextRoom,
    TakeItem,
)
from rules.models import CardOffer, GameState, PlayerState, RoomStack
from rules.rulings import Arg, Ruling

# The ruling keys of a step forward into a Room (rules.adventure._step).
STEP_KEYS = ("adv.enter", "adv.enter_card", "adv.pass_blank")


def _card(state: GameState, item_id: int) -> CardEffects | None:
    return effects_of(state.items.item(item_id).card.card_id)


def _carried(state: GameState) -> tuple[int, CardEffects] | None:
    """The walking Hero's Item (its id and abilities), if it carries a known one."""
    walk = state.walk
    item_id = state.items.carried_by(walk.hero) if walk is not None else None
    if item_id is None:
        return None
    card = _card(state, item_id)
    return None if card is None else (item_id, card)


def _says(card: CardEffects, ability: Ability, args: dict[str, Arg], key: str) -> Ruling:
    return Ruling(
        rule="R-ITEM",
        key=key,
        args={**args, "item": card.name, "does": ability_ref(card.id, ability)},
    )


def _power_ups(
    state: GameState, trigger: Trigger, index: int | None, entered: int = 0
) -> list[ev.EventBase]:
    """The carrier's Item's ``trigger`` Power-Ups, for the Room at ``index`` (or none);
    ``entered``: the damage that Room just dealt it."""
    found = _carried(state)
    walk = state.walk
    if found is None or walk is None:
        return []
    item_id, card = found
    owner = state.player(walk.player)
    args: dict[str, Arg] = {"hero": state.hero(walk.hero).label(), "player": owner.name}
    out: list[ev.EventBase] = []
    for ability in (a for a in card.abilities if a.trigger == trigger):
        said = _says(card, ability, args, "item.power_up")
        for effect in ability.effects:
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
        return _health(state, owner, effect, state.walk.hero, said)
    if isinstance(effect, DeactivateFirst):
        first = next((i for i, s in owner.active_rooms() if s.top.kind == effect.room_type), None)
        if first is None:
            return []
        return [build.deactivate(state, owner, first).model_copy(update={"ruling": said})]
    if isinstance(effect, SkipNextRoom) and state.walk is not None:
        return [ev.SkipArmed(ruling=said)]
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
            out.insert(0, _mark(owner.name, item_id, mark))
        return out
    return []


def _health(
    state: GameState, owner: PlayerState, effect: HealthBonus, hero: int, said: Ruling
) -> list[ev.EventBase]:
    """+Health until end of turn for ``hero`` (per Monster Room of ``owner``'s); for each
    Hero entering ``owner``'s dungeon this turn, the mark that says so too."""
    amount = effect.amount
    if effect.per == "monster_room":
        amount *= sum(1 for _, s in owner.active_rooms() if s.top.kind == "monster")
    out: list[ev.EventBase] = []
    if effect.every_hero:
        mark = f"{EVERY_HERO}{owner.name}:{amount}"
        if mark in state.card_uses:
            return []  # the mark already raises each Hero entering (walk_started)
        out.append(_mark(owner.name, -1, mark))
    if amount:
        out.append(ev.HeroHealthRaised(hero=hero, amount=amount, ruling=said))
    return out


EVERY_HERO = "health_every_hero:"


def _every_hero(state: GameState, event: ev.WalkStarted) -> list[ev.EventBase]:
    """A Hero entering a dungeon whose owner's Item gave each one +Health this turn."""
    out: list[ev.EventBase] = []
    for mark in state.card_uses:
        owner, _, amount = mark.removeprefix(EVERY_HERO).rpartition(":")
        if mark.startswith(EVERY_HERO) and owner == event.player and amount.isdigit():
            args: dict[str, Arg] = {"hero": state.hero(event.hero).label(), "amount": int(amount)}
            ruling = Ruling(rule="R-ITEM", key="item.health_every_hero", args=args)
            out.append(ev.HeroHealthRaised(hero=event.hero, amount=int(amount), ruling=ruling))
    return out


def _mark(player: str, item_id: int, mark: str) -> ev.CardEffectFired:
    return ev.CardEffectFired(
        player=player,
        card_id=f"item{item_id}",
        use=mark,
        ruling=Ruling(rule="R-ITEM", key="card.marked", args={"card": "Item"}),
    )


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


# --- Rewards -------------------------------------------------------------------------------

_PICKS: dict[tuple[str, str, bool], OfferKind] = {
    ("destroy", "advanced", False): "destroy_advanced_room_any",
    ("deactivate", "any", False): "deactivate_room_any",
    ("deactivate", "any", True): "deactivate_opponent_room",
    ("deactivate", "monster", False): "deactivate_monster_room_any",
    ("deactivate", "trap", False): "deactivate_trap_room_any",
    ("double", "monster", False): "double_own_monster_room",
}


def pick_offer(effect: PickRoom) -> OfferKind | None:
    what = "advanced" if effect.advanced_only else effect.room_type
    return _PICKS.get((effect.action, what, effect.opponents_only))


def _reward(
    state: GameState, player: PlayerState, card: CardEffects, ability: Ability, effect: object
) -> list[ev.EventBase]:
    args: dict[str, Arg] = {"player": player.name}
    said = _says(card, ability, args, "item.reward")
    nothing: list[ev.EventBase] = [
        ev.Noted(ruling=_says(card, ability, args, "item.reward_nothing"))
    ]
    walk = state.walk
    if isinstance(effect, BoostOwnRooms):
        boosted: list[ev.EventBase] = [
            ev.RoomBoosted(player=player.name, index=i, amount=effect.amount, ruling=said)
            for i, s in player.active_rooms()
            if effect.room_type in ("any", s.top.kind)
            and not (effect.ordinary_only and s.top.advanced)
        ]
        return boosted or nothing
    if isinstance(effect, HealOrdinaryWound):
        wound = next((s for s in player.healable if not state.hero(s.hero).card.epic), None)
        if wound is None:
            return nothing
        return [ev.WoundHealed(player=player.name, hero=wound.hero, ruling=said)]
    if isinstance(effect, KillWornHero):
        if walk is None or 2 * walk.damage < state.hero(walk.hero).card.health:
            return nothing
        return [ev.Noted(ruling=said), *adventure.kill(state)]
    if isinstance(effect, SkipNextRoom):
        return [ev.SkipArmed(ruling=said)] if walk is not None else nothing
    if isinstance(effect, RoomBlast):
        return _blast(state, player, effect, said) or nothing
    if isinstance(effect, HealthBonus):  # the owner picks a Hero in a dungeon
        return [
            ev.CardEffectFired(
                player=player.name,
                card_id=card.id,
                offer="raise_hero_health",
                card=card.name,
                mandatory=True,
                ruling=said,
            )
        ]
    if isinstance(effect, PickRoom):
        return [pick_asked(player.name, card.id, card.name, effect, said)]
    return []


def pick_asked(
    player: str, card_id: str, card: str, effect: PickRoom, ruling: Ruling
) -> ev.CardEffectFired:
    """The question of a Room to pick (an Item's Reward, a Room used: The Catapult)."""
    return ev.CardEffectFired(
        player=player,
        card_id=card_id,
        offer=pick_offer(effect),
        card=card,
        mandatory=True,
        ruling=ruling,
    )


def _blast(
    state: GameState, player: PlayerState, effect: RoomBlast, said: Ruling
) -> list[ev.EventBase]:
    """The Bomb's Reward: the Room of the owner's where the walking Hero stands takes
    ``damage`` to it (it dies there if that is enough), then the Room is destroyed."""
    walk = state.walk
    if walk is None or walk.player != player.name or walk.room is None:
        return []
    index = walk.room
    if player.dungeon[index].deactivated:
        return []
    out: list[ev.EventBase] = [ev.Noted(ruling=said), *adventure.damage(state, effect.damage)]
    after = state
    for event in out:
        after = evolve(after, event)
    if after.walk_lethal:
        out += adventure.kill(after)
        for event in out[2:]:
            after = evolve(after, event)
    out.append(build.destroy(after, after.player(player.name), index))
    return out


def raised(state: GameState, offer: CardOffer, hero: int) -> list[ev.EventBase]:
    """The Hero the owner picked for an Item's +Health Reward."""
    card = effects_of(offer.card_id)
    player = state.player(offer.player)
    out: list[ev.EventBase] = []
    for ability in card.abilities if card is not None else ():
        for effect in ability.effects:
            if ability.trigger == "item_used" and isinstance(effect, HealthBonus):
                assert card is not None
                args: dict[str, Arg] = {"player": player.name}
                said = _says(card, ability, args, "item.reward")
                out += _health(state, player, effect, hero, said)
    return out


def doubled(state: GameState, offer: CardOffer, room: int | None) -> ev.RoomBoosted:
    """The owner's Monster Room picked deals twice its damage until end of turn: it gets
    as much again as it deals now (Training Camp)."""
    if room is None or room not in offer_rooms(state, offer.player, offer.offer, offer.card_id):
        raise RulesError("R-CARD-EFFECT", "err.offer_boost_room", card=offer.card)
    player = state.player(offer.player)
    amount = room_damage(player, room, state.card_uses).damage
    args: dict[str, Arg] = {
        "card": offer.card,
        "room": player.dungeon[room].top.label(),
        "room_n": room + 1,
        "amount": amount,
    }
    ruling = Ruling(rule="R-CARD-EFFECT", key="card.room_boosted", args=args)
    return ev.RoomBoosted(player=player.name, index=room, amount=amount, ruling=ruling)


def used(state: GameState, event: ev.ItemUsed) -> list[ev.EventBase]:
    """The Reward of the Item its owner just used (it lies face down now)."""
    card = _card(state, event.item)
    if card is None:
        return []
    player = state.player(event.player)
    return [
        e
        for ability in card.abilities
        if ability.trigger == "item_used"
        for effect in ability.effects
        for e in _reward(state, player, card, ability, effect)
    ]


def after(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """What Items add after ``event`` (``state`` already includes it)."""
    if isinstance(event, ev.ItemUsed):
        return used(state, event)
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
    for ability in abilities(stack.top, "hero_enters"):
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


def accepted(state: GameState, offer: CardOffer) -> list[ev.EventBase]:
    """A Room's "may" taken that takes the Item of the Hero in it: it goes face down to
    the owner (nothing, once the Hero and its Item have gone on)."""
    card = effects_of(offer.card_id)
    if card is None or not any(isinstance(e, TakeItem) for a in card.abilities for e in a.effects):
        return []
    walk = state.walk
    item_id = state.items.carried_by(walk.hero) if walk is not None else None
    args: dict[str, Arg] = {"player": offer.player, "card": offer.card}
    if walk is None or walk.player != offer.player or item_id is None:
        return [ev.Noted(ruling=Ruling(rule="R-ITEM", key="item.nothing_to_take", args=args))]
    args |= {"hero": state.hero(walk.hero).label(), "item": state.items.item(item_id).label()}
    return [
        ev.ItemScored(
            player=offer.player,
            item=item_id,
            hero=walk.hero,
            face_up=False,
            ruling=Ruling(rule="R-ITEM", key="item.taken_by_room", args=args),
        )
    ]


def before(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """What Items do just before ``event``: a Hero reaching the Boss alive survived the
    last Room (its Item's Power-Up acts on that Room while the walk is still there)."""
    walk = state.walk
    if isinstance(event, ev.HeroSurvived) and walk is not None and walk.room is not None:
        return _power_ups(state, "carrier_survives_room", walk.room)
    return []
