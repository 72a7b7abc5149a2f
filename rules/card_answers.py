"""Answers to offered card abilities (R-CARD-EFFECT): an ability fired at a moment asks
its player (``CardOffer``); ``AnswerCardEffect`` takes or declines it, and taking one is
carried out here, on the target the answer names.
"""

from __future__ import annotations

from rules import (
    ability_off,
    boss_level_up,
    build,
    coin_effects,
    coin_questions,
    item_rewards,
    lasting_effects,
    miniboss_deaths,
    room_order,
    spell_coins,
    spell_effects,
    turn_bars,
    walk_spells,
)
from rules import commands as cmd
from rules import events as ev
from rules.card_effects import card_ruling, effects_of
from rules.card_offers import (
    ANY_DUNGEON_OFFERS,
    BOSS_OFFERS,
    OWN_ROOM_OFFERS,
    boss_choices,
    offer_heroes,
    offer_places,
    offer_rooms,
)
from rules.effect_kinds import RoomDamagePlus
from rules.errors import HeroError, RulesError
from rules.models import CardOffer, GameState
from rules.room_choices import has_choice
from rules.room_kinds import ROOM_OFFERS


def _named_hero(state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect) -> int:
    """The Hero the answer names, refused unless the offer may take it."""
    if command.hero is None or command.hero not in offer_heroes(state, offer.offer, offer.player):
        raise HeroError("R-CARD-EFFECT", "err.offer_hero", card=offer.card)
    return command.hero


def find_offer(state: GameState, player: str, card_id: str) -> CardOffer:
    offer = next((o for o in state.offers if o.player == player and o.card_id == card_id), None)
    if offer is None:
        raise RulesError("R-CARD-EFFECT", "err.no_offer", player=player)
    return offer


def has_target(state: GameState, offer: CardOffer) -> bool:
    """Whether the offered ability still has something to aim at (else it may lapse)."""
    if offer.offer == "heal_wound":
        return state.can_heal(offer.player)
    if offer.offer in ("may", "double_treasure", "counter_on_built", "count", spell_coins.DOUBLE):
        return True
    if offer.offer in ROOM_OFFERS:  # Rooms moved or uncovered, a die (rules.room_choices)
        return has_choice(state, offer)
    if offer.offer == "damage_entrance":
        return bool(state.entrance(offer.player))
    if offer.offer in BOSS_OFFERS:  # another player's Boss (Mirrax, Klonos)
        return bool(boss_choices(state, offer.offer, offer.player))
    if offer.offer == "copy_item_reward":
        return bool(item_rewards.copyable(state))
    if offer.offer == "swap_hoard_with":
        return bool(coin_questions.hoard_partners(state, offer.player))
    if offer.offer in OWN_ROOM_OFFERS:
        return bool(offer_rooms(state, offer.player, offer.offer, offer.card_id))
    if offer.offer in ANY_DUNGEON_OFFERS:
        return bool(offer_places(state, offer.offer, offer.player))
    return bool(offer_heroes(state, offer.offer, offer.player))


def answer(state: GameState, command: cmd.AnswerCardEffect) -> list[ev.EventBase]:
    """Take or decline an offered ability. Taking one is carried out here, on the target
    the answer names; a heal is then the owner's HealWound (the engine's)."""
    offer = find_offer(state, command.player, command.card_id)
    if offer.mandatory and not command.accept and has_target(state, offer):
        # Not optional on the card: it lapses only when it has nothing left to aim at (a
        # Wound healed meanwhile), so while it has, a No is refused (R-CARD-EFFECT).
        raise RulesError(
            "R-CARD-EFFECT", "err.offer_mandatory", card=offer.card, player=offer.player
        )
    key = "card.offer_taken" if command.accept else "card.offer_declined"
    out: list[ev.EventBase] = [
        ev.CardEffectAnswered(
            player=offer.player,
            card_id=offer.card_id,
            accepted=command.accept,
            ruling=card_ruling(key, player=offer.player, card=offer.card),
        )
    ]
    if not command.accept:
        return out
    if offer.offer == "boss_treasure_of_another":  # Mirrax: the Boss named by ``target``
        return out + spell_effects.boss_treasure_of(state, offer, command.target, out[0].ruling)
    if offer.offer == "copy_boss_level_up":  # Klonos: the Boss named by ``target``
        return out + boss_level_up.copied(state, offer, command.target)
    if offer.offer == "damage_entrance":  # Lightning Bolt!: its second part, said Yes
        return out + spell_effects.entrance_part(state, offer)
    if offer.offer == "take_scored_hero":  # Kaw'nee: the Hero the answer names
        taken = _named_hero(state, offer, command)
        return [*out, spell_effects.scored_hero_taken(state, offer, taken)]
    if offer.offer == "damage_own_hero":  # Darkling Lair: the Hero the answer names
        named = _named_hero(state, offer, command)
        return out + spell_effects.hero_damaged(state, offer, named)
    if offer.offer == "counter_on_built":  # Greg: on the Monster Room just built
        return out + lasting_effects.counter_on_built(state, offer, out[0].ruling)
    if offer.offer == "double_treasure":  # Elicon: the engine's, once said Yes
        owner = state.player(offer.owner or offer.player)
        here = coin_effects.room_of(owner, offer.card_id)
        out += lasting_effects.doubled(owner, here, out[0].ruling)
    if offer.offer == "copy_item_reward":  # Magic Mirror: the Item the answer names
        out += item_rewards.copied(state, offer, command.item)
    elif offer.offer == "raise_hero_health":  # an Item's Reward (rules.item_rewards)
        if command.hero is None or command.hero not in offer_heroes(state, offer.offer):
            raise HeroError("R-CARD-EFFECT", "err.offer_hero", card=offer.card)
        out += item_rewards.raised(state, offer, command.hero)
    elif offer.offer in ("ordinary_hero_to_entrance", "town_hero_to_entrance", "kill_town_hero"):
        hero = command.hero
        if hero is None or hero not in offer_heroes(state, offer.offer):
            ordinary = offer.offer.startswith("ordinary")
            key = "err.offer_ordinary_hero" if ordinary else "err.offer_hero"
            raise HeroError("R-CARD-EFFECT", key, card=offer.card)
        args = {"card": offer.card, "hero": state.hero(hero).label(), "player": offer.player}
        if offer.offer == "kill_town_hero":  # Extra Life: it stays in town instead
            killed = ev.HeroKilled(
                player=offer.player,
                hero=hero,
                room=None,
                damage=0,
                ruling=card_ruling("card.town_hero_killed", **args),
            )
            out += turn_bars.spared_anywhere(state, offer.player, hero, None, 0) or [killed]
        else:
            out.append(
                ev.HeroLured(
                    hero=hero,
                    player=offer.player,
                    ruling=card_ruling("card.hero_to_entrance", **args),
                )
            )
    elif offer.offer == "swap_hoard_with":  # Robber's Vault (rules.coin_effects)
        out += coin_questions.swapped(state, offer, command.target)
    elif offer.offer == "double_own_monster_room":  # Training Camp (rules.item_rewards)
        out.append(item_rewards.doubled(state, offer, command.room))
    elif offer.offer == "boost_own_room":
        out.append(_boost(state, offer, command.room))
    elif offer.offer in ANY_DUNGEON_OFFERS:
        place = (command.target or "", command.room if command.room is not None else -1)
        if place not in offer_places(state, offer.offer, offer.player):
            raise RulesError("R-CARD-EFFECT", "err.offer_place", card=offer.card)
        aimed = state.player(place[0])
        if offer.offer == ability_off.OFFER:  # Cheat Code's Reward: its text ignored
            out.append(ability_off.switched_off(aimed, place[1], offer.card))
        elif offer.offer.startswith("deactivate"):
            out.append(build.deactivate(state, aimed, place[1]))
        else:
            out.append(build.destroy(state, aimed, place[1]))
    elif offer.offer == "remove_survivor":  # Star of Invulnerability (rules.walk_spells)
        out.append(walk_spells.survivor_removed(state, offer.player, command.hero, offer.card))
    elif offer.offer == "swap_soul":  # Porkus: a Soul out, one from the decks in
        out += walk_spells.soul_swapped(state, offer, command.hero, command.count)
    elif offer.offer in miniboss_deaths.OFFERS:  # a Miniboss's Level 2 (rules.miniboss_deaths)
        out += miniboss_deaths.answered(state, offer, command)
    elif offer.offer in ROOM_OFFERS:  # Rooms moved or uncovered, a die (rules.room_order)
        out += room_order.answered(state, offer, command)
    elif offer.offer == "count":  # a number only the player knows (rules.coin_effects)
        out += coin_questions.answered(state, offer, command.count)
    elif offer.offer in spell_coins.OFFERS:  # Rage!'s doubling, Ancient Guardtower's Coin
        out += spell_coins.answered(state, offer, command.target)
    elif offer.offer == "may":  # the players carry it out; a price in Coins is paid here
        out += coin_questions.accepted(state, offer) + item_rewards.accepted(state, offer)
    elif offer.offer in ("destroy_own_room", "destroy_room_own"):
        player = state.player(offer.player)
        if command.room is None or command.room >= len(player.dungeon):
            raise RulesError("R-CARD-EFFECT", "err.offer_room", card=offer.card, player=player.name)
        out.append(build.destroy(state, player, command.room))
    return out


def _boost(state: GameState, offer: CardOffer, room: int | None) -> ev.RoomBoosted:
    """The offered "+N until end of turn" on a Room its owner picks (Shrooman Cave)."""
    if room is None or room not in offer_rooms(state, offer.player, offer.offer, offer.card_id):
        raise RulesError("R-CARD-EFFECT", "err.offer_boost_room", card=offer.card)
    card = effects_of(offer.card_id)
    assert card is not None  # an offer is only made for a known card
    amount = next(
        e.amount
        for a in card.abilities
        if a.offer == offer.offer
        for e in a.effects
        if isinstance(e, RoomDamagePlus)
    )
    stack = state.player(offer.player).dungeon[room]
    return ev.RoomBoosted(
        player=offer.player,
        index=room,
        amount=amount,
        ruling=card_ruling(
            "card.room_boosted",
            card=offer.card,
            room=stack.top.label(),
            room_n=room + 1,
            amount=amount,
        ),
    )
