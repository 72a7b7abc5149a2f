"""How many taps an ordinary 3-player turn takes at the table (issue 14: aim for ≤ 15;
issue 32: ≤ 16 walked Room by Room and ≤ 12 with "Finish all").

The turn: three Heroes revealed from the catalogue, one Room built by each player from
the catalogue, Bait, the Adventure walked either with one "Finish all" or Room by Room
("Next" until every Hero has died or reached a Boss), the turn ended. The flow taps only
what the screen asks for (a build form is opened only if it shows closed; the Heroes'
reveal, the Bait and the end of the turn only if the screen waits for them: where the
rules leave nobody anything to play they come in the tap before, R-FOLLOWS), so the
count is what the screen costs. Typing a name counts as one typed field; picking the catalogue
card it found is a tap.

Both figures are printed (``-s``). A screen test has no real scrolling: how far the next
input lies below the fold at 390 x 844 is measured in the browser
(``tests/e2e/test_compact_turn_reach.py``); here the flow checks that each input it taps comes
before every dungeon's summary row on the page, so no dungeon card stands between the
top of the page and the next input.
"""

from __future__ import annotations

import re
from collections import Counter as Tally
from dataclasses import dataclass, field

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
#: The most taps an ordinary turn may take walked with "Finish all" (issue 32).
TAPS_PER_TURN = 12
#: The most taps it takes walked Room by Room (issue 32).
TAPS_ROOM_BY_ROOM = 16


@dataclass
class Counter:
    """Taps on buttons, fields typed into, and the taps it took to put the keyboard in a
    field (none when the app moved the keyboard there itself)."""

    page: FakePage
    taps: int = 0
    tapped: list[str] = field(default_factory=list)
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
        kind = re.sub(r"-option-\w+$", "-option", identifier)  # a card picked: which
        self.tapped.append(re.sub(r"(?<=-p)\d+|(?<=-hero-)\d+", "N", kind))  # and whose
        above_the_dungeons(self.page, identifier)
        ui.tap(self.page, identifier)

    def type(self, identifier: str, text: str) -> None:
        self.typed += 1
        field = next(
            c for c in ui.walk(ui.find(self.page, identifier)) if isinstance(c, ft.TextField)
        )
        if field is not self.focused:
            self.focus_taps += 1
        self.focused = None
        above_the_dungeons(self.page, identifier)
        ui.type_into(self.page, identifier, text)


def above_the_dungeons(page: FakePage, identifier: str) -> None:
    """The input tagged ``identifier`` comes before every dungeon's summary row."""
    seen = [
        c.identifier
        for c in ui.walk(page.views[-1])
        if isinstance(c, ft.Semantics) and c.identifier is not None
    ]
    rows = [n for n, i in enumerate(seen) if i.startswith("summary-p")]
    assert rows and seen.index(identifier) < min(rows), f"{identifier} is below a dungeon"


def play_an_ordinary_turn(
    screen: GameScreen, page: FakePage, room_by_room: bool = False
) -> Counter:
    count = Counter(page)
    for n, (typed, card_id) in enumerate(HEROES, 1):
        count.type(f"new-hero-{n}-name", typed)
        count.tap(f"new-hero-{n}-option-{card_id}")
    # Heroes from the catalogue are revealed on entry (R-FOLLOWS): no button to tap.
    assert not ui.has(page, "reveal-heroes")
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
    # The Bait follows the reveal when nothing may come between (R-FOLLOWS).
    assert not ui.has(page, "resolve-bait")
    assert screen.state.phase == "adventure"
    if room_by_room:
        while screen.state.phase == "adventure":
            count.tap("adv-next")
    else:
        count.tap("adv-finish-all")
    assert not ui.has(page, "end-turn")  # and the end of the turn the last Hero
    assert screen.state.turn == 2 and screen.state.phase == "beginning"
    return count


def turn_one(app: TableApp, sessions: Sessions) -> GameScreen:
    session = sessions.new_game(THREE)
    for command in FIRST_ROOMS:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    return screen


def test_an_ordinary_three_player_turn_takes_at_most_12_taps(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = turn_one(app, sessions)
    count = play_an_ordinary_turn(screen, page)
    # Each Hero reached a dungeon and died in it or wounded its Boss: a real Adventure.
    state = screen.state
    assert sum(len(p.scored) for p in state.players) == 3
    print(
        f"taps per turn with Finish all: {count.taps}, typed fields: {count.typed}, "
        f"taps to focus a field: {count.focus_taps}; {dict(Tally(count.tapped))}"
    )
    assert count.typed == 6
    assert count.taps <= TAPS_PER_TURN, f"{count.taps} taps for an ordinary turn"
    # After a Hero or a Room from the catalogue the keyboard moves on to the next name:
    # only the first Hero's and the first Room's names take a tap to focus.
    assert count.focus_taps == 2, count.focus_taps


def test_the_same_turn_walked_room_by_room(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = turn_one(app, sessions)
    count = play_an_ordinary_turn(screen, page, room_by_room=True)
    assert sum(len(p.scored) for p in screen.state.players) == 3
    # Each Hero stops in each of its two Rooms, where Spells and abilities may be played
    # after the damage (R-ADV-WALK), and nowhere else (R-FOLLOWS): two "Next" per Hero,
    # six in all, on top of the turn's other ten taps (3 Heroes, 3 x 2 to build, Reveal
    # Rooms); the last "Next" ends the turn.
    print(
        f"taps per turn walked Room by Room: {count.taps}, typed fields: {count.typed}; "
        f"{dict(Tally(count.tapped))}"
    )
    assert count.taps <= TAPS_ROOM_BY_ROOM, f"{count.taps} taps walked Room by Room"


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


def test_heroes_picked_from_the_catalogue_are_revealed_and_an_undo_brings_the_picks_back(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Nothing may be played at the beginning of a turn (R-FOLLOWS): the last Hero picked
    reveals them all. A wrong pick is put right with Undo: the picks are back in the form,
    the reveal button under them."""
    screen = turn_one(app, sessions)
    for n, (typed, card_id) in enumerate(HEROES, 1):
        assert screen.state.phase == "beginning"
        ui.type_into(page, f"new-hero-{n}-name", typed)
        ui.tap(page, f"new-hero-{n}-option-{card_id}")
    assert screen.state.phase == "build"
    assert [screen.state.hero(h).card.card_id for h in screen.state.town] == [
        card_id for _typed, card_id in HEROES
    ]
    ui.tap(page, "undo")
    assert screen.state.phase == "beginning"
    for n, (typed, _card_id) in enumerate(HEROES, 1):
        field = next(
            c for c in ui.walk(ui.find(page, f"new-hero-{n}-name")) if isinstance(c, ft.TextField)
        )
        assert typed in str(field.value)
    ui.tap(page, "reveal-heroes")
    assert screen.state.phase == "build"


def test_heroes_entered_by_hand_wait_for_the_reveal_button(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A Health typed by hand has no last keystroke: the reveal waits for its button."""
    screen = turn_one(app, sessions)
    for n in (1, 2, 3):
        ui.tap(page, f"new-hero-{n}-treasure-fighter")
        ui.type_into(page, f"new-hero-{n}-health", "4")
    assert screen.state.phase == "beginning"
    ui.tap(page, "reveal-heroes")
    assert screen.state.phase == "build"
