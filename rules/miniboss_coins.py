"""A Miniboss level that adds to its owner's Coins (R-MINI with R-CARD-EFFECT): once per
turn, when the owner gains one or more Coins, one Coin more (Paddywhack's Level 2).

``rules.expansions`` asks here after each event: Coins gained by a player whose face-up
Miniboss has such a level (on an active Room whose ability text counts) bring the extra
Coin, marked as used this turn first, so the extra Coin brings none of its own.
"""

from __future__ import annotations

from rules import events as ev
from rules.card_effects import effects_of
from rules.event_base import EventBase
from rules.miniboss_kinds import CoinBonus
from rules.miniboss_level2 import mark
from rules.miniboss_levels import level_abilities
from rules.models import GameState
from rules.rulings import Ruling


def gained(state: GameState, event: EventBase) -> list[EventBase]:
    """The extra Coin after ``event`` (``state`` already includes it), or nothing."""
    if not isinstance(event, ev.CoinsChanged) or event.amount <= 0:
        return []
    if not state.has_player(event.player):
        return []
    player = state.player(event.player)
    for stack in player.dungeon:
        mini = stack.miniboss
        if mini is None or stack.deactivated or stack.ability_ignored:
            continue
        card = effects_of(mini.card.card_id)
        bonus = any(
            isinstance(e, CoinBonus)
            for a in level_abilities(card, mini, "always")
            for e in a.effects
        )
        if card is None or not bonus:
            continue
        used = mark(player.name, card.id, "coin_bonus")
        if used in state.card_uses:
            continue
        args = {"card": card.name, "player": player.name, "total": player.coins + 1}
        said = Ruling(rule="R-CARD-EFFECT", key="card.coin_bonus", args=args)
        fired = ev.CardEffectFired(
            player=player.name, card_id=card.id, use=used, card=card.name, ruling=said
        )
        return [fired, ev.CoinsChanged(player=player.name, amount=1, ruling=said)]
    return []
