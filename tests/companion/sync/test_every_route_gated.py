"""The join-code gate holds on every route the app has, however the route is reached.

The routes are read from the app's own router (``companion.app.SCREENS``), each tried
bare, with a game id as its path, as its query and with more after it: a screen added
later that shows a game without passing the gate makes these tests fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app import SCREENS
from companion.catalogue import default_catalogue
from companion.session import Sessions
from companion.store import GameStore
from companion.sync.access import Join
from companion.sync.device import Device
from companion.sync.hub import SyncHub
from companion.ui.join_screen import JoinScreen
from companion.ui.shell import Settings, TableApp, route_name
from companion.ui.sync_link import TabSync, access_of, route_changed
from companion.ui.table.game_screen import GameScreen
from rules.models import GameSetup, PlayerSetup
from tests.companion.ui.table.conftest import FakePage, walk
from tests.e2e.sync_seed import device_id

#: Names that appear nowhere in the app but in this game, so seeing one means the game.
PLAYERS = ("Zelphine", "Quorbin")
GAME_NAME = "Vault of Ixmor"
HOST, STRANGER = 1, 9


class Server:
    """One store and sync hub, one game hosted by device 1 (the others have no code)."""

    def __init__(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        self.sessions = Sessions(GameStore(data, fsync=False))
        self.hub = SyncHub(data, fsync=False)
        setup = GameSetup(
            players=tuple(
                PlayerSetup(name=n, xp=10 - i, boss=f"Boss {i}", boss_treasure=("mage",))
                for i, n in enumerate(PLAYERS)
            )
        )
        session = self.sessions.new_game(setup, name=GAME_NAME)
        self.game_id = session.game_id
        self.code = self.hub.registry.add_host(self.game_id, device_id(HOST)).code

    def tab(self, device: int, join: Join | None = None) -> tuple[FakePage, TableApp]:
        page = FakePage()
        app = TableApp(
            page=page,  # type: ignore[arg-type]
            catalogue=default_catalogue(),
            settings=Settings(),
            screens=SCREENS,
            sessions=self.sessions,
            sync=TabSync(self.hub, Device(device_id(device), {self.game_id: join} if join else {})),
        )
        return page, app


@pytest.fixture
def server(tmp_path: Path) -> Server:
    return Server(tmp_path)


def routes(game_id: str) -> list[str]:
    """Every route of the app, each in every shape that could name a game."""
    out = ["/"]
    for name in sorted(SCREENS):
        base = "" if name == "home" else f"/{name}"
        out += [
            base or "/",
            f"{base}/{game_id}",
            f"{base}/{game_id}/",
            f"{base}/{game_id}?tab=score",
            f"{base}?game={game_id}",
            f"{base}/{game_id}/{game_id}",
        ]
    return list(dict.fromkeys(out))


def shown(page: FakePage) -> str:
    """Every text of every view on the tab's stack (not only the top one)."""
    parts: list[str] = []
    for view in page.views:
        for control in walk(view):
            for attr in ("value", "label", "tooltip", "content"):
                value = getattr(control, attr, None)
                if isinstance(value, str):
                    parts.append(value)
    return "\n".join(parts)


def sees_the_game(page: FakePage, app: TableApp, game_id: str) -> bool:
    text = shown(page)
    named = any(re.search(rf"\b{p}\b", text) for p in (*PLAYERS, GAME_NAME))
    return named or (app.session is not None and app.session.game_id == game_id)


#: The three ways a tab reaches a route: opened at that address, a tap inside the app,
#: and the browser changing the address of a tab already running.
Reach = Callable[[TableApp, str], None]
REACH: dict[str, Reach] = {
    "opened": lambda app, route: app.start(route),
    "tapped": lambda app, route: (app.start("/"), app.go(route)),  # type: ignore[func-returns-value]
    "address": lambda app, route: (app.start("/"), route_changed(app, route)),  # type: ignore[func-returns-value]
}


def test_routes_are_read_from_the_router_and_include_every_game_screen(server: Server) -> None:
    listed = routes(server.game_id)
    for name in ("game", "table", "setup"):
        assert f"/{name}/{server.game_id}" in listed
    assert set(SCREENS) <= {route_name(r) for r in listed}


@pytest.mark.parametrize("reach", sorted(REACH))
def test_join_code_gate_holds_on_every_route_for_a_device_without_the_code(
    server: Server, reach: str
) -> None:
    leaks: list[str] = []
    for route in routes(server.game_id):
        page, app = server.tab(STRANGER)
        try:
            REACH[reach](app, route)
        except KeyError:
            continue  # no screen for that address: nothing is shown at all
        if sees_the_game(page, app, server.game_id):
            leaks.append(f"{route} -> {type(app.current).__name__} ({app.current.route})")
        if route_name(route) in ("game", "table", "setup") and f"/{server.game_id}" in route:
            assert isinstance(app.current, JoinScreen), route
            assert app.current.route == f"/join?game={server.game_id}"
    assert not leaks, "a device without the join code saw the game at:\n" + "\n".join(leaks)


@pytest.mark.parametrize("reach", sorted(REACH))
def test_join_code_gate_lets_a_device_without_the_code_only_watch_when_spectators_are_allowed(
    server: Server, reach: str
) -> None:
    server.hub.registry.set_spectators(server.game_id, True)
    for route in routes(server.game_id):
        page, app = server.tab(STRANGER)
        try:
            REACH[reach](app, route)
        except KeyError:
            continue
        if app.session is not None and app.session.game_id == server.game_id:
            assert isinstance(app.current, GameScreen), (route, type(app.current).__name__)
            assert not access_of(app).can_change, route
        if route_name(route) in ("game", "table", "setup") and f"/{server.game_id}" in route:
            assert isinstance(app.current, GameScreen), route
            assert app.current.route == f"/game/{server.game_id}", route
            assert "You are watching" in shown(page), route


def test_join_code_gate_lets_the_host_and_a_device_with_the_code_open_every_game_route(
    server: Server,
) -> None:
    for device, join in ((HOST, None), (2, Join(code=server.code))):
        for name in ("game", "table", "setup"):
            page, app = server.tab(device, join)
            app.start(f"/{name}/{server.game_id}")
            assert sees_the_game(page, app, server.game_id), (device, name)
            assert access_of(app).can_change


@pytest.mark.parametrize("way", ["replace", "go", "browser back"])
def test_join_code_gate_holds_for_the_tabs_own_game_route_after_the_code_is_forgotten(
    server: Server, way: str
) -> None:
    """'/table' alone shows the tab's current game: it too passes the gate, whether it
    takes the place of the screen on top, opens over it, or is gone back to. Opening a
    screen over others keeps their views as they are, except through a game's route: the
    gate may take the game away, and the game screen below must stop showing it too."""
    page, app = server.tab(2, Join(code=server.code))
    app.start(f"/game/{server.game_id}")
    assert app.sync is not None
    app.sync.device.remember(server.game_id, None)  # this device no longer has the code
    app.go("/rules")
    if way == "replace":
        app.replace("/table")
    elif way == "go":
        app.go("/table")
    else:  # the browser's ← to the game below: it passes the gate again
        route_changed(app, f"/game/{server.game_id}")
    assert isinstance(app.current, JoinScreen)
    assert not any(re.search(rf"\b{p}\b", shown(page)) for p in PLAYERS)
