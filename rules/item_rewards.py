"""Tools of Hero-Kind's Rewards (R-ITEM with R-CARD-EFFECT): what an Item does when its
owner uses it face up, carried out or asked (a Room, a Hero to pick), the answers to
those questions and to a Room that may take a Hero's Item; and the helpers the Power-Ups
share (``rules.item_effects``).
"""

from __future__ import annotations

from rules import adventure, build, miniboss_heroes, spell_effects, turn_bars
from rules import events as ev
from rules.card_effects import ability_ref, effects_of, room_damage
from rules.card_offers import offer_rooms
from rules.effects import Ability, CardEffects
from rules.errors import RulesError
from rules.evolve import evolve
from rules.item_kinds import (
    BoostOwnRooms,
    CopyReward,
    HealOrdinaryWound,
    HealthBonus,
    KillWornHero,
    PickRoom,
    RoomBlast,
    SkipNextRoom,
    TakeItem,
)
from rules.models import CardOffer, GameState, PlayerState
from rules.offer_kinds import OfferKind
from rules.rule_change_kinds import NoWoundLoss
from rules.rulings import Arg, Ruling
from rules.turn_marks import survivors
from rules.walk_kinds import RemoveSurvivor


def card_of(state: GameState, item_id: int) -> CardEffects | None:
    return effects_of(state.items.item(item_id).card.card_id)


def carried(state: GameState) -> tuple[int, CardEffects] | None:
    """The walking Hero's Item (its id and abilities), if it carries a known one."""
    walk = state.walk
    item_id = state.items.carried_by(walk.hero) if walk is not None else None
    if item_id is None or (walk is not None and miniboss_heroes.ignored(state, walk.hero)):
        return None  # none, or its Power-Up ignored there (Icicle Man)
    card = card_of(state, item_id)
    return None if card is None else (item_id, card)


def says(card: CardEffects, ability: Ability, args: dict[str, Arg], key: str) -> Ruling:
    return Ruling(
        rule="R-ITEM",
        key=key,
        args={**args, "item": card.name, "does": ability_ref(card.id, ability)},
    )


def health(
    state: GameState, owner: PlayerState, effect: HealthBonus, hero: int, said: Ruling
) -> list[ev.EventBase]:
    """+Health until end of turn for ``hero``, the walking Hero (per Monster Room of
    ``owner``'s); for each Hero entering ``owner``'s dungeon this turn, the mark that says
    so too. A Hero's Health added lives on its walk (``Walk.extra_health``)."""
    amount = effect.amount
    if effect.per == "monster_room":
        amount *= sum(1 for _, s in owner.active_rooms() if s.top.kind == "monster")
    out: list[ev.EventBase] = []
    if effect.every_hero:
        mark = f"{EVERY_HERO}{owner.name}:{amount}"
        if mark in state.card_uses:
            return []  # the mark already raises each Hero entering (walk_started)
        out.append(marked(owner.name, -1, mark))
    walking = state.walk is not None and state.walk.hero == hero
    if amount and walking:
        out.append(ev.HeroHealthGained(amount=amount, ruling=said))
    return out


EVERY_HERO = "health_every_hero:"


def marked(player: str, item_id: int, mark: str) -> ev.CardEffectFired:
    return ev.CardEffectFired(
        player=player,
        card_id=f"item{item_id}",
        use=mark,
        ruling=Ruling(rule="R-ITEM", key="card.marked", args={"card": "Item"}),
    )


# --- Rewards -------------------------------------------------------------------------------

_PICKS: dict[tuple[str, str, bool], OfferKind] = {
    ("destroy", "advanced", False): "destroy_advanced_room_any",
    ("deactivate", "any", False): "deactivate_room_any",
    ("deactivate", "any", True): "deactivate_opponent_room",
    ("deactivate", "monster", False): "deactivate_monster_room_any",
    ("deactivate", "trap", False): "deactivate_trap_room_any",
    ("double", "monster", False): "double_own_monster_room",
    ("ignore_ability", "any", False): "ability_off_room_any",  # Cheat Code
}


def pick_offer(effect: PickRoom) -> OfferKind | None:
    what = "advanced" if effect.advanced_only else effect.room_type
    return _PICKS.get((effect.action, what, effect.opponents_only))


def _reward(
    state: GameState, player: PlayerState, card: CardEffects, ability: Ability, effect: object
) -> list[ev.EventBase]:
    args: dict[str, Arg] = {"player": player.name}
    said = says(card, ability, args, "item.reward")
    nothing: list[ev.EventBase] = [
        ev.Noted(ruling=says(card, ability, args, "item.reward_nothing"))
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
    if isinstance(effect, HealOrdinaryWound):  # as Healing Tank heals (rules.spell_effects)
        if not any(not state.hero(s.hero).card.epic for s in player.healable):
            return nothing
        return [
            ev.Noted(ruling=said),
            spell_effects.heal_ordinary(state, player.name, None, card.name),
        ]
    if isinstance(effect, KillWornHero):
        if walk is None or 2 * walk.damage < state.hero(walk.hero).card.health:
            return nothing
        return [ev.Noted(ruling=said), *adventure.kill(state)]
    if isinstance(effect, SkipNextRoom):
        return [ev.SkipArmed(ruling=said)] if walk is not None else nothing
    if isinstance(effect, RoomBlast):
        return blast(state, player, effect.damage, said) or nothing
    if isinstance(effect, HealthBonus):  # the owner picks a Hero in a dungeon
        return [_asked(player, card, "raise_hero_health", said)]
    if isinstance(effect, PickRoom):
        return [pick_asked(player.name, card.id, card.name, effect, said)]
    if isinstance(effect, NoWoundLoss):  # Extra Life: no loss by Wounds this turn
        return [ev.Noted(ruling=said), turn_bars.spare(player.name, card.id, card.name)]
    if isinstance(effect, CopyReward):  # Magic Mirror: which face-up Item's, asked
        return [_asked(player, card, "copy_item_reward", said)] if copyable(state) else nothing
    if isinstance(effect, RemoveSurvivor):  # which survivor: asked (rules.walk_spells)
        if not survivors(state, player.name):
            return nothing
        return [_asked(player, card, "remove_survivor", said)]
    return []


def _asked(
    player: PlayerState, card: CardEffects, offer: OfferKind, said: Ruling
) -> ev.CardEffectFired:
    """A Reward's question its owner must answer (a Hero, a survivor, an Item to copy)."""
    return ev.CardEffectFired(
        player=player.name,
        card_id=card.id,
        offer=offer,
        card=card.name,
        mandatory=True,
        ruling=said,
    )


def copyable(state: GameState) -> tuple[int, ...]:
    """The face-up Items, any player's, whose Reward Magic Mirror may copy: one the engine
    carries out, and not a copy itself (the Mirror used lies face down already)."""
    out: list[int] = []
    for p in state.players:
        for owned in p.items:
            card = card_of(state, owned.item) if owned.face_up else None
            rewards = [a for a in card.abilities if a.trigger == "item_used"] if card else []
            if rewards and all(
                a.handling == "prompt" and not any(isinstance(e, CopyReward) for e in a.effects)
                for a in rewards
            ):
                out.append(owned.item)
    return tuple(out)


def copied(state: GameState, offer: CardOffer, item: int | None) -> list[ev.EventBase]:
    """The Reward of the face-up Item named, carried out for the one who used Magic Mirror
    (asked again where that Reward asks: a Room, a Hero). The Item copied stays face up."""
    if item is None or item not in copyable(state):
        raise RulesError("R-ITEM", "err.offer_item", card=offer.card)
    card = card_of(state, item)
    assert card is not None  # copyable() found its abilities
    player = state.player(offer.player)
    args: dict[str, Arg] = {"player": player.name, "card": offer.card, "item": card.name}
    out: list[ev.EventBase] = [
        ev.Noted(ruling=Ruling(rule="R-ITEM", key="item.reward_copied", args=args))
    ]
    for ability in card.abilities:
        if ability.trigger == "item_used":
            for effect in ability.effects:
                out += _reward(state, player, card, ability, effect)
    return out


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


def blast(state: GameState, player: PlayerState, damage: int, said: Ruling) -> list[ev.EventBase]:
    """The Hero walking the owner's dungeon takes ``damage`` where it stands (it dies
    there if that is enough), then that Room is destroyed (The Bomb's Reward; Explodo's
    die roll). Nothing when no Hero stands in an active Room of the owner's."""
    walk = state.walk
    if walk is None or walk.player != player.name or walk.room is None:
        return []
    index = walk.room
    if player.dungeon[index].deactivated:
        return []
    out: list[ev.EventBase] = [ev.Noted(ruling=said), *adventure.damage(state, damage)]
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
                said = says(card, ability, args, "item.reward")
                out += health(state, player, effect, hero, said)
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
    card = card_of(state, event.item)
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
