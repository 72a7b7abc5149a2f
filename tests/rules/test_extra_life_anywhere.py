"""Extra Life's Power-Up wherever its carrier would be killed (THK001, R-CARD-EFFECT with
R-ITEM; printed, in our words: if this Hero would be killed, it returns to town instead,
and the player keeps its Item). Killed walking a dungeon is in ``test_turn_bar_cards``;
here, waiting at an entrance and standing in town. Each expectation comes from the printed
effect, never from the engine's output."""

from __future__ import annotations

from referee_fixtures import run, t_hero
from test_card_effects import GORGONA, _level_up, plain, walking
from test_card_heroes import LIGHTNING_BOLT
from test_item_cards import _item_id

from rules import commands as c

EXTRA_LIFE = "THK001"


def test_extra_life_spares_a_hero_killed_at_the_entrance() -> None:
    """Lightning Bolt!'s second part deals 3 to each Hero at A's entrance: the one of 2
    Health carrying Extra Life would die there; it goes to town instead (no Soul for A),
    A keeps its Item face up, and the Hero walking A's dungeon walks on."""
    heroes = [
        t_hero("fighter", 20),
        t_hero("fighter", 2, item={"name": EXTRA_LIFE, "treasure": ["any"]}),
        t_hero("fighter", 9),
    ]
    state = _item_id(walking([plain("trap", 0), plain("trap", 0)], heroes), EXTRA_LIFE)
    state = run(state, c.AdvanceHero(), c.CastSpell(player="A", card_id=LIGHTNING_BOLT))
    assert state.entrance("A") == (1, 2) and state.items.carried_by(1) == 0
    state = run(state, c.AnswerCardEffect(player="A", card_id=LIGHTNING_BOLT, accept=True))
    assert 1 in state.town and state.entrance("A") == (2,)
    assert state.souls("A") == 0 and state.player("A").scored == ()
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, True)]
    assert state.items.carried_by(1) is None
    assert state.walk is not None and state.walk.hero == 0 and state.walk.damage == 3


def test_extra_life_spares_a_hero_killed_in_town() -> None:
    """Gorgona's Level Up kills a Hero in town: the one carrying Extra Life stays in town
    instead (A scores no Soul) and A keeps its Item face up."""
    town = [t_hero("cleric", 4, item={"name": EXTRA_LIFE, "treasure": ["any"]}), t_hero("thief")]
    state = _item_id(_level_up(GORGONA, town), EXTRA_LIFE)
    assert state.items.carried_by(0) == 0
    state = run(state, c.AnswerCardEffect(player="A", card_id=GORGONA, accept=True, hero=0))
    assert 0 in state.town and state.souls("A") == 0 and state.offers == ()
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, True)]
    assert state.items.carried_by(0) is None
