"""Traitor (RMB078) played on a phone, through the real server (R-CARD-EFFECT with R-MINI).

A game is imported as a player would bring one along: Rise of the Minibosses, turn 3's
Build phase, Ann's Spike at Level 2 on her Crypt. Bo plays Traitor from the Spell panel:
Ann's Room with Spike, then Bo's own Pit to build it on. Printed: one Coin per level,
paid to the Miniboss's owner; built at once at the same level. In English at 390×844 and
in German at 360×740.
"""

from __future__ import annotations

import pytest

from rules.models import Ruleset
from tests.companion.ui.table.conftest import SETUP
from tests.companion.ui.table.test_expansion_panels import _promoted_next_turn
from tests.e2e.conftest import AppPage
from tests.e2e.game_steps import said, shows, tap
from tests.e2e.test_boss_ability_game import game_text, open_imported
from tests.e2e.test_cards_in_rules import german_phone  # noqa: F401  (the fixture, 360×740)
from tests.e2e.test_expansions_game import look_at

pytestmark = [pytest.mark.e2e]


def _spike_at_level_2() -> str:
    setup = SETUP.model_copy(update={"ruleset": Ruleset(minibosses=True)})
    return game_text("Traitor", setup, _promoted_next_turn(1))


def _traitor_asked(phone: AppPage) -> None:
    open_imported(phone, _spike_at_level_2())
    tap(phone, "spell-open")
    tap(phone, "spell-caster-2")
    tap(phone, "spell-RMB078")
    tap(phone, "spell-room-1-1")
    phone.wait_for("spell-over-1")


def test_traitor_buys_spike_on_a_phone(phone: AppPage) -> None:
    _traitor_asked(phone)
    said(phone, "On which of your Rooms is it built?")
    look_at(phone, "spell-over-1", "traitor-asks-bos-room")
    tap(phone, "spell-over-1")
    tap(phone, "spell-play")
    said(phone, "Traitor: Bo pays Ann 2 Coins for Spike and builds it at Level 2")
    shows(phone, "p2-coins-value", "1")  # 3 Coins, 2 paid
    look_at(phone, "p2-coins-value", "traitor-bought")


def test_traitor_asks_in_german(request: pytest.FixtureRequest) -> None:
    phone: AppPage = request.getfixturevalue("german_phone")  # 360×740, de-DE
    _traitor_asked(phone)
    said(phone, "Auf welchem deiner Räume wird er gebaut?")
    look_at(phone, "spell-over-1", "traitor-fragt")
    tap(phone, "spell-over-1")
    tap(phone, "spell-play")
    said(phone, "Traitor: Bo zahlt Ann 2 Münzen für Spike und baut ihn auf Stufe 2")
    look_at(phone, "p2-coins-value", "traitor-gekauft")
