"""Live sync across devices: several browser contexts ("phones") on one server.

Each context is its own device (its own browser storage). The games are saved before
the server starts, hosted by a known device; the others join with the game's code, by
its link (what the Invite QR code encodes) or by typing it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import (
    OUTPUT,
    AppPage,
    Server,
    start_server,
    stop_server,
)
from tests.e2e.game_steps import (
    Devices,
    bring_into_view,
    build_room,
    join_by_code,
    said,
    shows,
    sit,
    take_seat,
    tap,
    type_into,
)
from tests.e2e.sync_seed import SeededGame, device_id, in_build, seed

pytestmark = pytest.mark.e2e

STALE = "Someone else changed the table; here is the new state."
#: How long one try at a tap may wait for a page that is reconnecting (ms).
TRY_MS = 3_000


@pytest.fixture(scope="module")
def table(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, dict[str, SeededGame]]]:
    base = tmp_path_factory.mktemp("sync")
    data = base / "data"
    games = {
        "two": seed(data, 2, device_id(1), "Two phones"),
        "private": seed(data, 2, device_id(3), "Private build"),
        "locked": seed(data, 2, device_id(5), "Locked"),
        "six": seed(data, 6, device_id(11), "Six phones"),
        "blip": seed(data, 2, device_id(31), "Blip"),
        "setup": seed(data, 2, device_id(41), "First Rooms", at_setup=True),
    }
    server = start_server(data, base / "server.log")
    yield server, games
    stop_server(server)


@pytest.fixture
def devices(
    browser: object, table: tuple[Server, dict[str, SeededGame]], request: pytest.FixtureRequest
) -> Iterator[Devices]:
    opened = Devices(browser, table[0], OUTPUT / request.node.name)
    yield opened
    opened.close()


def gone(app: AppPage, identifier: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while app.by_id(identifier).count() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not app.by_id(identifier).count(), f"{identifier} still shown"


def total(app: AppPage, seat: int, treasure: str) -> str:
    return app.by_id(f"p{seat}-total-{treasure}").first.aria_snapshot()


def bump(app: AppPage, seat: int, treasure: str = "cleric") -> None:
    """Raise one player's treasure bonus by one (opening the bonus rows if needed)."""
    if not app.by_id(f"p{seat}-bonus-{treasure}-plus").count():
        tap(app, f"p{seat}-bonus-toggle")
        app.wait_for(f"p{seat}-bonus-{treasure}-plus")
    tap(app, f"p{seat}-bonus-{treasure}-plus")


def try_bump(app: AppPage, seat: int, treasure: str = "cleric") -> None:
    """One short try at ``bump`` for a tab that may be reconnecting: its old page takes no
    taps, and a patient tap would wait out the caller's deadline on it."""
    plus = app.by_id(f"p{seat}-bonus-{treasure}-plus").first
    if not plus.count():
        bring_into_view(app, f"p{seat}-bonus-toggle")
        app.by_id(f"p{seat}-bonus-toggle").first.click(timeout=TRY_MS)
        plus.wait_for(state="attached", timeout=TRY_MS)
    bring_into_view(app, f"p{seat}-bonus-{treasure}-plus")
    plus.click(timeout=TRY_MS)


def log_length(app: AppPage) -> int:
    """How many commands the Log tab lists (the newest is numbered highest)."""
    tap(app, "tab-log")
    app.wait_for("log")
    snapshot = app.by_id("log").first.aria_snapshot()
    tap(app, "tab-play")
    numbers = [
        int(w.rstrip("."))
        for w in snapshot.replace('"', " ").split()
        if w.rstrip(".").isdigit() and w.endswith(".")
    ]
    return max(numbers, default=0)


def test_two_phones_join_by_link_and_see_each_others_changes_and_undo(
    devices: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    server, games = table
    game = games["two"]
    host = devices.open(1, f"/game/{game.game_id}", "host")
    said(host, "You host this game")
    tap(host, "tab-invite")
    shows(host, "invite-code", f"Join code: {game.code[:3]}-{game.code[3:]}")
    shows(host, "invite-url", f"{server.url}/join?code={game.code}")
    host.screenshot("invite")
    tap(host, "tab-play")

    phone = devices.open(2, "/", "phone")
    assert not phone.by_id(f"saved-{game.game_id}").count()  # no code yet: not listed
    sit(phone, f"{server.url}/join?code={game.code}", 2, "Brann")
    phone.screenshot("seated")
    said(host, "devices connected: 2")

    # A change on the host appears on the phone; an undo on the phone appears on the host.
    assert "2" in total(phone, 1, "cleric")
    bump(host, 1)
    shows(host, "p1-total-cleric", "3")
    shows(phone, "p1-total-cleric", "3", timeout=3)
    phone.screenshot("sees-host-change")
    tap(phone, "undo")
    shows(phone, "p1-total-cleric", "2")
    shows(host, "p1-total-cleric", "2", timeout=3)
    host.screenshot("sees-phone-undo")
    tap(host, "redo")
    shows(phone, "p1-total-cleric", "3", timeout=3)

    # Both act at the same moment, three times: every tap is either applied or its
    # device says the table changed under it; none vanishes and none counts twice.
    applied = told = 0
    for _round in range(3):
        before_host = int(total(host, 1, "cleric").split()[-1].strip('"'))
        before_phone = int(total(phone, 2, "fighter").split()[-1].strip('"'))
        if not phone.by_id("p2-bonus-fighter-plus").count():
            tap(phone, "p2-bonus-toggle")
            phone.wait_for("p2-bonus-fighter-plus")
        if not host.by_id("p1-bonus-cleric-plus").count():
            tap(host, "p1-bonus-toggle")
            host.wait_for("p1-bonus-cleric-plus")
        host.by_id("p1-bonus-cleric-plus").first.click(no_wait_after=True)
        phone.by_id("p2-bonus-fighter-plus").first.click(no_wait_after=True)
        time.sleep(1.0)
        after_host = int(total(host, 1, "cleric").split()[-1].strip('"'))
        after_phone = int(total(phone, 2, "fighter").split()[-1].strip('"'))
        applied += (after_host - before_host) + (after_phone - before_phone)
        for app in (host, phone):
            if STALE in app.snapshot():
                told += 1
        # Both devices show the same table.
        assert total(host, 1, "cleric") == total(phone, 1, "cleric")
        assert total(host, 2, "fighter") == total(phone, 2, "fighter")
    phone.screenshot("after-simultaneous")
    print(f"simultaneous taps: {applied} applied, {told} told")
    assert applied + told == 6, (applied, told)
    assert log_length(host) == log_length(phone)

    # A reload keeps the seat without the code being typed again.
    phone.page.reload()
    phone.wait_ready()
    said(phone, "You sit as Brann")
    phone.screenshot("after-reload")


def test_private_build_is_hidden_until_revealed_together(
    devices: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    _server, games = table
    game = games["private"]
    host = devices.open(3, f"/join?game={game.game_id}", "host")
    take_seat(host, 1, "Ada")
    phone = devices.open(4, "/join", "phone")
    join_by_code(phone, game.code, 2, "Brann")

    # Each device builds only its own player's Room.
    assert phone.by_id("build-p1-elsewhere").count() and not phone.by_id("build-p1-go").count()
    build_room(host, "build-p1", "Secret Vault", ["mage"], 3)
    tap(host, "build-p1-go")
    said(host, "Ada: ready")
    said(phone, "Ada: ready")
    shows(phone, "build-p1-elsewhere", "Ada has placed a Room face down.")
    assert "Secret Vault" not in phone.snapshot()
    phone.screenshot("other-room-face-down")

    # A seat can't reveal while someone is still building: no button, and who it waits for.
    said(phone, "Still building: Brann.")
    assert not phone.by_id("reveal-rooms").count()
    build_room(phone, "build-p2", "Hidden Lair", ["thief"], 2)
    tap(phone, "build-p2-go")
    said(host, "Brann: ready")
    assert "Hidden Lair" not in host.snapshot()
    host.screenshot("both-ready")
    tap(phone, "reveal-rooms")
    for app in (host, phone):
        said(app, "Secret Vault")
        said(app, "Hidden Lair")
    phone.screenshot("revealed")


def test_first_rooms_at_setup_are_named_only_on_their_owners_phone(
    devices: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    """R-SETUP-FIRST: the first Rooms are built face down and revealed together."""
    _server, games = table
    game = games["setup"]
    host, phone = devices.open_many(
        [(41, f"/join?game={game.game_id}", "host"), (42, "/join", "phone")]
    )
    take_seat(host, 1, "Ada")
    join_by_code(phone, game.code, 2, "Brann")
    for app in (host, phone):
        tap(app, "continue-setup")
        app.wait_for("screen-setup")
    # Ada (20 XP) builds first; Brann's phone does not offer her Room.
    shows(phone, "first-room-1-elsewhere", "Ada has not placed a Room yet.")
    build_room(host, "first-room-1", "Secret Vault", ["mage"], 3)
    tap(host, "first-room-1-build")
    shows(host, "first-room-1-placed", "Face down: Secret Vault")
    shows(phone, "first-room-1-placed", "Ada has placed a Room face down.")
    assert "Secret Vault" not in phone.snapshot()
    phone.screenshot("setup-other-room-face-down")
    build_room(phone, "first-room-2", "Hidden Lair", ["thief"], 2)
    tap(phone, "first-room-2-build")
    shows(host, "first-room-2-placed", "Brann has placed a Room face down.")
    assert "Hidden Lair" not in host.snapshot()
    host.screenshot("setup-both-placed")
    tap(phone, "reveal-first-rooms")
    for app in (host, phone):  # revealed together: both go to the table
        said(app, "Secret Vault")
        said(app, "Hidden Lair")


def test_a_device_without_the_code_is_refused_until_the_host_allows_watching(
    devices: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    _server, games = table
    game = games["locked"]
    stranger = devices.open(6, f"/game/{game.game_id}", "stranger")
    said(stranger, "This game is private. Ask the host for its join code")
    stranger.screenshot("locked")
    wrong = "ABCDEF" if game.code != "ABCDEF" else "ABCDEG"
    type_into(stranger, "join-code", wrong)
    tap(stranger, "join-go")
    said(stranger, "No game here has the join code ABC-DE")
    type_into(stranger, "join-code", "OO11")
    tap(stranger, "join-go")
    said(stranger, "a join code has no")
    stranger.screenshot("wrong-code")
    stranger.page.goto(stranger.base_url + "/")
    stranger.wait_ready()
    assert not stranger.by_id(f"saved-{game.game_id}").count()

    host = devices.open(5, f"/game/{game.game_id}", "host")
    tap(host, "tab-invite")
    tap(host, "invite-spectators")
    time.sleep(0.5)
    stranger.page.goto(f"{stranger.base_url}/game/{game.game_id}")
    stranger.wait_ready()
    said(stranger, "You are watching (read-only)")
    assert not stranger.by_id("reveal-rooms").count()  # never offered to a spectator
    tap(stranger, "undo")
    said(stranger, "You are watching: ask the host for the join code to take part.")
    stranger.screenshot("watching")
    tap(host, "tab-play")
    bump(host, 1)
    shows(stranger, "p1-total-cleric", "3", timeout=3)


@pytest.mark.slow  # a minute or more on CI: started first
def test_six_devices_build_in_private_reveal_and_undo_together(
    devices: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    server, games = table
    game = games["six"]
    phones: list[AppPage] = []
    host = devices.open(11, f"/join?game={game.game_id}", "p1")
    take_seat(host, 1, game.players[0])
    phones.append(host)
    joining = [(10 + seat, f"/join?code={game.code}", f"p{seat}") for seat in range(2, 7)]
    for seat, phone in enumerate(devices.open_many(joining), 2):
        take_seat(phone, seat, game.players[seat - 1])
        phones.append(phone)
    said(host, "devices connected: 6")

    for seat, phone in enumerate(phones, 1):
        if seat > 1:  # tap once this phone shows the last Room placed (else: "changed")
            said(phone, f"{game.players[seat - 2]}: ready")
        build_room(phone, f"build-p{seat}", f"Room {seat}X", ["fighter"], 1)
        tap(phone, f"build-p{seat}-go")
        said(phone, f"{game.players[seat - 1]}: ready")
    for phone in phones:
        said(phone, "Everyone has placed a Room face down")
        assert "Room 2X" not in phones[0].snapshot()
    phones[0].screenshot("all-ready")
    tap(phones[5], "reveal-rooms")  # the Bait comes with it (R-FOLLOWS)
    for phone in phones:
        for seat in range(1, 7):
            # Six tabs drawn again with the reveal and its Bait: on a loaded 2-core machine
            # the first of them once took more than 10 s (the test passes in 52 s alone).
            said(phone, f"Room {seat}X")
        gone(phone, "reveal-rooms")
        phone.wait_for("bait-results", timeout=5_000)
    tap(phones[3], "undo")
    for phone in phones:
        # The first phone waits for all six redraws as the reveal's did (a CI run at load
        # 14 had Ada's come after 5 s); the others are drawn by then.
        phone.wait_for("reveal-rooms")
    # Nothing lost, nothing twice: 6 Rooms + reveal (its Bait with it) - undo = 6 more.
    lengths = {log_length(phone) for phone in (phones[0], phones[5])}
    assert lengths == {len(in_build(6)) + 6}, lengths
    for seat, phone in enumerate(phones, 1):
        phone.screenshot(f"end-p{seat}")
    assert server.process.poll() is None


def test_a_phone_left_open_across_a_server_restart_gets_its_seat_back(
    browser: object, tmp_path: Path
) -> None:
    """The host's computer restarts the server; the phone's tab is not reloaded. It
    reconnects by itself, as the same device, to its seat and the saved game."""
    data = tmp_path / "data"
    game = seed(data, 2, device_id(21), "Restart")
    server = start_server(data, tmp_path / "before.log")
    devices = Devices(browser, server, OUTPUT / "restart")
    try:
        phone = devices.open(21, f"/game/{game.game_id}", "phone")
        said(phone, "You host this game")
        bump(phone, 1)
        shows(phone, "p1-total-cleric", "3")  # a Room and the Boss, plus one: saved
        stop_server(server)
        port = int(server.url.rsplit(":", 1)[1])
        server = start_server(data, tmp_path / "after.log", port=port)
        # Taps made while the tab is still reconnecting go nowhere: tap until one lands,
        # then the total must read exactly one more (nothing lost, nothing repeated).
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert not phone.by_id("screen-join").count(), "the tab came back as a stranger"
            if phone.by_id("p1-total-cleric").count() and "4" in total(phone, 1, "cleric"):
                break
            with contextlib.suppress(Exception):  # the old page's nodes are being replaced
                try_bump(phone, 1)  # the new session shows the bonus rows closed: opens them
            time.sleep(2)
        shows(phone, "p1-total-cleric", "4")
        said(phone, "You host this game")
        phone.screenshot("after-restart")
        assert "5" not in total(phone, 1, "cleric")
    finally:
        devices.close()
        stop_server(server)


#: Tabs left open across the server kill below: several per browser, as at a real table
#: (kept modest: every tab is a Flutter page on a small machine).
KILLED_TABS, KILLED_BROWSERS = 8, 4


@pytest.mark.slow  # a minute or more on CI: started first
def test_every_tab_left_open_across_a_server_kill_comes_back_by_itself(
    browser: object, tmp_path: Path
) -> None:
    """The server is killed (no goodbye to any tab) while the game changes on disk, and
    starts again on the same port: every open tab reconnects by itself, as its device,
    to the game as it is now, and still acts. No tab may need a reload."""
    import signal

    from companion.store import GameStore
    from rules.commands import SetTreasureBonus

    data = tmp_path / "data"
    game = seed(data, 2, device_id(41), "Killed")
    server = start_server(data, tmp_path / "before.log")
    devices = Devices(browser, server, OUTPUT / "killed")
    try:
        # One device per browser, each with several tabs of the same game.
        firsts = [devices._new(41, f"browser{b}") for b in range(KILLED_BROWSERS)]
        tabs = firsts + [
            first.another_tab()
            for first in firsts
            for _ in range(KILLED_TABS // KILLED_BROWSERS - 1)
        ]
        for tab in tabs:
            tab.page.goto(f"{server.url}/game/{game.game_id}")
        for tab in tabs:
            tab.page.bring_to_front()  # a tab in the background draws its first frame late
            tab.wait_ready()
            shows(tab, "p1-total-cleric", "2", timeout=30)
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=10)
        store = GameStore(data, fsync=False)  # the game moves on while the server is down
        moved, _ = store.load(game.game_id).game.play(
            SetTreasureBonus(player="Ada", treasure="cleric", amount=5)
        )
        store.save(game.game_id, moved)
        port = int(server.url.rsplit(":", 1)[1])
        server = start_server(data, tmp_path / "after.log", port=port)
        back: set[int] = set()
        deadline = time.monotonic() + 90
        while len(back) < len(tabs) and time.monotonic() < deadline:
            for n, tab in enumerate(tabs):
                with contextlib.suppress(Exception):  # a tab still being redrawn
                    if n not in back and "7" in total(tab, 1, "cleric"):
                        back.add(n)
            time.sleep(1.0)
        stuck = sorted(set(range(len(tabs))) - back)
        for n in stuck:
            tabs[n].screenshot(f"stuck-tab-{n}")
        assert not stuck, f"{len(stuck)} of {len(tabs)} tabs did not come back: {stuck}"
        assert "not registered" not in server.log()
        said(tabs[-1], "You host this game")
        bump(tabs[-1], 1)  # the connection carries taps again, and every tab hears of it
        for tab in tabs:
            shows(tab, "p1-total-cleric", "8", timeout=30)
        tabs[-1].screenshot("after-kill")
    finally:
        devices.close()
        stop_server(server)


def test_a_phone_whose_network_blips_catches_up_without_losing_or_repeating(
    devices: Devices, table: tuple[Server, dict[str, SeededGame]]
) -> None:
    """The phone drops off the network while the host acts; back online, it shows the
    host's change, and its own next tap counts once."""
    _server, games = table
    game = games["blip"]
    host = devices.open(31, f"/game/{game.game_id}", "host")
    said(host, "You host this game")
    phone = devices.open(32, f"/join?code={game.code}", "phone")
    take_seat(phone, 2, "Brann")
    shows(phone, "p1-total-cleric", "2")

    phone.page.context.set_offline(True)
    bump(host, 1)
    shows(host, "p1-total-cleric", "3")
    time.sleep(2.0)
    assert "3" not in total(phone, 1, "cleric"), "the phone was never off the network"
    phone.page.context.set_offline(False)

    shows(phone, "p1-total-cleric", "3", timeout=30)  # caught up, without a reload
    bump(phone, 2, "fighter")
    shows(phone, "p2-total-fighter", "3")
    shows(host, "p2-total-fighter", "3", timeout=5)
    time.sleep(1.0)
    assert "4" not in total(host, 2, "fighter")  # applied once
    assert log_length(host) == log_length(phone)
    phone.screenshot("after-blip")
