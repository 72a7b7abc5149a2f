"""Questions Rise of the Minibosses' abilities put to a player, answered (R-MINI with
R-CARD-EFFECT): a number only the player knows (Minibosses revealed from the hand, Coins
to place on a Room), whose hoard to take in exchange, a "may" whose price is a Coin.
``rules.spells`` hands the answers here; the app asks for its buttons.
"""

from __future__ import annotations

from rules import events as ev
from rules import minibosses
from rules.card_effects import effects_of
from rules.coin_effects import gained, room_of
from rules.coin_kinds import STATED_COUNTS, GainCoins, HealthPerCoin, PlaceCoins, asks_count
from rules.effects import Ability
from rules.errors import RulesError
from rules.models import CardOffer, GameState
from rules.rulings import Arg, Ruling
from rules.spell_coin_kinds import DamagePerCoin
from rules.spell_coins import bought


def accepted(state: GameState, offer: CardOffer) -> list[ev.EventBase]:
    """A "may" taken whose price is a Coin (Black Market): the Coin is paid; refused when
    the hoard holds none."""
    card = effects_of(offer.card_id)
    if card is None or not any(a.cost == "pay_coin" and a.optional for a in card.abilities):
        return []
    player = state.player(offer.player)
    minibosses.check_pay(player, 1)
    args: dict[str, Arg] = {"player": player.name, "card": offer.card, "total": player.coins - 1}
    ruling = Ruling(rule="R-MINI", key="coins.card_paid", args=args)
    return [ev.CoinsChanged(player=player.name, amount=-1, ruling=ruling)]


def _asked(offer: CardOffer) -> Ability:
    card = effects_of(offer.card_id)
    ability = next((a for a in card.abilities if asks_count(a.effects)), None) if card else None
    if ability is None:
        raise RulesError("R-CARD-EFFECT", "err.no_offer", player=offer.player)
    return ability


def count_choices(state: GameState, offer: CardOffer) -> range:
    """The numbers the player may state for an offer that asks one (0 up to its most;
    Coins placed: no more than the hoard holds)."""
    most = 0
    for effect in _asked(offer).effects:
        if isinstance(effect, PlaceCoins):
            most = max(most, min(effect.most, state.player(offer.player).coins))
        elif isinstance(effect, GainCoins) and effect.per in STATED_COUNTS:
            most = max(most, effect.most)
        elif isinstance(effect, HealthPerCoin | DamagePerCoin):  # as many as the hoard holds
            most = max(most, state.player(offer.player).coins)
    return range(most + 1)


def hoard_partners(state: GameState, player: str) -> tuple[str, ...]:
    """The players whose hoard ``player`` may take in exchange (any other still in)."""
    return state.opponents(player)


def swapped(state: GameState, offer: CardOffer, other: str | None) -> list[ev.EventBase]:
    """Two hoards exchanged (Robber's Vault), even an empty one."""
    if other is None or other not in hoard_partners(state, offer.player):
        raise RulesError("R-CARD-EFFECT", "err.offer_player", card=offer.card)
    mine, theirs = state.player(offer.player), state.player(other)
    args: dict[str, Arg] = {
        "card": offer.card,
        "player": mine.name,
        "other": theirs.name,
        "mine": theirs.coins,
        "theirs": mine.coins,
    }
    ruling = Ruling(rule="R-MINI", key="coins.swapped", args=args)
    change = theirs.coins - mine.coins
    return [
        ev.CoinsChanged(player=mine.name, amount=change, ruling=ruling),
        ev.CoinsChanged(player=theirs.name, amount=-change, ruling=ruling),
    ]


def count_question(offer: CardOffer) -> str:
    """The UI key of the question an offer that asks a number puts to its player."""
    effects = _asked(offer).effects
    if any(isinstance(e, HealthPerCoin | DamagePerCoin) for e in effects):
        return "table.offer.count.coins_spent"
    place = any(isinstance(e, PlaceCoins) for e in effects)
    return "table.offer.count.place_coins" if place else "table.offer.count.minibosses_shown"


def answered(state: GameState, offer: CardOffer, count: int | None) -> list[ev.EventBase]:
    """The stated number taken: Coins gained per thing stated, or placed on the Room."""
    if count is None or count not in count_choices(state, offer):
        choices = count_choices(state, offer)
        raise RulesError("R-CARD-EFFECT", "err.offer_count", card=offer.card, most=choices[-1])
    owner = state.player(offer.player)
    out: list[ev.EventBase] = []
    for effect in _asked(offer).effects:
        if isinstance(effect, GainCoins) and effect.per in STATED_COUNTS:
            out.append(gained(owner, offer.card, effect.amount * count))
        elif isinstance(effect, PlaceCoins):
            index = room_of(owner, offer.card_id)
            if index is None or count == 0:
                args: dict[str, Arg] = {"player": owner.name, "card": offer.card}
                out.append(
                    ev.Noted(ruling=Ruling(rule="R-MINI", key="coins.none_placed", args=args))
                )
                continue
            out += minibosses.place_coins(owner, index, count)
        elif isinstance(effect, DamagePerCoin):  # Pay to Win: the Coins, then the damage
            out += bought(state, offer, effect, count)
        elif isinstance(effect, HealthPerCoin) and count:  # the Coins, then the Health
            out += minibosses.pay(owner, count)
            if state.walk is not None:
                args = {"player": owner.name, "card": offer.card, "amount": effect.amount * count}
                ruling = Ruling(rule="R-CARD-EFFECT", key="card.health_bought", args=args)
                out.append(ev.HeroHealthGained(amount=effect.amount * count, ruling=ruling))
    return out
