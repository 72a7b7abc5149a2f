"""Pay to Win and Rage! carried out (R-MINI with R-CARD-EFFECT). Each expected number
comes from the printed effect (our words in the docstrings), never from the engine."""

from __future__ import annotations

import pytest
from referee_fixtures import refused, run
from test_card_effects import plain
from test_coin_cards import _table

from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.models import GameState, Miniboss, MinibossCard

PAY_TO_WIN, RAGE = "RMB073", "RMB069"
# A Miniboss whose levels add no damage (Jinx: hands at Level 1, treasure at Level 2), so
# the Room's damage is Rage!'s alone (Spike's Level 1 would add +1 of its own).
JINX = MinibossCard(name="Jinx", card_id="RMB064")


def _damage(state: GameState) -> list[int]:
    return [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)]


@pytest.mark.parametrize(
    ("spent", "damage", "hoard"),
    [
        # Pay to Win: a Room +1 until end of turn, and +1 more per Coin paid as it is cast.
        (0, 3, 3),  # the 2-damage Room: +1, nothing paid
        (2, 5, 1),  # +1 and +2 for two Coins; the hoard of 3 keeps 1
        (3, 6, 0),  # every Coin of the hoard
    ],
)
def test_pay_to_win_one_more_and_one_per_coin(spent: int, damage: int, hoard: int) -> None:
    state = _table([plain("trap", 1), plain("monster", 2)], [], coins=3)
    cast = c.CastSpell(player="A", card_id=PAY_TO_WIN, target="A", room=1)
    state = run(state, cast)
    assert _damage(state) == [1, 3]
    assert [o.offer for o in state.offers] == ["count"]
    answer = c.AnswerCardEffect(player="A", card_id=PAY_TO_WIN, accept=True, count=spent)
    state = run(state, answer)
    assert _damage(state) == [1, damage]
    assert state.player("A").coins == hoard


def test_pay_to_win_spends_no_more_than_the_hoard() -> None:
    state = _table([plain("monster", 2)], [], coins=1)
    state = run(state, c.CastSpell(player="A", card_id=PAY_TO_WIN, target="A", room=0))
    answer = c.AnswerCardEffect(player="A", card_id=PAY_TO_WIN, accept=True, count=2)
    refused(state, answer, "R-CARD-EFFECT")


def _with_minibosses(levels: list[int | None]) -> GameState:
    """A's plain Monster Rooms of 2 damage, one per entry, a face-up Miniboss at that
    level on each (None: none)."""
    state = _table([plain("monster", 2) for _ in levels], [], coins=0)
    a = state.player("A")
    dungeon = tuple(
        s
        if level is None
        else s.model_copy(update={"miniboss": Miniboss(card=JINX, level=level, face_down=False)})
        for s, level in zip(a.dungeon, levels, strict=True)
    )
    return state.with_player("A", dungeon=dungeon)


@pytest.mark.parametrize(
    ("levels", "double", "damage"),
    [
        # Rage!: its Room +1 per level of the Miniboss chosen (Level 2: +2, 2 -> 4); the
        # caster's only Miniboss: it may then double that Room (4 -> 8), or not.
        ([2, None], True, [8, 2]),
        ([2, None], False, [4, 2]),
        ([3, None], True, [10, 2]),
    ],
)
def test_rage_one_per_level_doubled_when_alone(
    levels: list[int | None], double: bool, damage: list[int]
) -> None:
    state = run(_with_minibosses(levels), c.CastSpell(player="A", card_id=RAGE, target="A", room=0))
    assert [o.offer for o in state.offers] == ["double_aimed_room"]
    state = run(state, c.AnswerCardEffect(player="A", card_id=RAGE, accept=double))
    assert _damage(state) == damage


def test_rage_no_doubling_with_two_minibosses() -> None:
    """Two Minibosses of the caster's: +1 per level only (Level 1: 2 -> 3), nothing asked;
    the other Room is not aimed at (2)."""
    state = run(_with_minibosses([1, 2]), c.CastSpell(player="A", card_id=RAGE, target="A", room=0))
    assert state.offers == ()
    assert _damage(state) == [3, 2]


def test_rage_needs_a_room_with_a_miniboss() -> None:
    state = _with_minibosses([None, 2])
    refused(state, c.CastSpell(player="A", card_id=RAGE, target="A", room=0), "R-CARD-EFFECT")


ANCIENT_GUARDTOWER = "RMB015"


@pytest.mark.parametrize(
    ("accept", "a_coins", "b_coins"),
    [
        # Ancient Guardtower, built: A may give the opponent it names (B) a Coin, for one
        # random Spell card of B's: A 2 -> 1, B 3 -> 4.
        (True, 1, 4),
        # Declined: the hoards stay.
        (False, 2, 3),
    ],
)
def test_ancient_guardtower_a_coin_to_the_opponent(
    accept: bool, a_coins: int, b_coins: int
) -> None:
    from test_card_effects import card_room

    state = _table([plain("trap", 1)], [], coins=2)
    state = run(state, c.BuildRoom(player="A", room=card_room(ANCIENT_GUARDTOWER)), c.RevealRooms())
    assert [(o.player, o.offer) for o in state.offers] == [("A", "coin_for_spell")]
    answer = c.AnswerCardEffect(
        player="A", card_id=ANCIENT_GUARDTOWER, accept=accept, target="B" if accept else None
    )
    if accept:  # the opponent named, not the owner
        refused(state, answer.model_copy(update={"target": "A"}), "R-CARD-EFFECT")
    state = run(state, answer)
    assert (state.player("A").coins, state.player("B").coins) == (a_coins, b_coins)
