"""What using a Miniboss's Level 3 does besides setting it back to Level 1 (R-MINI with
R-CARD-EFFECT): the Level 3 ability of its card, aimed where the player's button says.

Carried out here: its Room's damage doubled until end of turn (Brassknuckle, a boost of
as much again as the Room deals now), a whole dungeon's ability text ignored until end
of turn (Cerebella), a Miniboss back to its owner's hand (Spike), one dungeon's Monster
Rooms +1 or -1 until end of turn (Kid Croak) and a dungeon's first Room skipped by the
Heroes entering it this turn (Mageseeker; ``entering``, asked after each event). The
others are a Spell's effects (a Hero in town to the entrance, a Room deactivated, a Hero
killed or given Health), carried out as a Spell's are (``rules.spells.carry_out``).
``uses`` lists the buttons: one per Hero, Room or dungeon it may aim at, none while it
has nothing to aim at. A Miniboss with no card data (named by hand) only goes back to
Level 1.
"""

from __future__ import annotations

from rules import ability_off, spells
from rules import commands as cmd
from rules import events as ev
from rules.activated import aims, boosted
from rules.card_effects import effects_of, hit
from rules.effect_kinds import DamageDouble
from rules.effects import Ability, CardEffects
from rules.errors import HeroError, RulesError
from rules.event_base import EventBase
from rules.miniboss_kinds import (
    LEVEL3_KINDS,
    DungeonSilenced,
    FirstRoomSkipped,
    MinibossToHand,
    MonsterRoomsPlus,
)
from rules.models import GameState, PlayerState, RoomStack
from rules.rulings import Ruling


def level3(stack: RoomStack) -> tuple[CardEffects, Ability] | None:
    """The face-up Miniboss's Level 3 ability on ``stack`` that the engine carries out, with
    its card (None: none, or left by hand; a Room whose ability text is ignored has none)."""
    mini = stack.miniboss
    if mini is None or mini.face_down or stack.ability_ignored:
        return None
    card = effects_of(mini.card.card_id)
    ability = next((a for a in card.abilities if a.level == 3), None) if card else None
    if card is None or ability is None or ability.handling == "reminder":
        return None
    return card, ability


def used(state: GameState, command: cmd.UseMinibossLevel3) -> list[ev.EventBase]:
    """The events of the Level 3 used on the player's Room ``command.index`` (``state``:
    before); refused when what it aims at is not named or not there."""
    player, index = state.player(command.player), command.index
    found = level3(player.dungeon[index])
    if found is None:
        return []
    card, ability = found
    if {e.kind for e in ability.effects} <= LEVEL3_KINDS:
        return [e for effect in ability.effects for e in _own(state, command, card, effect)]
    if ability.target == "hero_in_this_room" and not state.hero_stands_in(player.name, index):
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=card.name)
    aim = cmd.CastSpell(
        player=player.name,
        card_id=card.id,
        target=command.target,
        room=command.room,
        hero=command.hero,
    )
    return spells.carry_out(state, player, card, ability, aim)


def _own(
    state: GameState, command: cmd.UseMinibossLevel3, card: CardEffects, effect: object
) -> list[ev.EventBase]:
    """A Level 3 effect no Spell has: its Room doubled, or a dungeon silenced."""
    player, index = command.player, command.index
    if isinstance(effect, DamageDouble):
        stack = state.player(player).dungeon[index]
        amount = hit(state, player, index).damage
        args = {"card": card.name, "room": stack.top.label(), "room_n": index + 1}
        ruling = Ruling(
            rule="R-CARD-EFFECT", key="card.room_boosted", args={**args, "amount": amount}
        )
        return [ev.RoomBoosted(player=player, index=index, amount=amount, ruling=ruling)]
    if isinstance(effect, MinibossToHand):
        owner, room = _with_miniboss(state, command, card.name)
        stack = owner.dungeon[room]
        assert stack.miniboss is not None
        args = {
            "card": card.name,
            "player": owner.name,
            "miniboss": stack.miniboss.card.label(),
            "room": stack.top.label(),
            "room_n": room + 1,
        }
        said = Ruling(rule="R-MINI", key="card.miniboss_to_hand", args=args)
        return [ev.MinibossDiscarded(player=owner.name, index=room, ruling=said)]
    if command.target is None or command.target not in {p.name for p in state.in_game()}:
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_dungeon", card=card.name)
    owner = state.player(command.target)
    if isinstance(effect, MonsterRoomsPlus):
        if command.amount is None:
            raise RulesError("R-CARD-EFFECT", "err.mini_plus_or_minus", card=card.name)
        monsters = [i for i, s in owner.active_rooms() if s.top.kind == "monster"]
        return boosted(owner, monsters, command.amount, card.name)
    if isinstance(effect, FirstRoomSkipped):  # read as each Hero starts walking it
        args = {"card": card.name, "player": owner.name}
        said = Ruling(rule="R-CARD-EFFECT", key="card.first_room_skipped", args=args)
        use = f"{owner.name}:{SKIP_FIRST}"
        return [
            ev.CardEffectFired(
                player=command.player, card_id=card.id, use=use, card=card.name, ruling=said
            )
        ]
    assert isinstance(effect, DungeonSilenced)
    return [ability_off.switched_off(owner, i, card.name) for i, _ in owner.active_rooms()]


SKIP_FIRST = "first_room_skipped"


def entering(state: GameState, event: EventBase) -> list[EventBase]:
    """A Hero starts walking a dungeon whose first Room Heroes skip this turn (Mageseeker's
    Level 3): it will pass that Room without entering it (R-ADV-WALK)."""
    if not isinstance(event, ev.WalkStarted):
        return []
    if f"{event.player}:{SKIP_FIRST}" not in state.card_uses:
        return []
    args = {"hero": state.hero(event.hero).label(), "player": event.player}
    said = Ruling(rule="R-CARD-EFFECT", key="card.first_room_skipped_hero", args=args)
    return [ev.SkipArmed(rooms=1, ruling=said)]


def _with_miniboss(
    state: GameState, command: cmd.UseMinibossLevel3, card: str
) -> tuple[PlayerState, int]:
    """The dungeon and Room named, refused unless a Miniboss stands there (R-MINI)."""
    target, room = command.target, command.room
    if target is None or room is None or not state.has_player(target):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_room", card=card)
    owner = state.player(target)
    if room >= len(owner.dungeon) or owner.dungeon[room].miniboss is None:
        raise RulesError("R-MINI", "err.mini_none_there", card=card, room_n=room + 1)
    return owner, room


def uses(state: GameState, player: str, index: int) -> tuple[cmd.UseMinibossLevel3, ...]:
    """The Level 3 buttons of ``player``'s Miniboss on Room ``index`` now: one per thing
    it may aim at, or one (nothing to aim at, or left by hand); none while it is not on
    Level 3 or what it needs is not there (no Hero in town, none in its Room)."""
    stack = state.player(player).dungeon[index]
    mini = stack.miniboss
    if mini is None or mini.face_down or mini.level != 3 or stack.deactivated:
        return ()
    plain = (cmd.UseMinibossLevel3(player=player, index=index),)
    found = level3(stack)
    if found is None:
        return plain
    ability = found[1]
    walk = state.walk
    match ability.target:
        case "hero_in_town":
            heroes = state.town
            return tuple(cmd.UseMinibossLevel3(player=player, index=index, hero=h) for h in heroes)
        case "room_any_dungeon":
            to_hand = any(isinstance(e, MinibossToHand) for e in ability.effects)
            return tuple(
                cmd.UseMinibossLevel3(player=player, index=index, target=p, room=r)
                for p, r in aims(state, ability)
                if not to_hand or state.player(p).dungeon[r].miniboss is not None
            )
        case "any_dungeon":
            signs = (
                (1, -1)
                if any(isinstance(e, MonsterRoomsPlus) for e in ability.effects)
                else (None,)
            )
            return tuple(
                cmd.UseMinibossLevel3(player=player, index=index, target=p.name, amount=sign)
                for p in state.in_game()
                for sign in signs
            )
        case "hero_in_this_room":
            return plain if state.hero_stands_in(player, index) else ()
        case "hero_in_any_dungeon":
            return plain if walk is not None and walk.room is not None else ()
    return plain
