"""The Omega 42 (CRL012, at will, once per turn; its Advanced Room discarded is the
player's word): another Room of the owner's fires its "when you build this Room" ability
again, or, with none, its "when you uncover this Room" one (R-CARD-EFFECT)."""

from __future__ import annotations

from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import card_room, plain, walking

from rules import commands as c
from rules import events as ev
from rules.activated import again_rooms, usable
from rules.card_effects import hit

OMEGA_42, SPIKED_PIT, CAGED_GUNDARF = "CRL012", "TNL044", "CRL014"


def _use(room: int) -> c.UseRoomAbility:
    return c.UseRoomAbility(player="A", index=2, target="A", room=room)


def test_the_omega_42_fires_a_build_ability_again_once_per_turn() -> None:
    """A: Spiked Pit (when built: +3 damage to itself until end of turn), a plain Room with
    no ability, The Omega 42. Only the Pit may be named; it deals 3 more, once per turn."""
    rooms = [card_room(SPIKED_PIT), plain("monster", 1), card_room(OMEGA_42)]
    state = walking(rooms, [t_hero("fighter", 20)])
    a = state.player("A")
    assert usable(state, "A", 2) is not None and again_rooms(a, 2) == (0,)
    before = hit(state, "A", 0).damage
    refused(state, _use(1), "R-CARD-EFFECT")  # no build or uncover ability there
    refused(state, _use(2), "R-CARD-EFFECT")  # not itself
    state = run(state, _use(0))
    assert hit(state, "A", 0).damage == before + 3
    assert usable(state, "A", 2) is None  # once per turn
    refused(state, _use(0), "R-CARD-EFFECT")


def test_the_omega_42_fires_an_uncover_ability_when_the_room_has_no_build_one() -> None:
    """Caged Gundarf's only ability is "when you uncover this Room": it fires again."""
    rooms = [card_room(CAGED_GUNDARF), plain("monster", 1), card_room(OMEGA_42)]
    state = walking(rooms, [t_hero("fighter", 20)])
    keys = [e.ruling.key for e in events_of(state, _use(0)) if hasattr(e, "ruling")]
    assert "card.uncovered" in keys


def test_the_omega_42_has_no_use_without_another_room_to_name() -> None:
    """Nothing else of A's has a build or uncover ability: no button, and a use refused;
    nor does a Room that has one but stands deactivated."""
    state = walking([plain("monster", 1), card_room(OMEGA_42)], [t_hero("fighter", 20)])
    assert usable(state, "A", 1) is None
    refused(state, c.UseRoomAbility(player="A", index=1, target="A", room=0), "R-CARD-EFFECT")
    rooms = [card_room(SPIKED_PIT), plain("monster", 1), card_room(OMEGA_42)]
    off = walking(rooms, [t_hero("fighter", 20)], deactivated=(0,))
    assert usable(off, "A", 2) is None


def test_the_omega_42_fires_only_the_named_rooms_ability() -> None:
    """Two Spiked Pits: naming the second boosts it alone."""
    rooms = [card_room(SPIKED_PIT), card_room(SPIKED_PIT), card_room(OMEGA_42)]
    state = walking(rooms, [t_hero("fighter", 20)])
    boosted = [e for e in events_of(state, _use(1)) if isinstance(e, ev.RoomBoosted)]
    assert [(e.player, e.index, e.amount) for e in boosted] == [("A", 1, 3)]
