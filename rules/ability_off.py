"""A Room whose ability text is ignored until end of turn (R-CARD-EFFECT): the event, its
fold into state, and the checks before it.

Unlike a deactivated Room (R-DEACTIVATE: no damage, no treasure, not a Room), such a Room
still deals its damage, shows its treasure and counts as a Room; only its own abilities
neither apply nor fire (``rules.card_effects.abilities`` skips them). ``rules.events``
names the event in its union and ``rules.evolve`` takes ``FOLDS``; the flag on the Room's
place is cleared as the next turn starts, or when another Room is built over it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from rules.errors import RulesError
from rules.event_base import EventBase
from rules.models import GameState, NonNegative, PlayerState
from rules.rulings import Ruling

OFFER = "ability_off_room_any"  # the question of a Room in any dungeon (Cheat Code)


class RoomAbilityOff(EventBase):
    """Until end of turn the top Room at ``index`` of ``player``'s dungeon has no ability."""

    type: Literal["room_ability_off"] = "room_ability_off"
    player: str
    index: NonNegative


def switched_off(owner: PlayerState, index: int | None, card: str) -> RoomAbilityOff:
    """The event of ``card`` taking the ability text of ``owner``'s Room at ``index``
    away until end of turn; refused for no Room there or a deactivated one (a blank
    space has no ability to lose)."""
    if index is None or index >= len(owner.dungeon):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_room", card=card)
    stack = owner.dungeon[index]
    if stack.deactivated:
        raise RulesError("R-CARD-EFFECT", "err.spell_room_type", card=card, room=stack.top.label())
    args: dict[str, str | int] = {
        "card": card,
        "player": owner.name,
        "room": stack.top.label(),
        "room_n": index + 1,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.ability_off", args=args)
    return RoomAbilityOff(player=owner.name, index=index, ruling=said)


def more_minibosses(state: GameState, player: str) -> bool:
    """Whether ``player`` has more Minibosses in play than each opponent still in the
    game (Sabotage!'s second choice, R-MINI)."""
    mine = state.player(player).miniboss_count
    return all(mine > p.miniboss_count for p in state.in_game() if p.name != player)


def _room_ability_off(event: RoomAbilityOff, state: GameState) -> GameState:
    p = state.player(event.player)
    dungeon = tuple(
        s.model_copy(update={"ability_off": True}) if i == event.index else s
        for i, s in enumerate(p.dungeon)
    )
    return state.with_player(event.player, dungeon=dungeon)


# --- while a Hero walks the dungeon (Cheat Code's Power-Up) ----------------------------------


class DungeonAbilitiesOff(EventBase):
    """While ``hero`` walks ``player``'s dungeon, its Rooms' ability text is ignored."""

    type: Literal["dungeon_abilities_off"] = "dungeon_abilities_off"
    player: str
    hero: NonNegative


class DungeonAbilitiesBack(EventBase):
    """``hero`` has left the dungeon (died, survived, sent back): the Rooms it silenced
    have their ability text again."""

    type: Literal["dungeon_abilities_back"] = "dungeon_abilities_back"
    player: str
    hero: NonNegative


def _dungeon_abilities_off(event: DungeonAbilitiesOff, state: GameState) -> GameState:
    p = state.player(event.player)
    dungeon = tuple(s.model_copy(update={"ability_off_while": event.hero}) for s in p.dungeon)
    return state.with_player(event.player, dungeon=dungeon)


def _dungeon_abilities_back(event: DungeonAbilitiesBack, state: GameState) -> GameState:
    p = state.player(event.player)
    dungeon = tuple(
        s.model_copy(update={"ability_off_while": None}) if s.ability_off_while == event.hero else s
        for s in p.dungeon
    )
    return state.with_player(event.player, dungeon=dungeon)


FOLDS: Mapping[type[EventBase], Callable[[Any, GameState], GameState]] = {
    RoomAbilityOff: _room_ability_off,
    DungeonAbilitiesOff: _dungeon_abilities_off,
    DungeonAbilitiesBack: _dungeon_abilities_back,
}
