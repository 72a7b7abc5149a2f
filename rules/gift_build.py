"""A Room built into another player's dungeon (Surprise Gift), R-CARD-EFFECT with
R-BUILD-WHERE and R-BUILD-ONE, carried out for ``rules.spell_souls_rooms``.

How the project reads the card and the rulebook where they leave room:

- "Instead of your own": the gift is the caster's one build of the Build phase
  (R-BUILD-ONE); a caster who already placed a Room cannot cast it for this, and builds
  nothing more after it. It is not the receiver's build: they may still build their own.
- It goes face down over a face-up Room of an opponent still in the game, never as a new
  place at the entrance end, never into the caster's own dungeon. The Room must be able to
  stand there by that dungeon's rules (an Advanced Room over a Room sharing a treasure
  type, nothing over a deactivated Room, the dungeon's own cards' limits).
- No Room is built over a face-down card (rulebook, "Build"): the gift and the receiver's
  own Room never cover the same place, and two gifts never the same place either.
- Revealed with every build at the end of the phase, gifts first, then the owner's own
  Room: a gift lies over a Room already standing, so it keeps the place it was given
  before a new Room at the entrance end moves the places one on (``rules.build.reveal``).
- Revealed, it is simply the receiver's Room: its damage, treasure and abilities count
  there; "any build effects apply to the opponent": its "when you build this Room"
  abilities, and the receiver's "when you build another Room" ones, are the receiver's.
- Until the reveal, the device that placed it shows it (the caster's); the receiver's
  shows only a face-down card there (``companion.sync.private_build``).
"""

from __future__ import annotations

from rules import build
from rules import commands as cmd
from rules import events as ev
from rules.errors import BuildError, RulesError
from rules.models import GameState, PendingBuild, PlayerState
from rules.rulings import Ruling


def placed(
    state: GameState, caster: PlayerState, card: str, command: cmd.CastSpell
) -> list[ev.EventBase]:
    """The Room ``command.build`` placed face down over Room ``command.room`` of
    ``command.target``'s dungeon; refused with the reason otherwise."""
    if command.build is None or command.target is None or not state.has_player(command.target):
        raise RulesError("R-CARD-EFFECT", "err.spell_gift_needs", card=card)
    if command.target not in state.opponents(caster.name):  # not oneself, nor one who is out
        raise RulesError("R-CARD-EFFECT", "err.spell_gift_opponent", card=card)
    if command.room is None:
        raise BuildError("R-BUILD-WHERE", "err.spell_gift_over", card=card)
    if caster.has_built:
        raise BuildError("R-BUILD-ONE", "err.build_twice", player=caster.name)
    receiver = state.player(command.target)
    if command.room >= len(receiver.dungeon):
        raise BuildError(
            "R-BUILD-WHERE", "err.build_no_stack", player=receiver.name, index=command.room + 1
        )
    build.check_place(state, receiver, command.build, command.room)
    gift = PendingBuild(room=command.build, over=command.room, by=caster.name)
    args: dict[str, str | int] = {
        "card": card,
        "player": caster.name,
        "owner": receiver.name,
        "under": receiver.dungeon[command.room].top.label(),
        "under_n": command.room + 1,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.gift_placed", args=args)
    return [ev.RoomPlaced(player=receiver.name, build=gift, ruling=said)]


def given_to(state: GameState, giver: str) -> str | None:
    """The player in whose dungeon ``giver`` placed a Room this phase (None: nobody's)."""
    return next((p.name for p in state.players for g in p.gifts if g.by == giver), None)
