"""Spells played by name, and Room cards discarded from the hand for their ability
(R-CARD-EFFECT; which cards: ``rules.played_cards``; answers to offered abilities:
``rules.card_answers``).

A Spell is named by its catalogue id; its abilities (``rules.effects``) say when it may be
played and what it does. The engine carries out the effects it models (deactivate a Room,
send the walking Hero to town, deal damage, boost a Room until end of turn, bring a Hero
from town); any other effect is logged as a reminder that the players carry out by hand.
"""

from __future__ import annotations

from rules import (
    adventure,
    build,
    card_triggers,
    coin_effects,
    item_flips,
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
from rules.card_effects import BUILD_OVER_ANY, card_ruling, effects_of, spell_use
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
from rules.effects import Ability, CardEffects
from rules.errors import HeroError, PhaseError, RulesError
from rules.item_kinds import FlipItem
from rules.models import GameState, PlayerState
from rules.played_cards import carried_out, is_spell, spell_ability
from rules.rule_change_kinds import RULE_CHANGE_KINDS
from rules.spell_coin_kinds import SPELL_COIN_KINDS
from rules.walk_kinds import WALK_KINDS


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
        return [ev.Noted(ruling=card_ruling(key, player=caster.name, card=card.name)), *played]
    key = "card.spell_cast" if spell else "card.hand_room_played"
    out.append(ev.Noted(ruling=card_ruling(key, player=caster.name, card=card.name)))
    if not spell_effects.condition_holds(state, caster.name, ability.condition):
        raise RulesError(
            "R-CARD-EFFECT", f"err.spell_if.{ability.condition}", card=card.name, player=caster.name
        )
    out += carry_out(state, caster, card, ability, command)
    # A second part the caster may add (Lightning Bolt!: discard another Spell card to
    # damage each Hero at the entrance): asked once the first is done.
    for extra in card.abilities:
        if extra.offer == "damage_entrance" and state.entrance(caster.name):
            said = card_ruling("card.spell_may_more", player=caster.name, card=card.name)
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
    spell_effects.check_aim(state, caster.name, ability, command, card.name)  # kind, owner
    out: list[ev.EventBase] = []
    for effect in ability.effects:
        if effect.kind == "deactivate_room":
            player, index = _target_room(state, command, card.name)
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
                    ruling=card_ruling(
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
            player, index = _target_room(state, command, card.name)  # the caster's (own_room)
            said = card_ruling(
                "card.room_treasure", card=card.name, room=player.dungeon[index].top.label()
            )
            out.append(spell_effects.aimed_at(player, index, ability, picked, said))
        elif effect.kind in RULE_CHANGE_KINDS:  # Sabotage!, Meddling Kids!, Short Circuit
            out.append(turn_bars.cast(state, command, effect, card.id, card.name))
        elif isinstance(effect, FlipItem):  # Excavation: the Item named, turned over
            out += item_flips.turned_over(state, command.item, card.name)
        elif isinstance(effect, RoomTreasure):  # Meteorite: until end of turn
            player, index = _target_room(state, command, card.name)
            said = card_ruling(
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
                    ruling=card_ruling(
                        "card.build_over_any_cast", player=caster.name, card=card.name
                    ),
                )
            )
        elif isinstance(effect, DestroyRoom):  # Cave-In: a Hero in it dies with it
            player, index = _target_room(state, command, card.name)
            if state.hero_stands_in(player.name, index):  # the Room's own dungeon
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
                    ruling=card_ruling(
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
