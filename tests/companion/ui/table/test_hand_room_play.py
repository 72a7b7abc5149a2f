"""Room cards discarded from the hand for their ability, played from the Spell panel as a
Spell is (R-CARD-EFFECT): listed after the Spells, named as Room cards, carried out."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.commands import AdvanceHero, Command
from tests.companion.ui.table.conftest import (
    FakePage,
    button_label,
    find,
    has,
    start,
    tap,
    texts,
)
from tests.companion.ui.table.test_card_play import IN_ADVENTURE

IN_A_ROOM: list[Command] = [*IN_ADVENTURE, AdvanceHero()]  # the Wizard in Ann's Crypt


def test_shrooman_aviary_from_the_hand_gives_the_walking_hero_three_health(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_A_ROOM)
    walk = screen.state.walk
    assert walk is not None and walk.room == 0
    before = screen.state.health_of(walk)
    tap(page, "spell-open")
    label = button_label(page, "spell-RMB027")
    assert label == "Shrooman Aviary (a Room card discarded from the hand)"
    assert button_label(page, "spell-RMB035") == "Cursed Well (a Room card discarded from the hand)"
    assert not has(page, "spell-BMA013")  # a Room built for its ability: not from the hand
    tap(page, "spell-caster-2")
    tap(page, "spell-RMB027")
    said = "Discarded from your hand (not built), Build or Adventure phase: [a Hero in any"
    assert find(page, "spell-text").content.value.startswith(said)
    tap(page, "spell-play")
    walk = screen.state.walk
    assert walk is not None and screen.state.health_of(walk) == before + 3
    assert not has(page, "spell-play")  # the panel closes, as after a Spell


def test_frostman_lander_offers_no_room_that_is_not_advanced(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Frostman Lander deactivates an Advanced Room: Ann's Crypt and Bo's Pit are plain,
    so neither is offered (the engine's refusal of one: tests/rules)."""
    start(app, sessions, IN_A_ROOM)
    tap(page, "spell-open")
    tap(page, "spell-caster-2")
    tap(page, "spell-CRL007")
    assert not has(page, "spell-room-1-1") and not has(page, "spell-room-2-1")
    assert "No Room on the table fits this card." in texts(page)
