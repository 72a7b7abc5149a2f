"""How many taps an ordinary 3-player turn takes at the table (issue 14: aim for ≤ 15).

The turn: three Heroes revealed from the catalogue, one Room built by each player from
the catalogue, Bait, every Adventure walk finished, the turn ended. The flow taps only
what the screen asks for (a build form is opened only if it shows closed), so the count
is what the screen costs. Typing a name counts as one typed field; picking the catalogue
card it found is a tap.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.session import Sessions
from companion.ui.shell import TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import (
    BuildRoom,
    EndTurn,
    FinishAdventure,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.models import GameSetup, PlayerSetup, Room
from tests.companion.ui.table import conftest as ui
from tests.companion.ui.table.conftest import FakePage

THREE = GameSetup(
    players=(
        PlayerSetup(name="Ann", xp=10, boss_treasure=("mage",)),
        PlayerSetup(name="Bo", xp=5, boss_treasure=("fighter",)),
        PlayerSetup(name="Cy", xp=1, boss_treasure=("thief",)),
    ),
    card_sets=("base",),
)
FIRST_ROOMS = [
    BuildRoom(player="Ann", room=Room(name="Brainsucker Hive", treasure=("mage",), damage=2)),
    BuildRoom(player="Bo", room=Room(name="Golem Factory", treasure=("fighter",), damage=2)),
    BuildRoom(player="Cy", room=Room(name="Bottomless Pit", treasure=("thief",), damage=1)),
    RevealRooms(),
]
#: (what is typed, the catalogue card picked): a mage, a fighter and a thief Hero.
HEROES = [("Tieg", "BMA068"), ("Boden", "BMA062"), ("Joman", "BMA074")]
#: Per seat: the Room each player builds from the catalogue.
ROOMS = [("Haunted Library", "BMA023"), ("Neanderthal Cave", "BMA018"), ("Boulder Ramp", "BMA028")]
#: The most taps an ordinary turn may take (issue 14).
TAPS_PER_TURN = 15


@dataclass
class Counter:
    """Taps on buttons, fields typed into, and the taps it took to put the keyboard in a
    field (none when the app moved the keyboard there itself)."""

    page: FakePage
    taps: int = 0
    typed: int = 0
    focus_taps: int = 0
    focused: object = None

    def __post_init__(self) -> None:
        def run_task(handler: object, *_args: object, **_kwargs: object) -> None:
            if getattr(handler, "__name__", "") == "focus":
                self.focused = getattr(handler, "__self__", None)

        self.page.run_task = run_task  # type: ignore[method-assign]

    def tap(self, identifier: str) -> None:
        self.taps += 1
        ui.tap(self.page, identifier)

    def type(self, identifier: str, text: str) -> None:
        self.typed += 1
        field = next(
            c for c in ui.walk(ui.find(self.page, identifier)) if isinstance(c, ft.TextField)
        )
        if field is not self.focused:
            self.focus_taps += 1
        self.focused = None
        ui.type_into(self.page, identifier, text)


def play_an_ordinary_turn(screen: GameScreen, page: FakePage) -> Counter:
    count = Counter(page)
    for n, (typed, card_id) in enumerate(HEROES, 1):
        count.type(f"new-hero-{n}-name", typed)
        count.tap(f"new-hero-{n}-option-{card_id}")
    count.tap("reveal-heroes")
    assert screen.state.phase == "build"
    for seat, (typed, card_id) in enumerate(ROOMS, 1):
        p = f"build-p{seat}"
        if ui.has(page, f"{p}-open"):
            count.tap(f"{p}-open")
        count.type(f"{p}-name", typed)
        count.tap(f"{p}-option-{card_id}")
        count.tap(f"{p}-go")
        assert ui.has(page, f"p{seat}-face-down"), ui.error_text(page, p)
    count.tap("reveal-rooms")
    count.tap("resolve-bait")
    assert screen.state.phase == "adventure"
    count.tap("adv-finish-all")
    assert screen.state.phase == "end"
    count.tap("end-turn")
    assert screen.state.turn == 2 and screen.state.phase == "beginning"
    return count


def test_an_ordinary_three_player_turn_takes_at_most_15_taps(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    session = sessions.new_game(THREE)
    for command in FIRST_ROOMS:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    count = play_an_ordinary_turn(screen, page)
    # Each Hero reached a dungeon and died in it or wounded its Boss: a real Adventure.
    state = screen.state
    assert sum(len(p.scored) for p in state.players) == 3
    print(
        f"taps per turn: {count.taps}, typed fields: {count.typed}, "
        f"taps to focus a field: {count.focus_taps}"
    )
    assert count.typed == 6
    assert count.taps <= TAPS_PER_TURN, f"{count.taps} taps for an ordinary turn"
    # After a Hero or a Room from the catalogue the keyboard moves on to the next name:
    # only the first Hero's and the first Room's names take a tap to focus.
    assert count.focus_taps == 2, count.focus_taps


def test_the_build_form_starts_open_and_a_cancel_closes_it_for_this_phase_only(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = ui.start(app, sessions, ui.IN_BUILD)
    assert ui.has(page, "build-p1-go") and not ui.has(page, "build-p1-open")
    ui.tap(page, "build-p1-cancel")
    assert ui.has(page, "build-p1-open") and not ui.has(page, "build-p1-go")
    ui.tap(page, "build-p1-open")
    assert ui.has(page, "build-p1-go")
    ui.tap(page, "build-p1-cancel")
    for command in (RevealRooms(), ResolveBait(), FinishAdventure(), EndTurn()):
        screen.play("x", command)
    screen.play("x", RevealHeroes(heroes=(ui.hero("thief"), ui.hero("thief"))))
    assert screen.state.phase == "build" and screen.state.turn == 2
    assert ui.has(page, "build-p1-go"), "a new Build phase opens the form again"
