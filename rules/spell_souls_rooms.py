"""Spells that give their caster Souls or treat the caster's Rooms as just built
(R-CARD-EFFECT), carried out for ``rules.spells``:

- Souls for the caster, once its condition holds (T.P.K.: a face-down Cleric, Fighter,
  Mage and Thief in the caster's scorekeeping area; the card's two Souls are kept as a
  score correction, as the official app adds them when the Spell is cast);
- each active Room of the caster's fires its own "when you build this Room" abilities
  again (Respawn), as ``rules.card_triggers`` fires them for a Room just built;
- a Miniboss built at once on the caster's Room the cast names, besides the phase's build
  (Internship: found among the Room cards turned over, the player's word; no Room named,
  none was found), shown at Level 1 for its Coin (R-MINI);
- an opponent's Miniboss bought and built at its level (Traitor: ``rules.miniboss_bought``);
- a Room of the caster's placed in an opponent's dungeon (Surprise Gift: ``rules.gift_build``).
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import card_triggers, gift_build, miniboss_bought, minibosses
from rules import commands as cmd
from rules import events as ev
from rules.effect_kinds import GainSouls, GiftRoom, MinibossAtOnce, MinibossBought, RoomsRebuilt
from rules.models import GameState, PlayerState
from rules.rulings import Ruling


def cast(
    state: GameState,
    caster: PlayerState,
    card: str,
    effect: BaseModel,
    command: cmd.CastSpell,
) -> list[ev.EventBase]:
    """The events of one effect of these (nothing for another effect)."""
    if isinstance(effect, MinibossAtOnce):
        if command.room is None:  # no Miniboss among the cards turned over
            return []
        return minibosses.built_at_once(caster, command.room)
    if isinstance(effect, MinibossBought):
        return miniboss_bought.bought(state, caster, card, command)
    if isinstance(effect, GiftRoom):
        return gift_build.placed(state, caster, card, command)
    if isinstance(effect, GainSouls):
        args: dict[str, str | int] = {"card": card, "player": caster.name, "amount": effect.amount}
        said = Ruling(rule="R-CARD-EFFECT", key="card.souls_gained", args=args)
        return [ev.ScoreCorrected(player=caster.name, souls=effect.amount, wounds=0, ruling=said)]
    if isinstance(effect, RoomsRebuilt):
        return [
            event
            for index, stack in caster.active_rooms()
            if not stack.ability_ignored  # no ability text this turn (Sabotage!)
            for event in card_triggers.built_here(state, caster.name, stack.top, index)
        ]
    return []
