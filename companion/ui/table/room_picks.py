"""The answers an offer that moves Rooms or asks a die's roll may take, as buttons
(R-CARD-EFFECT): two Rooms to swap ("Rooms 1 and 3"), in any one dungeon for a
rearrangement ("Bo · Rooms 1 and 2"), a covered Room to bring up ("2 · Spiked Pit"),
the die's faces ("1"…"6"), a number stated or an amount picked for a Room's boost
("0"…"9", "-2", "+2"), a dungeon and a treasure type, a Soul swapped.
The engine says what may be taken (``rules.room_choices``); the app only lists it.
"""

from __future__ import annotations

from companion.i18n import Translator
from companion.ui.table.rulings import card_label
from rules.card_offers import offer_heroes
from rules.commands import AnswerCardEffect
from rules.models import TREASURES, CardOffer, GameState
from rules.room_choices import (
    die_faces,
    rearrangeable,
    swaps,
    treasure_dungeons,
    uncover_choices,
)
from rules.room_order import boost_amounts, spell_counts
from rules.walk_kinds import SOULS_OF_A_HERO

Pick = tuple[str, str, AnswerCardEffect]


def _swapped(size: int, a: int, b: int) -> tuple[int, ...]:
    order = list(range(size))
    order[a], order[b] = b, a
    return tuple(order)


def room_picks(state: GameState, n: int, offer: CardOffer, tr: Translator) -> list[Pick]:
    """One (identifier, words, answer) per thing the offer may take, worded by ``tr``."""

    def label(name: str) -> str:  # a Room's or a Hero's name in the player's language
        return card_label(tr, name)

    def word(treasure: str) -> str:
        return tr(f"treasure.{treasure}")

    yes = AnswerCardEffect(player=offer.player, card_id=offer.card_id, accept=True)
    if offer.offer in ("die_roll", "die_roll_entrance"):
        return [
            (f"offer-{n}-die-{k}", str(k), yes.model_copy(update={"count": k})) for k in die_faces()
        ]
    if offer.offer == "treasure_to_dungeon":  # "Bo · Cleric": a dungeon and a type
        return [
            (
                f"offer-{n}-{who}-treasure-{treasure}",
                f"{who} · {word(treasure)}",
                yes.model_copy(update={"target": who, "count": k}),
            )
            for who in treasure_dungeons(state)
            for k, treasure in enumerate(TREASURES)
        ]
    if offer.offer == "swap_soul":  # "Kyle: 1 Soul", "Kyle: 2 Souls": out, the new worth
        return [
            (
                f"offer-{n}-hero-{h + 1}-souls-{souls}",
                tr("table.offer.soul_worth", hero=label(state.hero(h).label()), souls=souls),
                yes.model_copy(update={"hero": h, "count": souls}),
            )
            for h in offer_heroes(state, offer.offer, offer.player)
            for souls in SOULS_OF_A_HERO
        ]
    if offer.offer == "spells_in_hand":  # "0"…"10"
        return [
            (f"offer-{n}-count-{k}", str(k), yes.model_copy(update={"count": k}))
            for k in spell_counts(offer)
        ]
    if offer.offer in ("stated_boost", "boost_choice"):  # "0"…"9", or "-2", "+2"
        stated = offer.offer == "stated_boost"
        return [
            (
                f"offer-{n}-boost-{k}",
                str(amount) if stated else f"{amount:+d}",
                yes.model_copy(update={"count": k}),
            )
            for k, amount in enumerate(boost_amounts(offer))
        ]
    if offer.offer in ("uncover_own_room", "uncover_opponent_room"):
        picks: list[Pick] = []
        for who, index, covered in uncover_choices(state, offer):
            room = state.player(who).dungeon[index].rooms[covered]
            mine = offer.offer == "uncover_own_room"
            words = f"{'' if mine else who + ' '}{index + 1} · {label(room.label())}"
            answer = yes.model_copy(update={"target": who, "room": index, "covered": covered})
            picks.append((f"offer-{n}-{who}-uncover-{index + 1}-{covered + 1}", words, answer))
        return picks
    mine = offer.offer == "swap_own_rooms"
    dungeons = (offer.player,) if mine else rearrangeable(state, offer)
    picks = []
    for who in dungeons:
        size = len(state.player(who).dungeon)
        for a, b in swaps(state, who):
            pair = tr("table.offer.rooms_pair", a=a + 1, b=b + 1)
            words = pair if mine else f"{who} · {pair}"
            answer = yes.model_copy(update={"target": who, "order": _swapped(size, a, b)})
            picks.append((f"offer-{n}-{who}-swap-{a + 1}-{b + 1}", words, answer))
    return picks
