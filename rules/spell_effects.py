"""What a Spell, an activated ability or an answered offer does beyond a Room's own
moment (R-CARD-EFFECT): a Hero sent to an opponent's entrance, Rooms skipped, Health given,
an ordinary Wound healed, damage to the Heroes at an entrance, another Boss's treasure, a
Room aimed at in any dungeon; and the conditions on the turn a Spell checks (Heroes lured).
``rules.spells`` and ``rules.activated`` call it; ``rules.lasting_effects`` holds what
fires at a Room's own moment.
"""

from __future__ import annotations

from collections import Counter

from rules import adventure, card_table, turn_bars
from rules import commands as cmd
from rules import events as ev
from rules.ability_off import more_minibosses
from rules.card_offers import offer_bosses
from rules.effect_kinds import (
    DamageEntrance,
    DamageHero,
    EnteringHealth,
    HeroHealth,
    RoomDamagePlus,
    RoomTreasure,
    SkipRooms,
)
from rules.effects import Ability, CardEffects
from rules.errors import HeroError, RulesError
from rules.lasting_effects import treasure_changed
from rules.models import CardOffer, GameState, PlayerState, Room
from rules.rule_change_kinds import NAMES_PLAYER
from rules.rulings import Ruling
from rules.turn_marks import destroyed_count
from rules.walk_kinds import NAMES_HERO


def fits_target(ability: Ability, room: Room) -> bool:
    """Whether ``room`` is of the kind the ability aims at: a Trap or Monster Room
    (Annihilator, Frostbat Cave), an Advanced Room (Frostman Lander), or any Room."""
    if ability.target == "advanced_room_any_dungeon":
        return room.advanced
    kind = {"trap_room": "trap", "monster_room": "monster"}.get(ability.target)
    return kind is None or room.kind == kind


# The refusals a Room named as a target meets for being that Room (its kind, its owner),
# not for anything else about the play: ``rules.flow.spell_rooms`` leaves those Rooms out.
ROOM_REFUSALS = frozenset({"err.spell_room_type", "err.spell_own_room", "err.spell_opponent_room"})

# The refusals a player named meets for being that player (the caster for "an opponent",
# one out of the game), not for anything else: ``rules.flow.spell_players`` leaves them out.
PLAYER_REFUSALS = frozenset(
    {"err.spell_needs_opponent", "err.spell_needs_dungeon", "err.spell_needs_player"}
)


def check_aim(
    state: GameState, caster: str, ability: Ability, command: cmd.CastSpell, card: str
) -> None:
    """Refuse a Room named as a target that the ability's target rules out, before any
    of its effects: another player's for "a Room of yours" (Secret Stash, Cave-In,
    Super Effective!), the caster's own or a player out of the game for "an opponent's"
    (Surprise Gift), a Room of another kind (Annihilator, Frostman Lander). A missing
    target or Room is left to the effect that needs it."""
    target, index = command.target, command.room
    if target is None or index is None or not state.has_player(target):
        return
    owner = state.player(target)
    if index >= len(owner.dungeon):
        return
    if ability.target == "own_room" and target != caster:
        raise RulesError("R-CARD-EFFECT", "err.spell_own_room", card=card)
    if ability.target == "opponent_room" and target not in state.opponents(caster):
        raise RulesError("R-CARD-EFFECT", "err.spell_opponent_room", card=card)
    if not fits_target(ability, owner.dungeon[index].top):
        room = owner.dungeon[index].top.label()
        raise RulesError("R-CARD-EFFECT", "err.spell_room_type", card=card, room=room)


def aimed_at(
    owner: PlayerState,
    index: int,
    ability: Ability,
    effect: RoomTreasure | RoomDamagePlus,
    ruling: Ruling,
) -> ev.EventBase:
    """A Spell's or an activated ability's treasure or damage change on the Room it aims at
    (of the kind it names; not a deactivated one, a blank space): R-CARD-EFFECT."""
    if index >= len(owner.dungeon):
        raise RulesError("R-CARD-EFFECT", "err.ability_needs_room")
    stack = owner.dungeon[index]
    if stack.deactivated or not fits_target(ability, stack.top):
        raise RulesError(
            "R-CARD-EFFECT",
            "err.spell_room_type",
            card=ruling.args.get("card", ""),
            room=stack.top.label(),
        )
    if isinstance(effect, RoomTreasure):
        return treasure_changed(owner.name, index, effect, ruling)
    return ev.RoomBoosted(player=owner.name, index=index, amount=effect.amount, ruling=ruling)


def to_opponent(
    state: GameState, caster: str, ability: Ability, command: cmd.CastSpell, card: str
) -> ev.EventBase:
    """A Spell puts a Hero at the entrance of the opponent ``command.target`` names: the
    Hero walking the caster's dungeon, keeping the damage it took (Another Castle), or a
    Hero in town (Agent of Evil), R-CARD-EFFECT."""
    target = command.target
    if target not in state.opponents(caster):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_opponent", card=card)
    if ability.target == "hero_in_town":
        if command.hero is None or command.hero not in state.town:
            raise HeroError("R-CARD-EFFECT", "err.spell_needs_town_hero", card=card)
        hero = state.hero(command.hero).label()
        said = Ruling(
            rule="R-CARD-EFFECT",
            key="card.hero_to_opponent",
            args={"card": card, "hero": hero, "player": target},
        )
        return ev.HeroLured(hero=command.hero, player=target, ruling=said)
    walk = state.walk
    if walk is None or walk.player != caster or walk.room is None:
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card)
    args = {"card": card, "hero": state.hero(walk.hero).label(), "player": target}
    said = Ruling(rule="R-CARD-EFFECT", key="card.hero_to_opponent", args=args)
    return ev.HeroSentBack(
        hero=walk.hero, to="entrance", player=target, damage=walk.damage, ruling=said
    )


def boss_treasure_of(
    state: GameState, offer: CardOffer, target: str | None, ruling: Ruling
) -> list[ev.EventBase]:
    """The Boss of ``offer``'s player counts the treasure icons of ``target``'s Boss for
    the rest of the game (added to its treasure bonus, R-BAIT-TOTAL)."""
    if target is None or target not in offer_bosses(state, offer.player):
        raise RulesError("R-CARD-EFFECT", "err.offer_boss", card=offer.card)
    bonus = dict(state.player(offer.player).treasure_bonus)
    gained = Counter(state.player(target).boss_treasure)
    return [
        ev.TreasureBonusSet(
            player=offer.player,
            treasure=treasure,
            amount=bonus.get(treasure, 0) + n,
            ruling=ruling,
        )
        for treasure, n in gained.items()
    ]


def skip(state: GameState, effect: SkipRooms, card: str) -> ev.SkipArmed:
    """The Hero walking a dungeon skips the next Room(s) it would enter (R-ADV-WALK)."""
    walk = state.walk
    if walk is None:
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card)
    five = len(state.player(walk.player).dungeon) >= 5
    rooms = effect.rooms_if_five if five else effect.rooms
    args = {"card": card, "hero": state.hero(walk.hero).label(), "rooms": rooms}
    return ev.SkipArmed(
        rooms=rooms, ruling=Ruling(rule="R-CARD-EFFECT", key="card.skip_rooms", args=args)
    )


def miniboss_room_walked(state: GameState, player: str) -> bool:
    """Whether the Hero walking ``player``'s dungeon stands in a Room with a Miniboss."""
    walk = state.walk
    if walk is None or walk.player != player or walk.room is None:
        return False
    dungeon = state.player(player).dungeon
    mini = dungeon[walk.room].miniboss if walk.room < len(dungeon) else None
    return mini is not None and not mini.face_down


def condition_holds(state: GameState, player: str, condition: str) -> bool:
    """Whether a Spell's condition on the table holds for its caster (R-CARD-EFFECT)."""
    lured = dict(state.lured).get(player, 0)
    if condition == "no_hero_lured_to_you":
        return lured == 0
    if condition == "one_hero_lured":
        return lured == 1
    if condition == "hero_in_miniboss_room":  # Smash!'s 4 damage (Rise of the Minibosses)
        return miniboss_room_walked(state, player)
    if condition == "two_own_rooms_destroyed":  # Oh, Yeah!'s second choice
        return destroyed_count(state.card_uses, player) >= 2
    if condition == "hero_at_your_entrance":  # Efreet's Chamber, used at will
        return bool(state.entrance(player))
    if condition == "fewer_souls_than_any":  # Finish Him!'s second choice
        return any(state.souls(p.name) > state.souls(player) for p in state.players)
    if condition == "all_classes_scored":  # T.P.K.: a whole party face down (its Souls)
        shown = {t for h in state.soul_heroes(player) for t in state.hero(h).card.treasure}
        return {"cleric", "fighter", "mage", "thief"} <= shown
    if condition == "more_minibosses":  # Sabotage!'s second choice
        return more_minibosses(state, player)
    return True


def names_player(ability: Ability) -> bool:
    """Whether the Spell's choice names a player rather than a Room (Meddling Kids!)."""
    return any(e.kind in NAMES_PLAYER for e in ability.effects)


def player_instead(card: CardEffects) -> bool:
    """Whether one of the Spell's "OR" choices names a player instead of a Room: cast
    naming no Room, that choice is carried out (``chosen_spell``)."""
    return any(names_player(a) for a in card.abilities[1:])


def chosen_spell(
    state: GameState,
    caster: str,
    card: CardEffects,
    hero: int | None = None,
    room: int | None = None,
) -> Ability:
    """The Spell's ability the engine casts: of an "OR" card, the later choice the engine
    carries out whose condition holds (Super Effective!'s +4 with one Hero lured: the
    better choice), else the first; a choice that names a Hero (Finish Him!'s survivor)
    only when the cast names one (``hero``), refused when its condition does not hold; a
    choice that names a player (Meddling Kids!) when the cast names no Room (``room``)."""
    for ability in reversed(card.abilities[1:]):
        if names_player(ability):
            if room is None:
                return ability
            continue
        if any(e.kind in NAMES_HERO for e in ability.effects):
            if hero is None:
                continue
            if not condition_holds(state, caster, ability.condition):  # named, not allowed
                key = f"err.spell_if.{ability.condition}"
                raise RulesError("R-CARD-EFFECT", key, card=card.name, player=caster)
        if (
            ability.condition != "none"
            and ability.cast_by_engine
            and condition_holds(state, caster, ability.condition)
        ):
            return ability
    return card.abilities[0]


def heal_ordinary(state: GameState, player: str, hero: int | None, card: str) -> ev.WoundHealed:
    """Heal one ordinary Wound of ``player`` (the Hero ``hero``, else the first one):
    an ordinary Hero scored face up turns face down (R-HEAL)."""
    wounds = [
        s.hero
        for s in state.player(player).healable
        if not state.hero(s.hero).card.epic and (hero is None or s.hero == hero)
    ]
    if not wounds:
        raise RulesError("R-CARD-EFFECT", "err.no_ordinary_wound", card=card, player=player)
    args = {"card": card, "player": player, "hero": state.hero(wounds[0]).label()}
    said = Ruling(rule="R-CARD-EFFECT", key="card.wound_healed", args=args)
    return ev.WoundHealed(player=player, hero=wounds[0], ruling=said)


def entrance_damage(
    state: GameState, owner: str, amount: int, card: str, only: int | None = None
) -> list[ev.EventBase]:
    """``amount`` damage to each Hero waiting at ``owner``'s entrance (``only``: to that
    one): it keeps the damage for its walk, or dies there when it reaches its Health
    (scored by ``owner``)."""
    out: list[ev.EventBase] = []
    carried = dict(state.carried)
    for hero in state.entrance(owner):
        if only is not None and hero != only:
            continue
        taken = carried.get(hero, 0) + amount
        args = {"card": card, "hero": state.hero(hero).label(), "amount": amount, "player": owner}
        if taken >= state.hero(hero).card.health:
            if (spared := turn_bars.spared_anywhere(state, owner, hero, None, taken)) is not None:
                out += spared  # Extra Life: to town instead
                continue
            said = Ruling(rule="R-CARD-EFFECT", key="card.entrance_killed", args=args)
            out.append(ev.HeroKilled(player=owner, hero=hero, room=None, damage=taken, ruling=said))
        else:
            said = Ruling(rule="R-CARD-EFFECT", key="card.entrance_damaged", args=args)
            out.append(ev.EntranceHeroDamaged(player=owner, hero=hero, amount=amount, ruling=said))
    return out


def wounds_damage(
    state: GameState, caster: str, effect: DamageEntrance, card: str
) -> list[ev.EventBase]:
    """A Spell's damage to each Hero at the caster's entrance and (``walking``) the one
    in the caster's dungeon: ``amount``, or as many as the caster's Wounds (Not Dead
    Yet); none at all with no Wound."""
    amount = effect.amount if effect.amount is not None else state.wounds(caster)
    if amount <= 0:
        return []
    out: list[ev.EventBase] = []
    walk = state.walk
    if effect.walking and walk is not None and walk.player == caster and walk.room is not None:
        out += adventure.damage(state, amount)
    return out + entrance_damage(state, caster, amount, card)


def entrance_part(state: GameState, offer: CardOffer) -> list[ev.EventBase]:
    """The entrance damage of the card's "may" part, its owner having said Yes."""
    card = card_table.table().get(offer.card_id)
    effects = [
        e
        for a in (card.abilities if card is not None else ())
        if a.offer == "damage_entrance"
        for e in a.effects
        if isinstance(e, DamageEntrance)
    ]
    return [e for effect in effects for e in wounds_damage(state, offer.player, effect, offer.card)]


def more_health(
    state: GameState, player: str, ability: Ability, effect: HeroHealth, card: str
) -> ev.HeroHealthGained:
    """The walking Hero gains Health until end of turn: in an opponent's dungeon (Assassin,
    Essence Transfer: as many as ``player``'s Wounds) or any (Werewolf Den)."""
    walk = state.walk
    theirs = ability.target == "hero_in_opponent_dungeon"
    if walk is None or walk.room is None or (theirs and walk.player == player):
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_there", card=card)
    amount = effect.amount if effect.amount is not None else state.wounds(player)
    if amount <= 0:
        raise RulesError("R-CARD-EFFECT", "err.no_wounds_to_give", card=card, player=player)
    hero = state.hero(walk.hero)
    args = {
        "card": card,
        "hero": hero.label(),
        "amount": amount,
        "health": state.health_of(walk) + amount,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.hero_health_gained", args=args)
    return ev.HeroHealthGained(amount=amount, ruling=said)


def hero_damaged(state: GameState, offer: CardOffer, hero: int) -> list[ev.EventBase]:
    """An offered ability's damage (Darkling Lair: 3) to the Hero its owner named: the one
    walking the owner's dungeon, or one waiting at its entrance."""
    card = card_table.table().get(offer.card_id)
    amount = next(
        (
            e.amount
            for a in (card.abilities if card is not None else ())
            if a.offer == "damage_own_hero"
            for e in a.effects
            if isinstance(e, DamageHero) and e.amount is not None
        ),
        0,
    )
    walk = state.walk
    if walk is not None and walk.hero == hero:
        return adventure.damage(state, amount)
    return entrance_damage(state, offer.player, amount, offer.card, only=hero)


def scored_hero_taken(state: GameState, offer: CardOffer, hero: int) -> ev.ScoredHeroTaken:
    """The Hero moves, face down, from its scorer's area to the offer's player's."""
    scorer = next(p.name for p in state.players if any(s.hero == hero for s in p.scored))
    args = {
        "card": offer.card,
        "hero": state.hero(hero).label(),
        "player": offer.player,
        "scorer": scorer,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.scored_hero_taken", args=args)
    return ev.ScoredHeroTaken(player=offer.player, scorer=scorer, hero=hero, ruling=said)


def removed(state: GameState, caster: str, card: str) -> ev.HeroRemoved:
    """The Hero walking an opponent's dungeon leaves the game: nobody scores it."""
    walk = state.walk
    if walk is None or walk.room is None or walk.player == caster:
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_there", card=card)
    args = {"card": card, "hero": state.hero(walk.hero).label(), "player": walk.player}
    said = Ruling(rule="R-CARD-EFFECT", key="card.hero_removed", args=args)
    return ev.HeroRemoved(hero=walk.hero, ruling=said)


def undead(state: GameState, caster: str, hero: int | None, card: str) -> list[ev.EventBase]:
    """One of the caster's face-down Heroes leaves the game; its printed Health is dealt
    to the Hero walking the caster's dungeon (a Soul given up for damage)."""
    walk = state.walk
    if walk is None or walk.player != caster or walk.room is None:
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card)
    if hero is None or hero not in state.soul_heroes(caster):
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_own_soul", card=card, player=caster)
    args = {"card": card, "hero": state.hero(hero).label(), "player": caster}
    said = Ruling(rule="R-CARD-EFFECT", key="card.soul_removed", args=args)
    gone = ev.HeroRemoved(hero=hero, ruling=said)
    return [*adventure.damage(state, state.hero(hero).card.health), gone]


ENTERING = "entering_health"


def entering_health(
    state: GameState, command: cmd.CastSpell, effect: EnteringHealth, card_id: str, card: str
) -> ev.CardEffectFired:
    """Each Hero that enters the dungeon named from now until end of turn has more Health:
    a mark of the turn (``rules.lasting_effects.entering_bonus`` reads it)."""
    target = command.target
    if target is None or not state.has_player(target) or state.player(target).eliminated:
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_dungeon", card=card)
    mark = f"{target}:{ENTERING}:{effect.amount}:"
    n = sum(1 for u in state.card_uses if u.startswith(mark))
    args = {"card": card, "player": target, "amount": effect.amount}
    said = Ruling(rule="R-CARD-EFFECT", key="card.entering_health", args=args)
    return ev.CardEffectFired(
        player=command.player, card_id=card_id, use=f"{mark}{n}", card=card, ruling=said
    )
