"""Promo Bosses whose Level Up is used at will on a Room of their owner's, with the Boss's
own button (``UseBossAbility``, R-CARD-EFFECT): Explodo destroys the Room a Hero stands in
and rolls a die for its damage, Chase puts a +1 counter on a Room. Each expectation comes
from the card's printed effect (in our words in the docstring), never from the engine's
output."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import plain
from test_coin_cards import _table

from rules import boss_actions
from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.models import GameState

CHASE, EXPLODO = "TPU001", "TPU003"


def _walking(health: int, boss: str = EXPLODO, leveled_up: bool = True) -> GameState:
    """A (Boss ``boss``) has a 3-damage Monster Room then a 1-damage Trap Room; a Mage with
    ``health`` Health has walked into the Monster Room (3 damage taken there)."""
    rooms = [plain("monster", 3), plain("trap", 1)]
    state = _table(rooms, [t_hero("mage", health)], boss=boss, leveled_up=leveled_up, phase="bait")
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and state.walk.room == 0 and state.walk.damage == 3
    return state


def test_boss_explodo_destroys_the_heros_room_and_deals_the_die_roll_to_it() -> None:
    """TPU003 (printed: for the rest of the game, once per turn you may destroy a Room to
    deal 1-6 damage to a Hero in that Room): the die is the player's word; a roll of 5 on
    a Hero that took 3 makes 8 damage; the Room it stood in is gone (one Room left); a
    second use in the turn is refused, and a roll of 7 is no die's."""
    state = _walking(30)
    use = c.UseBossAbility(player="A")
    state = run(state, use)
    assert [(o.card_id, o.offer) for o in state.offers] == [(EXPLODO, "die_roll")]
    roll = c.AnswerCardEffect(player="A", card_id=EXPLODO, accept=True, count=7)
    refused(state, roll, "R-CARD-EFFECT")
    state = run(state, roll.model_copy(update={"count": 5}))
    assert state.walk is not None and state.walk.damage == 8
    assert [s.top.kind for s in state.player("A").dungeon] == ["trap"]
    refused(state, use, "R-CARD-EFFECT")  # once per turn


def test_boss_explodo_kills_the_hero_when_the_roll_is_enough() -> None:
    """A Hero with 6 Health that took 3 dies to a roll of 3 (R-ADV-DIE): A scores it as a
    Soul; the Room is destroyed all the same; the only Hero dead, the Adventure is over,
    as when a Hero is killed by hand (R-ADV-WALK)."""
    state = run(_walking(6), c.UseBossAbility(player="A"))
    state = run(state, c.AnswerCardEffect(player="A", card_id=EXPLODO, accept=True, count=3))
    assert state.souls("A") == 1
    assert [s.top.kind for s in state.player("A").dungeon] == ["trap"]
    assert state.walk is None and state.phase == run(_walking(6), c.KillHero()).phase == "end"


def test_boss_explodo_has_no_button_without_a_hero_in_a_room_or_a_level_up() -> None:
    """No Hero in a Room of A's (the Build phase), or no Level Up yet: nothing to use."""
    build = _table([plain("monster", 3)], [t_hero("mage", 30)], boss=EXPLODO, leveled_up=True)
    assert boss_actions.usable(build, "A") is None
    assert boss_actions.usable(_walking(30, leveled_up=False), "A") is None
    refused(build, c.UseBossAbility(player="A"), "R-CARD-EFFECT")


def test_boss_chase_puts_a_counter_on_a_room_once_per_turn() -> None:
    """TPU001 (printed: for the rest of the game, once per turn you may discard an Advanced
    Room card to give one Room a +1 counter; the card is the player's word): the Trap Room
    picked deals 1 + 1 = 2, for good (a counter stays); a Room must be named; the second use
    in the turn is refused."""
    rooms = [plain("monster", 3), plain("trap", 1)]
    state = _table(rooms, [t_hero("mage", 30)], boss=CHASE, leveled_up=True)
    refused(state, c.UseBossAbility(player="A"), "R-CARD-EFFECT")  # which Room?
    refused(state, c.UseBossAbility(player="A", room=2), "R-CARD-EFFECT")  # no such Room
    state = run(state, c.UseBossAbility(player="A", room=1))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [3, 2]
    assert state.player("A").dungeon[1].counters == 1
    refused(state, c.UseBossAbility(player="A", room=0), "R-CARD-EFFECT")  # once per turn


def test_boss_chase_has_no_button_before_its_level_up() -> None:
    state = _table([plain("monster", 3)], [t_hero("mage", 30)], boss=CHASE, leveled_up=False)
    assert boss_actions.usable(state, "A") is None
