"""What may happen now, and why not: the questions the app asks the rules.

The turn's flow is data (``rules.phases``: the one phase order and each phase's
commands, what ends it and what comes next, re-exported here). On top of it:

- ``legal(state)``: the kinds of command that may be made now, with the expansions' and
  the waiting abilities' conditions (the buttons a screen enables);
- ``may(state, kind, player)``: whether that player may make that kind of command now
  (an eliminated player no longer plays, R-END-ELIM);
- ``why_not(state, command)``: a dry run of the engine's ``decide``, the refusal it would
  raise or None; ``spell_rooms``, ``spell_players``: the Rooms and the players a card
  played from the hand may be aimed at, found with it (``spell_heroes``: its Heroes;
  ``casters``: who may play one);
- ``is_out``, ``plays``, ``lethal``: the facts the screens show as rules;
- ``Outcome`` (``state.outcome``): how the game ended, winners and the deciding ruling;
- ``follows``, ``heroes_reveal_on_entry``: the step that comes by itself where the rules
  leave the table nothing to play (``rules.follows``, R-FOLLOWS).

A screen asks these and never restates a phase, an elimination or a death itself.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import build, engine, expansions, spell_effects
from rules import commands as cmd
from rules import follows as _follows
from rules.errors import RulesError, refusal
from rules.models import GameState
from rules.outcome import Outcome
from rules.phases import (
    OVER,
    PHASE_ORDER,
    STAGES,
    commands_in,
    held_back,
    phases_of,
    reveal_count,
)
from rules.spell_asks import spell_asks

__all__ = [
    "OVER",
    "PHASE_ORDER",
    "STAGES",
    "Outcome",
    "casters",
    "follows",
    "heroes_reveal_on_entry",
    "is_out",
    "legal",
    "lethal",
    "may",
    "may_take_down",
    "outcome",
    "phases_of",
    "plays",
    "reveal_count",
    "spell_heroes",
    "spell_players",
    "spell_rooms",
    "why_not",
]


def legal(state: GameState) -> tuple[type[BaseModel], ...]:
    """The kinds of command that may be made now (none once the game is over).

    An expansion's commands appear only in games played with it; with Items, the
    beginning of a turn takes RevealItems before RevealHeroes (R-ITEM); the Bait waits
    for an ability that picks a Hero in town, the end of the turn for a must-do one
    (R-CARD-EFFECT)."""
    return tuple(
        t
        for t in commands_in(state.phase)
        if expansions.enabled(state, t) and not held_back(state, t)
    )


def is_out(state: GameState, player: str) -> bool:
    """Whether ``player`` was eliminated (R-END-ELIM): the Souls and Wounds stay on the
    table, but the player no longer plays."""
    return state.has_player(player) and state.player(player).eliminated


def plays(state: GameState, player: str) -> bool:
    """Whether ``player`` still plays: at the table, not eliminated, the game not over."""
    return state.has_player(player) and not state.game_over and not is_out(state, player)


def may(state: GameState, command_type: type[BaseModel], player: str | None = None) -> bool:
    """Whether a kind of command may be made now, by ``player`` if one is named: an
    eliminated player only has a score corrected (R-SCORE-CORRECT, R-END-ELIM)."""
    if command_type not in legal(state):
        return False
    if player is None:
        return True
    if command_type is cmd.CorrectScore:
        return state.has_player(player)
    return plays(state, player)


def may_take_down(state: GameState, player: str, index: int) -> bool:
    """Whether ``player``'s Room at ``index`` may be destroyed or deactivated now, if the
    phase allows it (``DestroyRoom`` in ``legal``): the player still plays, and the Room
    is there, face up and upright (R-DESTROY, R-DEACTIVATE)."""
    return plays(state, player) and build.may_take_down(state.player(player), index)


def why_not(state: GameState, command: BaseModel) -> RulesError | None:
    """The refusal ``command`` would meet in ``state``, or None if it is legal: the
    engine's own ``decide``, run and thrown away (nothing is changed)."""
    return refusal(engine.decide, state, command)


def spell_rooms(state: GameState, caster: str | None, card_id: str) -> list[tuple[str, int]]:
    """The Rooms, as (player, index), that ``caster`` may aim the card played from the hand
    at (with no caster named yet: any player still in the game). Each is tried with the
    engine's own dry run and left out where it is refused for being that Room: its kind,
    its owner, deactivated (``spell_effects.ROOM_REFUSALS``). A refusal for anything else
    (a treasure not yet named, a Hero not walking) leaves it in: the play says why."""
    casters = [caster] if caster is not None else [p.name for p in state.in_game()]

    def takes(player: str, index: int) -> bool:
        for name in casters:
            aim = cmd.CastSpell(player=name, card_id=card_id, target=player, room=index)
            error = why_not(state, aim)
            if error is None or error.key not in spell_effects.ROOM_REFUSALS:
                return True
        return False

    return [(p.name, i) for p in state.players for i in range(len(p.dungeon)) if takes(p.name, i)]


def spell_players(state: GameState, caster: str | None, card_id: str) -> list[str]:
    """The players ``caster`` may name with the card played from the hand, where it names
    one (``spell_asks``: a dungeon's owner, an opponent's entrance, a player instead of a
    Room): those still in the game whose naming the engine's dry run does not refuse for
    being that player (``spell_effects.PLAYER_REFUSALS``: the caster, for "an opponent").
    With no caster named yet: those some player still in the game may name."""
    asks = spell_asks(card_id)
    if asks.names is None and not asks.player_instead:
        return []
    names = [p.name for p in state.in_game()]
    by = [caster] if caster is not None else names

    def takes(player: str) -> bool:
        for name in by:
            error = why_not(state, cmd.CastSpell(player=name, card_id=card_id, target=player))
            if error is None or error.key not in spell_effects.PLAYER_REFUSALS:
                return True
        return False

    return [name for name in names if takes(name)]


def spell_heroes(state: GameState, caster: str | None, card_id: str) -> list[int]:
    """The Heroes the card played from the hand may name: those in town, or, for one
    that gives up a Soul (Undead Minion), the caster's face-down Heroes (none while no
    caster is named)."""
    aim = spell_asks(card_id).aim
    if aim == "hero":
        return list(state.town)
    if aim == "soul" and caster is not None and state.has_player(caster):
        return list(state.soul_heroes(caster))
    return []


def casters(state: GameState) -> list[str]:
    """The players who may play a card from the hand now: those still playing."""
    return [p.name for p in state.players if plays(state, p.name)]


def lethal(state: GameState) -> bool:
    """Whether the walking Hero has taken damage at least its Health, so that it dies as
    it leaves its Room (R-ADV-DEATH)."""
    return state.walk_lethal


def outcome(state: GameState) -> Outcome | None:
    """How the game ended (winners and the deciding ruling), or None while it goes on."""
    return state.outcome


# --- What comes by itself (R-FOLLOWS) -----------------------------------------------------
# Where the rules leave nobody a choice (the Bait after the reveal, a Hero from the entrance
# into the first Room, the end of the turn after the last Hero, the Heroes once entered):
# ``rules.follows`` says which step comes, and the engine makes it for a command made with
# ``go_on``. A screen asks these, never a phase of its own.
follows = _follows.follows
heroes_reveal_on_entry = _follows.heroes_reveal_on_entry
