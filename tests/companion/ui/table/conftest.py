"""Game-screen tests without a browser: a real TableApp and TableSession on a fake page.

The page only records what the app asks of it (views, dialogs, updates), so a test can
build the screen, call a handler and look at the controls that result.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.catalogue import default_catalogue
from companion.session import Sessions
from companion.store import GameStore
from companion.ui.basic_screens import HomeScreen
from companion.ui.shell import ScreenFactory, Settings, TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import BuildRoom, Command, RevealHeroes, RevealRooms
from rules.models import GameSetup, HeroCard, PlayerSetup, Room
from tests.companion.ui.flet_harness import drawn


class FakePage:
    """Just enough of ``ft.Page`` for the shell and the screens."""

    def __init__(self) -> None:
        self.views: list[ft.View] = []
        self.dialogs: list[ft.Control] = []
        self.updates = 0
        self.route = "/"
        self.title = ""
        self.theme: Any = None
        self.dark_theme: Any = None
        self.theme_mode: Any = None
        self.on_view_pop: Any = None
        self.on_close: Any = None

    def update(self, *_controls: object) -> None:
        self.updates += 1

    def show_dialog(self, dialog: ft.Control) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        if self.dialogs:
            self.dialogs.pop()

    def run_task(self, *_args: object, **_kwargs: object) -> None:
        return None

    async def push_route(self, route: str) -> None:
        self.route = route


def rendered(control: Any) -> Any:
    """What a component on the page shows (drawn here, as Flet draws it when it sends the
    page: this fake page sends nothing); any other control as it is."""
    return drawn(control)


def walk(control: Any) -> Iterator[Any]:
    """Every control in a tree (content, controls, actions, bottom bars)."""
    control = rendered(control)
    yield control
    for attr in ("content", "controls", "actions", "bottom_appbar", "appbar", "title"):
        child = getattr(control, attr, None)
        if child is None or isinstance(child, str):
            continue
        if isinstance(child, list):
            for item in child:
                yield from walk(item)
        elif isinstance(child, ft.Control | ft.Component):
            yield from walk(child)


def find(page: FakePage, identifier: str) -> ft.Semantics:
    """The control tagged ``identifier`` on the top view (AssertionError if absent)."""
    for control in walk(page.views[-1]):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            return control
    raise AssertionError(f"no control tagged {identifier!r} on screen")


def has(page: FakePage, identifier: str) -> bool:
    """Is the control tagged ``identifier`` on screen (there, and neither it nor a control
    around it hidden)? A control of a dungeon card is looked for as a player looks for
    it: with the card open (``open_dungeon_around``), so "not there" means not in the
    card either."""
    open_dungeon_around(page, identifier)
    return _shown(page, identifier)


def _shown(page: FakePage, identifier: str) -> bool:
    return identifier in _shown_ids(page)


def _shown_ids(page: FakePage) -> set[str]:
    """The identifiers tagged on screen, neither they nor a control around them hidden."""

    def shown(control: Any) -> Iterator[Any]:
        control = rendered(control)
        if getattr(control, "visible", True) is False:
            return
        yield control
        for attr in ("content", "controls", "actions", "bottom_appbar", "appbar", "title"):
            child = getattr(control, attr, None)
            if isinstance(child, list):
                for item in child:
                    yield from shown(item)
            elif isinstance(child, ft.Control | ft.Component):
                yield from shown(child)

    return {
        c.identifier
        for c in shown(page.views[-1])
        if isinstance(c, ft.Semantics) and c.identifier is not None
    }


def texts(page: FakePage) -> str:
    """All visible text on the top view, one string (for 'is this said' checks)."""
    out: list[str] = []
    for control in walk(page.views[-1]):
        if isinstance(control, ft.Text) and (control.value or control.spans):
            # A text's spans carry words too (a Bait result's why, after its heading).
            out.append(
                str(control.value or "") + "".join(s.text or "" for s in control.spans or [])
            )
        elif isinstance(control, ft.Button | ft.TextButton) and isinstance(control.content, str):
            out.append(control.content)  # a button's label
    return "\n".join(out)


def open_dungeon_around(page: FakePage, identifier: str) -> None:
    """A control in a dungeon card shown closed (``dungeon_summary``) is reached as a
    player reaches it: one tap on the card's arrow first."""
    seat = re.match(r"p(\d+)-", identifier)
    if seat is None or _shown(page, identifier):
        return
    arrow = f"dungeon-p{seat[1]}-expand"
    if _shown(page, arrow):
        _click(page, arrow)
    # A Room's Destroy and Deactivate wait behind the dungeon's toggle: opened, at least
    # one Room shows them, so where none does it is tapped open.
    room_action = re.fullmatch(r"p\d+-room-\d+-(destroy|deactivate)", identifier)
    toggle = f"p{seat[1]}-room-actions-toggle"
    if room_action is not None and _shown(page, toggle):
        actions = re.compile(rf"p{seat[1]}-room-\d+-(destroy|deactivate)")
        if not any(actions.fullmatch(i) for i in _shown_ids(page)):
            _click(page, toggle)


def tap(page: FakePage, identifier: str) -> None:
    """Click the button (or tappable container) inside the tagged control (opening the
    dungeon card it is in first, if that is shown closed)."""
    open_dungeon_around(page, identifier)
    _click(page, identifier)


def _click(page: FakePage, identifier: str) -> None:
    for control in walk(find(page, identifier)):
        if isinstance(control, ft.Switch):
            control.value = not control.value
            if control.on_change is not None:
                control.on_change(_Event(control))
            return
        handler = getattr(control, "on_click", None) or getattr(control, "on_select", None)
        if handler is not None:
            handler(None)
            return
    raise AssertionError(f"{identifier!r} has nothing to tap")


def type_into(page: FakePage, identifier: str, value: str) -> None:
    open_dungeon_around(page, identifier)
    for control in walk(find(page, identifier)):
        if isinstance(control, ft.TextField):
            control.value = value
            if control.on_change is not None:
                control.on_change(_Event(control))
            return
    raise AssertionError(f"{identifier!r} holds no text field")


class _Event:
    def __init__(self, control: ft.Control) -> None:
        self.control = control


def button_label(page: FakePage, identifier: str) -> str:
    """The words of the button tagged ``identifier`` (a filled or outlined one)."""
    button = find(page, identifier).content
    assert isinstance(button, ft.OutlinedButton | ft.FilledButton)
    return str(button.content)


def error_text(page: FakePage, slot: str) -> str:
    """The message shown at ``slot`` ('' when hidden or not on screen)."""
    if not has(page, f"{slot}-error"):
        return ""
    banner = find(page, f"{slot}-error")
    if banner.visible is False:
        return ""
    return "\n".join(str(c.value) for c in walk(banner) if isinstance(c, ft.Text) and c.value)


def error_rule(page: FakePage, slot: str) -> str | None:
    """The rule the message at ``slot`` links to (None: no link, or no message)."""
    if not error_text(page, slot) or not has(page, f"{slot}-error-rule"):
        return None
    return str(find(page, f"{slot}-error-rule").content.content)


SETUP = GameSetup(
    players=(
        PlayerSetup(name="Ann", xp=10, boss="Ann's Boss", boss_treasure=("mage",)),
        PlayerSetup(name="Bo", xp=5, boss="Bo's Boss", boss_treasure=("fighter",)),
    )
)


def hero(treasure: str, health: int = 4, name: str = "") -> HeroCard:
    return HeroCard(name=name, treasure=(treasure,), health=health)  # type: ignore[arg-type]


def room(treasure: str, damage: int, name: str = "") -> Room:
    return Room(name=name, treasure=(treasure,), damage=damage)  # type: ignore[arg-type]


@pytest.fixture
def sessions(tmp_path: Path) -> Sessions:
    return Sessions(GameStore(tmp_path / "data", fsync=False))


@pytest.fixture
def page() -> FakePage:
    return FakePage()


def make_app(
    page: FakePage, sessions: Sessions, screens: dict[str, ScreenFactory] | None = None
) -> TableApp:
    """A tab's app on the fake page; ``screens`` (with home) replace the game screens."""
    return TableApp(
        page=page,  # type: ignore[arg-type]
        catalogue=default_catalogue(),
        settings=Settings(),
        screens={"home": HomeScreen, **(screens or {"game": GameScreen, "table": GameScreen})},
        sessions=sessions,
    )


@pytest.fixture
def app(page: FakePage, sessions: Sessions) -> TableApp:
    return make_app(page, sessions)


def start(app: TableApp, sessions: Sessions, commands: list[Command]) -> GameScreen:
    """A saved game that has had ``commands``, opened on the game screen."""
    session = sessions.new_game(SETUP)
    for command in commands:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    return screen


#: Set-up done (Ann: mage Room 2 damage, Bo: fighter Room 1), turn 1 at the beginning.
AFTER_SETUP: list[Command] = [
    BuildRoom(player="Ann", room=room("mage", 2, "Crypt")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
]
#: Turn 1 Heroes revealed: a mage (goes to Ann) and a thief (nobody: stays).
IN_BUILD: list[Command] = [
    *AFTER_SETUP,
    RevealHeroes(heroes=(hero("mage", 4, "Wizard"), hero("thief", 4, "Rogue"))),
]
