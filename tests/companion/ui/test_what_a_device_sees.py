"""What one device may see of the saved games under live sync: an export never shows a
face-down Room to anyone but its owner (R-BUILD-ONE: all are revealed together), and
damaged files (what is wrong, where the file is) and restoring a backup are for the host.

Each test runs the real saved-games screen and its dialogs, with the real sync hub and
join records, as a given device."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion.store import GameStore
from companion.sync.access import Join
from companion.sync.device import Device
from companion.sync.hub import SyncHub
from companion.ui.shell import TableApp
from companion.ui.store_problems import restore_game
from companion.ui.sync_link import TabSync
from rules.commands import BuildMiniboss, BuildRoom, Command, RevealRooms
from rules.game import Game
from rules.models import MinibossCard, Room, Ruleset
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness
from tests.companion.ui.test_games_screen import dialog_text, in_dialog, tap_dialog
from tests.e2e.sync_seed import device_id, in_build, setup

SECRET = "Secret Lair"
HOST, BRANN, ADA, STRANGER, LOCAL = 1, 2, 3, 9, 5


class Server:
    """A data folder with one game in its Build phase, its host device, and a seat each."""

    def __init__(
        self, root: Path, commands: Sequence[Command] | None = None, minibosses: bool = False
    ) -> None:
        self.root = root
        self.store = GameStore(root, fsync=False)
        table = setup(2)
        if minibosses:
            table = table.model_copy(update={"ruleset": Ruleset(minibosses=True)})
        self.game = Game.new(table)
        self.game_id = self.store.create(self.game.setup, "Friday").game_id
        for command in in_build(2) if commands is None else commands:
            self.play(command)
        self.hub = SyncHub(root, fsync=False)
        self.code = self.hub.registry.add_host(self.game_id, device_id(HOST)).code
        for n, player in ((BRANN, "Brann"), (ADA, "Ada")):
            self.hub.registry.sit(
                self.game_id, player, device_id(n), players=("Ada", "Brann"), online=set()
            )

    def play(self, command: Command) -> None:
        self.game, _ = self.game.play(command)
        self.store.save(self.game_id, self.game)

    def device(self, n: int) -> Device:
        seats = {BRANN: "Brann", ADA: "Ada"}
        joins = {self.game_id: Join(code=self.code, seat=seats[n])} if n in seats else {}
        return Device(device_id(n), joins, local=n == LOCAL)

    def open_as(self, table_app: AppFactory, n: int) -> tuple[Harness, TableApp]:
        ui, app = table_app()
        app.sync = TabSync(self.hub, self.device(n))
        ui.tap("open-saved-games")
        return ui, app


@pytest.fixture
def server(tmp_path: Path) -> Server:
    return Server(tmp_path / "data")  # the folder the table_app fixture's store uses


def brann_builds_face_down(server: Server) -> None:
    server.play(BuildRoom(player="Brann", room=Room(name=SECRET, treasure=("mage",), damage=3)))


def exported_text(ui: Harness) -> str:
    return str(in_dialog(ui, "export-text").value or "")


# --- face-down Rooms in an export -------------------------------------------------------


@pytest.mark.parametrize("viewer", [HOST, ADA, STRANGER], ids=["host", "other-seat", "spectator"])
def test_export_never_shows_another_players_face_down_room(
    table_app: AppFactory, server: Server, viewer: int
) -> None:
    server.hub.registry.set_spectators(server.game_id, True)
    brann_builds_face_down(server)
    ui, _app = server.open_as(table_app, viewer)
    ui.tap(f"export-{server.game_id}")
    said = dialog_text(ui)
    assert SECRET not in said
    assert "Rooms are face down" in said and "R-BUILD-ONE" in said
    assert SECRET not in str(in_dialog(ui, "export-copy").action)
    tap_dialog(ui, "export-switch")  # the table holds only Rooms that are face up
    table = json.loads(exported_text(ui))
    assert SECRET not in dialog_text(ui)
    assert [len(p["rooms"]) for p in table["players"]] == [1, 1]


def test_the_owner_of_a_face_down_room_exports_it(table_app: AppFactory, server: Server) -> None:
    brann_builds_face_down(server)
    ui, _app = server.open_as(table_app, BRANN)
    ui.tap(f"export-{server.game_id}")
    assert SECRET in json.dumps(json.loads(exported_text(ui))["log"])


def test_once_revealed_every_device_exports_the_room(table_app: AppFactory, server: Server) -> None:
    brann_builds_face_down(server)
    server.play(RevealRooms())
    ui, _app = server.open_as(table_app, ADA)
    ui.tap(f"export-{server.game_id}")
    assert SECRET in exported_text(ui)


def test_a_room_taken_back_is_left_out_of_another_devices_export(
    table_app: AppFactory, server: Server
) -> None:
    brann_builds_face_down(server)
    server.game = server.game.undo()  # the card goes back to Brann's hand: the redo stack
    server.store.save(server.game_id, server.game)
    ui, _app = server.open_as(table_app, ADA)
    ui.tap(f"export-{server.game_id}")
    exported = json.loads(exported_text(ui))
    assert SECRET not in json.dumps(exported) and exported["undone"] == []
    ui, _app = server.open_as(table_app, BRANN)
    ui.tap(f"export-{server.game_id}")
    assert SECRET in json.dumps(json.loads(exported_text(ui))["undone"])


# --- damaged files: the host's business -------------------------------------------------


def damage(server: Server) -> Path:
    """Another save (so there is a backup), then the game's file cut in half."""
    brann_builds_face_down(server)
    path = server.store.layout.game_file(server.game_id)
    path.write_bytes(path.read_bytes()[:100])
    return path


@pytest.mark.parametrize("viewer", [HOST, LOCAL], ids=["host-device", "server-computer"])
def test_the_host_sees_the_damaged_file_and_may_restore_it(
    table_app: AppFactory, server: Server, viewer: int
) -> None:
    path = damage(server)
    ui, _app = server.open_as(table_app, viewer)
    assert ui.has("list-problem-1") and ui.has(f"restore-{server.game_id}")
    if viewer == LOCAL:
        assert str(path) in ui.texts()
    else:  # where the data folder lies on the server is the server's computer's business
        assert f"games/{path.name}" in ui.texts() and str(server.root) not in ui.texts()


@pytest.mark.parametrize("viewer", [STRANGER, BRANN], ids=["no-code", "seat"])
def test_other_devices_see_no_file_path_and_no_restore(
    table_app: AppFactory, server: Server, viewer: int
) -> None:
    path = damage(server)
    ui, _app = server.open_as(table_app, viewer)
    shown = ui.texts()
    assert str(path) not in shown and str(server.root) not in shown
    assert not ui.has(f"restore-{server.game_id}")
    if viewer == STRANGER:  # nothing at all about a game it has no code for
        assert server.game_id not in shown and not ui.has("list-problem-1")
    else:
        assert "A saved game can't be opened" in shown
        assert "Only the host's device can restore it." in shown


def test_restore_from_a_device_that_is_not_the_host_is_refused(
    table_app: AppFactory, server: Server
) -> None:
    path = damage(server)
    broken = path.read_bytes()
    ui, app = server.open_as(table_app, BRANN)
    restore_game(app, server.game_id)  # as if its button had been tapped
    assert path.read_bytes() == broken, "nothing restored"
    assert not list(server.store.layout.quarantine.iterdir()), "nothing moved"
    assert "Only the host's device can restore it." in dialog_text(ui)


def test_export_says_so_when_who_this_device_is_cannot_be_saved(
    table_app: AppFactory, server: Server
) -> None:
    import errno

    from companion.sync.registry import JoinRecordNotSaved

    brann_builds_face_down(server)
    ui, app = server.open_as(table_app, HOST)
    assert app.sync is not None

    def full_disk(game_id: str) -> None:
        raise JoinRecordNotSaved(game_id, OSError(errno.ENOSPC, "No space left on device"))

    app.sync.access = full_disk  # type: ignore[method-assign,assignment]
    ui.tap(f"export-{server.game_id}")
    assert SECRET not in ui.texts()
    assert "its join code could not be saved" in ui.texts()


def test_a_seat_opening_a_game_that_replays_only_in_part_is_not_shown_the_file(
    table_app: AppFactory, server: Server
) -> None:
    from companion.store.records import GAME_TABLE
    from rules.commands import COMMANDS

    path = server.store.layout.game_file(server.game_id)
    data = json.loads(path.read_text())
    end_turn = COMMANDS.dump_python(COMMANDS.validate_python({"type": "end_turn"}))
    data[GAME_TABLE]["1"]["log"].insert(2, end_turn)  # refused by the rules at that point
    path.write_text(json.dumps(data))
    ui, _app = server.open_as(table_app, BRANN)
    ui.tap(f"resume-{server.game_id}")
    said = dialog_text(ui)
    assert "This game opened at its last good state" in said
    assert "Only the host's device can restore it." in said
    assert str(server.root) not in said and "kept as" not in said
    tap_dialog(ui, "problem-play-on")
    assert ui.has("screen-game")


# --- first Rooms at set-up (R-SETUP-FIRST) ----------------------------------------------


def at_setup(root: Path, seated: bool = True) -> Server:
    """The game at set-up, Brann's first Room placed face down; Ada still choosing.
    Without ``seated`` Brann has no phone of his own (his seat is free). A spectator
    never opens set-up: the gate sends it to the game screen, which names no Room."""
    server = Server(root, commands=())
    brann_builds_face_down(server)
    server.hub.registry.set_spectators(server.game_id, True)
    if not seated:
        server.hub.registry.sit(
            server.game_id, None, device_id(BRANN), players=("Ada", "Brann"), online=set()
        )
    return server


def open_setup(server: Server, table_app: AppFactory, viewer: int) -> Harness:
    ui, _app = server.open_as(table_app, viewer)
    ui.tap(f"resume-{server.game_id}")
    ui.tap("continue-setup")
    assert ui.has("screen-setup")
    return ui


@pytest.mark.parametrize("viewer", [HOST, ADA], ids=["host", "other-seat"])
def test_setup_first_room_face_down_is_hidden_from_other_devices(
    table_app: AppFactory, tmp_path: Path, viewer: int
) -> None:
    server = at_setup(tmp_path / "data")
    ui = open_setup(server, table_app, viewer)
    shown = ui.texts()
    assert SECRET not in shown
    assert "Brann has placed a Room face down." in shown


def test_setup_offers_a_first_room_only_to_a_device_that_builds_it(
    table_app: AppFactory, tmp_path: Path
) -> None:
    server = at_setup(tmp_path / "data")
    ui = open_setup(server, table_app, BRANN)
    ada = next(n for n, p in enumerate(server.game.state.xp_order(), 1) if p.name == "Ada")
    assert not ui.has(f"first-room-{ada}-build") and not ui.has(f"first-room-{ada}-name")
    assert "Ada has not placed a Room yet." in ui.texts()


def test_setup_first_room_face_down_is_shown_to_its_owner(
    table_app: AppFactory, tmp_path: Path
) -> None:
    server = at_setup(tmp_path / "data")
    ui = open_setup(server, table_app, BRANN)
    assert f"Face down: {SECRET}" in ui.texts()


def test_setup_host_sees_the_first_room_of_a_player_without_a_phone(
    table_app: AppFactory, tmp_path: Path
) -> None:
    server = at_setup(tmp_path / "data", seated=False)
    assert f"Face down: {SECRET}" in open_setup(server, table_app, HOST).texts()
    assert SECRET not in open_setup(server, table_app, ADA).texts()


# --- a Miniboss placed face down (R-MINI, R-BUILD-ONE) --------------------------------


MINI = "Secret Mini"


def miniboss_placed(root: Path) -> Server:
    server = Server(root, minibosses=True)
    server.hub.registry.set_spectators(server.game_id, True)
    server.play(BuildMiniboss(player="Brann", over=0, miniboss=MinibossCard(name=MINI)))
    return server


def open_table(server: Server, table_app: AppFactory, viewer: int) -> Harness:
    ui, _app = server.open_as(table_app, viewer)
    ui.tap(f"resume-{server.game_id}")
    assert ui.has("screen-game")
    return ui


@pytest.mark.parametrize("viewer", [HOST, ADA, STRANGER], ids=["host", "other-seat", "spectator"])
def test_face_down_miniboss_name_is_hidden_from_other_devices(
    table_app: AppFactory, tmp_path: Path, viewer: int
) -> None:
    server = miniboss_placed(tmp_path / "data")
    ui = open_table(server, table_app, viewer)
    shown = ui.texts()
    assert MINI not in shown
    assert ui.has("p2-room-1-mini") and "face down" in shown


def test_face_down_miniboss_is_named_to_its_owner_and_to_all_once_revealed(
    table_app: AppFactory, tmp_path: Path
) -> None:
    server = miniboss_placed(tmp_path / "data")
    assert MINI in open_table(server, table_app, BRANN).texts()
    server.play(RevealRooms())
    assert MINI in open_table(server, table_app, ADA).texts()


# --- the saved games can't be listed: the data folder is the server's business ----------


def unlistable(server: Server, monkeypatch: pytest.MonkeyPatch) -> str:
    """Listing fails as a data folder the server may not read does; returns the path."""
    import errno

    folder = str(server.root / "games")

    def refused(_self: GameStore) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", folder)

    monkeypatch.setattr(GameStore, "list_games", refused)
    return folder


@pytest.mark.parametrize("viewer", [BRANN, HOST, STRANGER], ids=["seat", "host", "no-code"])
def test_list_failed_shows_no_data_folder_to_another_device(
    table_app: AppFactory, server: Server, monkeypatch: pytest.MonkeyPatch, viewer: int
) -> None:
    folder = unlistable(server, monkeypatch)
    ui, _app = server.open_as(table_app, viewer)
    shown = ui.texts()
    assert folder not in shown and str(server.root) not in shown
    assert "The saved games can't be listed" in shown
    assert "the server's computer shows why" in shown


def test_list_failed_names_the_data_folder_on_the_servers_computer(
    table_app: AppFactory, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = unlistable(server, monkeypatch)
    ui, _app = server.open_as(table_app, LOCAL)
    assert folder in ui.texts() and "Permission denied" in ui.texts()


def test_home_shows_no_data_folder_to_another_device_when_the_list_fails(
    table_app: AppFactory, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = unlistable(server, monkeypatch)
    shown: dict[int, str] = {}
    for viewer in (BRANN, LOCAL):
        ui, app = table_app()
        app.sync = TabSync(server.hub, server.device(viewer))
        app.replace("/")  # the home screen, drawn as this device
        ui.settle()  # the saved games are read off the event loop
        shown[viewer] = ui.texts()
    assert "The saved games can't be listed" in shown[BRANN]
    assert folder not in shown[BRANN] and "the server's computer shows why" in shown[BRANN]
    assert folder in shown[LOCAL]


# --- a change that could not be saved: the file's path is the host's business ----------


@pytest.mark.parametrize("viewer", [BRANN, HOST], ids=["seat", "host"])
def test_a_save_that_fails_names_the_file_only_on_the_hosts_device(
    table_app: AppFactory, server: Server, monkeypatch: pytest.MonkeyPatch, viewer: int
) -> None:
    from companion.store.problems import SaveFailed

    path = str(server.store.layout.game_file(server.game_id))

    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise SaveFailed("disk_full", server.game_id, path, "No space left on device")

    ui = open_table(server, table_app, viewer)
    monkeypatch.setattr(GameStore, "save", full_disk)
    ui.tap("p2-bonus-toggle")
    ui.tap("p2-bonus-cleric-plus")
    shown = ui.texts()
    assert "Not saved, so nothing changed" in shown
    if viewer == HOST:  # the file, without the server's folder (not the server's computer)
        assert f"games/{Path(path).name}" in shown and str(server.root) not in shown
    else:
        assert path not in shown and str(server.root) not in shown
        assert "Not saved, so nothing changed: the disk is full" in shown


# --- this turn's face-down Room on the table ---------------------------------------------


def test_a_seat_sees_the_name_of_its_own_face_down_room(
    table_app: AppFactory, server: Server
) -> None:
    # Brann placed the Room from his phone: he may check what he put down (R-BUILD-ONE
    # hides it from the others until the reveal).
    brann_builds_face_down(server)
    ui = open_table(server, table_app, BRANN)
    assert ui.has("p2-face-down") and SECRET in ui.texts()


@pytest.mark.parametrize("viewer", [HOST, ADA], ids=["host", "other-seat"])
def test_another_device_sees_only_that_a_room_lies_face_down(
    table_app: AppFactory, server: Server, viewer: int
) -> None:
    brann_builds_face_down(server)
    ui = open_table(server, table_app, viewer)
    assert ui.has("p2-face-down") and SECRET not in ui.texts()
