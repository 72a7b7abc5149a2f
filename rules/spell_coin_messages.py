"""English phrases for Spells whose bonus grows with what the caster puts in
(``rules.spell_coin_kinds``, ``rules.spell_coins``); part of ``rules.rulings.MESSAGES``,
each with a ``ruling.<key>`` string in every UI language.
"""

from __future__ import annotations

SPELL_COIN_MESSAGES: dict[str, str] = {
    "card.fx.damage_per_coin": ("it deals +{amount} more damage for each Coin you spend on it."),
    "card.fx.damage_per_miniboss_level": (
        "choose a Miniboss: its Room has +{amount} per level of that Miniboss until end of turn."
    ),
    "card.fx.damage_per_miniboss_level.double": (
        "choose a Miniboss: its Room has +{amount} per level of that Miniboss until end of"
        " turn; if it is your only Miniboss, you may then double that Room's damage."
    ),
    "card.double_asked": "{card}: {player} may double the damage of that Room until end of turn.",
    "err.spell_needs_miniboss": (
        "{card} aims at a Room with a face-up Miniboss: {room} has none (or is deactivated)."
    ),
    "card.fx.coin_for_spell": (
        "choose an opponent: once this turn you may give them a Coin to take one random Spell "
        "card from their hand."
    ),
    "coins.given_for_spell": (
        "{card}: {player} gives {other} a Coin and takes one random Spell card from {other}'s hand."
    ),
}
