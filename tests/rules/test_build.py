"""Build phase: where a Room may go, one per turn, Level Up, destroying and deactivating."""

from __future__ import annotations

from referee_fixtures import build_turn, events_of, hero, new, refused, room, run, started

from rules import commands as c
from rules import engine, flow
from rules import events as ev
from rules.models import GameState, Room
from rules.treasure import treasure_total

TWO_HEROES = (hero("fighter", 6), hero("fighter", 6))


def in_build(first: dict[str, Room] | None = None, **rules: bool) -> GameState:
    """Turn 1, Build phase, after the given first Rooms."""
    return run(started(new(**rules), first), c.RevealHeroes(heroes=TWO_HEROES))


def dungeon_of(rooms: list[Room], **rules: bool) -> GameState:
    """Player A has ``rooms`` (entrance first) and it is the Build phase of a new turn."""
    state = started(new(**rules), {"A": rooms[-1]})
    for r in reversed(rooms[:-1]):
        state = build_turn(state, TWO_HEROES, {"A": (r, None)})
        state = run(state, c.ResolveBait())
        if state.walk is not None:
            state = run(state, c.FinishAdventure())
        state = run(state, c.EndTurn())
    assert [s.top.name for s in state.player("A").dungeon] == [r.name for r in rooms]
    return run(state, c.RevealHeroes(heroes=TWO_HEROES))


def names(state: GameState, player: str = "A") -> list[str]:
    return [s.top.name for s in state.player(player).dungeon]


def test_build_where_new_room_goes_at_the_entrance_end() -> None:
    """R-BUILD-WHERE: a Room built beside the dungeon becomes its first (entrance) Room."""
    state = in_build({"A": room("mage", name="old")})
    state = run(state, c.BuildRoom(player="A", room=room("thief", name="new")), c.RevealRooms())
    assert names(state) == ["new", "old"]


def test_build_where_ordinary_room_covers_any_room() -> None:
    """R-BUILD-WHERE: an ordinary Room may cover a Room with no treasure in common."""
    state = in_build({"A": room("mage", name="under")})
    state = run(state, c.BuildRoom(player="A", room=room("thief", name="top"), over=0))
    state = run(state, c.RevealRooms())
    stack = state.player("A").dungeon[0]
    assert [r.name for r in stack.rooms] == ["under", "top"]
    assert len(state.player("A").dungeon) == 1


def test_build_where_wraiths_throne_worked_example() -> None:
    """R-BUILD-WHERE, rulebook example: Wraith's Throne (Advanced, cleric) may go over Dark
    Portal (cleric) or over Cursed Tomb (shares a treasure), not over Fangroot Garden."""
    throne = room("cleric", damage=3, name="Wraith's Throne", advanced=True)
    state = dungeon_of(
        [
            room("cleric", name="Dark Portal"),
            room("cleric thief", name="Cursed Tomb"),
            room("fighter", name="Fangroot Garden"),
        ]
    )
    for index in (0, 1):
        built = run(state, c.BuildRoom(player="A", room=throne, over=index), c.RevealRooms())
        assert built.player("A").dungeon[index].top.name == "Wraith's Throne"
    error = refused(state, c.BuildRoom(player="A", room=throne, over=2), "R-BUILD-WHERE")
    assert "Fangroot Garden" in str(error)


def test_build_where_advanced_room_not_at_the_entrance_end() -> None:
    """R-BUILD-WHERE: an Advanced Room must cover a Room; it can't open a new place."""
    state = in_build({"A": room("mage")})
    refused(state, c.BuildRoom(player="A", room=room("mage", advanced=True)), "R-BUILD-WHERE")


def test_build_where_nothing_over_a_deactivated_room() -> None:
    """R-BUILD-WHERE: nothing is built over a deactivated Room."""
    state = run(in_build({"A": room("mage")}), c.DeactivateRoom(player="A", index=0))
    refused(state, c.BuildRoom(player="A", room=room("thief"), over=0), "R-BUILD-WHERE")


def test_build_where_over_a_missing_place_is_refused() -> None:
    """R-BUILD-WHERE: a Room can only cover a Room that is there."""
    state = in_build({"A": room("mage")})
    refused(state, c.BuildRoom(player="A", room=room("thief"), over=1), "R-BUILD-WHERE")


def test_build_max_sixth_room_refused_but_building_over_allowed() -> None:
    """R-BUILD-MAX: at most five visible Rooms; building over one of five is fine."""
    five = [room("mage", name=f"R{i}") for i in range(5)]
    state = dungeon_of(five)
    error = refused(state, c.BuildRoom(player="A", room=room("thief")), "R-BUILD-MAX")
    assert "five Rooms" in str(error)
    state = run(state, c.BuildRoom(player="A", room=room("thief", name="X"), over=4))
    state = run(state, c.RevealRooms())
    assert names(state) == ["R0", "R1", "R2", "R3", "X"]


def test_build_one_second_room_in_a_build_phase_refused() -> None:
    """R-BUILD-ONE: one Room per player per Build phase."""
    state = run(in_build(), c.BuildRoom(player="A", room=room("mage")))
    refused(state, c.BuildRoom(player="A", room=room("thief")), "R-BUILD-ONE")
    # The other player still may, and next turn A may again.
    run(state, c.BuildRoom(player="B", room=room("thief")))


def test_build_one_rooms_stay_face_down_until_the_phase_ends() -> None:
    """R-BUILD-ONE: placed Rooms are revealed together; until then they lure nobody."""
    state = run(in_build(), c.BuildRoom(player="A", room=room("fighter", name="F")))
    assert state.player("A").dungeon == ()
    assert treasure_total(state, "A", "fighter") == 0
    state, events = engine.apply(state, c.RevealRooms())
    assert [e.player for e in events if isinstance(e, ev.RoomRevealed)] == ["A"]
    assert events[0].ruling.rule == "R-BUILD-ONE"
    assert treasure_total(state, "A", "fighter") == 1
    assert state.phase == "bait"


def test_build_one_reveal_resolves_in_xp_order() -> None:
    """R-BUILD-ONE: the reveal resolves highest XP first, whatever the order of building."""
    state = started(new((("Low", 100), ("High", 900))))
    state = run(state, c.RevealHeroes(heroes=TWO_HEROES))
    state = run(state, c.BuildRoom(player="Low", room=room("mage")))
    state = run(state, c.BuildRoom(player="High", room=room("mage")))
    revealed = [
        e.player for e in events_of(state, c.RevealRooms()) if isinstance(e, ev.RoomRevealed)
    ]
    assert revealed == ["High", "Low"]


def test_levelup_once_when_the_fifth_room_is_revealed() -> None:
    """R-LEVELUP: the Boss levels up the first time the dungeon has five Rooms at the end of a
    Build phase, and never again, even after a rebuild."""
    four = [room("mage", name=f"R{i}") for i in range(4)]
    state = dungeon_of(four)
    assert not state.player("A").leveled_up
    state = run(state, c.BuildRoom(player="A", room=room("mage", name="R5")))
    events = events_of(state, c.RevealRooms())
    level = [e for e in events if isinstance(e, ev.BossLeveledUp)]
    assert [(e.player, e.ruling.rule) for e in level] == [("A", "R-LEVELUP")]
    state = run(state, c.RevealRooms())
    assert state.player("A").leveled_up
    # Destroy one, rebuild the fifth: no second Level Up.
    state = run(state, c.ResolveBait())
    if state.walk is not None:
        state = run(state, c.FinishAdventure())
    state = run(state, c.EndTurn(), c.RevealHeroes(heroes=TWO_HEROES))
    state = run(state, c.DestroyRoom(player="A", index=0))
    assert len(state.player("A").dungeon) == 4
    state = run(state, c.BuildRoom(player="A", room=room("mage", name="again")))
    assert not any(isinstance(e, ev.BossLeveledUp) for e in events_of(state, c.RevealRooms()))


def test_levelup_not_with_four_rooms_or_when_building_over() -> None:
    """R-LEVELUP: covering a Room of four does not make five."""
    state = dungeon_of([room("mage", name=f"R{i}") for i in range(4)])
    state = run(state, c.BuildRoom(player="A", room=room("mage"), over=1))
    assert not any(isinstance(e, ev.BossLeveledUp) for e in events_of(state, c.RevealRooms()))


def test_levelup_a_deactivated_room_does_not_count() -> None:
    """R-LEVELUP with R-DEACTIVATE: a deactivated Room is not counted as a Room."""
    state = dungeon_of([room("mage", name=f"R{i}") for i in range(4)])
    state = run(state, c.DeactivateRoom(player="A", index=2))
    state = run(state, c.BuildRoom(player="A", room=room("mage")))
    assert not any(isinstance(e, ev.BossLeveledUp) for e in events_of(state, c.RevealRooms()))


def test_destroy_uncovers_the_room_below() -> None:
    """R-DESTROY: a destroyed Room goes away and uncovers the Room beneath it."""
    state = in_build({"A": room("mage", name="under")})
    state = run(state, c.BuildRoom(player="A", room=room("thief", name="top"), over=0))
    state = run(state, c.RevealRooms(), c.ResolveBait())
    if state.walk is not None:
        state = run(state, c.FinishAdventure())
    state = run(state, c.EndTurn(), c.RevealHeroes(heroes=TWO_HEROES))
    (event,) = events_of(state, c.DestroyRoom(player="A", index=0))
    assert event.ruling.rule == "R-DESTROY"
    assert "uncovered" in event.ruling.why
    state = run(state, c.DestroyRoom(player="A", index=0))
    assert names(state) == ["under"]
    assert not any(isinstance(e, ev.BossLeveledUp | ev.RoomRevealed) for e in [event])


def test_destroy_closes_the_gap_toward_the_boss() -> None:
    """R-DESTROY: with nothing beneath, the place vanishes and the Rooms keep their order."""
    state = dungeon_of([room("mage", name=n) for n in ("E", "M", "B")])
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert names(state) == ["E", "B"]


def test_destroy_refused_for_deactivated_missing_or_face_down_rooms() -> None:
    """R-DESTROY: deactivated and face-down Rooms can't be destroyed."""
    state = dungeon_of([room("mage", name=n) for n in ("E", "B")])
    refused(state, c.DestroyRoom(player="A", index=2), "R-DESTROY")
    off = run(state, c.DeactivateRoom(player="A", index=0))
    refused(off, c.DestroyRoom(player="A", index=0), "R-DESTROY")
    covered = run(state, c.BuildRoom(player="A", room=room("thief"), over=1))
    refused(covered, c.DestroyRoom(player="A", index=1), "R-DESTROY")
    refused(covered, c.DeactivateRoom(player="A", index=1), "R-DEACTIVATE")


def test_may_take_down_is_what_destroy_and_deactivate_allow() -> None:
    """R-DESTROY, R-DEACTIVATE: the screen's question (``flow.may_take_down``) answers as
    the engine does, Room by Room: face up and upright, yes; deactivated, covered by a
    Room placed face down, or no Room there, no."""
    state = dungeon_of([room("mage", name=n) for n in ("E", "M", "B")])
    off = run(state, c.DeactivateRoom(player="A", index=0))
    covered = run(off, c.BuildRoom(player="A", room=room("thief"), over=1))
    answers = []
    for table in (state, off, covered):
        for index in range(4):
            destroy = flow.why_not(table, c.DestroyRoom(player="A", index=index)) is None
            deactivate = flow.why_not(table, c.DeactivateRoom(player="A", index=index)) is None
            assert flow.may_take_down(table, "A", index) == destroy == deactivate
            answers.append(destroy)
    # Upright: E, M, B; then E deactivated; then M covered too; never a fourth Room.
    upright, e_off, m_covered = answers[0:4], answers[4:8], answers[8:12]
    assert (upright, e_off, m_covered) == (
        [True, True, True, False],
        [False, True, True, False],
        [False, False, True, False],
    )


def test_destroy_before_a_face_down_room_keeps_it_on_its_place() -> None:
    """R-DESTROY: when the gap closes, a Room placed face down stays over the Room it covers."""
    state = dungeon_of([room("mage", name=n) for n in ("E", "M", "B")])
    state = run(state, c.BuildRoom(player="A", room=room("thief", name="T"), over=2))
    state = run(state, c.DestroyRoom(player="A", index=0), c.RevealRooms())
    assert [[r.name for r in s.rooms] for s in state.player("A").dungeon] == [["M"], ["B", "T"]]


def test_deactivate_counts_no_treasure_until_end_of_turn() -> None:
    """R-DEACTIVATE: a sideways Room has no treasure; it is upright again at end of turn."""
    state = dungeon_of([room("mage", name="M")])
    (event,) = events_of(state, c.DeactivateRoom(player="A", index=0))
    assert event.ruling.rule == "R-DEACTIVATE"
    state = run(state, c.DeactivateRoom(player="A", index=0))
    assert treasure_total(state, "A", "mage") == 0
    refused(state, c.DeactivateRoom(player="A", index=0), "R-DEACTIVATE")
    state = run(state, c.RevealRooms(), c.ResolveBait())
    if state.walk is not None:
        state = run(state, c.FinishAdventure())
    events = events_of(state, c.EndTurn())
    back = [e for e in events if isinstance(e, ev.RoomReactivated)]
    assert [(e.player, e.index, e.ruling.rule) for e in back] == [("A", 0, "R-DEACTIVATE")]
    state = run(state, c.EndTurn())
    assert not state.player("A").dungeon[0].deactivated
    assert treasure_total(state, "A", "mage") == 1


def test_deactivate_missing_room_refused() -> None:
    """R-DEACTIVATE: only a Room that is there can be turned sideways."""
    refused(in_build({"A": room("mage")}), c.DeactivateRoom(player="A", index=3), "R-DEACTIVATE")


def test_phase_build_room_outside_build_refused() -> None:
    """R-PHASE: a Room is built in set-up or the Build phase only."""
    state = started(new())
    refused(state, c.BuildRoom(player="A", room=room("mage")), "R-PHASE")


def test_build_by_unknown_or_eliminated_player_refused() -> None:
    """R-PLAYER / R-END-ELIM: only players in the game build."""
    state = in_build()
    refused(state, c.BuildRoom(player="Nobody", room=room("mage")), "R-PLAYER")
    players = tuple(
        p.model_copy(update={"eliminated": True}) if p.name == "B" else p for p in state.players
    )
    out = state.model_copy(update={"players": players})
    refused(out, c.BuildRoom(player="B", room=room("mage")), "R-END-ELIM")
