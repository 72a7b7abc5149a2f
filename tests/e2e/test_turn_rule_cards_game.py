"""A turn on a phone with a Room whose ability needs a player's answer and a Spell that
takes a Room's ability away (R-MINI, R-CARD-EFFECT), through the real server, in English
and (on a small phone) in German.

Ada builds Ancient Guardtower: as it is revealed the app asks whether Ada gives an
opponent a Coin for one of their Spell cards, with a button per opponent; Ada gives Bert
one (3 - 1 = 2 Coins left, Bert 3 + 1 = 4). Then Ada plays Sabotage! on Bert's Pit: it keeps
its damage and treasure, its ability text is gone until end of turn.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import bring_into_view, new_hero, open_game_with_first_rooms, said, tap
from tests.e2e.test_card_abilities_game import pick_room
from tests.e2e.test_cards_in_rules import german_phone  # noqa: F401  (the fixture, 360×740)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def _guardtower_asks(phone: AppPage) -> None:
    open_game_with_first_rooms(phone, expansions=("minibosses",))
    new_hero(phone, 1, "Wizard", "mage", 6)
    new_hero(phone, 2, "Priest", "cleric", 4)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    pick_room(phone, "build-p1", "Ancient Guardtower", "RMB015", "entrance")
    tap(phone, "reveal-rooms")
    phone.wait_for("offer-1")
    assert phone.by_id("offer-1-player-Bert").count()  # one button per opponent
    assert not phone.by_id("offer-1-player-Ada").count()
    assert phone.by_id("offer-1-no").count()  # a "may": No is an answer
    bring_into_view(phone, "offer-1")


def test_guardtower_coin_and_sabotage(phone: AppPage) -> None:
    _guardtower_asks(phone)
    said(phone, "Ancient Guardtower: does Ada give an opponent a Coin")
    phone.screenshot("guardtower-asks")
    tap(phone, "offer-1-player-Bert")
    said(phone, "Ada gives Bert a Coin and takes one random Spell card")
    phone.screenshot("guardtower-answered")

    tap(phone, "resolve-bait")
    phone.wait_for("adventure")
    tap(phone, "spell-open")
    tap(phone, "spell-caster-1")
    tap(phone, "spell-RMB068")
    tap(phone, "spell-room-2-1")
    bring_into_view(phone, "spell-play")
    tap(phone, "spell-play")
    said(phone, "Sabotage!: Pit (Room 1) of Bert has no ability text until end of turn")
    bring_into_view(phone, "last-step")
    phone.screenshot("sabotage-played")


def test_guardtower_asks_in_german(request: pytest.FixtureRequest) -> None:
    phone: AppPage = request.getfixturevalue("german_phone")  # 360×740, de-DE
    _guardtower_asks(phone)
    said(phone, "Gibt Ada einem Gegner eine Münze")
    phone.screenshot("guardtower-asks-de")
    tap(phone, "offer-1-player-Bert")
    said(phone, "Ada gibt Bert eine Münze")
    phone.screenshot("guardtower-answered-de")


def test_meddling_kids_names_a_player(phone: AppPage) -> None:
    """Meddling Kids! in the Build phase, its other choice: Bert names Ada (a player, no
    Room), so with three Heroes entered her dungeon this turn she cannot win this turn."""
    open_game_with_first_rooms(phone)
    new_hero(phone, 1, "Wizard", "mage", 6)
    new_hero(phone, 2, "Priest", "cleric", 4)
    tap(phone, "reveal-heroes")
    phone.wait_for("reveal-rooms")
    tap(phone, "spell-open")
    tap(phone, "spell-caster-2")
    tap(phone, "spell-TNL062")
    said(phone, "…or a player instead")
    tap(phone, "spell-player-1")
    bring_into_view(phone, "spell-play")
    phone.screenshot("meddling-kids-player")
    tap(phone, "spell-play")
    said(phone, "if 3 or more Heroes enter Ada's dungeon this turn, Ada cannot win this turn")
    bring_into_view(phone, "last-step")
    phone.screenshot("meddling-kids-cast")
