"""What may happen now in the squad game, and why not: the questions its screens ask
(as ``rules.flow`` is for Boss Monster).

- ``legal(state)``: the kinds of command that may be made now (the panels and buttons a
  screen shows): the phase's orders (``rules.squads.phases``), only the recruit to give
  back while a player holds one too many (R-SQ-RECRUIT), nothing once the game is over
  but a tied player's "I WIN!" (R-SQ-IWIN);
- ``why_not(state, command)``: a dry run of the engine's ``decide``, the refusal it would
  raise or None (a Support with a Catapult: is one free, is that squad's slot empty);
- ``over(state)``: the game is over (the score and the race are shown).
- ``colours(state)``: the colours at the table, offered where a colour is asked for.

A screen asks these and never restates a phase or a recruit's condition itself.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.errors import RulesError, refusal
from rules.squads import commands as cmd
from rules.squads import engine
from rules.squads.commands import SquadCommand
from rules.squads.models import SquadState, colour_words
from rules.squads.phases import PHASES_OF

__all__ = ["colours", "legal", "over", "race_open", "why_not"]


def colours(state: SquadState) -> tuple[str, ...]:
    """The colours on the table now: the princesses the players hold, their squads' and
    the slots' MAP cards', each once (``colour_words``). A card drawn or led next is most
    often one of these (R-SQ-TYPED: the players still say which)."""
    words = [c for p in state.players for c in p.princesses]
    words += [s.color for p in state.players for s in p.squads if s.color is not None]
    words += [card.color for card in state.slots if card is not None]
    return colour_words(words)


def over(state: SquadState) -> bool:
    return state.phase == "over"


def race_open(state: SquadState) -> bool:
    """Players are tied at the end and none has shouted "I WIN!" yet (R-SQ-IWIN)."""
    return bool(state.tied) and state.winner is None


def legal(state: SquadState) -> tuple[type[BaseModel], ...]:
    """The kinds of command that may be made now, in the order the engine takes them."""
    kinds: tuple[type[BaseModel], ...]
    if over(state):
        kinds = ()
    elif state.returning is not None:
        kinds = (cmd.ReturnRecruit,)  # before anything else (R-SQ-RECRUIT)
    else:
        kinds = tuple(kind for kind, phases in PHASES_OF.items() if state.phase in phases)
    return (*kinds, cmd.ShoutWin) if race_open(state) else kinds


def why_not(state: SquadState, command: SquadCommand) -> RulesError | None:
    """The refusal ``command`` would meet in ``state``, or None if it is legal: the
    engine's own ``decide``, run and thrown away (nothing is changed)."""
    return refusal(engine.decide, state, command)
