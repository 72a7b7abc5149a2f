"""A Boss's Level Up used at will on a Room of its owner's (R-CARD-EFFECT), through the
Boss's own button (``rules.boss_actions``):

- a +1 counter on the Room the command names (Chase; the Advanced Room card discarded for
  it is the player's word);
- the Room a Hero stands in destroyed, the Hero taking what a die shows (Explodo): the
  die's number is asked (``die_roll``) and ``rules.room_order`` carries the answer out.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import commands as cmd
from rules import events as ev
from rules.effect_kinds import RoomCounters
from rules.errors import RulesError
from rules.models import GameState, PlayerState
from rules.room_kinds import DieDamage
from rules.rulings import Ruling


def hero_in_room(state: GameState, player: PlayerState) -> bool:
    """Whether a Hero walking ``player``'s dungeon stands in one of its active Rooms."""
    walk = state.walk
    if walk is None or walk.player != player.name or walk.room is None:
        return False
    return walk.room < len(player.dungeon) and not player.dungeon[walk.room].deactivated


def counter_rooms(player: PlayerState) -> tuple[int, ...]:
    """The places of ``player``'s Rooms a counter may go on (Chase): the active ones."""
    return tuple(i for i, _ in player.active_rooms())


def acts_on(state: GameState, player: PlayerState, effect: BaseModel) -> bool:
    """Whether what the effect acts on is on the table (True for effects not of these)."""
    if isinstance(effect, DieDamage) and effect.destroys_room:
        return hero_in_room(state, player)
    if isinstance(effect, RoomCounters):
        return bool(counter_rooms(player))
    return True


def carried(
    player: PlayerState,
    card_id: str,
    card: str,
    effect: BaseModel,
    command: cmd.UseBossAbility,
    said: Ruling,
) -> list[ev.EventBase]:
    """The events of one effect of these (nothing for another effect)."""
    if isinstance(effect, RoomCounters):
        room = command.room
        if room not in counter_rooms(player):
            raise RulesError("R-CARD-EFFECT", "err.boss_ability_needs_room", card=card)
        return [
            ev.RoomCountersChanged(
                player=player.name, index=room, amount=effect.amount, ruling=said
            )
        ]
    if isinstance(effect, DieDamage):  # what the die shows: asked, the walk waits for it
        args: dict[str, str | int] = {"player": player.name, "card": card}
        asked = Ruling(rule="R-CARD-EFFECT", key="card.boss_die_asked", args=args)
        return [
            ev.CardEffectFired(
                player=player.name,
                card_id=card_id,
                offer="die_roll",
                card=card,
                mandatory=True,
                ruling=asked,
            )
        ]
    return []
