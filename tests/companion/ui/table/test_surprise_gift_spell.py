"""Surprise Gift (TNL070) from the Spell panel (R-CARD-EFFECT with R-BUILD-WHERE): the
caster picks the Room card from their hand and an opponent's Room it goes over; the
engine places it face down there. Expectations from the printed effect: it lies face
down over that Room until the reveal, the opponent still builds their own Room, and
revealed it is the opponent's Room."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from tests.companion.ui.table.conftest import (
    IN_BUILD,
    FakePage,
    error_rule,
    error_text,
    has,
    start,
    tap,
    texts,
    type_into,
)

GIFT = "TNL070"
SPIKED_PIT = "TNL044"


def test_surprise_gift_places_a_room_in_the_opponents_dungeon_from_the_spell_panel(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Ann gives Bo a Spiked Pit over Bo's Pit: asked without a Room of Bo's, the Spell is
    refused with its reason; cast, it shows face down over Bo's Room 1 (with its name on
    this device, which placed it), Ann's build is spent, Bo still builds; revealed, the
    Spiked Pit tops Bo's Pit."""
    screen = start(app, sessions, IN_BUILD)
    tap(page, "spell-open")
    tap(page, "spell-caster-1")
    tap(page, f"spell-{GIFT}")
    assert "face down over a face-up Room of an opponent's" in texts(page)
    assert "Which Room card of yours goes there?" in texts(page)
    assert "Over which opponent's Room?" in texts(page)
    assert not has(page, "spell-room-1-1")  # not a Room of Ann's own dungeon
    type_into(page, "spell-gift-name", "Spiked")
    tap(page, f"spell-gift-option-{SPIKED_PIT}")
    tap(page, "spell-play")
    assert "pick the Room card and the opponent's Room" in error_text(page, "spell")
    assert error_rule(page, "spell") == "R-CARD-EFFECT"
    tap(page, "spell-room-2-1")  # Bo's Pit
    tap(page, "spell-play")
    bo = screen.state.player("Bo")
    assert [(g.room.name, g.over, g.by) for g in bo.gifts] == [("Spiked Pit", 0, "Ann")]
    assert has(page, "p2-gift-1")
    assert "1 Room · 1 face down" in texts(page)  # Bo's row: Ann's own is spent, not placed
    assert "Spiked Pit" in texts(page)  # this device placed it: it may see it
    assert "Surprise Gift: Ann places a Room face down over Bo's Pit (Room 1)" in texts(page)
    assert has(page, "build-p1-done") and has(page, "build-p2-go")
    assert "This phase's build is the Room placed face down in Bo's dungeon." in texts(page)
    tap(page, "reveal-rooms")
    assert [r.name for r in screen.state.player("Bo").dungeon[0].rooms] == ["Pit", "Spiked Pit"]
