"""A Miniboss card's levels in the Rules lookup, as a player reads them: each ability says
from which level it counts (R-MINI), in English and in German."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import AppPage
from tests.e2e.test_cards_in_rules import german_phone as german_phone  # the fixture
from tests.e2e.test_cards_in_rules import look_up_card

pytestmark = pytest.mark.e2e


def test_brassknuckle_levels_in_the_lookup(phone: AppPage) -> None:
    look_up_card(phone, "Brassknuckle", "RMB063")
    page = phone.snapshot()
    # Printed: Level 1 "this Room has +1", Level 3 its Room's damage doubled this turn.
    assert "From Level 1: this Room deals +1 damage." in page
    assert "From Level 3: this Room's damage is doubled until end of turn." in page
    phone.screenshot("brassknuckle-levels")


def test_brassknuckle_levels_in_german(german_phone: AppPage) -> None:
    look_up_card(german_phone, "Brassknuckle", "RMB063")
    page = german_phone.snapshot()
    assert "Ab Stufe 1: dieser Raum selbst verursacht +1 Schaden." in page
    german_phone.screenshot("brassknuckle-stufen")
