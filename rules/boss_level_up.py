"""A Boss's Level Up from the catalogue (R-CARD-EFFECT): what it does at once (treasure or
Souls for the rest of the game, an offer, a question, a reminder), and the "for the rest of
the game" abilities it switches on (``rules.card_lasting`` applies them from then on).
"""

from __future__ import annotations

from collections import Counter

from rules import events as ev
from rules import lasting_effects
from rules.card_effects import effects_of
from rules.card_triggers import fire_ability, saying
from rules.effect_kinds import BossTreasure
from rules.effects import Ability, CardEffects
from rules.models import GameState
from rules.rulings import Ruling


def _boss_treasure(
    state: GameState, player: str, card_id: str, ability: Ability, ruling: Ruling
) -> list[ev.EventBase]:
    """A Level Up's treasure for the rest of the game, added to the treasure bonus."""
    bonus = dict(state.player(player).treasure_bonus)
    gained = Counter(t for e in ability.effects if isinstance(e, BossTreasure) for t in e.treasure)
    said = saying(ruling, card_id, ability)
    return [
        ev.TreasureBonusSet(
            player=player, treasure=treasure, amount=bonus.get(treasure, 0) + n, ruling=said
        )
        for treasure, n in gained.items()
    ]


def boss_card(state: GameState, name: str) -> tuple[str, CardEffects] | None:
    """The player's Boss as the table names it, and its catalogue card (None: no card)."""
    setup = next((p for p in state.setup.players if p.name == name), None)
    card = effects_of(setup.boss_card_id if setup else None)
    if setup is None or card is None:
        return None
    return setup.boss or card.name, card


def leveled_up(state: GameState, player: str) -> list[ev.EventBase]:
    """A Boss's Level Up ability, when its Boss came from the catalogue."""
    boss = boss_card(state, player)
    if boss is None:
        return []
    name, card = boss
    out: list[ev.EventBase] = []
    for ability in card.abilities:
        ruling = Ruling(
            rule="R-CARD-EFFECT",
            key="card.levelup",
            args={"player": player, "card": name},
        )
        if ability.trigger in ("from_level_up", "boss_at_will"):  # on from now: said once
            out.append(ev.Noted(ruling=saying(ruling, card.id, ability)))
        elif ability.trigger != "level_up":
            continue
        elif ability.carried_lasting:  # Souls for the rest of the game
            said = saying(ruling, card.id, ability)
            out += lasting_effects.carry_out(state, player, None, ability, said)
        elif ability.handling == "auto":  # treasure, or Coins, for the rest of the game
            noted: list[ev.EventBase] = [ev.Noted(ruling=saying(ruling, card.id, ability))]
            out += _boss_treasure(state, player, card.id, ability, ruling) or noted
        else:
            out += fire_ability(state, player, card.id, name, ability, ruling)
    return out
