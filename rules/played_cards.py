"""Cards played from the hand (R-CARD-EFFECT): Spells cast, and Room cards discarded for
their ability, never built (Shrooman Aviary). Both are played with the table's "Play a
Spell" (``CastSpell``, carried out by ``rules.spells``); which cards, in which phase, and
whether the engine carries each out is said here, for the engine and the Spell panel.
"""

from __future__ import annotations

from rules.card_effects import effects_of
from rules.effects import PLAYED_TRIGGERS, Ability
from rules.errors import RulesError
from rules.models import GameState
from rules.room_kinds import room_offer


def spell_ability(card_id: str) -> Ability:
    """The ability a card is played from the hand with (``CastSpell``): a Spell's first, or
    a Room card's discarded for its ability, never built (Shrooman Aviary)."""
    card = effects_of(card_id)
    if card is not None and card.kind == "spell":
        return card.abilities[0]
    played = [] if card is None else [a for a in card.abilities if a.trigger == "from_hand"]
    if not played:
        raise RulesError("R-CARD-EFFECT", "err.not_a_spell", card=card_id)
    return played[0]


def playable_now(state: GameState, card_id: str) -> bool:
    """Whether the card is one played from the hand (a Spell, or a Room card discarded for
    its ability) in this phase, as far as its card says (the table's "Play a Spell")."""
    card = effects_of(card_id)
    if card is None or not any(a.trigger in PLAYED_TRIGGERS for a in card.abilities):
        return False
    return spell_ability(card_id).timing in ("any", state.phase)


def is_spell(card_id: str) -> bool:
    """Whether the card played is a Spell: a Room card discarded from the hand for its
    ability is not one, for what watches Spells (a Ring of Invisibility, Short Circuit's
    price, "when you play a Spell")."""
    card = effects_of(card_id)
    return card is not None and card.kind == "spell"


def carried_out(ability: Ability) -> bool:
    """Whether the engine applies every effect of this Spell itself (asking which Rooms
    move or what a die showed, ``rules.room_order``)."""
    return ability.cast_by_engine or room_offer(ability.effects) is not None
