"""The Bait forecast under a build form, on two devices: it counts only the Rooms the
device may see, never another player's face-down Room, and says whose Room is hidden
(R-BUILD-ONE)."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.i18n import Translator
from companion.ui.shell import TableApp
from companion.ui.table.forecast import Said, forecast_lines
from rules.commands import BuildRoom, RevealRooms
from rules.forecast import Draft, forecast
from rules.models import Room
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness, controls_in
from tests.companion.ui.test_memo_parts import two_tabs_at_build
from tests.companion.ui.test_what_a_device_sees import ADA, HOST, Server


@pytest.fixture
def server(tmp_path: Path) -> Server:
    return Server(tmp_path / "data")  # the folder the table_app fixture's store uses


# The seeded game (tests/e2e/sync_seed.py): Ada (XP 20) has a cleric Boss and a cleric Room,
# Brann (XP 19) a fighter Boss and a fighter Room; a Cleric and a Fighter are in town.
SECRET = "Secret Lair"


def brann_hides_three_clerics(server: Server) -> None:
    room = Room(name=SECRET, treasure=("cleric", "cleric", "cleric"), damage=3)
    server.play(BuildRoom(player="Brann", room=room))


def open_game(server: Server, table_app: AppFactory, viewer: int) -> tuple[Harness, TableApp]:
    ui, app = server.open_as(table_app, viewer)
    ui.tap(f"resume-{server.game_id}")
    ui.settle()
    return ui, app


def forecast_text(ui: Harness, player: str) -> str:
    """The words of the forecast under ``player``'s build form."""
    ui.settle()
    panel = ui.find(f"forecast-{player}")
    return "\n".join(str(c.value) for c in controls_in(panel) if isinstance(c, ft.Text) and c.value)


def forecast_words(panel: ft.Control) -> list[str]:
    """The words of each Text in a forecast panel."""
    return [str(c.value) for c in controls_in(panel) if isinstance(c, ft.Text) and c.value]


def test_another_seat_is_told_the_room_is_hidden_and_it_is_not_counted(
    table_app: AppFactory, server: Server
) -> None:
    """Ada's phone: Brann's face-down Room (3 cleric) is not counted, so the Cleric would
    go to Ada (cleric Room + cleric Boss: 2, R-BAIT-TOTAL; Brann shows 0 cleric)."""
    brann_hides_three_clerics(server)
    ui, _app = open_game(server, table_app, ADA)
    said = forecast_text(ui, "Ada")
    assert "Brann's Room is still hidden" in said
    assert "Cleric Hero #1: would go to you" in said
    assert SECRET not in ui.texts()


def test_the_forecast_follows_the_draft_and_names_what_changes(
    table_app: AppFactory, server: Server
) -> None:
    """Ada drafts a Room with two fighter icons: the Fighter now ties Ada 2, Brann 2
    (his fighter Room and Boss), so it would stay in town instead of going to Brann."""
    ui, _app = open_game(server, table_app, ADA)
    assert "Fighter Hero #2: would go to Brann" in forecast_text(ui, "Ada")
    prefix = "build-p" + str(
        next(n for n, p in enumerate(server.game.state.players, 1) if p.name == "Ada")
    )
    ui.tap(f"{prefix}-treasure-fighter")
    ui.tap(f"{prefix}-treasure-fighter")
    said = forecast_text(ui, "Ada")
    assert "Fighter Hero #2: would stay in town" in said
    assert "Fighter Hero #2 would stay in town instead of going to Brann." in said


def test_the_host_sees_the_whole_tables_bait_before_the_tap(
    table_app: AppFactory, server: Server
) -> None:
    """Once every Room is revealed, the host sees where each Hero would go: Brann's three
    cleric icons beat Ada's two (R-BAIT-HIGHEST), his fighter Room and Boss beat Ada's
    none. A seat's phone is not shown the table's forecast."""
    brann_hides_three_clerics(server)
    server.play(RevealRooms())
    host, _ = open_game(server, table_app, HOST)
    panel = host.find("forecast-table")
    said = "\n".join(str(c.value) for c in controls_in(panel) if isinstance(c, ft.Text) and c.value)
    assert "Cleric Hero #1: would go to Brann" in said
    assert "Fighter Hero #2: would go to Brann" in said
    ada, _ = open_game(server, table_app, ADA)
    assert not ada.has("forecast-table")


def test_the_forecast_redrawn_while_drafting_reaches_this_tab_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tabs on one game (the second one's opening redraws the first from its own
    task): a treasure icon drafted in the second tab changes its forecast, and the new
    words are sent to that tab's browser, not to the other tab's."""
    first, second = two_tabs_at_build(tmp_path, monkeypatch)
    try:
        panel = second.find("forecast-Ada")
        before = forecast_words(panel)
        sent = {tab: len(tab.conn.encoded) for tab in (first, second)}
        second.tap("build-p1-treasure-fighter")
        second.settle()
        changed = [w for w in forecast_words(second.find("forecast-Ada")) if w not in before]
        assert changed, "a fighter icon drafted changes the forecast's words"
        to_second = b"".join(second.conn.encoded[sent[second] :])
        to_first = b"".join(first.conn.encoded[sent[first] :])
        for words in changed:
            assert words.encode() in to_second
            assert words.encode() not in to_first
    finally:
        for tab in (first, second):
            tab.close()


def test_a_redraw_of_the_forecast_keeps_the_lines_that_did_not_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A drafted icon changes one Hero's line of the forecast: that line is drawn anew and
    sent, the lines that stayed the same are the very controls already on screen (the
    panel is redrawn at every change of the draft: nothing to make, compare or send)."""
    tabs = two_tabs_at_build(tmp_path, monkeypatch)
    ui = tabs[1]

    def texts() -> dict[str, ft.Control]:
        panel = ui.find("forecast-Ada")  # Ada: player 1 (sample_setup)
        return {str(c.value): c for c in controls_in(panel) if isinstance(c, ft.Text)}

    try:
        before = texts()
        sent = len(ui.conn.encoded)
        ui.tap("build-p1-treasure-fighter")
        ui.settle()
        after = texts()
        out = b"".join(ui.conn.encoded[sent:])
        changed = [w for w in after if w not in before]
        kept = [w for w in after if w in before and "Hero #" in w]
        assert changed and kept
        assert all(w.encode() in out for w in changed)
        assert not [w for w in kept if w.encode() in out]
        assert all(after[w] is before[w] for w in kept)
    finally:
        for tab in tabs:
            tab.close()


def test_words_kept_from_one_draft_to_the_next_are_the_words_made_afresh(
    server: Server,
) -> None:
    """The panel keeps each Hero's words while its forecast stays the same: drafts and
    seats one after the other give the same words as each made on its own."""
    tr = Translator("en")
    state = server.game.state
    said: Said = {}
    drafts = [
        None,
        Draft(player="Ada", room=Room(treasure=("fighter", "fighter"), damage=1)),
        Draft(player="Ada", room=Room(treasure=("cleric",), damage=1)),
        None,
        Draft(player="Ada", room=Room(treasure=("fighter", "fighter"), damage=1)),
    ]
    for draft in drafts:
        result = forecast(state, draft)
        for you in ("Ada", "Brann", None):
            assert forecast_lines(tr, result, you, said) == forecast_lines(tr, result, you)
