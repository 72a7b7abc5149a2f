"""A Boss's Level Up during the Adventure and at the turn's end, on a phone, through the
real server (R-CARD-EFFECT).

The game is imported as in ``test_boss_ability_game`` (turn 5, both Bosses levelled up,
five Rooms each, the newest first: 1 damage; Ann's first Room deals 3): Bob's Explodo
("once per turn you may destroy a Room to deal 1-6 damage to a Hero in that Room")
destroys the Room the Thief stands in and the die's 6 kills it; as the turn would end,
Ann's Shellda ("at end of turn you may swap the placement of two Rooms in one dungeon")
is asked, and Ann's Rooms 1 and 5 change places.
"""

from __future__ import annotations

import pytest

from rules import commands as c
from rules.game import Game
from tests.boss_games import levelled_up
from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import said, shows, tap
from tests.e2e.test_boss_ability_game import game_text, open_imported
from tests.e2e.test_expansions_game import look_at

pytestmark = [pytest.mark.e2e]


def _exported() -> str:
    """The game of ``levelled_up`` with Ann's Shellda and Bob's Explodo; Shellda's question
    at each turn's end from its Level Up on is answered No (then the turn ends)."""
    setup, plays = levelled_up("TNL005", "TPU003")
    game, log = Game.new(setup), []
    for command in plays:
        game, _ = game.play(command)
        log.append(command)
        if isinstance(command, c.EndTurn) and game.state.offers:
            for more in (c.AnswerCardEffect(player="Ann", card_id="TNL005", accept=False), command):
                game, _ = game.play(more)
                log.append(more)
    return game_text("Bosses on the turn", setup, log)


def test_boss_explodo_and_shellda_on_a_phone(phone: AppPage) -> None:
    open_imported(phone, _exported())

    tap(phone, "reveal-rooms")  # the Bait follows: the Thief goes to Bob (a Thief icon)
    tap(phone, "adv-next")  # on into Bob's dungeon: 1 damage a Room, of its 4 Health

    # Explodo: the Room the Thief stands in is destroyed, the die's 6 is dealt to it.
    shows(phone, "p2-boss-use", "Use Explodo")
    look_at(phone, "p2-boss-use", "explodo-button")
    tap(phone, "p2-boss-use")
    phone.wait_for("offer-1-die-6")
    look_at(phone, "card-offers", "explodo-asks-the-roll")
    tap(phone, "offer-1-die-6")
    said(phone, "die shows 6")
    assert phone.by_id("p2-room-5").count() == 0  # four Rooms left

    # The only Hero dead, the Adventure is over; as the turn would end, Shellda asks first
    # (the turn waits), and Ann's Rooms 1 and 5 swap.
    tap(phone, "end-turn")
    phone.wait_for("offer-1-Ann-swap-1-5")
    said(phone, "which two Rooms of one dungeon change places")
    look_at(phone, "card-offers", "shellda-asks")
    tap(phone, "offer-1-Ann-swap-1-5")
    shows(phone, "p1-room-1-damage", "3")
    look_at(phone, "p1-room-1-damage", "shellda-swapped")
    tap(phone, "end-turn")
    phone.wait_for("reveal-heroes")  # turn 6 begins
