"""Rooms that turn the Items in their owner's scorekeeping area face up or face down
(Tools of Hero-Kind, R-ITEM with R-CARD-EFFECT), with the Room's own button. Each
expectation comes from the card's printed effect (in our words in the docstring)."""

from __future__ import annotations

from referee_fixtures import bait_state, events_of, refused, run, t_hero, t_player
from test_card_effects import card_room

from rules import commands as c
from rules import events as ev
from rules.activated import usable
from rules.card_effects import effects_of
from rules.models import GameState, Item, ItemCard, OwnedItem, RoomStack
from rules.rulings import describe

BURIAL_MOUND, ARTIFICERS_WORKBENCH = "THK021", "THK023"


def _owning(room: str, items: tuple[bool, ...]) -> GameState:
    """Build phase: A's one Room is ``room``; A owns Items 0, 1, ... face up or down as
    ``items`` says (two Heroes carried them in; the table names them by class)."""
    town = [t_hero("fighter", 30, item={"name": f"Item {n}", "treasure": ["any"]}) for n in items]
    state = bait_state([t_player("A", 900), t_player("B", 100)], town)
    owned = tuple(OwnedItem(item=i, face_up=up) for i, up in enumerate(items))
    a = state.player("A").model_copy(
        update={"dungeon": (RoomStack(rooms=(card_room(room),)),), "items": owned}
    )
    carried = state.items.model_copy(update={"carried": ()})
    return state.model_copy(
        update={"players": (a, *state.players[1:]), "phase": "build", "items": carried}
    )


def _faces(state: GameState) -> list[tuple[int, bool]]:
    return [(o.item, o.face_up) for o in state.player("A").items]


def test_burial_mound_turns_a_face_down_item_face_up_once_per_turn() -> None:
    """THK021 (printed: once per turn, you may discard two Room cards to flip over a
    face-down Item in your scorekeeping area): Item 1 (down) comes up; Item 0, up until
    then, goes down (only one face-up Item at a time, R-ITEM); a second use is refused;
    an Item already up is not one to flip over."""
    state = _owning(BURIAL_MOUND, (True, False))
    refused(state, c.UseRoomAbility(player="A", index=0, item=0), "R-ITEM")  # already up
    state = run(state, c.UseRoomAbility(player="A", index=0, item=1))
    assert _faces(state) == [(0, False), (1, True)]
    refused(state, c.UseRoomAbility(player="A", index=0, item=0), "R-CARD-EFFECT")


def test_burial_mound_has_nothing_to_flip_with_every_item_face_up() -> None:
    """With no face-down Item, Burial Mound's button is not offered."""
    assert usable(_owning(BURIAL_MOUND, (True,)), "A", 0) is None
    assert usable(_owning(BURIAL_MOUND, ()), "A", 0) is None


def test_artificers_workbench_turns_the_face_up_item_down_for_a_spell_card() -> None:
    """THK023 (printed: once per turn, you may choose a face-up Item in your scorekeeping
    area and flip it face down to draw a Spell card): Item 0 goes down, the ruling names
    the Spell card the players draw; without a face-up Item there is no button."""
    state = _owning(ARTIFICERS_WORKBENCH, (True, False))
    use = c.UseRoomAbility(player="A", index=0, item=0)
    fired = [e for e in events_of(state, use) if isinstance(e, ev.CardEffectFired)]
    assert "Spell card" in fired[0].ruling.why
    assert _faces(run(state, use)) == [(0, False), (1, False)]
    assert usable(_owning(ARTIFICERS_WORKBENCH, (False, False)), "A", 0) is None


def test_item_flipping_rooms_are_described_and_not_left_by_hand() -> None:
    """Their words say the printed effect; Burial Mound is carried out in full."""
    mound, bench = effects_of(BURIAL_MOUND), effects_of(ARTIFICERS_WORKBENCH)
    assert mound is not None and bench is not None
    assert "discard two Room cards to turn a face-down Item of yours face up" in describe(mound)
    assert "turn your face-up Item face down" in describe(bench)
    assert mound.handling == "prompt"
    for card in (mound, bench):
        assert not any(e.kind == "by_hand" for a in card.abilities for e in a.effects)


ORCISH_SMITHY = "THK022"


def _waiting_item(phase: str = "build") -> GameState:
    """A has Orcish Smithy; a Cleric Item waits in town (the two Heroes there are a
    Fighter and a Thief, neither may take it); B has one plain Room."""
    town = [t_hero("fighter", 30), t_hero("thief", 30)]
    state = bait_state([t_player("A", 900), t_player("B", 100)], town)
    item = Item(id=0, card=ItemCard(name="Holy Relic", treasure=("cleric",)))
    table = state.items.model_copy(update={"revealed": (item,), "waiting": (0,), "carried": ()})
    a = state.player("A").model_copy(
        update={"dungeon": (RoomStack(rooms=(card_room(ORCISH_SMITHY),)),)}
    )
    return state.model_copy(
        update={"players": (a, *state.players[1:]), "phase": phase, "items": table}
    )


def test_orcish_smithy_attaches_a_waiting_item_to_any_hero_once_per_turn() -> None:
    """THK022 (printed: once per turn during the Build phase, choose an unattached Item in
    town; you may attach it to any Hero, regardless of treasure type): the Cleric Item goes
    to the Thief Hero; a second use is refused; in the Adventure phase there is none."""
    state = _waiting_item()
    use = c.UseRoomAbility(player="A", index=0, item=0, hero=1)
    state = run(state, use)
    assert state.items.carried == ((1, 0),) and state.items.waiting == ()
    refused(state, use, "R-CARD-EFFECT")
    assert usable(_waiting_item("adventure"), "A", 0) is None
    smithy = effects_of(ORCISH_SMITHY)
    assert smithy is not None and smithy.handling == "prompt"


EXCAVATION = "THK025"


def test_excavation_turns_an_item_in_any_scorekeeping_area_over() -> None:
    """THK025 (printed: choose one Item in any scorekeeping area; you may flip it face down
    or face up): B casts it on A's face-up Item 0: down; cast again on A's face-down Item 1:
    up (alone face up, R-ITEM). Without an Item named it is refused."""
    state = _owning(BURIAL_MOUND, (True, False))
    cast = c.CastSpell(player="B", card_id=EXCAVATION, item=0)
    refused(state, cast.model_copy(update={"item": None}), "R-ITEM")
    state = run(state, cast)
    assert _faces(state) == [(0, False), (1, False)]
    state = run(state, cast.model_copy(update={"item": 1}))
    assert _faces(state) == [(0, False), (1, True)]
    excavation = effects_of(EXCAVATION)
    assert excavation is not None and excavation.handling == "prompt"
