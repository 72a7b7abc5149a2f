"""Spells played by name, and answers to offered card abilities (R-CARD-EFFECT).

A Spell is named by its catalogue id; its abilities (``rules.effects``) say when it may be
played and what it does. The engine carries out the effects it models (deactivate a Room,
send the walking Hero to town, deal damage, boost a Room until end of turn, bring a Hero
from town); any other effect is logged as a reminder that the players carry out by hand.
"""

from __future__ import annotations

from rules import (
    ability_off,
    adventure,
    build,
    card_triggers,
    coin_effects,
    coin_questions,
    item_flips,
    item_rewards,
    lasting_effects,
    miniboss_deaths,
    room_order,
    spell_coins,
    spell_effects,
    spell_souls_rooms,
    turn_bars,
    walk_spells,
)
from rules import commands as cmd
from rules import events as ev
from rules.activated import to_first_room
from rules.card_effects import BUILD_OVER_ANY, effects_of, spell_use
from rules.card_offers import (
    ANY_DUNGEON_OFFERS,
    OWN_ROOM_OFFERS,
    offer_bosses,
    offer_heroes,
    offer_places,
    offer_rooms,
)
from rules.card_triggers import saying
from rules.coin_kinds import COIN_FIRED_KINDS
from rules.commands import CastSpell
from rules.effect_groups import SOULS_ROOMS_KINDS
from rules.effect_kinds import (
    DamageEntrance,
    DamageHero,
    DestroyRoom,
    EnteringHealth,
    HealWound,
    HeroHealth,
    KillHero,
    MoveHero,
    RemoveHero,
    RoomDamagePlus,
    RoomTreasure,
    SkipRooms,
)
from rules.effects import PLAYED_TRIGGERS, Ability, CardEffects
from rules.errors import HeroError, PhaseError, RulesError
from rules.item_kinds import FlipItem
from rules.models import CardOffer, GameState, PlayerState
from rules.room_choices import has_choice
from rules.room_kinds import ROOM_OFFERS, room_offer
from rules.rule_change_kinds import RULE_CHANGE_KINDS
from rules.rulings import Ruling
from rules.spell_coin_kinds import SPELL_COIN_KINDS
from rules.walk_kinds import WALK_KINDS


def _ruling(key: str, **args: str | int) -> Ruling:
    return Ruling(rule="R-CARD-EFFECT", key=key, args=args)


def spell_ability(card_id: str) -> Ability:
    """The ability a card is played from the hand with (``CastSpell``): a Spell's first, or
    a Room card's discarded for its ability, never built (Shrooman Aviary)."""
    card = effects_of(card_id)
    if card is not None and card.kind == "spell":
        return card.abilities[0]
    played = [] if card is None else [a for a in card.abilities if a.trigger == "from_hand"]
    if not played:
        raise RulesError("R-CARD-EFFECT", "err.not_a_spell", card=card_id)
    return played[0]


def playable_now(state: GameState, card_id: str) -> bool:
    """Whether the card is one played from the hand (a Spell, or a Room card discarded for
    its ability) in this phase, as far as its card says (the table's "Play a Spell")."""
    card = effects_of(card_id)
    if card is None or not any(a.trigger in PLAYED_TRIGGERS for a in card.abilities):
        return False
    return spell_ability(card_id).timing in ("any", state.phase)


def is_spell(card_id: str) -> bool:
    """Whether the card played is a Spell: a Room card discarded from the hand for its
    ability is not one, for what watches Spells (a Ring of Invisibility, Short Circuit's
    price, "when you play a Spell")."""
    card = effects_of(card_id)
    return card is not None and card.kind == "spell"


def carried_out(ability: Ability) -> bool:
    """Whether the engine applies every effect of this Spell itself (asking which Rooms
    move or what a die showed, ``rules.room_order``)."""
    return ability.cast_by_engine or room_offer(ability.effects) is not None


def _target_room(state: GameState, command: cmd.CastSpell, name: str) -> tuple[PlayerState, int]:
    if command.target is None or command.room is None or not state.has_player(command.target):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_room", card=name)
    player = state.player(command.target)
    if command.room >= len(player.dungeon):
        raise RulesError(
            "R-CARD-EFFECT", "err.no_room_walk", player=player.name, index=command.room + 1
        )
    return player, command.room


def cast(state: GameState, command: cmd.CastSpell, caster: PlayerState) -> list[ev.EventBase]:
    """The events of playing the Spell (raises ``RulesError`` when it can't be played)."""
    ability = spell_ability(command.card_id)  # refused unless played from the hand
    card = effects_of(command.card_id)
    assert card is not None
    spell = is_spell(card.id)
    if spell:
        ability = spell_effects.chosen_spell(state, caster.name, card, command.hero, command.room)
    if ability.timing != "any" and state.phase != ability.timing:
        raise PhaseError("R-CARD-EFFECT", "err.spell_phase", card=card.name, phase=ability.timing)
    played = card_triggers.spell_played(state, caster.name, card.name) if spell else []
    if spell and room_order.casts(state, caster.name, card, command):  # Rooms moved, a die
        return room_order.cast(state, caster, card, command) + played
    out: list[ev.EventBase] = []
    if not carried_out(ability):
        key = "card.spell_by_hand" if spell else "card.hand_room_by_hand"
        return [ev.Noted(ruling=_ruling(key, player=caster.name, card=card.name)), *played]
    key = "card.spell_cast" if spell else "card.hand_room_played"
    out.append(ev.Noted(ruling=_ruling(key, player=caster.name, card=card.name)))
    if not spell_effects.condition_holds(state, caster.name, ability.condition):
        raise RulesError(
            "R-CARD-EFFECT", f"err.spell_if.{ability.condition}", card=card.name, player=caster.name
        )
    out += carry_out(state, caster, card, ability, command)
    # A second part the caster may add (Lightning Bolt!: discard another Spell card to
    # damage each Hero at the entrance): asked once the first is done.
    for extra in card.abilities:
        if extra.offer == "damage_entrance" and state.entrance(caster.name):
            said = _ruling("card.spell_may_more", player=caster.name, card=card.name)
            out.append(
                ev.CardEffectFired(
                    player=caster.name,
                    card_id=card.id,
                    offer="damage_entrance",
                    card=card.name,
                    ruling=saying(said, card.id, extra),
                )
            )
    return out + played


def carry_out(
    state: GameState, caster: PlayerState, card: CardEffects, ability: Ability, command: CastSpell
) -> list[ev.EventBase]:
    """The events of ``ability``'s effects, aimed where ``command`` says: a Spell's, or a
    Miniboss's Level 3 used (``rules.miniboss_level3``), carried out the same way."""
    out: list[ev.EventBase] = []
    for effect in ability.effects:
        if effect.kind == "deactivate_room":
            player, index = _target_room(state, command, card.name)
            top = player.dungeon[index].top
            if ability.target == "advanced_room_any_dungeon" and not top.advanced:  # Frostman
                raise RulesError(
                    "R-CARD-EFFECT", "err.spell_room_type", card=card.name, room=top.label()
                )
            out.append(build.deactivate(state, player, index))
        elif isinstance(effect, RoomDamagePlus):
            player, index = _target_room(state, command, card.name)
            stack = player.dungeon[index]
            if stack.deactivated or (
                effect.room_type != "any" and stack.top.kind != effect.room_type
            ):
                raise RulesError(
                    "R-CARD-EFFECT", "err.spell_room_type", card=card.name, room=stack.top.label()
                )
            out.append(
                ev.RoomBoosted(
                    player=player.name,
                    index=index,
                    amount=effect.amount,
                    ruling=_ruling(
                        "card.room_boosted",
                        card=card.name,
                        room=stack.top.label(),
                        room_n=index + 1,
                        amount=effect.amount,
                    ),
                )
            )
        elif isinstance(effect, RoomTreasure) and effect.chosen:  # Secret Stash
            if command.treasure not in ("cleric", "fighter", "mage", "thief"):
                raise RulesError("R-CARD-EFFECT", "err.spell_needs_treasure", card=card.name)
            picked = effect.model_copy(update={"treasure": command.treasure})
            player, index = _target_room(state, command, card.name)
            if player.name != caster.name:
                raise RulesError("R-CARD-EFFECT", "err.spell_own_room", card=card.name)
            said = _ruling(
                "card.room_treasure", card=card.name, room=player.dungeon[index].top.label()
            )
            out.append(spell_effects.aimed_at(player, index, ability, picked, said))
        elif effect.kind in RULE_CHANGE_KINDS:  # Sabotage!, Meddling Kids!, Short Circuit
            out.append(turn_bars.cast(state, command, effect, card.id, card.name))
        elif isinstance(effect, FlipItem):  # Excavation: the Item named, turned over
            out += item_flips.turned_over(state, command.item, card.name)
        elif isinstance(effect, RoomTreasure):  # Meteorite: until end of turn
            player, index = _target_room(state, command, card.name)
            said = _ruling(
                "card.room_treasure", card=card.name, room=player.dungeon[index].top.label()
            )
            out.append(spell_effects.aimed_at(player, index, ability, effect, said))
        elif isinstance(effect, HealWound):  # Healing Tank: an ordinary Wound
            out.append(spell_effects.heal_ordinary(state, caster.name, command.hero, card.name))
        elif isinstance(effect, DamageEntrance):  # Not Dead Yet: as many as the Wounds
            out += spell_effects.wounds_damage(state, caster.name, effect, card.name)
        elif isinstance(effect, RemoveHero) and effect.damage_its_health:  # Undead Minion
            out += spell_effects.undead(state, caster.name, command.hero, card.name)
        elif isinstance(effect, RemoveHero):  # Pity: the Hero walking another dungeon
            out.append(spell_effects.removed(state, caster.name, card.name))
        elif isinstance(effect, HeroHealth):  # Assassin: the Hero walking another dungeon
            out.append(spell_effects.more_health(state, caster.name, ability, effect, card.name))
        elif isinstance(effect, EnteringHealth):  # Party Up: the dungeon named
            out.append(spell_effects.entering_health(state, command, effect, card.id, card.name))
        elif isinstance(effect, SkipRooms):  # Shortcut!: the Hero walking any dungeon
            out.append(spell_effects.skip(state, effect, card.name))
        elif isinstance(effect, DamageHero):
            walk = state.walk
            if walk is None or walk.player != caster.name or walk.room is None:
                raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card.name)
            amount = effect.amount
            if amount is None:  # as much as the caster's dungeon has Rooms (R-DEACTIVATE)
                amount = sum(1 for _ in caster.active_rooms())
            out += adventure.damage(state, amount)
        elif effect.kind == BUILD_OVER_ANY:  # for the caster's build this Build phase
            out.append(
                ev.CardEffectFired(
                    player=caster.name,
                    card_id=command.card_id,
                    use=f"{spell_use(caster.name, BUILD_OVER_ANY)}:{command.card_id}",
                    card=card.name,
                    ruling=_ruling("card.build_over_any_cast", player=caster.name, card=card.name),
                )
            )
        elif isinstance(effect, DestroyRoom):  # Cave-In: a Hero in it dies with it
            player, index = _target_room(state, command, card.name)
            if ability.target == "own_room" and player.name != caster.name:
                raise RulesError("R-CARD-EFFECT", "err.spell_own_room", card=card.name)
            if state.hero_stands_in(caster.name, index):
                out += adventure.kill(state)
            out.append(build.destroy(state, player, index))
        elif isinstance(effect, KillHero):
            if not any(isinstance(e, DestroyRoom) for e in ability.effects):
                anywhere = ability.target == "hero_in_any_dungeon"  # Finish Him!
                out += _kill(state, caster, card.name, effect, anywhere)
        elif isinstance(effect, MoveHero) and effect.to == "town":
            out += adventure.send_back(state, "town")
        elif isinstance(effect, MoveHero) and effect.to == "first_room":
            walk = state.walk
            if walk is None or walk.player != caster.name or walk.room is None:
                raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card.name)
            out.append(to_first_room(state, caster, card.name))
        elif effect.kind in WALK_KINDS:  # the Adventure held back (rules.walk_spells)
            out += walk_spells.cast(state, caster, ability, effect, command, card.name)
        elif effect.kind in SOULS_ROOMS_KINDS:  # T.P.K., Respawn, Internship
            out += spell_souls_rooms.cast(state, caster, card.name, effect, command)
        elif effect.kind in SPELL_COIN_KINDS:  # Coins spent, a Miniboss's level
            aim = _target_room(state, command, card.name)
            out += spell_coins.cast(state, caster, card, ability, aim)
        elif effect.kind in COIN_FIRED_KINDS:  # Rise of the Minibosses: Coins
            out += coin_effects.cast(state, caster, card, ability)
        elif isinstance(effect, MoveHero) and effect.to == "opponent_entrance":
            out.append(spell_effects.to_opponent(state, caster.name, ability, command, card.name))
        elif isinstance(effect, MoveHero):  # a Hero in town to the caster's entrance
            if command.hero is None or command.hero not in state.town:
                raise HeroError("R-CARD-EFFECT", "err.spell_needs_town_hero", card=card.name)
            out.append(
                ev.HeroLured(
                    hero=command.hero,
                    player=caster.name,
                    ruling=_ruling(
                        "card.hero_to_entrance",
                        card=card.name,
                        hero=state.hero(command.hero).label(),
                        player=caster.name,
                    ),
                )
            )
    return out


def _kill(
    state: GameState, caster: PlayerState, card: str, effect: KillHero, anywhere: bool = False
) -> list[ev.EventBase]:
    """Kill the Hero walking the caster's dungeon (``anywhere``: any dungeon), if the
    card's limit allows it."""
    walk = state.walk
    if walk is None or (walk.player != caster.name and not anywhere):
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card)
    health = state.hero(walk.hero).card.health
    low = effect.max_health is None or health <= effect.max_health
    wounded = effect.or_wounds is not None and state.wounds(caster.name) >= effect.or_wounds
    if not (low or wounded):
        raise HeroError("R-CARD-EFFECT", "err.spell_kill_limit", card=card, health=health)
    return adventure.kill(state)


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
    if offer.offer == "boss_treasure_of_another":
        return bool(offer_bosses(state, offer.player))
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
            ruling=_ruling(key, player=offer.player, card=offer.card),
        )
    ]
    if not command.accept:
        return out
    if offer.offer == "boss_treasure_of_another":  # Mirrax: the Boss named by ``target``
        return out + spell_effects.boss_treasure_of(state, offer, command.target, out[0].ruling)
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
    if offer.offer == "raise_hero_health":  # an Item's Reward (rules.item_rewards)
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
                ruling=_ruling("card.town_hero_killed", **args),
            )
            out += turn_bars.spared_anywhere(state, offer.player, hero, None, 0) or [killed]
        else:
            out.append(
                ev.HeroLured(
                    hero=hero,
                    player=offer.player,
                    ruling=_ruling("card.hero_to_entrance", **args),
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
        ruling=_ruling(
            "card.room_boosted",
            card=offer.card,
            room=stack.top.label(),
            room_n=room + 1,
            amount=amount,
        ),
    )
