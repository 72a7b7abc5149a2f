"""Klonos's Level Up on the game screen (CRL002, R-CARD-EFFECT): one button per other
Boss whose Level Up it may take, named by its player and its Boss."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.models import GameSetup, PlayerSetup
from tests.companion.ui.table.conftest import FakePage, button_label, has, tap, texts
from tests.companion.ui.table.test_card_play import _levelled_up

KLONOS_SETUP = GameSetup(
    players=(
        PlayerSetup(name="Ann", xp=10, boss="Klonos", boss_card_id="CRL002"),
        PlayerSetup(name="Bo", xp=5, boss="Jarin", boss_card_id="KSA006"),  # Level Up: 1 Soul
    )
)


def test_klonos_level_up_asks_whose_level_up_it_takes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A must-do: "Bo · Jarin" and no No; tapped, Jarin's Level Up Soul is Ann's at once
    and the log says whose Level Up Klonos has."""
    screen = _levelled_up(app, sessions, KLONOS_SETUP, "fighter")
    assert button_label(page, "offer-1-boss-Bo") == "Bo · Jarin" and not has(page, "offer-1-no")
    souls = screen.state.souls("Ann")
    tap(page, "offer-1-boss-Bo")
    assert screen.state.offers == () and screen.state.souls("Ann") == souls + 1
    assert screen.state.player("Ann").copied_boss == "KSA006"
    assert "Ann's Klonos has the Level Up ability of Bo's Boss Jarin from now on." in texts(page)
