"""The Hero search offers only Heroes that may still come out of this game's deck."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.commands import EndTurn, FinishAdventure, ResolveBait, RevealHeroes, RevealRooms
from rules.models import HeroCard
from tests.companion.ui.table.conftest import AFTER_SETUP, FakePage, has, start, type_into


def test_a_hero_for_more_players_is_not_offered(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    # R-SETUP-HEROES: a 2-player game (Ann, Bo) plays without the 3- and 4-player Heroes.
    start(app, sessions, AFTER_SETUP)
    type_into(page, "new-hero-1-name", "Pugi the Druidess")  # a 4-player Hero
    assert not has(page, "new-hero-1-option-BMA057")
    type_into(page, "new-hero-1-name", "Charles the Young")  # a 3-player Hero
    assert not has(page, "new-hero-1-option-BMA059")
    type_into(page, "new-hero-1-name", "Nick the Masher")  # a 2-player Hero
    assert has(page, "new-hero-1-option-BMA056")


def test_a_hero_already_revealed_is_not_offered_again(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    # Nick the Masher has one copy: once revealed (in town, a dungeon or scored), the deck
    # holds no other.
    nick = HeroCard(name="Nick the Masher", treasure=("fighter",), health=4, card_id="BMA056")
    other = HeroCard(treasure=("mage",), health=4)
    screen = start(
        app,
        sessions,
        [
            *AFTER_SETUP,
            RevealHeroes(heroes=(nick, other)),
            RevealRooms(),
            ResolveBait(),
            FinishAdventure(),
            EndTurn(),
        ],
    )
    assert screen.state.phase == "beginning" and screen.state.turn == 2
    type_into(page, "new-hero-1-name", "Nick the Masher")
    assert not has(page, "new-hero-1-option-BMA056")
