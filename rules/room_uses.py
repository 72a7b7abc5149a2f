"""Each way a Room's own activated ability may be used now (R-CARD-EFFECT), as the
command that uses it: one per Hero waiting at the entrance it may keep there, per Item and
Hero it may attach, per Item it may turn over, per Room whose ability it may fire again,
per Room it may aim at, per Room of the owner's a "destroy another Room" cost may take;
else the one plain use. The table's Room buttons are these commands, labelled.
"""

from __future__ import annotations

from rules.activated import again_rooms, aims, other_rooms, usable
from rules.commands import UseRoomAbility
from rules.effect_groups import BUTTON_AIMS, ROOM_AIMS
from rules.effect_kinds import AbilityAgain
from rules.hold_kinds import KeepAtEntrance
from rules.holds import entrance_heroes
from rules.item_flips import attachable, flippable
from rules.item_kinds import AttachItem, FlipItem
from rules.models import GameState

# What a Room's ability may aim at for the table to offer it: what the engine carries out
# (``BUTTON_AIMS``), or an opponent whose cards the players handle (Elder Portal). Another
# Room of the owner's (The Omega 42) is offered only where the engine picks it
# (``activated_by_engine``).
AIMS = BUTTON_AIMS | {"opponent"}


def room_ability_uses(state: GameState, name: str, index: int) -> tuple[UseRoomAbility, ...]:
    """The commands that use ``name``'s Room at ``index`` now, one per thing it may aim at
    (none when its ability may not be used now, or aims at what the table picks by
    hand)."""
    ability = usable(state, name, index)
    if ability is None:
        return ()
    player = state.player(name)
    if player.dungeon[index].top.card_id is None:
        return ()
    if ability.target not in AIMS and not ability.activated_by_engine:
        return ()
    effects = ability.effects
    if any(isinstance(e, KeepAtEntrance) for e in effects):
        heroes = entrance_heroes(state, name)
        return tuple(UseRoomAbility(player=name, index=index, hero=h) for h in heroes)
    if any(isinstance(e, AttachItem) for e in effects):
        return tuple(
            UseRoomAbility(player=name, index=index, item=item, hero=hero)
            for item, hero in attachable(state)
        )
    flips = [e for e in effects if isinstance(e, FlipItem)]
    if flips:
        items = flippable(player, flips[0])
        return tuple(UseRoomAbility(player=name, index=index, item=item) for item in items)
    if any(isinstance(e, AbilityAgain) for e in effects):
        return tuple(
            UseRoomAbility(player=name, index=index, target=name, room=room)
            for room in again_rooms(player, index)
        )
    if ability.target in ROOM_AIMS:
        return tuple(
            UseRoomAbility(player=name, index=index, target=target, room=room)
            for target, room in aims(state, ability)
            if not (target == name and room == index and ability.cost == "destroy_this")
        )
    if ability.cost not in ("destroy_another", "destroy_own_monster_room"):
        return (UseRoomAbility(player=name, index=index),)
    return tuple(
        UseRoomAbility(player=name, index=index, other=other)
        for other in other_rooms(player, index, ability)
    )
