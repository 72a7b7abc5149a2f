"""An opponent's Miniboss bought by a Spell and built at once (Traitor), R-CARD-EFFECT
with R-MINI, carried out for ``rules.spell_souls_rooms``.

How the project reads the card where it leaves room:

- The Miniboss named is a face-up one (a face-down one shows no level to pay for) on a
  Room of an opponent still in the game; the caster pays that opponent one Coin per level
  from the hoard, all or nothing (R-MINI).
- "You may not build a Room this turn": the Miniboss bought is the caster's one build of
  the Build phase (R-BUILD-ONE), so a player who already built cannot cast it for this.
- It is built face up at the level it had, with no Coin for a reveal (it is not face
  down to reveal), on a Room of the caster's where a Miniboss may stand (``minibosses``).
- The Spell says the caster *may* pay: one who does not casts nothing here (the card goes
  to the discard pile at the table; nothing on the table changes).
"""

from __future__ import annotations

from rules import commands as cmd
from rules import events as ev
from rules import minibosses
from rules.errors import BuildError, RulesError
from rules.models import GameState, PlayerState
from rules.rulings import Ruling


def bought(
    state: GameState, caster: PlayerState, card: str, command: cmd.CastSpell
) -> list[ev.EventBase]:
    """The Coins paid to the Miniboss's owner, the Miniboss gone from their Room and built
    on the caster's Room ``command.over`` at its level; refused with the reason otherwise."""
    if command.target is None or command.room is None or not state.has_player(command.target):
        raise RulesError("R-CARD-EFFECT", "err.spell_names_miniboss", card=card)
    if command.target not in state.opponents(caster.name):  # not oneself, nor one who is out
        raise RulesError("R-CARD-EFFECT", "err.spell_opponent_miniboss", card=card)
    seller = state.player(command.target)
    if command.room >= len(seller.dungeon):
        raise BuildError("R-MINI", "err.build_no_stack", player=seller.name, index=command.room + 1)
    stack = seller.dungeon[command.room]
    where: dict[str, str | int] = {"room": stack.top.label(), "room_n": command.room + 1}
    if stack.miniboss is None:
        raise RulesError("R-MINI", "err.no_mini", **where)
    if stack.miniboss.face_down:  # no level shown yet to pay for
        raise RulesError("R-MINI", "err.mini_face_down", **where)
    if command.over is None:
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_own_room", card=card)
    if caster.has_built:
        raise BuildError("R-BUILD-ONE", "err.build_twice", player=caster.name)
    level = stack.miniboss.level
    minibosses.check_pay(caster, level)
    placed = minibosses.placed(caster, command.over, stack.miniboss.card)
    args: dict[str, str | int] = {
        "card": card,
        "player": caster.name,
        "owner": seller.name,
        "amount": level,
        "miniboss": stack.miniboss.card.label(),
        "level": level,
        "room": caster.dungeon[command.over].top.label(),
        "room_n": command.over + 1,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.miniboss_bought", args=args)
    return [
        ev.CoinsChanged(player=caster.name, amount=-level, ruling=said),
        ev.CoinsChanged(player=seller.name, amount=level, ruling=said),
        ev.MinibossDiscarded(player=seller.name, index=command.room, ruling=said),
        placed.model_copy(update={"level": level, "ruling": said}),
    ]
