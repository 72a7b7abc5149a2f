"""Brassknuckle's and Rocky's Level 2 on a phone, through the real server (R-MINI with
R-CARD-EFFECT).

A game is imported as a player would bring one along: Rise of the Minibosses, turn 2,
Ann's Miniboss at Level 2 on her Crypt; a Hero of Health 3 has just died there. Printed:
Brassknuckle, "once per turn when a Hero dies in this Room, draw a Room card; you may
immediately build it"; Rocky, "when a Hero dies in this Room, you may treat another Room
in your dungeon as just built". In English at 390×844 and in German at 360×740.
"""

from __future__ import annotations

import pytest

from rules.models import MinibossCard, Ruleset
from tests.companion.ui.table.conftest import SETUP
from tests.companion.ui.table.test_miniboss_death_questions import (
    ELDER_PORTAL,
    _killed_in_its_room,
)
from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import said, shows, tap
from tests.e2e.test_boss_ability_game import game_text, open_imported
from tests.e2e.test_cards_in_rules import german_phone  # noqa: F401  (the fixture, 360×740)
from tests.e2e.test_expansions_game import look_at

pytestmark = [pytest.mark.e2e]

MINIS = SETUP.model_copy(update={"ruleset": Ruleset(minibosses=True)})
BRASSKNUCKLE = MinibossCard(name="Brassknuckle", card_id="RMB063")
SPIKED_PIT = "TNL044"


def _brassknuckle_asks(phone: AppPage, search: str) -> None:
    """The game open on Brassknuckle's question; the Spiked Pit named from the catalogue."""
    plays = _killed_in_its_room(BRASSKNUCKLE, "mage", None)
    open_imported(phone, game_text("Brassknuckle", MINIS, plays))
    phone.wait_for("drawn-room-new")
    phone.search_until("drawn-room-name", search, f"drawn-room-option-{SPIKED_PIT}")
    tap(phone, f"drawn-room-option-{SPIKED_PIT}")


def test_brassknuckle_builds_the_room_drawn_on_a_phone(phone: AppPage) -> None:
    _brassknuckle_asks(phone, "Spiked")
    said(phone, "Brassknuckle: Ann draws a Room card and may build it now.")
    look_at(phone, "card-offers", "brassknuckle-asks")
    tap(phone, "drawn-room-new")
    said(phone, "Brassknuckle: Ann builds Spiked Pit, the Room card drawn, at once as a new")
    shows(phone, "p1-room-1-damage", "4")  # Spiked Pit: 1, +3 as it is built
    look_at(phone, "p1-room-1-damage", "brassknuckle-built")


def test_brassknuckle_asks_in_german(request: pytest.FixtureRequest) -> None:
    phone: AppPage = request.getfixturevalue("german_phone")  # 360×740, de-DE
    _brassknuckle_asks(phone, "Spiked")
    said(phone, "Brassknuckle: Ann zieht eine Raumkarte und darf sie jetzt bauen.")
    look_at(phone, "card-offers", "brassknuckle-fragt")
    tap(phone, "drawn-room-over-1")
    said(phone, "sofort über Crypt (Raum 1)")
    shows(phone, "p1-room-1-damage", "4")  # Spiked Pit over the Crypt: 1, +3 as it is built
    look_at(phone, "p1-room-1-damage", "brassknuckle-gebaut")


def _rocky_answered(phone: AppPage, asked: str, answered: str, shot: str) -> None:
    """The game open on Rocky's question, looked at; Elder Portal named, its ruling said."""
    rocky = MinibossCard(name="Rocky", card_id="RMB058")
    plays = _killed_in_its_room(rocky, "cleric", ELDER_PORTAL)
    open_imported(phone, game_text("Rocky", MINIS, plays))
    phone.wait_for("offer-1-room-1")
    said(phone, asked)
    look_at(phone, "card-offers", shot)
    tap(phone, "offer-1-room-1")
    said(phone, answered)


def test_rocky_treats_another_room_as_just_built_on_a_phone(phone: AppPage) -> None:
    _rocky_answered(
        phone,
        "Rocky: which other Room of Ann's counts as just built?",
        "Rocky: Ann's Elder Portal (Room 1) counts as just built.",
        "rocky-asks",
    )
    shows(phone, "p1-room-1-damage", "4")  # two counters more: 0 + 2 + 2
    look_at(phone, "p1-room-1-damage", "rocky-rebuilt")


def test_rocky_asks_in_german(request: pytest.FixtureRequest) -> None:
    phone: AppPage = request.getfixturevalue("german_phone")  # 360×740, de-DE
    _rocky_answered(
        phone,
        "Rocky: Welcher andere Raum von Ann gilt als gerade gebaut?",
        "Rocky: Elder Portal von Ann (Raum 1) gilt als gerade gebaut.",
        "rocky-fragt",
    )
