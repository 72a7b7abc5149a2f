"""The turn at the table, as phones show it: undo says what it undid, Destroy asks first,
the Invite tab follows the seats as phones take them, and Reveal Rooms shows only where
it may be tapped.

The games are saved before the server starts, hosted by a known device (``sync_seed``);
the other phones join with the game's code, as at a real table.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.conftest import (
    OUTPUT,
    PHONE,
    Server,
    start_server,
    stop_server,
)
from tests.e2e.game_steps import Devices, bring_into_view, said, shows, sit, tap
from tests.e2e.sync_seed import SeededGame, device_id, seed

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def table(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, dict[str, SeededGame]]]:
    base = tmp_path_factory.mktemp("turn")
    data = base / "data"
    games = {
        "undo": seed(data, 2, device_id(51), "Undo"),
        "destroy": seed(data, 2, device_id(52), "Destroy"),
        "invite": seed(data, 3, device_id(53), "Invite"),
        "setup": seed(data, 3, device_id(55), "Set-up", at_setup=True),
    }
    server = start_server(data, base / "server.log")
    yield server, games
    stop_server(server)


@pytest.fixture
def phones(
    browser: object, table: tuple[Server, dict[str, SeededGame]], request: pytest.FixtureRequest
) -> Iterator[Devices]:
    opened = Devices(browser, table[0], OUTPUT / request.node.name)
    yield opened
    opened.close()


def test_undo_says_what_it_undid_with_redo_in_the_notice(
    phones: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    game = table[1]["undo"]
    host = phones.open(51, f"/game/{game.game_id}", "host")
    said(host, "You host this game")
    tap(host, "p1-bonus-toggle")
    tap(host, "p1-bonus-cleric-plus")
    shows(host, "p1-total-cleric", "3")
    tap(host, "undo")
    shows(host, "undo-notice", "Undone: Treasure bonus (Ada)")
    shows(host, "p1-total-cleric", "2")
    host.screenshot("undo-notice")
    tap(host, "undo-notice-redo")  # the other arrow, in the notice
    shows(host, "p1-total-cleric", "3")
    shows(host, "undo-notice", "Redone: Treasure bonus (Ada)")


def test_destroy_asks_first_and_cancel_keeps_the_room(
    phones: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    game = table[1]["destroy"]
    host = phones.open(52, f"/game/{game.game_id}", "host")
    said(host, "You host this game")
    tap(host, "p2-room-actions-toggle")  # Destroy and Deactivate wait behind it
    tap(host, "p2-room-1-destroy")
    host.wait_for("confirm-destroy")
    said(host, "Destroy Hall 2?")
    host.screenshot("destroy-asks")
    tap(host, "confirm-destroy-cancel")
    host.wait_for("p2-room-1-destroy")
    assert "is destroyed" not in host.snapshot()
    tap(host, "p2-room-1-destroy")
    tap(host, "confirm-destroy-yes")
    said(host, "is destroyed")  # the ruling (R-DESTROY)


def test_the_invite_tab_follows_the_seats_and_reveal_waits_on_a_seat(
    phones: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    server, games = table
    game = games["invite"]
    host = phones.open(53, f"/game/{game.game_id}", "host")
    said(host, "You host this game")
    host.wait_for("reveal-rooms")  # the host may reveal at any time
    tap(host, "tab-invite")
    shows(host, "seat-p3", "Cyra: no device yet")

    phone = phones.open(54, "/", "phone")
    sit(phone, f"{server.url}/join?code={game.code}", 3, "Cyra")
    # The host's Invite tab, left open, says so without another tap.
    shows(host, "seat-p3", "Cyra: on another device, connected")
    host.screenshot("invite-live")

    # The seat builds its own Room; Reveal Rooms waits there until everyone has built.
    said(phone, "Still building: Ada, Brann, Cyra")
    assert not phone.by_id("reveal-rooms").count()
    phone.screenshot("reveal-waits")


def test_catalogue_matches_open_in_view_at_the_bottom_of_the_page(
    phones: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    game = table[1]["setup"]
    host = phones.open(55, f"/setup/{game.game_id}", "host")
    field = "first-room-3-name"
    bring_into_view(host, field)
    # The field sits right above the bottom edge, where its matches opened out of sight.
    box = host.by_id(field).first.bounding_box()
    assert box is not None
    height = PHONE["height"]
    host.page.mouse.move(195, 400)
    host.page.mouse.wheel(0, box["y"] - (height - 90))
    host.page.wait_for_timeout(600)
    box = host.by_id(field).first.bounding_box()
    assert box is not None and box["y"] > height - 160, box
    host.by_id(field).first.click()
    typed = host.by_id(field).locator("input").first
    typed.wait_for(state="attached", timeout=5_000)
    typed.press_sequentially("dark", delay=80)
    option = host.page.locator('[flt-semantics-identifier^="first-room-3-option-"]').last
    option.wait_for(state="attached", timeout=10_000)
    host.page.wait_for_timeout(800)
    shown = option.bounding_box()
    assert shown is not None and shown["y"] + shown["height"] <= height, shown
    host.screenshot("matches-in-view")
