"""Surprise Gift (TNL070) played on a phone, through the real server (R-CARD-EFFECT with
R-BUILD-WHERE).

A game is imported as a player would bring one along: turn 1's Build phase, Ann's Crypt
and Bo's Pit. Ann plays Surprise Gift from the Spell panel: the Room card (a Spiked Pit
from the catalogue), then Bo's Pit to place it over. Printed: face down over a face-up
Room of an opponent's, instead of the caster's own build; the opponent may still build.
In English at 390×844 and in German at 360×740.
"""

from __future__ import annotations

import pytest

from tests.companion.ui.table.conftest import IN_BUILD, SETUP
from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import said, tap
from tests.e2e.test_boss_ability_game import game_text, open_imported
from tests.e2e.test_cards_in_rules import german_phone  # noqa: F401  (the fixture, 360×740)
from tests.e2e.test_expansions_game import look_at

pytestmark = [pytest.mark.e2e]

SPIKED_PIT = "TNL044"


def _gift_asked(phone: AppPage, search: str) -> None:
    """The imported game open, Surprise Gift picked for Ann, the Spiked Pit and Bo's Pit."""
    open_imported(phone, game_text("Gift", SETUP, IN_BUILD))
    tap(phone, "spell-open")
    tap(phone, "spell-caster-1")
    tap(phone, "spell-TNL070")
    phone.search_until("spell-gift-name", search, f"spell-gift-option-{SPIKED_PIT}")
    tap(phone, f"spell-gift-option-{SPIKED_PIT}")
    tap(phone, "spell-room-2-1")  # Bo's Pit


def _gift_played(phone: AppPage, asked: str, placed: str, shots: tuple[str, str]) -> None:
    """The question of Bo's Room, looked at; the Spell played, its ruling said, and the
    face-down card in Bo's dungeon looked at."""
    _gift_asked(phone, "Spiked")
    said(phone, asked)
    look_at(phone, "spell-room-2-1", shots[0])
    tap(phone, "spell-play")
    said(phone, placed)
    phone.wait_for("p2-gift-1")
    look_at(phone, "p2-gift-1", shots[1])


def test_surprise_gift_placed_in_bos_dungeon_on_a_phone(phone: AppPage) -> None:
    _gift_played(
        phone,
        "Over which opponent's Room?",
        "Surprise Gift: Ann places a Room face down over Bo's Pit (Room 1)",
        ("gift-asks-bos-room", "gift-face-down-in-bos-dungeon"),
    )
    tap(phone, "reveal-rooms")
    said(phone, "Bo reveals Spiked Pit, Ann's gift, over Pit (Room 1)")
    look_at(phone, "summary-p2", "gift-revealed")


def test_surprise_gift_asks_in_german(request: pytest.FixtureRequest) -> None:
    phone: AppPage = request.getfixturevalue("german_phone")  # 360×740, de-DE
    _gift_played(
        phone,
        "Auf welchen Raum eines Gegners?",
        "Surprise Gift: Ann legt einen Raum verdeckt auf Pit von Bo (Raum 1)",
        ("geschenk-fragt", "geschenk-verdeckt"),
    )
