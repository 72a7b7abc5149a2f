"""Spells whose bonus grows with what the caster puts in (R-MINI with R-CARD-EFFECT): the
Coins spent on Pay to Win, asked once it is cast, and the level of the Miniboss Rage! aims
at, whose Room the caster may then double when it is their only Miniboss.

``rules.spells`` casts them here and hands the answers back; the Room aimed at is kept in
the turn's marks (``aimed:<caster>:<owner>:<place>``) for the answer.
"""

from __future__ import annotations

from rules import events as ev
from rules import minibosses
from rules.card_effects import hit
from rules.effects import Ability, CardEffects
from rules.errors import RulesError
from rules.models import CardOffer, GameState, PlayerState
from rules.offer_kinds import OfferKind
from rules.place_marks import AIMED
from rules.rulings import Arg, Ruling
from rules.spell_coin_kinds import DamagePerCoin, DamagePerMinibossLevel

DOUBLE: OfferKind = "double_aimed_room"
GIVE: OfferKind = "coin_for_spell"
OFFERS = (DOUBLE, GIVE)


def _mark(caster: str, owner: str, index: int) -> str:
    return f"{AIMED}{caster}:{owner}:{index}"


def aimed(state: GameState, caster: str) -> tuple[str, int] | None:
    """The Room (owner, place) the caster's last such Spell this turn aimed at."""
    prefix = f"{AIMED}{caster}:"
    marks = [u[len(prefix) :].rsplit(":", 1) for u in state.card_uses if u.startswith(prefix)]
    if not marks:
        return None
    owner, index = marks[-1]
    return owner, int(index)


def _boosted(state: GameState, owner: str, index: int, amount: int, card: str) -> ev.RoomBoosted:
    stack = state.player(owner).dungeon[index]
    args: dict[str, Arg] = {
        "card": card,
        "room": stack.top.label(),
        "room_n": index + 1,
        "amount": amount,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.room_boosted", args=args)
    return ev.RoomBoosted(player=owner, index=index, amount=amount, ruling=said)


def cast(
    state: GameState,
    caster: PlayerState,
    card: CardEffects,
    ability: Ability,
    aim: tuple[PlayerState, int],
) -> list[ev.EventBase]:
    """The Spell's part that grows: Coins to spend asked (Pay to Win, in a game with
    Coins), or +1 per level of the Miniboss on the Room aimed at (Rage!), with its
    doubling asked when that is the caster's only Miniboss."""
    owner, index = aim
    mark = _mark(caster.name, owner.name, index)
    args: dict[str, Arg] = {"player": caster.name, "card": card.name}
    out: list[ev.EventBase] = []
    for effect in ability.effects:
        if isinstance(effect, DamagePerCoin):
            if not state.setup.ruleset.minibosses:
                out.append(ev.Noted(ruling=Ruling(rule="R-MINI", key="coins.card_off", args=args)))
                continue
            said = Ruling(rule="R-MINI", key="coins.spend_asked", args=args)
            out.append(_asked(caster.name, card, "count", mark, said, mandatory=True))
        elif isinstance(effect, DamagePerMinibossLevel):
            mini = owner.dungeon[index].miniboss
            if mini is None or mini.face_down or owner.dungeon[index].deactivated:
                room = owner.dungeon[index].top.label()
                raise RulesError(
                    "R-CARD-EFFECT", "err.spell_needs_miniboss", card=card.name, room=room
                )
            out.append(_boosted(state, owner.name, index, effect.amount * mini.level, card.name))
            if effect.double_if_alone and caster.miniboss_count == 1:
                said = Ruling(rule="R-CARD-EFFECT", key="card.double_asked", args=args)
                out.append(_asked(caster.name, card, DOUBLE, mark, said))
    return out


def _asked(
    player: str,
    card: CardEffects,
    offer: OfferKind,
    mark: str,
    ruling: Ruling,
    mandatory: bool = False,
) -> ev.CardEffectFired:
    return ev.CardEffectFired(
        player=player,
        card_id=card.id,
        offer=offer,
        card=card.name,
        use=mark,
        mandatory=mandatory,
        ruling=ruling,
    )


def bought(
    state: GameState, offer: CardOffer, effect: DamagePerCoin, count: int
) -> list[ev.EventBase]:
    """The Coins the caster said it spends: paid, then the Room aimed at has +1 each."""
    place = aimed(state, offer.player)
    if not count or place is None:
        return []
    out = minibosses.pay(state.player(offer.player), count)
    return [*out, _boosted(state, *place, effect.amount * count, offer.card)]


def doubled(state: GameState, offer: CardOffer) -> list[ev.EventBase]:
    """Yes to Rage!'s doubling: the Room aimed at deals its damage twice until end of turn
    (its damage now, Rage!'s levels included, added once more)."""
    place = aimed(state, offer.player)
    if place is None or place[1] >= len(state.player(place[0]).dungeon):
        return []
    now = hit(state, *place).damage
    return [_boosted(state, *place, now, offer.card)] if now else []


def given(state: GameState, offer: CardOffer, target: str | None) -> list[ev.EventBase]:
    """Ancient Guardtower, said Yes: a Coin of the owner's hoard to the opponent named;
    the random Spell card taken from that opponent's hand is the players' (reminded)."""
    owner = state.player(offer.player)
    if target is None or target not in state.opponents(owner.name):
        raise RulesError("R-CARD-EFFECT", "err.offer_player", card=offer.card)
    minibosses.check_pay(owner, 1)
    args: dict[str, Arg] = {"card": offer.card, "player": owner.name, "other": target}
    said = Ruling(rule="R-MINI", key="coins.given_for_spell", args=args)
    return [
        ev.CoinsChanged(player=owner.name, amount=-1, ruling=said),
        ev.CoinsChanged(player=target, amount=1, ruling=said),
    ]


def answered(state: GameState, offer: CardOffer, target: str | None) -> list[ev.EventBase]:
    """A Yes to one of ``OFFERS``: the Room doubled (Rage!), the Coin given (Guardtower)."""
    return doubled(state, offer) if offer.offer == DOUBLE else given(state, offer, target)
