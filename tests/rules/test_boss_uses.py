"""Each way a Boss's Level Up used at will may be used now (``rules.boss_uses``), as the
commands the table's Boss buttons send: none when it may not be used, one per Room, Hero,
or player and treasure icon it may aim at, and every one taken by ``flow.why_not``."""

from __future__ import annotations

from referee_fixtures import t_hero
from test_boss_actions import CALABEZA, KIRAX, RAVENUS, _boss, _with_miniboss
from test_card_effects import plain
from test_coin_cards import _table

from rules import commands as c
from rules import flow
from rules.boss_uses import boss_ability_uses
from rules.models import GameState

DOC_SCARECROW = "TNL001"


def _all_taken(state: GameState, uses: tuple[c.UseBossAbility, ...]) -> None:
    assert uses
    for use in uses:
        assert flow.why_not(state, use) is None, use


def test_a_plain_level_up_has_one_use_and_none_before_the_level_up() -> None:
    assert boss_ability_uses(_boss(RAVENUS, leveled_up=False), "A") == ()
    state = _boss(RAVENUS)
    assert boss_ability_uses(state, "A") == (c.UseBossAbility(player="A"),)
    _all_taken(state, boss_ability_uses(state, "A"))


def test_a_promotion_has_a_use_per_room_whose_miniboss_may_go_up() -> None:
    state = _with_miniboss(_boss(CALABEZA))
    uses = boss_ability_uses(state, "A")
    assert [u.room for u in uses] == [0]  # the Trap Room has no Miniboss
    _all_taken(state, uses)


def test_keeping_a_hero_in_town_has_a_use_per_hero_there() -> None:
    town = [t_hero("mage", 30), t_hero("thief", 30)]
    state = _table([plain("monster", 3)], town, boss=DOC_SCARECROW, leveled_up=True)
    uses = boss_ability_uses(state, "A")
    assert [u.hero for u in uses] == list(state.town)
    _all_taken(state, uses)


def test_a_treasure_for_any_dungeon_has_a_use_per_player_in_and_icon_in_play() -> None:
    state = _boss(KIRAX)
    uses = boss_ability_uses(state, "A")
    players = {u.target for u in uses}
    assert players == {"A", "B"}
    assert {u.treasure for u in uses if u.target == "B"} >= {"cleric", "fighter", "mage"}
    _all_taken(state, uses)
    out = state.with_player("B", eliminated=True)
    assert {u.target for u in boss_ability_uses(out, "A")} == {"A"}
