"""Heroes held back for the turn by a card (R-CARD-EFFECT): one kept in town from the
Bait (Doc Scarecrow's Level Up, its Boss's button) or one kept at the entrance of its
owner's dungeon until next turn (Haunted Cavern, its Room's button). Each is a mark in the
turn's card uses (``rules.hold_kinds``); the Bait and the Adventure read them."""

from __future__ import annotations

from rules import events as ev
from rules.effects import Ability
from rules.errors import RulesError
from rules.hold_kinds import HELD, WAITING, KeepAtEntrance, held_heroes, waiting_heroes
from rules.models import GameState
from rules.rulings import Ruling


def town_heroes(state: GameState) -> tuple[int, ...]:
    """The Heroes in town that a card may still keep from the Bait this turn."""
    held = held_heroes(state.card_uses)
    return tuple(h for h in state.town if h not in held)


def entrance_heroes(state: GameState, player: str) -> tuple[int, ...]:
    """The Heroes waiting at ``player``'s entrance that a card may still keep there (the
    one walking the dungeon has entered it)."""
    waiting = waiting_heroes(state.card_uses)
    return tuple(h for h in state.entrance(player) if h not in waiting)


def has_heroes(state: GameState, player: str, ability: Ability) -> bool:
    """Whether a Hero the ability keeps at the entrance is there (no such effect: True)."""
    keeps = any(isinstance(e, KeepAtEntrance) for e in ability.effects)
    return not keeps or bool(entrance_heroes(state, player))


def _held(
    state: GameState, player: str, hero: int | None, card_id: str, card: str, at_entrance: bool
) -> ev.EventBase:
    """The named Hero marked for the turn (refused when it is not one the card may hold)."""
    heroes = entrance_heroes(state, player) if at_entrance else town_heroes(state)
    if hero is None or hero not in heroes:
        key = "err.ability_needs_entrance_hero" if at_entrance else "err.boss_ability_needs_hero"
        raise RulesError("R-CARD-EFFECT", key, card=card)
    args: dict[str, str | int] = {"card": card, "hero": state.hero(hero).label()}
    return ev.CardEffectFired(
        player=player,
        card_id=card_id,
        use=f"{WAITING if at_entrance else HELD}{hero}",
        card=card,
        ruling=Ruling(
            rule="R-CARD-EFFECT",
            key="card.hero_waits" if at_entrance else "card.hero_held",
            args=args,
        ),
    )


def kept_in_town(
    state: GameState, player: str, hero: int | None, card_id: str, card: str
) -> ev.EventBase:
    """Doc Scarecrow: the named Hero in town stays there through the Bait."""
    return _held(state, player, hero, card_id, card, at_entrance=False)


def kept_at_entrance(
    state: GameState, player: str, hero: int | None, card_id: str, card: str
) -> ev.EventBase:
    """Haunted Cavern: the named Hero at the entrance does not enter this turn."""
    return _held(state, player, hero, card_id, card, at_entrance=True)
