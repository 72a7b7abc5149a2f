"""A Miniboss's Level 2 used at will (R-MINI with R-CARD-EFFECT): "once per turn, ..." from
Level 2 on (Level 3 keeps it), with its own button (``UseMinibossLevel2``).

``usable`` says whether it may be used now (the app offers its button only then): the
Miniboss is face up at Level 2 or more on an active Room whose ability text counts, it has
not been used this turn where the card says once per turn, and what it aims at is there
(the Hero standing in its Room, or one walking its owner's dungeon). Its effects are a
Spell's (damage to that Hero, that Hero back to town) and are carried out as a Spell's are
(``rules.spells.carry_out``), or Rooms moved, asked as a Room's are (``rules.room_order``:
which dungeon, which two); a price in the owner's cards is the player's word.
"""

from __future__ import annotations

from rules import commands as cmd
from rules import events as ev
from rules import spells
from rules.card_effects import ability_ref, effects_of
from rules.effects import Ability, CardEffects
from rules.errors import RulesError
from rules.models import GameState, PlayerState
from rules.phases import phases_of
from rules.room_kinds import room_offer
from rules.rulings import Ruling


def mark(player: str, card_id: str, what: str = "level2") -> str:
    """A Miniboss card's use this turn, kept by card (its Room may move: Kid Croak)."""
    return f"{player}:miniboss:{card_id}:{what}"


def usable(state: GameState, player: str, index: int) -> tuple[CardEffects, Ability] | None:
    """The Level 2 ability of ``player``'s Miniboss on Room ``index`` that may be used now,
    with its card, or None."""
    if state.phase not in phases_of(cmd.UseMinibossLevel2) or not state.has_player(player):
        return None
    dungeon = state.player(player).dungeon
    stack = dungeon[index] if index < len(dungeon) else None
    mini = stack.miniboss if stack is not None else None
    if stack is None or mini is None or mini.face_down or mini.level < 2:
        return None
    if stack.deactivated or stack.ability_ignored:
        return None
    card = effects_of(mini.card.card_id)
    found = [a for a in card.abilities if a.level == 2 and a.trigger == "at_will"] if card else []
    if card is None or not found or found[0].handling == "reminder":
        return None
    ability = found[0]
    if ability.timing != "any" and state.phase != ability.timing:
        return None  # "during the Build phase" (Kid Croak)
    if ability.once_per_turn and mark(player, card.id) in state.card_uses:
        return None
    walk = state.walk
    if ability.target == "hero_in_this_room" and not state.hero_stands_in(player, index):
        return None
    if ability.target == "hero_in_own_dungeon" and (
        walk is None or walk.player != player or walk.room is None
    ):
        return None
    return card, ability


def used(
    state: GameState, player: PlayerState, command: cmd.UseMinibossLevel2
) -> list[ev.EventBase]:
    """The events of the Level 2 used (refused when it may not be used now)."""
    found = usable(state, player.name, command.index)
    if found is None:
        raise RulesError("R-CARD-EFFECT", "err.ability_not_now", index=command.index + 1)
    card, ability = found
    args: dict[str, str | int] = {
        "player": player.name,
        "card": card.name,
        "does": ability_ref(card.id, ability),
    }
    fired = ev.CardEffectFired(
        player=player.name,
        card_id=card.id,
        use=mark(player.name, card.id),
        card=card.name,
        ruling=Ruling(rule="R-CARD-EFFECT", key="card.used", args=args),
    )
    offer = room_offer(ability.effects)
    if offer is not None:  # which dungeon, which two Rooms: asked (rules.room_order)
        return [fired.model_copy(update={"offer": offer})]
    aim = cmd.CastSpell(player=player.name, card_id=card.id)
    return [fired, *spells.carry_out(state, player, card, ability, aim)]
