"""A Boss that has another Boss's Level Up ability (Klonos, R-CARD-EFFECT): the event and
its fold into state.

From the event on, ``PlayerState.boss_ability_card`` names the copied card, so every
reader of a Boss's Level Up abilities (used at will, asked at the turn's end, lasting, a
Coin given for it) reads that card's. ``rules.boss_level_up`` offers the choice and fires
the copied Level Up; ``rules.events`` names the event in its union and ``rules.evolve``
takes ``FOLDS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from rules.event_base import EventBase
from rules.models import GameState


class BossCopied(EventBase):
    """``player``'s Boss has the Level Up ability of the Boss card ``card_id`` from now on."""

    type: Literal["boss_copied"] = "boss_copied"
    player: str
    card_id: str


def _boss_copied(event: BossCopied, state: GameState) -> GameState:
    return state.with_player(event.player, copied_boss=event.card_id)


FOLDS: Mapping[type[EventBase], Callable[[Any, GameState], GameState]] = {
    BossCopied: _boss_copied,
}
