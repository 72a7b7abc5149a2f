"""A Boss's Level Up from the catalogue (R-CARD-EFFECT): what it does at once (treasure or
Souls for the rest of the game, an offer, a question, a reminder), and the "for the rest of
the game" abilities it switches on (``rules.card_lasting`` applies them from then on).

A Boss that copies another's Level Up (Klonos) names that Boss as its Level Up is
answered (``copied``; the Bosses it may name: ``card_offers.copyable_bosses``): from
then on it has that card's Level Up abilities (``PlayerState.boss_ability_card``), and
the copied Level Up fires for it at once.
"""

from __future__ import annotations

from collections import Counter

from rules import events as ev
from rules import lasting_effects
from rules.boss_copy import BossCopied
from rules.card_effects import effects_of
from rules.card_offers import copyable_bosses
from rules.card_triggers import fire_ability, saying
from rules.effect_kinds import BossTreasure
from rules.effects import Ability, CardEffects
from rules.errors import RulesError
from rules.models import CardOffer, GameState
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
    """The player's Boss as the table names it, and the catalogue card whose Level Up
    abilities it has: its own, or the one it copied (Klonos). None: no card."""
    setup = next((p for p in state.setup.players if p.name == name), None)
    if setup is None:
        return None
    # The set-up names the Boss card (a state made by hand may leave the player's copy of
    # it empty), so the copy is read here apart, not through ``boss_ability_card``.
    copied = state.player(name).copied_boss if state.has_player(name) else None
    own = effects_of(setup.boss_card_id)
    card = effects_of(copied) or own
    if card is None:
        return None
    return setup.boss or (own or card).name, card


def boss_name(state: GameState, name: str) -> str:
    """The player's Boss as the table names it ("" for none named and no card)."""
    boss = boss_card(state, name)
    return "" if boss is None else boss[0]


def leveled_up(state: GameState, player: str) -> list[ev.EventBase]:
    """A Boss's Level Up ability, when its Boss came from the catalogue."""
    boss = boss_card(state, player)
    if boss is None:
        return []
    return _level_up(state, player, *boss)


def _level_up(state: GameState, player: str, name: str, card: CardEffects) -> list[ev.EventBase]:
    """The events of ``card``'s Level Up for ``player``'s Boss, named ``name``."""
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


def copied(state: GameState, offer: CardOffer, target: str | None) -> list[ev.EventBase]:
    """Klonos's Level Up, answered with the player whose Boss it copies (``target``): from
    now on it has that Boss's Level Up abilities, and the copied Level Up fires now."""
    if target is None or target not in copyable_bosses(state, offer.player):
        raise RulesError("R-CARD-EFFECT", "err.offer_copy_boss", card=offer.card)
    boss = boss_card(state, target)
    assert boss is not None  # copyable: a Boss card (its own: a Boss that copies is not)
    name, card = boss
    args: dict[str, str | int] = {
        "player": offer.player,
        "card": offer.card,
        "owner": target,
        "boss": name,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.boss_copied", args=args)
    out: list[ev.EventBase] = [BossCopied(player=offer.player, card_id=card.id, ruling=said)]
    return out + _level_up(state, offer.player, offer.card, card)
