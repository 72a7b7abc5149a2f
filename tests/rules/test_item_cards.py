"""Tools of Hero-Kind's Item abilities carried out (R-ITEM with R-CARD-EFFECT): a Power-Up
on the walk of the Hero carrying the Item, a Reward when its owner uses it face up. Each
expected number comes from the Item's printed effect (in our words in the docstring or
the case's comment), never from the engine's output."""

from __future__ import annotations

from typing import Any

import pytest
from referee_fixtures import bait_state, events_of, refused, run, t_hero, t_player
from test_card_effects import plain

from rules import commands as c
from rules import events as ev
from rules.card_effects import dungeon_damage
from rules.models import GameState, OwnedItem, Room, RoomStack, ScoredHero

INQUISITORS_ROBES, STAFF_OF_HEALING, GOBLIN_SUIT = "THK003", "THK004", "THK005"
VORPAL_BLADE, ICE_ROD, BAG_OF_HOLDING = "THK008", "THK010", "THK013"
TEN_FOOT_POLE, THE_BOMB, BOOTS_OF_JUMPING, PET_MONSTER = "THK015", "THK016", "THK017", "THK018"
STAR_OF_INVULNERABILITY = "THK019"


def _carrying(card_id: str, rooms: list[Room], health: int) -> GameState:
    """A's dungeon is ``rooms`` (entrance first); the one Hero in town (``health``) carries
    the Item ``card_id`` and is lured to A: its walk begins (B has one plain Trap Room)."""
    hero = t_hero("fighter", health, item={"name": card_id, "treasure": ["any"]})
    state = bait_state([t_player("A", 900, boss_treasure=["fighter"]), t_player("B", 100)], [hero])
    state = _item_id(state, card_id)
    a = state.player("A").model_copy(
        update={"dungeon": tuple(RoomStack(rooms=(r,)) for r in rooms)}
    )
    b = state.player("B").model_copy(update={"dungeon": (RoomStack(rooms=(plain("trap", 1),)),)})
    state = state.model_copy(update={"players": (a, b), "ordinary_left": 10})
    return run(state, c.ResolveBait())


def _item_id(state: GameState, card_id: str) -> GameState:
    """The table names Items by class only: give Item 0 its catalogue id (as the app does)."""
    items = state.items
    card = items.revealed[0].card.model_copy(update={"card_id": card_id})
    revealed = (items.revealed[0].model_copy(update={"card": card}), *items.revealed[1:])
    return state.model_copy(update={"items": items.model_copy(update={"revealed": revealed})})


def _walked(state: GameState) -> GameState:
    return run(state, c.FinishAdventure())


def _owning(card_id: str, rooms: list[Room], town: list[dict[str, Any]]) -> GameState:
    """A owns the Item ``card_id`` face up (won earlier); Build phase; ``town`` waits."""
    holder = t_hero("fighter", 30, item={"name": card_id, "treasure": ["any"]})
    state = bait_state(
        [t_player("A", 900, boss_treasure=["fighter"]), t_player("B", 100)], [holder, *town]
    )
    state = _item_id(state, card_id)
    a = state.player("A").model_copy(
        update={
            "dungeon": tuple(RoomStack(rooms=(r,)) for r in rooms),
            "items": (OwnedItem(item=0, face_up=True),),
        }
    )
    b = state.player("B").model_copy(
        update={
            "dungeon": (
                RoomStack(rooms=(plain("trap", 1, "mage"),)),
                RoomStack(rooms=(plain("monster", 1, "mage"),)),
            )
        }
    )
    items = state.items.model_copy(update={"carried": ()})
    state = state.model_copy(
        update={"players": (a, b), "items": items, "town": state.town[1:], "phase": "build"}
    )
    return state


def _advanced(kind: str = "monster", damage: int = 3) -> Room:
    return Room(name=f"adv {kind}", treasure=("fighter",), damage=damage, kind=kind, advanced=True)  # type: ignore[arg-type]


# --- Power-Ups ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "rooms", "health", "outcome"),
    [
        # Goblin Suit: no damage from ordinary Monster Rooms. Monster 3 + Trap 1 + Monster 3:
        # it takes only the Trap's 1 and reaches the Boss (a Wound).
        (GOBLIN_SUIT, [plain("monster", 3), plain("trap", 1), plain("monster", 3)], 2, 1),
        # …but an Advanced Monster Room still hurts: 3 + 1 = 4 kills a 4-Health Hero.
        (GOBLIN_SUIT, [_advanced("monster", 3), plain("trap", 1)], 4, None),
        # Star of Invulnerability: no damage from the first three Rooms: 1+1+1 ignored,
        # the fourth deals 2.
        (STAR_OF_INVULNERABILITY, [plain("trap", 1)] * 3 + [plain("trap", 2)], 3, 2),
        # The Bomb: entering the last Room destroys it (it deals no damage): 1 + 0.
        (THE_BOMB, [plain("trap", 1), plain("monster", 9)], 2, 1),
        # Pet Monster: entering, the first Monster Room is deactivated: Trap 1 + blank +
        # Monster 3 = 4.
        (PET_MONSTER, [plain("trap", 1), plain("monster", 3), plain("monster", 3)], 5, 4),
        # Ten Foot Pole: the first Trap Room is deactivated: Monster 1 + blank + Trap 3.
        (TEN_FOOT_POLE, [plain("monster", 1), plain("trap", 3), plain("trap", 3)], 5, 4),
        # Boots of Jumping: each Room it survives, it ignores the next: 1, skip 9, 1, skip 9.
        (BOOTS_OF_JUMPING, [plain("trap", 1), plain("trap", 9)] * 2, 3, 2),
    ],
)
def test_item_power_up_changes_the_walk(
    card: str, rooms: list[Room], health: int, outcome: int | None
) -> None:
    """``outcome``: the damage with which the Hero reaches the Boss, or None: it dies."""
    events = events_of(_carrying(card, rooms, health), c.FinishAdventure())
    survived = [e.damage for e in events if isinstance(e, ev.HeroSurvived)]
    killed = [e for e in events if isinstance(e, ev.HeroKilled)]
    if outcome is None:
        assert killed and not survived
    else:
        assert survived == [outcome] and not killed


@pytest.mark.parametrize(
    ("card", "rooms", "left", "deactivated"),
    [
        # Ice Rod: any Room it survives is deactivated until end of turn.
        (ICE_ROD, [plain("trap", 1), plain("monster", 1)], 2, [True, True]),
        # Inquisitor's Robes: the first Advanced Room it survives is destroyed (only one).
        (INQUISITORS_ROBES, [_advanced("trap", 1), _advanced("monster", 1)], 1, [False]),
        # Bag of Holding: a Room with two or more treasure icons it survives is destroyed.
        (
            BAG_OF_HOLDING,
            [
                Room(name="two", treasure=("thief", "mage"), damage=1, kind="trap"),
                plain("trap", 1),
            ],
            1,
            [False],
        ),
    ],
)
def test_item_power_up_acts_on_the_rooms_it_survives(
    card: str, rooms: list[Room], left: int, deactivated: list[bool]
) -> None:
    state = _walked(_carrying(card, rooms, 30))
    assert state.wounds("A") == 1
    assert [s.deactivated for s in state.player("A").dungeon] == deactivated
    assert len(state.player("A").dungeon) == left


def test_item_the_bomb_power_up_damage_counts_only_rooms_before_the_last() -> None:
    """The Bomb: the last Room (9) is destroyed as the Hero enters it and deals nothing:
    the Hero reaches the Boss with 1 damage."""
    state = _carrying(THE_BOMB, [plain("trap", 1), plain("monster", 9)], 2)
    state = run(state, c.AdvanceHero(), c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == 1
    assert len(state.player("A").dungeon) == 1


# --- Rewards --------------------------------------------------------------------------------


def test_item_goblin_suit_reward_gives_ordinary_monster_rooms_one_more() -> None:
    """Goblin Suit's Reward: until end of turn your ordinary Monster Rooms have +1 (not an
    Advanced Monster Room, not a Trap Room)."""
    rooms = [plain("monster", 2), _advanced("monster", 3), plain("trap", 1)]
    state = run(_owning(GOBLIN_SUIT, rooms, []), c.UseItem(player="A", item=0))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [3, 3, 1]
    assert state.player("A").items == (OwnedItem(item=0, face_up=False),)


def test_item_staff_of_healing_reward_heals_an_ordinary_wound_not_an_epic_one() -> None:
    """Staff of Healing's Reward: heal one ordinary Wound. A has an Epic Hero's two Wounds
    and an ordinary Hero's one: 3 Wounds become 2."""
    town = [t_hero("mage", 11, epic=True), t_hero("mage", 4)]
    state = _owning(STAFF_OF_HEALING, [plain()], town)
    a = state.player("A").model_copy(
        update={"scored": (ScoredHero(hero=1, face_up=True), ScoredHero(hero=2, face_up=True))}
    )
    state = state.model_copy(update={"players": (a, state.players[1]), "town": ()})
    assert state.wounds("A") == 3
    state = run(state, c.UseItem(player="A", item=0))
    assert state.wounds("A") == 2


@pytest.mark.parametrize(("damage", "killed"), [(2, True), (1, False)])
def test_item_vorpal_blade_reward_kills_a_hero_worn_to_half_its_health(
    damage: int, killed: bool
) -> None:
    """Vorpal Blade's Reward: kill a Hero who has taken damage of at least half its Health
    (4 Health: 2 damage is enough, 1 is not)."""
    state = _owning(VORPAL_BLADE, [plain("trap", damage)], [t_hero("fighter", 4)])
    state = run(state.model_copy(update={"phase": "bait"}), c.ResolveBait(), c.AdvanceHero())
    assert state.walk is not None and state.walk.damage == damage
    state = run(state, c.UseItem(player="A", item=0))
    assert state.souls("A") == (1 if killed else 0)


def test_item_the_bomb_reward_blasts_the_room_with_the_hero() -> None:
    """The Bomb's Reward: destroy a Room in your dungeon and deal 5 damage to the Hero in
    it: a 5-Health Hero in A's Trap Room (1 damage so far) dies there, the Room is gone."""
    state = _owning(THE_BOMB, [plain("trap", 1), plain("monster", 1)], [t_hero("fighter", 5)])
    state = run(state.model_copy(update={"phase": "bait"}), c.ResolveBait(), c.AdvanceHero())
    state = run(state, c.UseItem(player="A", item=0))
    assert state.souls("A") == 1
    assert [s.top.kind for s in state.player("A").dungeon] == ["monster"]


def test_item_boots_of_jumping_reward_makes_the_hero_ignore_the_next_room() -> None:
    """Boots of Jumping's Reward: the Hero ignores the next Room: 1, (9 ignored), 1."""
    rooms = [plain("trap", 1), plain("trap", 9), plain("trap", 1)]
    state = _owning(BOOTS_OF_JUMPING, rooms, [t_hero("fighter", 5)])
    state = run(state.model_copy(update={"phase": "bait"}), c.ResolveBait(), c.AdvanceHero())
    state = run(state, c.UseItem(player="A", item=0), c.FinishAdventure())
    assert state.wounds("A") == 1


@pytest.mark.parametrize(
    ("card", "offer", "places"),
    [
        # Pet Monster: a Monster Room in any dungeon (A's Room 1, B's Room 2).
        (PET_MONSTER, "deactivate_monster_room_any", [("A", 0), ("B", 1)]),
        # Ten Foot Pole: a Trap Room in any dungeon (A's Rooms 2 and 3, B's Room 1).
        (TEN_FOOT_POLE, "deactivate_trap_room_any", [("A", 1), ("A", 2), ("B", 0)]),
        # Ice Rod: a Room in an opponent's dungeon (B's two, none of A's).
        (ICE_ROD, "deactivate_opponent_room", [("B", 0), ("B", 1)]),
        # Inquisitor's Robes: an Advanced Room in any dungeon (A's Room 3).
        (INQUISITORS_ROBES, "destroy_advanced_room_any", [("A", 2)]),
    ],
)
def test_item_reward_asks_which_room(card: str, offer: str, places: list[tuple[str, int]]) -> None:
    from rules.card_offers import offer_places

    rooms = [plain("monster", 1), plain("trap", 1), _advanced("trap", 2)]
    state = run(_owning(card, rooms, []), c.UseItem(player="A", item=0))
    assert [(o.player, o.offer) for o in state.offers] == [("A", offer)]
    assert list(offer_places(state, state.offers[0].offer, "A")) == places
    player, room = places[-1]
    answer = c.AnswerCardEffect(player="A", card_id=card, accept=True, target=player, room=room)
    refused(state, answer.model_copy(update={"target": "A", "room": 5}), "R-CARD-EFFECT")
    after = run(state, answer)
    if offer.startswith("deactivate"):
        assert after.player(player).dungeon[room].deactivated
    else:
        assert len(after.player(player).dungeon) == len(state.player(player).dungeon) - 1
    assert after.offers == ()


def test_item_reward_says_what_it_does() -> None:
    state = _owning(GOBLIN_SUIT, [plain("monster", 2)], [])
    said = [e.ruling.why for e in events_of(state, c.UseItem(player="A", item=0))]
    assert any("ordinary Monster Rooms have +1" in why for why in said), said


# --- Health until end of turn ---------------------------------------------------------------

OVERSIZED_SWORD, CLAWS_OF_THE_BERSERKER = "THK007", "THK006"


@pytest.mark.parametrize(
    ("card", "rooms", "health", "outcome"),
    [
        # Oversized Sword: this Hero has +5. 4 Health + 5: it survives 3 + 3 = 6 damage.
        (OVERSIZED_SWORD, [plain("trap", 3), plain("trap", 3)], 4, 6),
        # Claws of the Berserker: +1 per Monster Room in your dungeon (two): 4 + 2 = 6
        # Health survives 2 + 3 = 5 damage.
        (
            CLAWS_OF_THE_BERSERKER,
            [plain("monster", 2), plain("monster", 3), plain("trap", 0)],
            4,
            5,
        ),
        # …and 6 Health does not survive 2 + 3 + 1 = 6.
        (
            CLAWS_OF_THE_BERSERKER,
            [plain("monster", 2), plain("monster", 3), plain("trap", 1)],
            4,
            None,
        ),
    ],
)
def test_item_power_up_raises_the_carriers_health(
    card: str, rooms: list[Room], health: int, outcome: int | None
) -> None:
    events = events_of(_carrying(card, rooms, health), c.FinishAdventure())
    survived = [e.damage for e in events if isinstance(e, ev.HeroSurvived)]
    if outcome is None:
        assert not survived
    else:
        assert survived == [outcome]


def test_item_staff_of_healing_gives_each_hero_entering_two_more_health() -> None:
    """Staff of Healing (Power-Up: until end of turn each Hero entering your dungeon has
    +2): its carrier (4 Health) and the Hero after it (4 Health) each survive 5 damage."""
    carrier = t_hero("fighter", 4, item={"name": STAFF_OF_HEALING, "treasure": ["any"]})
    other = t_hero("fighter", 4)
    state = bait_state(
        [t_player("A", 900, boss_treasure=["fighter"]), t_player("B", 100)], [carrier, other]
    )
    state = _item_id(state, STAFF_OF_HEALING)
    a = state.player("A").model_copy(update={"dungeon": (RoomStack(rooms=(plain("trap", 5),)),)})
    state = state.model_copy(update={"players": (a, *state.players[1:]), "ordinary_left": 10})
    state = run(state, c.ResolveBait(), c.FinishAdventure())
    assert state.wounds("A") == 2 and state.souls("A") == 0


def test_item_oversized_sword_reward_gives_a_chosen_hero_five_more_health() -> None:
    """Oversized Sword's Reward: a Hero in any dungeon has +5 until end of turn: the
    walking 4-Health Hero then survives 1 + 6 = 7 damage."""
    rooms = [plain("trap", 1), plain("trap", 6)]
    state = _owning(OVERSIZED_SWORD, rooms, [t_hero("fighter", 4)])
    state = run(state.model_copy(update={"phase": "bait"}), c.ResolveBait(), c.AdvanceHero())
    state = run(state, c.UseItem(player="A", item=0))
    assert [o.offer for o in state.offers] == ["raise_hero_health"]
    assert state.walk is not None
    pick = c.AnswerCardEffect(
        player="A", card_id=OVERSIZED_SWORD, accept=True, hero=state.walk.hero
    )
    refused(state, pick.model_copy(update={"hero": 0}), "R-CARD-EFFECT")  # not in a dungeon
    state = run(state, pick, c.FinishAdventure())
    assert state.wounds("A") == 1


MAGNETIC_CEILING = "THK024"


def test_item_magnetic_ceiling_may_take_the_entering_heros_item_face_down() -> None:
    """Magnetic Ceiling (printed: once per turn, if a Hero enters this Room with an Item,
    you may place that Item face down in your scorekeeping area): asked; Yes gives A the
    Goblin Suit face down, and without it the Hero takes the next ordinary Monster Room's
    3 (Ceiling 3 + Monster 3 = 6: a 6-Health Hero dies there)."""
    from test_card_effects import card_room

    rooms = [card_room(MAGNETIC_CEILING), plain("monster", 3)]
    state = _carrying(GOBLIN_SUIT, rooms, 6)
    state = run(state, c.AdvanceHero())
    assert [(o.card_id, o.offer) for o in state.offers] == [(MAGNETIC_CEILING, "may")]
    state = run(state, c.AnswerCardEffect(player="A", card_id=MAGNETIC_CEILING, accept=True))
    assert state.player("A").items == (OwnedItem(item=0, face_up=False),)
    assert state.items.carried == ()
    state = run(state, c.FinishAdventure())
    assert state.souls("A") == 1
