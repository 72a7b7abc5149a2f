"""Each way a Boss's Level Up used at will may be used now (R-CARD-EFFECT), as the command
that uses it: one per Room whose Miniboss may go up a level (Calabeza) or that may take a
counter (Chase), per Hero in town it may keep there (Doc Scarecrow), per player still in
the game and treasure icon it may give that dungeon (Kirax); else the one plain use. The
table's Boss buttons are these commands, labelled.
"""

from __future__ import annotations

from rules import boss_rooms, minibosses
from rules.boss_actions import usable
from rules.boss_kinds import AddTreasure, PromoteFree
from rules.boss_level_up import boss_card
from rules.commands import UseBossAbility
from rules.effect_kinds import RoomCounters
from rules.hold_kinds import KeepInTown
from rules.holds import town_heroes
from rules.items import treasures_in_play
from rules.models import GameState


def boss_ability_uses(state: GameState, name: str) -> tuple[UseBossAbility, ...]:
    """The commands that use ``name``'s Boss's Level Up now, one per thing it may aim at
    (none when it may not be used now)."""
    ability = usable(state, name)
    if ability is None or boss_card(state, name) is None:
        return ()
    player = state.player(name)
    kinds = {type(e) for e in ability.effects}
    if PromoteFree in kinds:
        rooms = minibosses.promotable(state, player)
        return tuple(UseBossAbility(player=name, room=i) for i in rooms)
    if RoomCounters in kinds:
        rooms = boss_rooms.counter_rooms(player)
        return tuple(UseBossAbility(player=name, room=i) for i in rooms)
    if KeepInTown in kinds:
        return tuple(UseBossAbility(player=name, hero=h) for h in town_heroes(state))
    if AddTreasure in kinds:
        return tuple(
            UseBossAbility(player=name, target=other.name, treasure=t)
            for other in state.in_game()
            for t in treasures_in_play(state)
        )
    return (UseBossAbility(player=name),)
