"""A Boss's Level Up that acts at the end of every turn from then on (R-CARD-EFFECT;
Shellda: "at end of turn you may swap the placement of two Rooms in one dungeon").

Asked once as the turn would end, beside the Rooms' own end-of-turn choices
(``rules.card_triggers.end_choices``): the turn ends once the question is answered. A
question with nothing to take (no dungeon of two Rooms) is not asked.
"""

from __future__ import annotations

from rules import events as ev
from rules.boss_level_up import boss_card
from rules.card_triggers import saying
from rules.models import CardOffer, GameState
from rules.room_choices import has_choice
from rules.rulings import Ruling

TRIGGER = "boss_turn_end"


def _mark(player: str, card_id: str) -> str:
    """The turn's mark that the question was asked (it ends like the Rooms' end marks)."""
    return f"{player}:boss:{card_id}:turn_end"


def asked(state: GameState) -> list[ev.EventBase]:
    """The end-of-turn questions of every levelled-up Boss still in the game, once a turn."""
    out: list[ev.EventBase] = []
    for player in state.players:
        boss = boss_card(state, player.name)
        if player.eliminated or not player.leveled_up or boss is None:
            continue
        name, card = boss
        if _mark(player.name, card.id) in state.card_uses:
            continue
        for ability in (a for a in card.abilities if a.trigger == TRIGGER):
            offer = ability.offer
            if offer is None:
                continue
            probe = CardOffer(player=player.name, card_id=card.id, card=name, offer=offer)
            if not has_choice(state, probe):
                continue
            args: dict[str, str | int] = {"player": player.name, "card": name}
            said = Ruling(rule="R-CARD-EFFECT", key="card.boss_turn_end", args=args)
            out.append(
                ev.CardEffectFired(
                    player=player.name,
                    card_id=card.id,
                    use=_mark(player.name, card.id),
                    offer=offer,
                    card=name,
                    mandatory=not ability.optional,
                    ruling=saying(said, card.id, ability),
                )
            )
    return out
