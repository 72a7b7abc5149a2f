"""Set-up: Hero counts, starting hands, XP order and the opening state (R-SETUP-…)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.models import GameSetup, GameState, ItemTable, PlayerState, Room, Ruleset

# R-SETUP-HEROES: (ordinary, Epic) Heroes by player count and printing.
_HEROES: dict[str, dict[int, tuple[int, int]]] = {
    "next_level": {2: (13, 9), 3: (17, 13), 4: (25, 17)},
    "original": {2: (13, 8), 3: (17, 12), 4: (25, 16)},
}
# 5–6 players mix in Crash Landing: 32 ordinary and "21 or 22" Epic Heroes. We read that
# as 21 for five players and 22 for six (one per player more, as the smaller counts do).
_HEROES_FIVE_SIX: dict[int, tuple[int, int]] = {5: (32, 21), 6: (32, 22)}

ITEM_DECK = 20  # the Items of Tools of Hero-Kind (R-ITEM)
STARTING_COINS = 3  # each Boss's hoard at the start (R-MINI)


def hero_counts(players: int, ruleset: Ruleset) -> tuple[int, int]:
    """Ordinary and Epic Heroes to use (R-SETUP-HEROES), before Hard Mode removals."""
    if players >= 5:
        return _HEROES_FIVE_SIX[players]
    return _HEROES[ruleset.printing][players]


def in_hero_deck(min_players: int | None, players: int) -> bool:
    """R-SETUP-HEROES: a Hero card printed for more players than the game has (a "4+"
    card in a 3-player game) is left out of its Hero deck."""
    return min_players is None or min_players <= players


class HandRule(BaseModel):
    """What each player draws at set-up (R-SETUP-HAND)."""

    model_config = ConfigDict(frozen=True)

    rooms: int
    spells: int
    discard: int


def starting_hand(ruleset: Ruleset) -> HandRule:
    classic = ruleset.classic_mode or ruleset.printing == "original"
    return HandRule(rooms=5, spells=2, discard=2 if classic else 0)


MulliganReason = Literal["four_advanced", "four_of_a_treasure"]


def mulligan_reason(hand: tuple[Room, ...]) -> MulliganReason | None:
    """R-SETUP-HAND: four Advanced Rooms, or four Rooms of one treasure type, allow a mulligan."""
    if sum(1 for room in hand if room.advanced) >= 4:
        return "four_advanced"
    kinds: dict[str, int] = {}
    for room in hand:
        for treasure in set(room.treasure):
            kinds[treasure] = kinds.get(treasure, 0) + 1
    if any(count >= 4 for count in kinds.values()):
        return "four_of_a_treasure"
    return None


def new_game(setup: GameSetup) -> GameState:
    """The table before anyone builds: set-up phase, each player may build a first Room."""
    ordinary, epic = hero_counts(len(setup.players), setup.ruleset)
    if setup.ordinary_heroes is not None:
        ordinary = setup.ordinary_heroes
    if setup.epic_heroes is not None:
        epic = setup.epic_heroes
    players = tuple(
        PlayerState(
            name=p.name,
            boss=p.boss,
            xp=p.xp,
            boss_treasure=p.boss_treasure,
            boss_card_id=p.boss_card_id,
            coins=STARTING_COINS if setup.ruleset.minibosses else 0,
        )
        for p in setup.players
    )
    items = ItemTable()
    if setup.ruleset.items:
        items = ItemTable(deck_left=ITEM_DECK if setup.item_deck is None else setup.item_deck)
    return GameState(
        setup=setup,
        players=players,
        phase="setup",
        turn=0,
        ordinary_left=ordinary,
        epic_left=epic,
        items=items,
    )
