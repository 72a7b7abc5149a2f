"""Items turned face up or face down by a card (R-ITEM with R-CARD-EFFECT): Burial Mound
brings a face-down Item of its owner's up, Artificer's Workbench turns the face-up one
down (its Reward unused). One Item at a time lies face up: the one up until then goes
down as another comes up, as when an Item is won (``rules.items``)."""

from __future__ import annotations

from rules import events as ev
from rules.effects import Ability
from rules.errors import RulesError
from rules.item_kinds import FlipItem
from rules.models import GameState, PlayerState
from rules.rulings import Ruling


def flippable(player: PlayerState, effect: FlipItem) -> tuple[int, ...]:
    """The Items of ``player``'s the effect may turn: the face-down ones to turn up, the
    face-up one to turn down."""
    return tuple(o.item for o in player.items if o.face_up == (effect.to == "down"))


def has_items(player: PlayerState, ability: Ability) -> bool:
    """Whether every Item the ability turns over is there (no Item effect: True)."""
    return all(flippable(player, e) for e in ability.effects if isinstance(e, FlipItem))


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
