"""The questions a Miniboss's Level 2 asks as a Hero dies in its Room, where the table's
other questions are (R-MINI with R-CARD-EFFECT): Rocky's (which other Room of the owner's
counts as just built) and Brassknuckle's (the Room card drawn, and where it is built at
once). Expectations from the printed level texts: "another Room in your dungeon as just
built"; "draw a Room card, you may immediately build it"."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.shell import TableApp
from rules.card_effects import hit
from rules.commands import (
    BuildMiniboss,
    BuildRoom,
    Command,
    EndTurn,
    FinishAdventure,
    FinishWalk,
    PromoteMiniboss,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.models import MinibossCard, Room
from tests.companion.ui.table.conftest import (
    FakePage,
    error_rule,
    error_text,
    has,
    hero,
    tap,
    texts,
    type_into,
)
from tests.companion.ui.table.test_expansion_panels import MINI_BUILD, MINIS, start_with

ELDER_PORTAL = Room(
    name="Elder Portal", treasure=("cleric",), damage=0, kind="trap", card_id="TPU004"
)


def _killed_in_its_room(card: MinibossCard, walker: str, build: Room | None) -> list[Command]:
    """Ann's ``card`` revealed in turn 1 (a mage Hero survives her Crypt, 2 damage), at
    Level 2 in turn 2 (``build`` built in front of it); a Hero of ``walker`` treasure,
    Health 3, lured to Ann, walks on until it dies in the Miniboss's Room (the Crypt)."""
    out: list[Command] = [
        *MINI_BUILD,
        BuildMiniboss(player="Ann", over=0, miniboss=card),
        RevealRooms(),
        ResolveBait(),
        FinishAdventure(),
        EndTurn(),
        RevealHeroes(heroes=(hero(walker, 3, "Victim"), hero("fighter", 9, "Knight"))),
        PromoteMiniboss(player="Ann", index=0),
    ]
    if build is not None:
        out.append(BuildRoom(player="Ann", room=build))
    return [*out, RevealRooms(), ResolveBait(), FinishWalk()]


def test_rocky_asks_which_other_room_counts_as_just_built(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A cleric (Health 3) survives Elder Portal (two counters: 2 damage) and dies in
    Rocky's Crypt: Rocky's question lists Elder Portal (Room 1), not Rocky's own Room 2;
    tapped, Elder Portal's "two +1 counters when built" happens again: 4 damage."""
    rocky = MinibossCard(name="Rocky", card_id="RMB058")
    screen = start_with(app, sessions, MINIS, _killed_in_its_room(rocky, "cleric", ELDER_PORTAL))
    assert "Rocky: which other Room of Ann's counts as just built?" in texts(page)
    assert has(page, "offer-1-room-1") and not has(page, "offer-1-room-2")
    assert has(page, "offer-1-no")
    assert hit(screen.state, "Ann", 0).damage == 2
    tap(page, "offer-1-room-1")
    assert hit(screen.state, "Ann", 0).damage == 4
    assert "Rocky: Ann's Elder Portal (Room 1) counts as just built." in texts(page)
    assert not has(page, "offer-1-room-1")


def test_brassknuckle_asks_for_the_room_drawn_and_where_it_goes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """A mage (Health 3) dies in Ann's Crypt (2 + Brassknuckle's 1). Its question: a
    place tapped with no Room named is refused with its reason; Spiked Pit named and built
    over the Crypt, it tops that Room (Brassknuckle stood there: lost with the Room
    covered)."""
    brass = MinibossCard(name="Brassknuckle", card_id="RMB063")
    screen = start_with(app, sessions, MINIS, _killed_in_its_room(brass, "mage", None))
    assert "Brassknuckle: Ann draws a Room card and may build it now." in texts(page)
    assert has(page, "drawn-room-new") and has(page, "drawn-room-over-1")
    tap(page, "drawn-room-over-1")
    assert "name the Room card drawn" in error_text(page, "offers")
    assert error_rule(page, "offers") == "R-BUILD-WHERE"
    type_into(page, "drawn-room-name", "Spiked")
    tap(page, "drawn-room-option-TNL044")
    tap(page, "drawn-room-over-1")
    ann = screen.state.player("Ann")
    assert [r.name for r in ann.dungeon[0].rooms][-1] == "Spiked Pit"
    assert ann.dungeon[0].miniboss is None
    assert screen.state.offers == ()
    assert "builds Spiked Pit, the Room card drawn, at once over" in texts(page)
