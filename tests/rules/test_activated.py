"""Activated Room abilities (R-CARD-EFFECT): a Room used at will has its own command,
offered only when usable. Expectations are the printed effects, in our words."""

from __future__ import annotations

from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import _in_build, card_room, plain, walking

from rules import commands as c
from rules import events as ev
from rules.activated import usable
from rules.card_effects import dungeon_damage

DARK_ALTAR, BOTTOMLESS_PIT, BOULDER_RAMP, CRUSHINATOR = "BMA009", "BMA027", "BMA028", "BMA032"


def _hero_in(state: object, index: int) -> object:
    """Step the walking Hero until it stands in Room ``index``."""
    while state.walk is not None and state.walk.room != index:  # type: ignore[attr-defined]
        state = run(state, c.AdvanceHero())  # type: ignore[arg-type]
    return state


def test_bottomless_pit_destroys_itself_to_kill_the_hero_in_it() -> None:
    """BMA027 (printed: destroy this Room: kill a Hero in this Room): usable only with a
    Hero standing in it, in the Adventure phase; the Hero dies (a Soul), the Pit is gone."""
    state = walking([plain("monster", 1), card_room(BOTTOMLESS_PIT)], [t_hero("fighter", 30)])
    use = c.UseRoomAbility(player="A", index=1)
    assert usable(state, "A", 1) is None  # the Hero is at the entrance
    refused(state, use, "R-CARD-EFFECT")
    state = _hero_in(state, 1)
    assert usable(state, "A", 1) is not None
    events = events_of(state, use)
    killed = [e for e in events if isinstance(e, ev.HeroKilled)]
    assert [(k.player, k.room) for k in killed] == [("A", 1)]
    assert any(isinstance(e, ev.RoomDestroyed) and e.index == 1 for e in events)
    after = run(state, use)
    assert [s.top.name for s in after.player("A").dungeon] == ["plain monster 1"]
    assert after.souls("A") == 1


def test_dark_altar_is_used_in_the_build_phase_and_says_what_it_does() -> None:
    """BMA009 (printed: destroy this Room: take a card from the discard pile): the Altar
    is destroyed and the ruling says to take a card from the discard pile."""
    state = _in_build([card_room(DARK_ALTAR), plain("monster", 1)], [t_hero("fighter", 9)])
    use = c.UseRoomAbility(player="A", index=0)
    events = events_of(state, use)
    fired = [e for e in events if isinstance(e, ev.CardEffectFired)]
    assert "discard pile" in fired[0].ruling.why and "Dark Altar" in fired[0].ruling.why
    after = run(state, use)
    assert [s.top.name for s in after.player("A").dungeon] == ["plain monster 1"]


def test_boulder_ramp_destroys_another_room_to_deal_five_damage() -> None:
    """BMA028 (printed: destroy another Room of yours: 5 damage to a Hero in this Room)."""
    ramp = card_room(BOULDER_RAMP)
    state = walking([plain("monster", 1), ramp, plain("trap", 1)], [t_hero("fighter", 30)])
    state = _hero_in(state, 1)
    refused(state, c.UseRoomAbility(player="A", index=1), "R-CARD-EFFECT")  # which other?
    before = state.walk.damage  # type: ignore[union-attr]
    after = run(state, c.UseRoomAbility(player="A", index=1, other=2))
    assert after.walk is not None and after.walk.damage == before + 5
    assert [s.top.card_id for s in after.player("A").dungeon] == [None, BOULDER_RAMP]


def test_the_crushinator_gives_every_own_room_two_more_until_end_of_turn() -> None:
    """BMA032 (printed: destroy another Room of yours: your Rooms deal +2 this turn)."""
    crush = card_room(CRUSHINATOR)
    state = _in_build([plain("monster", 1), crush, plain("trap", 1)], [t_hero("fighter", 9)])
    after = run(state, c.UseRoomAbility(player="A", index=1, other=2))
    assert [d.damage for d in dungeon_damage(after.player("A"))] == [3, crush.damage + 2]


def test_a_deactivated_room_has_no_ability_to_use() -> None:
    """R-DEACTIVATE: no ability while it is sideways."""
    state = _in_build([card_room(DARK_ALTAR)], [t_hero("fighter", 9)])
    state = run(state, c.DeactivateRoom(player="A", index=0))
    assert usable(state, "A", 0) is None
    refused(state, c.UseRoomAbility(player="A", index=0), "R-CARD-EFFECT")


ANTIMAGIC_ZONE = "TNL031"


def test_a_room_whose_ability_works_from_the_hand_offers_no_use_in_play() -> None:
    """TNL031 (printed: discard it from your hand to cancel an opponent's Spell): built,
    it has nothing to use."""
    state = _in_build([card_room(ANTIMAGIC_ZONE)], [t_hero("fighter", 9)])
    assert usable(state, "A", 0) is None


WARP_TUBE = "TNL049"


def test_warp_tube_sends_the_hero_back_to_the_first_room() -> None:
    """TNL049 (printed: destroy this Room to send a Hero in it back to the first Room of
    your dungeon; it walks on): it enters Room 1 again, taking its damage again."""
    state = walking(
        [plain("monster", 2), card_room(WARP_TUBE), plain("trap", 1)], [t_hero("mage", 30)]
    )
    state = _hero_in(state, 1)
    before = state.walk.damage  # type: ignore[union-attr]
    after = run(state, c.UseRoomAbility(player="A", index=1))
    assert after.walk is not None and after.walk.room == 0 and after.walk.damage == before + 2
    assert [s.top.card_id for s in after.player("A").dungeon] == [None, None]
