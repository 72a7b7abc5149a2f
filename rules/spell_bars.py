"""What stands between a player and their Spell this turn (R-CARD-EFFECT, R-ITEM): a Hero
carrying an Item that forbids Spells in or at their dungeon (Ring of Invisibility: the Spell
is refused), and Short Circuit's price (a Coin from the hoard for each Spell; with none,
the Spell is cancelled: not cast, nothing it does happens, no "when you cast" fires).

``rules.engine`` casts every Spell through ``cast`` here; ``rules.spells`` does the rest.
"""

from __future__ import annotations

from rules import card_table, minibosses, spells
from rules import commands as cmd
from rules import events as ev
from rules.errors import RulesError
from rules.models import GameState, PlayerState
from rules.played_cards import is_spell
from rules.rule_change_kinds import NoSpells
from rules.rulings import Arg, Ruling
from rules.turn_bars import TAX, carries


def forbidding(state: GameState, player: str) -> str | None:
    """The Item (its name) that forbids ``player``'s Spells now: carried by the Hero
    walking their dungeon or by one waiting at its entrance (None: none)."""
    walk = state.walk
    heroes = [*state.entrance(player)]
    if walk is not None and walk.player == player:
        heroes.append(walk.hero)
    for hero in heroes:
        if (card := carries(state, hero, NoSpells)) is not None:
            return card.name
    return None


def cast(state: GameState, command: cmd.CastSpell, caster: PlayerState) -> list[ev.EventBase]:
    """The Spell cast (``rules.spells.cast``) once this turn's bars allow it; a Room card
    played from the hand is no Spell, and nothing here bars it."""
    if not is_spell(command.card_id):
        return spells.cast(state, command, caster)
    ring = forbidding(state, caster.name)
    if ring is not None:
        raise RulesError("R-ITEM", "err.spell_forbidden", item=ring, player=caster.name)
    if f"{TAX}{caster.name}" not in state.card_uses:
        return spells.cast(state, command, caster)
    card = card_table.table().get(command.card_id)
    args: dict[str, Arg] = {
        "player": caster.name,
        "card": card.name if card is not None else command.card_id,
    }
    played = spells.cast(state, command, caster)  # refused here if it may not be cast at all
    if caster.coins < 1:
        said = Ruling(rule="R-CARD-EFFECT", key="card.spell_cancelled_unpaid", args=args)
        return [ev.Noted(ruling=said)]
    return [*minibosses.pay(caster, 1), *played]
