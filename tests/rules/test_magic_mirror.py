"""Magic Mirror's Reward (THK011, R-ITEM with R-CARD-EFFECT): its owner uses it face up
and picks another face-up Item, any player's; that Item's Reward is carried out for the
Mirror's owner, as that Item's own would be (asked again where it asks)."""

from __future__ import annotations

from typing import Any

from referee_fixtures import refused, run, t_hero
from test_card_effects import plain
from test_item_cards import _owning

from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.item_models import OwnedItem
from rules.item_rewards import copyable
from rules.models import GameState

MAGIC_MIRROR, GOBLIN_SUIT, OVERSIZED_SWORD = "THK011", "THK005", "THK007"
NECRONOMICON = "THK012"  # its Reward: Spell cards drawn (hands and decks: by hand)


def _mirror_and(other: str, face_up: bool = True) -> GameState:
    """A owns Magic Mirror (Item 0) face up; B owns ``other`` (Item 1); Build phase. A's
    dungeon: ordinary Monster 3, Trap 1."""
    held: dict[str, Any] = {"name": other, "treasure": ["any"]}
    state = _owning(
        MAGIC_MIRROR, [plain("monster", 3), plain("trap", 1)], [t_hero("mage", 9, item=held)]
    )
    items = state.items
    card = items.revealed[1].card.model_copy(update={"card_id": other})
    revealed = (items.revealed[0], items.revealed[1].model_copy(update={"card": card}))
    b = state.player("B").model_copy(update={"items": (OwnedItem(item=1, face_up=face_up),)})
    return state.model_copy(
        update={
            "items": items.model_copy(update={"revealed": revealed, "carried": ()}),
            "players": (state.player("A"), b),
            "town": (),
        }
    )


def _answer(item: int) -> c.AnswerCardEffect:
    return c.AnswerCardEffect(player="A", card_id=MAGIC_MIRROR, accept=True, item=item)


def test_magic_mirror_copies_goblin_suits_reward_for_its_owner() -> None:
    """B's Goblin Suit (ordinary Monster Rooms +1): A's Monster Room deals 4, B's Suit stays
    face up, and the Mirror lies face down."""
    state = run(_mirror_and(GOBLIN_SUIT), c.UseItem(player="A", item=0))
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (MAGIC_MIRROR, "copy_item_reward", True)
    ]
    refused(state, _answer(0), "R-ITEM")  # the Mirror itself, face down now
    refused(
        state, c.AnswerCardEffect(player="A", card_id=MAGIC_MIRROR, accept=False), "R-CARD-EFFECT"
    )
    state = run(state, _answer(1))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [4, 1]
    assert state.player("B").items == (OwnedItem(item=1, face_up=True),)
    assert state.player("A").items == (OwnedItem(item=0, face_up=False),)
    assert state.offers == ()


def test_magic_mirror_copying_a_reward_that_asks_asks_the_mirrors_owner() -> None:
    """B's Oversized Sword (+5 Health to a Hero in a dungeon): copied, A is asked which
    Hero, as the Sword's owner would be."""
    state = run(_mirror_and(OVERSIZED_SWORD), c.UseItem(player="A", item=0), _answer(1))
    assert [(o.player, o.card_id, o.offer) for o in state.offers] == [
        ("A", OVERSIZED_SWORD, "raise_hero_health")
    ]


def test_magic_mirror_with_nothing_to_copy_does_nothing() -> None:
    """B's Item face down, or one whose Reward is done by hand: nothing to copy, no
    question, the Mirror still used."""
    for state in (_mirror_and(GOBLIN_SUIT, face_up=False), _mirror_and(NECRONOMICON)):
        assert copyable(state) == ()
        state = run(state, c.UseItem(player="A", item=0))
        assert state.offers == ()
        assert state.player("A").items == (OwnedItem(item=0, face_up=False),)
