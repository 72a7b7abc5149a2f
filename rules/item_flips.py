"""Items turned face up or face down, or given a Hero, by a card (R-ITEM with
R-CARD-EFFECT): Burial Mound brings a face-down Item of its owner's up, Artificer's
Workbench turns the face-up one down (its Reward unused). One Item at a time lies face up:
the one up until then goes down as another comes up, as when an Item is won
(``rules.items``). Orcish Smithy gives an Item waiting in town to any Hero there that
carries none (a starred Hero never takes one)."""

from __future__ import annotations

from rules import events as ev
from rules.effects import Ability
from rules.errors import RulesError
from rules.item_kinds import AttachItem, FlipItem
from rules.models import GameState, PlayerState
from rules.rulings import Ruling


def flippable(player: PlayerState, effect: FlipItem) -> tuple[int, ...]:
    """The Items of ``player``'s the effect may turn: the face-down ones to turn up, the
    face-up one to turn down."""
    if effect.to == "either":
        return tuple(o.item for o in player.items)
    return tuple(o.item for o in player.items if o.face_up == (effect.to == "down"))


def has_items(state: GameState, player: PlayerState, ability: Ability) -> bool:
    """Whether every Item the ability turns over or attaches is there (none: True)."""
    if any(isinstance(e, AttachItem) for e in ability.effects) and not attachable(state):
        return False
    return all(flippable(player, e) for e in ability.effects if isinstance(e, FlipItem))


def attachable(state: GameState) -> tuple[tuple[int, int], ...]:
    """(Item, Hero): each Item waiting in town with each Hero in town that may take it,
    whatever its treasure (no Item yet, not starred)."""
    heroes = [
        h for h in state.town if state.items.carried_by(h) is None and not state.hero(h).card.star
    ]
    return tuple((i, h) for i in state.items.waiting for h in heroes)


def attached(state: GameState, item: int | None, hero: int | None, card: str) -> list[ev.EventBase]:
    """The named Item goes to the named Hero (refused when the pair is not one allowed)."""
    if item is None or hero is None or (item, hero) not in attachable(state):
        raise RulesError("R-ITEM", "err.item_attach", card=card)
    args: dict[str, str | int] = {
        "card": card,
        "item": state.items.item(item).label(),
        "hero": state.hero(hero).label(),
    }
    said = Ruling(rule="R-ITEM", key="item.attached", args=args)
    return [ev.ItemTaken(item=item, hero=hero, ruling=said)]


def turned_over(state: GameState, item: int | None, card: str) -> list[ev.EventBase]:
    """Excavation: the named Item, in whichever scorekeeping area it lies, turned face
    down if it is up, face up if it is down (the one up until then goes down)."""
    owner = next((p for p in state.players if any(o.item == item for o in p.items)), None)
    if item is None or owner is None:
        raise RulesError("R-ITEM", "err.item_flip_any", card=card)
    up = any(o.item == item and o.face_up for o in owner.items)
    return flipped(state, owner, item, FlipItem(to="down" if up else "up"), card)


def flipped(
    state: GameState, player: PlayerState, item: int | None, effect: FlipItem, card: str
) -> list[ev.EventBase]:
    """The named Item turned over (refused when it is not one the effect may turn)."""
    if item is None or item not in flippable(player, effect):
        key = "err.item_flip_up" if effect.to == "up" else "err.item_flip_down"
        raise RulesError("R-ITEM", key, card=card, player=player.name)
    args: dict[str, str | int] = {
        "card": card,
        "player": player.name,
        "item": state.items.item(item).label(),
    }
    if effect.to == "down":
        said = Ruling(rule="R-ITEM", key="item.flipped_down", args=args)
        return [ev.FaceUpItemChosen(player=player.name, item=None, turned_down=item, ruling=said)]
    up = player.face_up_item()
    said = Ruling(rule="R-ITEM", key="item.flipped_up", args=args)
    return [ev.FaceUpItemChosen(player=player.name, item=item, turned_down=up, ruling=said)]
