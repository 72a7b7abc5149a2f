"""The game screen and Join screen under live sync, without a browser (fake pages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.catalogue import default_catalogue
from companion.session import Sessions
from companion.sync.access import Join
from companion.sync.device import Device
from companion.sync.hub import SyncHub
from companion.ui.join_screen import JoinScreen
from companion.ui.shell import Settings, TableApp
from companion.ui.sync_link import SYNC_SLOT, TabSync, tap_missed
from companion.ui.table.game_screen import GameScreen
from companion.ui.widgets import Refusal
from rules.commands import BuildRoom
from rules.models import Room
from tests.companion.ui.table.conftest import (
    IN_BUILD,
    SETUP,
    FakePage,
    find,
    has,
    tap,
    texts,
    type_into,
)
from tests.e2e.sync_seed import device_id

STALE = "Someone else changed the table; here is the new state."


class Table:
    """One server (sessions + sync hub) and the devices that open its games."""

    def __init__(self, tmp_path: Path) -> None:
        from companion.store import GameStore

        self.sessions = Sessions(GameStore(tmp_path / "data", fsync=False))
        self.hub = SyncHub(tmp_path / "data", "http://192.168.1.20:8550", fsync=False)
        session = self.sessions.new_game(SETUP)
        for command in IN_BUILD:
            session.play(command)
        self.game_id = session.game_id
        self.code = self.hub.registry.add_host(self.game_id, device_id(1)).code

    def device(self, n: int, route: str, join: Join | None = None) -> tuple[FakePage, TableApp]:
        page = FakePage()
        joins = {self.game_id: join} if join else {}
        app = TableApp(
            page=page,  # type: ignore[arg-type]
            catalogue=default_catalogue(),
            settings=Settings(),
            screens={"home": _home(), "game": GameScreen, "table": GameScreen, "join": JoinScreen},
            sessions=self.sessions,
            sync=TabSync(self.hub, Device(device_id(n), joins)),
        )
        app.start(route)
        return page, app


def _home():  # type: ignore[no-untyped-def]
    from companion.ui.basic_screens import HomeScreen

    return HomeScreen


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path)


def test_a_device_without_the_code_lands_on_the_join_screen(table: Table) -> None:
    page, app = table.device(9, f"/game/{table.game_id}")
    assert isinstance(app.current, JoinScreen)
    assert app.current.route == f"/join?game={table.game_id}"
    assert has(page, "join-locked") and "Ask the host for its join code" in texts(page)


def test_the_home_screen_lists_only_games_this_device_may_see(table: Table) -> None:
    page, _ = table.device(9, "/")
    assert not has(page, f"saved-{table.game_id}") and has(page, "join-game")
    page, _ = table.device(1, "/")
    assert has(page, f"saved-{table.game_id}")


def test_typing_the_code_then_a_seat_opens_the_game_at_that_seat(table: Table) -> None:
    page, app = table.device(2, "/join")
    type_into(page, "join-code", table.code.lower())
    tap(page, "join-go")
    tap(page, "join-seat-2")
    assert isinstance(app.current, GameScreen)
    assert "You sit as Bo" in texts(page)
    assert app.sync is not None and app.sync.device.join(table.game_id) == Join(
        code=table.code, seat="Bo"
    )


def test_a_wrong_code_is_refused_with_the_code_named(table: Table) -> None:
    page, _ = table.device(2, "/join")
    wrong = "ABCDEF" if table.code != "ABCDEF" else "ABCDEG"
    type_into(page, "join-code", wrong)
    tap(page, "join-go")
    assert f"No game here has the join code {wrong[:3]}-{wrong[3:]}" in texts(page)


def test_the_invite_tab_shows_the_code_and_the_lan_link(table: Table) -> None:
    page, _ = table.device(1, f"/game/{table.game_id}")
    tap(page, "tab-invite")
    shown = texts(page)
    assert f"http://192.168.1.20:8550/join?code={table.code}" in shown
    assert f"Join code: {table.code[:3]}-{table.code[3:]}" in shown
    assert has(page, "invite-qr")


def test_a_spectator_sees_the_game_but_every_action_is_refused(table: Table) -> None:
    table.hub.registry.set_spectators(table.game_id, True)
    page, app = table.device(9, f"/game/{table.game_id}")
    assert isinstance(app.current, GameScreen) and "You are watching" in texts(page)
    before = app.session.revision if app.session else -1
    assert not has(page, "reveal-rooms")  # never offered to a spectator
    tap(page, "undo")
    assert "You are watching: ask the host for the join code" in texts(page)
    assert app.session is not None and app.session.revision == before
    tap(page, "tab-invite")
    assert table.code not in texts(page)  # the code is never shown to a spectator


def test_a_tap_on_a_screen_drawn_before_another_devices_change_is_refused_and_redrawn(
    table: Table,
) -> None:
    host_page, _host = table.device(1, f"/game/{table.game_id}")
    phone_page, phone = table.device(2, f"/game/{table.game_id}", Join(code=table.code))
    screen = phone.current
    assert isinstance(screen, GameScreen)
    drawn = screen.sender.confirmed
    tap(host_page, "p1-bonus-toggle")
    tap(host_page, "p1-bonus-mage-plus")  # the host acts first...
    # ...and the phone's browser had not shown that yet when its tap was made.
    screen.sender.confirmed = drawn
    screen.play("p2-bonus", BuildRoom(player="Bo", room=Room(name="Late", damage=1)))
    assert phone.session is not None
    assert phone.session.state.player("Bo").pending is None  # not applied
    assert STALE in texts(phone_page)
    assert screen.sender.rendered == (phone.session.revision, phone.session.game.version)


def test_a_tap_that_arrives_after_the_redraw_is_explained_not_dropped(table: Table) -> None:
    host_page, host = table.device(1, f"/game/{table.game_id}")
    phone_page, phone = table.device(2, f"/game/{table.game_id}", Join(code=table.code))
    tap(host_page, "reveal-rooms")
    tap_missed(phone)  # the phone's tap named a control the redraw had replaced
    assert STALE in texts(phone_page)
    tap_missed(host)  # the host's own second tap on the button it just used
    assert "Already done: that action was applied once" in texts(host_page)


def test_a_seated_phone_builds_only_its_own_room_and_others_see_it_face_down(
    table: Table,
) -> None:
    phone_page, phone = table.device(2, f"/join?game={table.game_id}", Join(code=table.code))
    tap(phone_page, "join-seat-2")
    host_page, _ = table.device(1, f"/game/{table.game_id}")
    assert has(phone_page, "build-p2-go") and not has(phone_page, "build-p1-go")
    assert has(host_page, "build-p1-go") and has(host_page, "build-p2-elsewhere")
    screen = phone.current
    assert isinstance(screen, GameScreen)
    assert not screen.play("x", BuildRoom(player="Ann", room=Room(name="Not mine", damage=1)))
    assert screen.errors["x"] == Refusal("Ann builds on their own device.")  # no rule to link
    screen.play("x", BuildRoom(player="Bo", room=Room(name="Secret Lair", damage=2)))
    assert "Secret Lair" not in texts(host_page)
    assert "Still building: Ann." in texts(host_page)  # Bo is ready
    assert find(host_page, "build-p2-elsewhere") is not None
    assert "Bo has placed a Room face down." in texts(host_page)


def test_a_seat_may_not_reveal_before_everyone_is_ready(table: Table) -> None:
    phone_page, phone = table.device(2, f"/join?game={table.game_id}", Join(code=table.code))
    tap(phone_page, "join-seat-2")
    # No Reveal button on a seat while others build: the note says who they wait for.
    assert not has(phone_page, "reveal-rooms")
    assert "Still building: Ann, Bo." in texts(phone_page)
    assert phone.session is not None and phone.session.state.phase == "build"


def test_changes_reach_the_other_device_and_sync_notice_clears_on_the_next_action(
    table: Table,
) -> None:
    host_page, host = table.device(1, f"/game/{table.game_id}")
    phone_page, phone = table.device(2, f"/game/{table.game_id}", Join(code=table.code))
    tap(phone_page, "undo")
    assert phone.session is not None and host.session is phone.session
    assert host_page.updates > 0
    screen = phone.current
    assert isinstance(screen, GameScreen)
    screen.errors[SYNC_SLOT] = STALE
    tap(phone_page, "redo")
    assert STALE not in texts(phone_page)
