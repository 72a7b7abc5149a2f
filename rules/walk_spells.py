"""Spells that hold the Adventure back, carried out when cast (R-CARD-EFFECT):

- the Hero walking the caster's dungeon back at its entrance with full Health (Pause);
- no Hero enters a dungeon for the rest of the turn (Pause: the caster's; Trepidation: a
  player with at least two more Souls than the caster), its Heroes waiting at the
  entrance: that player's Adventure phase is over;
- a Room that deals no damage until end of turn, each Hero entering it gaining Health
  (Fairy Fountain), both kept as marks of the turn;
- a Room showing one of each treasure type until end of turn (Spirit Dragon).

``rules.spells`` hands each such effect here; ``rules.card_effects`` and
``rules.expansions`` read the marks.
"""

from __future__ import annotations

from rules import commands as cmd
from rules import events as ev
from rules.card_effects import card_ruling
from rules.card_offers import offer_heroes
from rules.effect_kinds import Effect
from rules.effects import Ability
from rules.errors import RulesError
from rules.models import CardOffer, GameState, PlayerState
from rules.rulings import Arg
from rules.treasure import shown_treasure
from rules.turn_marks import survivors
from rules.walk_kinds import (
    SOULS_OF_A_HERO,
    BackToEntrance,
    EveryTreasure,
    HarmlessRoom,
    TakeSurvivor,
    harmless_health,
    harmless_mark,
)

EVERY_TYPE = ("cleric", "fighter", "mage", "thief")


def _room(state: GameState, command: cmd.CastSpell, card: str) -> tuple[PlayerState, int]:
    """The Room the Spell names (any dungeon; not a blank space)."""
    target, index = command.target, command.room
    if target is None or index is None or not state.has_player(target):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_room", card=card)
    player = state.player(target)
    if index >= len(player.dungeon) or player.dungeon[index].deactivated:
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_room", card=card)
    return player, index


def _closed(
    state: GameState, caster: PlayerState, ability: Ability, command: cmd.CastSpell, card: str
) -> list[ev.EventBase]:
    """No Hero enters the dungeon for the rest of the turn: the caster's, or the player
    named with at least two more Souls than the caster (Trepidation)."""
    name = caster.name
    if ability.target == "player_two_more_souls":
        name = command.target or ""
        if not state.has_player(name) or state.souls(name) < state.souls(caster.name) + 2:
            raise RulesError("R-CARD-EFFECT", "err.spell_two_more_souls", card=card)
    if name in state.walked:
        return []
    said = card_ruling("card.no_hero_enters", card=card, player=name)
    return [ev.AdventureDone(player=name, ruling=said)]


def cast(
    state: GameState,
    caster: PlayerState,
    ability: Ability,
    effect: Effect,
    command: cmd.CastSpell,
    card: str,
) -> list[ev.EventBase]:
    """One effect of these, cast by ``caster``."""
    if isinstance(effect, BackToEntrance):
        walk = state.walk
        if walk is None or walk.player != caster.name or walk.room is None:
            return []  # "if there is a Hero in your dungeon"
        args: dict[str, Arg] = {
            "card": card,
            "hero": state.hero(walk.hero).label(),
            "player": caster.name,
        }
        said = card_ruling("card.back_to_entrance", **args)
        return [
            ev.HeroSentBack(
                hero=walk.hero, to="entrance", player=caster.name, damage=0, ruling=said
            )
        ]
    if isinstance(effect, HarmlessRoom):
        player, index = _room(state, command, card)
        mark = harmless_mark(player.name, index, effect.health)
        args = {
            "card": card,
            "room": player.dungeon[index].top.label(),
            "player": player.name,
            "amount": effect.health,
        }
        said = card_ruling("card.harmless_room", **args)
        return [
            ev.CardEffectFired(
                player=caster.name, card_id=command.card_id, use=mark, card=card, ruling=said
            )
        ]
    if isinstance(effect, TakeSurvivor):
        return [taken_survivor(state, caster.name, command.hero, card)]
    if isinstance(effect, EveryTreasure):
        player, index = _room(state, command, card)
        shown = shown_treasure(player.dungeon[index])
        more = tuple(t for t in EVERY_TYPE if t not in shown)
        args = {"card": card, "room": player.dungeon[index].top.label()}
        said = card_ruling("card.every_treasure", **args)
        return [ev.RoomTreasureChanged(player=player.name, index=index, treasure=more, ruling=said)]
    return _closed(state, caster, ability, command, card)


def taken_survivor(state: GameState, caster: str, hero: int | None, card: str) -> ev.EventBase:
    """The Hero named, one that survived another player's dungeon this turn, moves face
    down from that player's scorekeeping area to the caster's."""
    found = [owner for owner, h in survivors(state, "") if h == hero and owner != caster]
    if hero is None or not found:
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_survivor", card=card)
    args: dict[str, Arg] = {
        "card": card,
        "hero": state.hero(hero).label(),
        "player": caster,
        "scorer": found[0],
    }
    said = card_ruling("card.scored_hero_taken", **args)
    return ev.ScoredHeroTaken(player=caster, scorer=found[0], hero=hero, ruling=said)


def survivor_removed(state: GameState, owner: str, hero: int | None, card: str) -> ev.EventBase:
    """The Hero named, one that survived ``owner``'s dungeon this turn, leaves the game."""
    if hero is None or (owner, hero) not in survivors(state, owner):
        raise RulesError("R-CARD-EFFECT", "err.offer_hero", card=card)
    args: dict[str, Arg] = {"card": card, "hero": state.hero(hero).label(), "player": owner}
    return ev.HeroRemoved(hero=hero, ruling=card_ruling("card.survivor_removed", **args))


def soul_swapped(
    state: GameState, offer: CardOffer, hero: int | None, souls: int | None
) -> list[ev.EventBase]:
    """The face-down Hero named leaves the game; the one searched from the Hero decks is
    worth ``souls`` (1, or 2 for an Epic Hero) in its place."""
    if hero is None or hero not in offer_heroes(state, "swap_soul", offer.player):
        raise RulesError("R-CARD-EFFECT", "err.offer_hero", card=offer.card)
    if souls not in SOULS_OF_A_HERO:
        raise RulesError("R-CARD-EFFECT", "err.soul_worth", card=offer.card)
    args: dict[str, Arg] = {
        "card": offer.card,
        "hero": state.hero(hero).label(),
        "player": offer.player,
        "souls": souls,
    }
    said = card_ruling("card.soul_swapped", **args)
    return [
        ev.HeroRemoved(hero=hero, ruling=said),
        ev.ScoreCorrected(player=offer.player, souls=souls, wounds=0, ruling=said),
    ]


def entered(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """A Hero entering a harmless Room gains the Health its Spell gives (until end of
    turn)."""
    walk = state.walk
    if not isinstance(event, ev.HeroEnteredRoom) or walk is None:
        return []
    amount = harmless_health(state.card_uses, walk.player, event.room)
    if not amount:
        return []
    args: dict[str, Arg] = {"hero": state.hero(walk.hero).label(), "amount": amount}
    said = card_ruling("card.harmless_entered", **args)
    return [ev.HeroHealthGained(amount=amount, ruling=said)]
