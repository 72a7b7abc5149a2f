"""A Room's activated ability has its own button on the Room, shown only when it may be
used (R-CARD-EFFECT): Dark Altar in the Build phase; tapping it destroys the Altar."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.commands import BuildRoom, Command, ResolveBait, RevealHeroes, RevealRooms
from rules.models import Room
from tests.companion.ui.table.conftest import FakePage, has, hero, room, start, tap, texts

ALTAR = Room(
    name="Dark Altar", treasure=("cleric", "cleric"), damage=1, kind="trap", card_id="BMA009"
)

ALTAR_BUILT: list[Command] = [
    BuildRoom(player="Ann", room=ALTAR),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
]


def test_dark_altar_has_its_own_button_in_the_build_phase(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, ALTAR_BUILT)
    assert screen.state.phase == "beginning"
    assert not has(page, "p1-room-1-use")  # not in the Beginning phase
    screen = start(
        app, sessions, [*ALTAR_BUILT, RevealHeroes(heroes=(hero("mage"), hero("thief")))]
    )
    assert screen.state.phase == "build"
    assert has(page, "p1-room-1-use")
    assert "Use Dark Altar: destroy this Room to take 1 card from the discard pile" in texts(page)
    tap(page, "p1-room-1-use")
    assert app.current.state.player("Ann").dungeon == ()


FROSTBAT = Room(name="Frostbat Cave", treasure=("mage",), damage=2, card_id="TNL033")
FROSTBAT_BUILT: list[Command] = [
    BuildRoom(player="Ann", room=FROSTBAT),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
    RevealHeroes(heroes=(hero("mage"), hero("thief"))),
]


def test_an_ability_aimed_at_a_room_has_one_button_per_room_it_may_take(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TNL033: destroy this Room to deactivate a Room in any dungeon: one button for Bo's
    Pit (not for the Cave itself, which its cost destroys); tapping it deactivates the Pit
    and destroys the Cave."""
    start(app, sessions, FROSTBAT_BUILT)
    assert has(page, "p1-room-1-use-Bo-1")
    assert not has(page, "p1-room-1-use-Ann-1")
    assert "Use Frostbat Cave on Bo's Room 1" in texts(page)
    tap(page, "p1-room-1-use-Bo-1")
    state = app.current.state
    assert state.player("Ann").dungeon == ()
    assert state.player("Bo").dungeon[0].deactivated


def test_an_ability_with_a_button_per_room_says_what_it_does_once(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Frostbat Cave may aim at any of three Rooms: three short buttons, each naming its Room,
    under the ability's words said once (not three times over, as each button said them)."""
    start(
        app,
        sessions,
        [
            BuildRoom(player="Ann", room=FROSTBAT),
            BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
            RevealRooms(),
            RevealHeroes(heroes=(hero("mage"), hero("thief"))),
            BuildRoom(player="Ann", room=room("mage", 1, "Den")),
            BuildRoom(player="Bo", room=room("thief", 1, "Lair")),
            RevealRooms(),
            ResolveBait(),  # the Adventure: a new Room goes first, the Cave is Room 2
        ],
    )
    for target in ("Bo-1", "Bo-2", "Ann-1"):
        assert has(page, f"p1-room-2-use-{target}")
    shown = texts(page)
    assert shown.count("destroy this Room to") == 1, shown
    assert "Frostbat Cave: destroy this Room to" in shown
    assert "Use Frostbat Cave on Bo's Room 2\n" in shown + "\n"


PORTAL = Room(name="Elder Portal", treasure=("cleric",), damage=0, kind="trap", card_id="TPU004")


def test_elder_portal_pays_its_counter_with_its_own_button(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TPU004: built with two counters (2 damage); its button takes one off (the opponent's
    discard is the players'): 1 damage; once per turn, so the button goes."""
    screen = start(
        app,
        sessions,
        [
            BuildRoom(player="Ann", room=PORTAL),
            BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
            RevealRooms(),
            RevealHeroes(heroes=(hero("mage"), hero("thief"))),
        ],
    )
    assert screen.state.player("Ann").dungeon[0].counters == 2
    tap(page, "p1-room-1-use")
    assert app.current.state.player("Ann").dungeon[0].counters == 1
    assert not has(page, "p1-room-1-use")


SPIKED_PIT = Room(name="Spiked Pit", treasure=("fighter",), damage=1, kind="trap", card_id="TNL044")
OMEGA = Room(name="The Omega 42", treasure=("fighter",), damage=1, card_id="CRL012")


def test_the_omega_42_has_a_button_per_room_of_its_owners_with_a_build_ability(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """CRL012: another Room of Ann's fires its "when you build" again: one button, for her
    Spiked Pit (none for Bo's Rooms, nor for the Omega itself); tapped, the Pit deals 3
    more until end of turn and the button goes (once per turn)."""
    screen = start(
        app,
        sessions,
        [
            BuildRoom(player="Ann", room=SPIKED_PIT),
            BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
            RevealRooms(),
            RevealHeroes(heroes=(hero("mage"), hero("thief"))),
            BuildRoom(player="Ann", room=OMEGA),
            BuildRoom(player="Bo", room=room("thief", 1, "Lair")),
            RevealRooms(),
            ResolveBait(),  # the Adventure: the Omega is Room 1, the Pit Room 2
        ],
    )
    boost = screen.state.player("Ann").dungeon[1].boost
    assert has(page, "p1-room-1-use-Ann-2")
    assert not has(page, "p1-room-1-use-Ann-1") and not has(page, "p1-room-1-use-Bo-1")
    assert "Use The Omega 42 on Ann's Room 2" in texts(page)
    tap(page, "p1-room-1-use-Ann-2")
    assert app.current.state.player("Ann").dungeon[1].boost == boost + 3
    assert not has(page, "p1-room-1-use-Ann-2")
