"""Meddling Kids!'s player choice and Extra Life carried out (R-CARD-EFFECT with
R-END-WIN, R-END-ELIM, R-ITEM). Each expected outcome comes from the printed effect (our
words in the docstrings), never from the engine's output."""

from __future__ import annotations

import pytest
from referee_fixtures import ended, run, scored_state, t_hero
from test_card_effects import _in_build, plain
from test_item_cards import _carrying, _owning

from rules import commands as c
from rules.models import GameState

MEDDLING_KIDS, EXTRA_LIFE = "TNL062", "THK001"


def _three_lured(heroes: int) -> GameState:
    """Build phase: A (10 Souls already) has two Fighter Rooms, B one Trap; ``heroes``
    Fighter Heroes of 30 Health wait in town (they all go to A and survive)."""
    town = [t_hero("fighter", 30) for _ in range(heroes)]
    state = _in_build([plain("monster", 1), plain("monster", 1)], town)
    state = state.with_player("A", souls_adjust=10)
    return state.model_copy(update={"ordinary_left": 10})


def _through_turn(state: GameState) -> GameState:
    return run(state, c.RevealRooms(), c.ResolveBait(), c.FinishAdventure())


@pytest.mark.parametrize(
    ("heroes", "wins"),
    [
        # Meddling Kids!, "choose a player": three Heroes entered A's dungeon this turn, so
        # A cannot win this turn despite 10 Souls.
        (3, False),
        # Two Heroes only: the bar does not apply, A wins with 10 Souls (R-END-WIN).
        (2, True),
    ],
)
def test_meddling_kids_bars_a_win_after_three_heroes(heroes: int, wins: bool) -> None:
    state = _three_lured(heroes)
    state = run(state, c.CastSpell(player="B", card_id=MEDDLING_KIDS, target="A"))
    state = _through_turn(state)
    game_end = ended(state)
    assert (game_end is not None and game_end.winner == "A") is wins


def test_meddling_kids_unbarred_without_the_spell() -> None:
    """The same three Heroes without the Spell: A wins with 10 Souls."""
    game_end = ended(_through_turn(_three_lured(3)))
    assert game_end is not None and game_end.winner == "A"


def test_extra_life_reward_no_loss_by_wounds_this_turn() -> None:
    """Extra Life's Reward: this turn its owner cannot lose by Wounds (5 Wounds: still in);
    the next turn it does."""
    used = run(_owning(EXTRA_LIFE, [plain("monster", 1)], []), c.UseItem(player="A", item=0))
    marks = used.card_uses
    assert marks
    state = scored_state([("A", 900, 3, 5), ("B", 500, 3, 0), ("C", 100, 0, 0)])
    spared = run(state.model_copy(update={"card_uses": marks}), c.EndTurn())
    assert not spared.player("A").eliminated
    assert run(state, c.EndTurn()).player("A").eliminated


def test_extra_life_power_up_back_to_town_the_item_kept() -> None:
    """Extra Life's Power-Up: its carrier (2 Health) would be killed by A's 3-damage Room;
    it goes back to town instead (A scores no Soul for it) and A keeps the Item, face up,
    as if it had died there."""
    state = _carrying(EXTRA_LIFE, [plain("monster", 3)], 2)
    hero = state.walk.hero if state.walk is not None else -1
    after = run(state, c.FinishAdventure())
    assert hero in after.town
    assert after.souls("A") == 0 and after.player("A").scored == ()
    assert [(o.item, o.face_up) for o in after.player("A").items] == [(0, True)]
    assert after.items.carried_by(hero) is None


SHORT_CIRCUIT, RING_OF_INVISIBILITY = "RMB077", "THK020"
GIANT_SIZE = "BMA047"  # Build or Adventure: a Monster Room +3 until end of turn


@pytest.mark.parametrize(
    ("hoard", "damage", "left"),
    [
        # Short Circuit on B: each Spell B casts this turn costs a Coin. With 3 Coins B pays
        # one and Giant Size gives B's Monster Room +3 (1 -> 4).
        (3, 4, 2),
        # With none, the Spell is cancelled: nothing happens (the Room stays at 1).
        (0, 1, 0),
    ],
)
def test_short_circuit_a_coin_per_spell_or_cancelled(hoard: int, damage: int, left: int) -> None:
    from test_coin_cards import _table

    from rules.card_effects import dungeon_damage

    state = _table([plain("monster", 1)], [t_hero("fighter", 30)], coins=3, phase="bait")
    b = state.player("B")
    state = state.with_player(
        "B",
        coins=hoard,
        dungeon=(b.dungeon[0].model_copy(update={"rooms": (plain("monster", 1),)}),),
    )
    state = run(state, c.CastSpell(player="A", card_id=SHORT_CIRCUIT, target="B"))
    state = run(state, c.CastSpell(player="B", card_id=GIANT_SIZE, target="B", room=0))
    assert [d.damage for d in dungeon_damage(state.player("B"), state.card_uses)] == [damage]
    assert state.player("B").coins == left


def test_ring_of_invisibility_no_spells_while_its_hero_is_in_or_at_the_dungeon() -> None:
    """Ring of Invisibility's Power-Up: while its carrier walks A's dungeon, A may not play
    Spells (refused); B still may."""
    from referee_fixtures import refused

    state = _carrying(RING_OF_INVISIBILITY, [plain("monster", 1), plain("monster", 1)], 30)
    assert state.walk is not None and state.walk.player == "A"
    refused(state, c.CastSpell(player="A", card_id=GIANT_SIZE, target="A", room=0), "R-ITEM")
    run(state, c.CastSpell(player="B", card_id=GIANT_SIZE, target="A", room=0))


@pytest.mark.parametrize(
    ("hoard", "after"),
    [
        # Short Circuit on A, A owns Alchemist's Lab (once per turn, when you cast a Spell,
        # gain 2 Coins; cancelled Spells are not cast). One Coin: paid, the Spell is cast,
        # the Lab gives 2 (1 - 1 + 2 = 2).
        (1, 2),
        # No Coin: the Spell is cancelled, so not cast: the Lab gives nothing (0).
        (0, 0),
    ],
)
def test_short_circuit_a_cancelled_spell_is_not_cast(hoard: int, after: int) -> None:
    from test_card_effects import card_room
    from test_coin_cards import _table

    lab = card_room("RMB032")
    state = _table([lab, plain("monster", 1)], [t_hero("fighter", 30)], coins=hoard, phase="bait")
    state = run(state, c.CastSpell(player="B", card_id=SHORT_CIRCUIT, target="A"))
    state = run(state, c.CastSpell(player="A", card_id=GIANT_SIZE, target="A", room=1))
    assert state.player("A").coins == after


@pytest.mark.parametrize(
    ("card_id", "rule"),
    [
        ("TNL023", "R-CARD-EFFECT"),  # Goblin Nursery is a Room, not a Spell
        ("BMA049", "R-CARD-EFFECT"),  # Kobold Strike is a Build-phase Spell: not now
    ],
)
def test_short_circuit_refuses_what_may_not_be_cast_before_its_price(
    card_id: str, rule: str
) -> None:
    """Short Circuit prices a Spell that may be cast; a card that may not be cast at all is
    refused as it would be without it, not 'cancelled for want of a Coin'."""
    from referee_fixtures import refused
    from test_coin_cards import _table

    state = _table([plain("monster", 1)], [t_hero("fighter", 30)], coins=0, phase="bait")
    state = run(state, c.CastSpell(player="B", card_id=SHORT_CIRCUIT, target="A"))
    refused(state, c.CastSpell(player="A", card_id=card_id), rule)
