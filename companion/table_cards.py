"""Which catalogue cards a search offers at this table: the game's sets (the catalogue's
own filter), and for Heroes the player count and the copies already on the table.

A Hero card printed for more players than this game has is not in its deck
(R-SETUP-HEROES: a 3-player game removes the 4-player Heroes), and a card whose every copy
was already revealed (in town, in a dungeon, or scored) can't be revealed again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.catalogue import HeroCard, Match
from rules.models import GameState
from rules.setup import in_hero_deck


def hero_in_deck(card: HeroCard, state: GameState, revealed: Counter[str]) -> bool:
    """Whether ``card`` may still come out of this game's Hero deck (``revealed``: the
    copies already out, ``revealed_heroes``)."""
    if not in_hero_deck(card.min_players, len(state.players)):
        return False
    return revealed[card.id] < card.quantity


def revealed_heroes(state: GameState) -> Counter[str]:
    """How many copies of each catalogue Hero were revealed this game."""
    return Counter(h.card.card_id for h in state.heroes if h.card.card_id)


def heroes_offered(matches: Iterable[Match], state: GameState, limit: int) -> list[HeroCard]:
    """The Hero cards among ``matches`` that may still be revealed, best first."""
    revealed = revealed_heroes(state)
    out: list[HeroCard] = []
    for match in matches:
        card = match.card
        if isinstance(card, HeroCard) and hero_in_deck(card, state, revealed):
            out.append(card)
            if len(out) == limit:
                break
    return out
