"""Coins another player gives a card's owner to weaken the card this turn (Paywall: "any
player may give you Coins; for every Coin, this Room has -1 until end of turn"),
R-MINI with R-CARD-EFFECT. ``GiveCoins`` names the giver, the owner, the Room and how many;
the Coins go from one hoard to the other, and the Room's damage drops until the turn ends.
"""

from __future__ import annotations

from rules import events as ev
from rules import minibosses
from rules.card_effects import abilities, ability_ref
from rules.effects import Ability
from rules.errors import RulesError
from rules.gift_kinds import LessPerCoin
from rules.models import GameState, PlayerState
from rules.rulings import Ruling


def gift_ability(receiver: PlayerState, index: int) -> Ability | None:
    """The ability of ``receiver``'s Room ``index`` that takes another player's Coins
    (Paywall), if it stands active there."""
    stack = receiver.dungeon[index] if index < len(receiver.dungeon) else None
    if stack is None or stack.deactivated or stack.top.card_id is None:
        return None
    return next(iter(abilities(stack, "coins_given")), None)


def given(
    state: GameState, giver: PlayerState, owner: str, index: int, amount: int
) -> list[ev.EventBase]:
    """GiveCoins: the Coins change hoards and the Room is weakened (refused for a Room
    without such an ability, a gift to oneself, or Coins the giver does not have)."""
    if owner == giver.name or not state.has_player(owner):
        raise RulesError("R-CARD-EFFECT", "err.gift_other", player=giver.name)
    receiver = state.player(owner)
    ability = gift_ability(receiver, index)
    top = receiver.dungeon[index].top if ability is not None else None
    if ability is None or top is None or top.card_id is None:
        raise RulesError("R-CARD-EFFECT", "err.gift_room", player=owner, room_n=index + 1)
    minibosses.check_pay(giver, amount)
    less = sum(e.amount for e in ability.effects if isinstance(e, LessPerCoin)) * amount
    args: dict[str, str | int] = {
        "player": giver.name,
        "owner": owner,
        "amount": amount,
        "card": top.label(),
        "does": ability_ref(top.card_id, ability),
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.coins_given", args=args)
    return [
        ev.CoinsChanged(player=giver.name, amount=-amount, ruling=said),
        ev.CoinsChanged(player=owner, amount=amount, ruling=said),
        ev.RoomBoosted(player=owner, index=index, amount=-less, ruling=said),
    ]
