"""Events of Rooms moved within a dungeon (R-CARD-EFFECT), and their folds into state.

``rules.events`` names these in its ``Event`` union and ``rules.evolve`` takes ``FOLDS``
into its table; like the rest of evolve, the folds decide nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import Field

from rules import place_marks
from rules.event_base import EventBase
from rules.models import GameState, NonNegative, PlayerState, RoomStack


class RoomsRearranged(EventBase):
    """A dungeon's Rooms in a new order: ``order[i]`` is the place (0 nearest the
    entrance) the Room now at place ``i`` came from. Stacks move whole."""

    type: Literal["rooms_rearranged"] = "rooms_rearranged"
    player: str
    order: tuple[NonNegative, ...] = Field(min_length=1, max_length=20)


class RoomUncovered(EventBase):
    """The Room ``covered`` (its place in the stack, 0 the bottom) of the stack at
    ``index`` is moved to the top: the Room that was on top is covered now, and what lay
    on it (counters, Coins, a Miniboss, a Spell's boost) goes with it."""

    type: Literal["room_uncovered"] = "room_uncovered"
    player: str
    index: NonNegative
    covered: NonNegative


def _rooms_rearranged(event: RoomsRearranged, state: GameState) -> GameState:
    p = state.player(event.player)
    dungeon = tuple(p.dungeon[i] for i in event.order)
    # A face-down Room waiting to cover a place (own or a gift) follows that place.
    state = state.with_player(event.player, dungeon=dungeon, **p.face_down_moved(event.order.index))
    state = marks_moved(state, p, event.order.index)  # the turn's marks too
    walk = state.walk
    if walk is not None and walk.player == event.player and walk.room is not None:
        walk = walk.model_copy(update={"room": event.order.index(walk.room)})
        state = state.model_copy(update={"walk": walk})
    return state


def marks_moved(state: GameState, before: PlayerState, place: place_marks.Moved) -> GameState:
    """The turn's marks on the player's Rooms follow them to their new places
    (``rules.place_marks``); ``before``: the player as they were."""
    cards = [{room.card_id for room in stack.rooms} for stack in before.dungeon]
    uses = place_marks.moved(state.card_uses, before.name, cards, place)
    return state.model_copy(update={"card_uses": uses}) if uses != state.card_uses else state


def _room_uncovered(event: RoomUncovered, state: GameState) -> GameState:
    p = state.player(event.player)
    rooms = list(p.dungeon[event.index].rooms)
    rooms.append(rooms.pop(event.covered))
    dungeon = tuple(
        RoomStack(rooms=tuple(rooms)) if i == event.index else s for i, s in enumerate(p.dungeon)
    )
    state = state.with_player(event.player, dungeon=dungeon)
    return top_left(state, event.player, event.index, p.dungeon[event.index].top.card_id)


def room_added(state: GameState, before: PlayerState, over: int | None) -> GameState:
    """``state`` after a Room went in at the entrance end of ``before``'s dungeon
    (``over`` None; ``before``: the player as they were): every place after it moves on by
    one, and the turn's marks with their Rooms. A Hero standing in that dungeon (a Room
    built at once, ``rules.miniboss_deaths``) stays in the Room it stood in."""
    if over is not None:  # built over a Room: the covered Room's marks end, as its counters do
        return top_left(state, before.name, over, before.dungeon[over].top.card_id)
    state = marks_moved(state, before, lambda i: i + 1)
    walk = state.walk
    if walk is None or walk.player != before.name or walk.room is None:
        return state
    return state.model_copy(update={"walk": walk.model_copy(update={"room": walk.room + 1})})


def place_closed(state: GameState, before: PlayerState, index: int) -> GameState:
    """``state`` after the place ``index`` of ``before``'s dungeon closed (its only Room
    destroyed; the Rooms after it slid toward the Boss, R-DESTROY): the turn's marks follow
    their Rooms (the gone Room's go with it), and a Hero standing at or after the place
    now stands just before the Room that followed it, so its next step enters that Room."""
    state = marks_moved(state, before, lambda i: None if i == index else i - (i > index))
    walk = state.walk
    if walk is None or walk.player != before.name or walk.room is None or walk.room < index:
        return state
    room = walk.room - 1 if walk.room > 0 else None
    return state.model_copy(update={"walk": walk.model_copy(update={"room": room})})


def top_left(state: GameState, player: str, index: int, card: str | None) -> GameState:
    """``state`` after the top Room (``card``) of ``player``'s place ``index`` left the top
    (destroyed, or covered): its marks go with it, so a harmless mark no longer silences
    the Room on top now (``place_marks.top_left_marks``)."""
    uses = place_marks.top_left_marks(state.card_uses, player, index, card)
    return state.model_copy(update={"card_uses": uses}) if uses != state.card_uses else state


FOLDS: Mapping[type[EventBase], Callable[[Any, GameState], GameState]] = {
    RoomsRearranged: _rooms_rearranged,
    RoomUncovered: _room_uncovered,
}
