"""Coins another player gives a card's owner to weaken the card this turn (Paywall: "any
player may give you Coins; for every Coin, this Room has -1 until end of turn"; Scott:
one Coin cancels its Boss's Level Up until end of turn), R-MINI with R-CARD-EFFECT.
``GiveCoins`` names the giver, the owner, the Room (none: the Boss) and how many; the
Coins go from one hoard to the other, and the card is weaker until the turn ends.
"""

from __future__ import annotations

from rules import events as ev
from rules import minibosses
from rules.boss_level_up import boss_card
from rules.card_effects import abilities, ability_ref
from rules.card_lasting import cancelled_mark
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


def boss_gift(state: GameState, receiver: PlayerState) -> tuple[str, str, Ability] | None:
    """The Boss's name, card id and ability of ``receiver``'s that takes another player's
    Coin (Scott's, from its Level Up on), while not yet cancelled this turn."""
    boss = boss_card(state, receiver.name)
    if boss is None or not receiver.leveled_up:
        return None
    name, card = boss
    if cancelled_mark(receiver.name, card.id) in state.card_uses:
        return None
    found = next((a for a in card.abilities if a.trigger == "coins_given"), None)
    return None if found is None else (name, card.id, found)


def _to_boss(
    state: GameState, giver: PlayerState, receiver: PlayerState, amount: int
) -> list[ev.EventBase]:
    """One Coin for the receiver's Boss: its lasting Level Up is off until end of turn."""
    gift = boss_gift(state, receiver)
    if gift is None or amount != 1:
        raise RulesError("R-CARD-EFFECT", "err.gift_boss", player=receiver.name)
    minibosses.check_pay(giver, amount)
    name, card_id, ability = gift
    args: dict[str, str | int] = {
        "player": giver.name,
        "owner": receiver.name,
        "amount": amount,
        "card": name,
        "does": ability_ref(card_id, ability),
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.coins_given", args=args)
    return [
        ev.CoinsChanged(player=giver.name, amount=-amount, ruling=said),
        ev.CoinsChanged(player=receiver.name, amount=amount, ruling=said),
        ev.CardEffectFired(
            player=receiver.name,
            card_id=card_id,
            use=cancelled_mark(receiver.name, card_id),
            card=name,
            ruling=said,
        ),
    ]


def given(
    state: GameState, giver: PlayerState, owner: str, index: int | None, amount: int
) -> list[ev.EventBase]:
    """GiveCoins: the Coins change hoards and the Room is weakened, or (no ``index``) the
    Boss's lasting Level Up is cancelled this turn; refused for a card without such an
    ability, a gift to oneself, or Coins the giver does not have."""
    if owner == giver.name or not state.has_player(owner):
        raise RulesError("R-CARD-EFFECT", "err.gift_other", player=giver.name)
    receiver = state.player(owner)
    if index is None:
        return _to_boss(state, giver, receiver, amount)
    ability = gift_ability(receiver, index)
    if ability is None:
        raise RulesError("R-CARD-EFFECT", "err.gift_room", player=owner, room_n=index + 1)
    top = receiver.dungeon[index].top
    assert top.card_id is not None  # gift_ability() found it by its id
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
