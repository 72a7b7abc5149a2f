"""Folding the expansions' events into state (R-ITEM, R-MINI): one function per event.

``FOLDS`` maps each of these events to its function; ``rules.evolve`` takes them into its
own table. Like the rest of evolve, nothing here decides anything: the events carry every
choice already made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import events as ev
from rules.models import GameState, ItemChoice, ItemTable, Miniboss, OwnedItem, RoomStack


def _items(state: GameState, **changes: object) -> GameState:
    return state.model_copy(update={"items": state.items.model_copy(update=changes)})


def _stack(state: GameState, name: str, index: int, **changes: object) -> GameState:
    dungeon = tuple(
        s.model_copy(update=changes) if i == index else s
        for i, s in enumerate(state.player(name).dungeon)
    )
    return state.with_player(name, dungeon=dungeon)


def _top(state: GameState, name: str, index: int) -> RoomStack:
    return state.player(name).dungeon[index]


def _miniboss(state: GameState, name: str, index: int) -> Miniboss:
    miniboss = _top(state, name, index).miniboss
    if miniboss is None:
        raise TypeError("event needs a Miniboss on that Room")
    return miniboss


def _without_choice(table: ItemTable, name: str) -> tuple[ItemChoice, ...]:
    return tuple(c for c in table.choices if c.player != name)


# --- Items ---------------------------------------------------------------------------------


def _item_revealed(event: ev.ItemRevealed, state: GameState) -> GameState:
    table = state.items
    return _items(
        state,
        revealed=(*table.revealed, event.item),
        waiting=(*table.waiting, event.item.id),
        deck_left=max(0, table.deck_left - 1),
        revealed_turn=state.turn,
    )


def _item_taken(event: ev.ItemTaken, state: GameState) -> GameState:
    table = state.items
    return _items(
        state,
        waiting=tuple(i for i in table.waiting if i != event.item),
        carried=(*table.carried, (event.hero, event.item)),
    )


def _set_face(
    owned: tuple[OwnedItem, ...], up: int | None, down: int | None
) -> tuple[OwnedItem, ...]:
    out = []
    for o in owned:
        if o.item == up:
            o = OwnedItem(item=o.item, face_up=True)
        elif o.item == down:
            o = OwnedItem(item=o.item, face_up=False)
        out.append(o)
    return tuple(out)


def _item_scored(event: ev.ItemScored, state: GameState) -> GameState:
    p = state.player(event.player)
    owned = _set_face(p.items, None, event.turned_down)
    owned = (*owned, OwnedItem(item=event.item, face_up=event.face_up))
    state = state.with_player(event.player, items=owned)
    table = state.items
    choices = table.choices
    if event.choice:  # a new choice replaces the player's earlier one (it includes it)
        choice = ItemChoice(player=event.player, items=event.choice, turn=state.turn)
        choices = (*_without_choice(table, event.player), choice)
    return _items(
        state,
        carried=tuple((h, i) for h, i in table.carried if h != event.hero),
        choices=choices,
    )


def _face_up_item_chosen(event: ev.FaceUpItemChosen, state: GameState) -> GameState:
    p = state.player(event.player)
    state = state.with_player(event.player, items=_set_face(p.items, event.item, event.turned_down))
    return _items(state, choices=_without_choice(state.items, event.player))


def _item_used(event: ev.ItemUsed, state: GameState) -> GameState:
    p = state.player(event.player)
    state = state.with_player(event.player, items=_set_face(p.items, None, event.item))
    return _items(state, choices=_without_choice(state.items, event.player))


# --- Coins and Minibosses --------------------------------------------------------------------


def _coins_changed(event: ev.CoinsChanged, state: GameState) -> GameState:
    coins = state.player(event.player).coins + event.amount
    return state.with_player(event.player, coins=max(0, coins))


def _coins_moved(event: ev.CoinsMoved, state: GameState) -> GameState:
    coins = state.player(event.player).coins - event.amount
    on_room = _top(state, event.player, event.index).coins + event.amount
    state = state.with_player(event.player, coins=max(0, coins))
    return _stack(state, event.player, event.index, coins=max(0, on_room))


def _coins_lost(event: ev.CoinsLost, state: GameState) -> GameState:
    return _stack(state, event.player, event.index, coins=0)


def _miniboss_placed(event: ev.MinibossPlaced, state: GameState) -> GameState:
    if not event.extra:  # Internship's is besides the phase's build
        state = state.with_player(event.player, built_this_phase=True)
    if event.level:  # bought at its level from an opponent (Traitor)
        shown = Miniboss(card=event.miniboss, level=event.level, face_down=False)
        return _stack(state, event.player, event.index, miniboss=shown)
    return _stack(state, event.player, event.index, miniboss=Miniboss(card=event.miniboss))


def _miniboss_revealed(event: ev.MinibossRevealed, state: GameState) -> GameState:
    miniboss = _miniboss(state, event.player, event.index)
    coins = max(0, state.player(event.player).coins - 1)
    state = state.with_player(event.player, coins=coins)
    shown = miniboss.model_copy(update={"face_down": False, "level": 1})
    return _stack(state, event.player, event.index, miniboss=shown)


def _miniboss_discarded(event: ev.MinibossDiscarded, state: GameState) -> GameState:
    return _stack(state, event.player, event.index, miniboss=None)


def _miniboss_level_set(event: ev.MinibossLevelSet, state: GameState) -> GameState:
    miniboss = _miniboss(state, event.player, event.index)
    p = state.player(event.player)
    changes: dict[str, object] = {"coins": max(0, p.coins - event.paid)}
    if event.promoted:
        changes["promoted_turn"] = state.turn
    state = state.with_player(event.player, **changes)
    level = miniboss.model_copy(update={"level": event.level})
    return _stack(state, event.player, event.index, miniboss=level)


def _room_discarded_for_coin(event: ev.RoomDiscardedForCoin, state: GameState) -> GameState:
    p = state.player(event.player)
    return state.with_player(event.player, coins=p.coins + 1, coin_for_room_turn=state.turn)


FOLDS: Mapping[type[ev.EventBase], Callable[[Any, GameState], GameState]] = {
    ev.ItemRevealed: _item_revealed,
    ev.ItemTaken: _item_taken,
    ev.ItemScored: _item_scored,
    ev.FaceUpItemChosen: _face_up_item_chosen,
    ev.ItemUsed: _item_used,
    ev.CoinsChanged: _coins_changed,
    ev.CoinsMoved: _coins_moved,
    ev.CoinsLost: _coins_lost,
    ev.MinibossPlaced: _miniboss_placed,
    ev.MinibossRevealed: _miniboss_revealed,
    ev.MinibossDiscarded: _miniboss_discarded,
    ev.MinibossLevelSet: _miniboss_level_set,
    ev.RoomDiscardedForCoin: _room_discarded_for_coin,
}
