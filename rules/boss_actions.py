"""A Boss's Level Up used at will: "for the rest of the game, once per turn you may pay 2
Coins to ..." (R-CARD-EFFECT; Rise of the Minibosses' Bosses).

The Boss's ability (``trigger`` ``boss_at_will``) gets its own command, ``UseBossAbility``.
``usable`` says whether it may be used now (the app offers the Boss's button only then):
the Boss has levelled up, the phase fits the ability's timing and the command's phases,
it has not been used this turn, its price can be paid (2 Coins in the hoard), and what it
acts on is there (a Miniboss to promote, a Monster Room to double, an opponent). ``use``
gives the events: the ruling naming the Boss and what it does, the Coins paid, then each
effect carried out; cards in hands and decks are the players' (the ruling says which).
"""

from __future__ import annotations

from rules import boss_rooms, holds, minibosses
from rules import commands as cmd
from rules import events as ev
from rules.boss_kinds import AddTreasure, PromoteFree
from rules.boss_level_up import boss_card
from rules.card_effects import ability_ref
from rules.effects import Ability
from rules.errors import RulesError
from rules.hold_kinds import KeepInTown
from rules.item_kinds import PickRoom
from rules.item_rewards import pick_asked
from rules.items import treasures_in_play
from rules.models import GameState, PlayerState
from rules.phases import phases_of
from rules.rulings import Ruling

TRIGGER = "boss_at_will"


def _mark(name: str, card_id: str) -> str:
    return f"{name}:boss:{card_id}:{TRIGGER}"


def _acts_on_something(state: GameState, player: PlayerState, ability: Ability) -> bool:
    """Whether what the ability acts on is on the table: a Miniboss that may go up a level,
    a Monster Room of the owner's to double, an opponent still playing."""
    for effect in ability.effects:
        if not boss_rooms.acts_on(state, player, effect):  # a Room, a Hero in one
            return False
        if isinstance(effect, PromoteFree) and not minibosses.promotable(state, player):
            return False
        if isinstance(effect, KeepInTown) and not holds.town_heroes(state):
            return False
        if isinstance(effect, PickRoom) and not any(
            s.top.kind == "monster" for _, s in player.active_rooms()
        ):
            return False
    if ability.target == "opponent":
        return any(p.name != player.name and not p.eliminated for p in state.players)
    return True


def _fits(state: GameState, player: PlayerState, card_id: str, ability: Ability) -> bool:
    if all(e.kind == "cancel_spell" for e in ability.effects):
        return False  # a Spell cancelled is one the table never enters: nothing to press
    if ability.timing != "any" and state.phase != ability.timing:
        return False
    if state.phase not in phases_of(cmd.UseBossAbility):
        return False
    if ability.once_per_turn and _mark(player.name, card_id) in state.card_uses:
        return False
    if ability.cost == "pay_two_coins" and player.coins < 2:
        return False
    return _acts_on_something(state, player, ability)


def usable(state: GameState, name: str) -> Ability | None:
    """The player's Boss ability that may be used now, or None (no Level Up yet, nothing
    to pay with or to act on, already used this turn, or not in this phase)."""
    if not state.has_player(name):
        return None
    player = state.player(name)
    boss = boss_card(state, name)
    if player.eliminated or not player.leveled_up or boss is None:
        return None
    card = boss[1]
    return next(
        (a for a in card.abilities if a.trigger == TRIGGER and _fits(state, player, card.id, a)),
        None,
    )


def use(state: GameState, command: cmd.UseBossAbility) -> list[ev.EventBase]:
    """The events of using the Boss's ability (raises ``RulesError`` when it may not be
    used now, or the command leaves out what it acts on)."""
    ability = usable(state, command.player)
    boss = boss_card(state, command.player)
    if ability is None or boss is None:
        raise RulesError("R-CARD-EFFECT", "err.boss_ability_not_now", player=command.player)
    name, card = boss
    player = state.player(command.player)
    said = Ruling(
        rule="R-CARD-EFFECT",
        key="card.boss_used",
        args={"player": player.name, "card": name, "does": ability_ref(card.id, ability)},
    )
    out: list[ev.EventBase] = [
        ev.CardEffectFired(
            player=player.name,
            card_id=card.id,
            use=_mark(player.name, card.id),
            card=name,
            ruling=said,
        )
    ]
    if ability.cost == "pay_two_coins":
        out += minibosses.pay(player, 2)
    for effect in ability.effects:
        if isinstance(effect, PickRoom):  # which Monster Room: asked (Ravenus)
            out.append(pick_asked(player.name, card.id, name, effect, said))
        elif isinstance(effect, AddTreasure):
            out.append(_treasure_added(state, command, name))
        elif isinstance(effect, PromoteFree):
            if command.room not in minibosses.promotable(state, player):
                raise RulesError("R-CARD-EFFECT", "err.boss_ability_needs_miniboss", card=name)
            out += minibosses.promote(state, player, command.room, instead=name)
        elif isinstance(effect, KeepInTown):
            out.append(holds.kept_in_town(state, player.name, command.hero, card.id, name))
        else:  # a counter on a Room, a die's damage (Chase, Explodo)
            out += boss_rooms.carried(player, card.id, name, effect, command, said)
    return out


def _treasure_added(state: GameState, command: cmd.UseBossAbility, name: str) -> ev.EventBase:
    """Kirax: the named dungeon's bonus of the named treasure type, one more for good."""
    target, treasure = command.target, command.treasure
    # A dungeon still in play (an eliminated player's lures no Hero) and an icon this game
    # has (the Explorer's only with Crash Landing): the app offers only these.
    if (
        target is None
        or treasure is None
        or not state.has_player(target)
        or state.player(target).eliminated
        or treasure not in treasures_in_play(state)
    ):
        raise RulesError("R-CARD-EFFECT", "err.boss_ability_needs_treasure", card=name)
    amount = dict(state.player(target).treasure_bonus).get(treasure, 0) + 1
    return ev.TreasureBonusSet(
        player=target,
        treasure=treasure,
        amount=amount,
        ruling=Ruling(
            rule="R-CARD-EFFECT",
            key="card.treasure_added",
            args={"card": name, "player": target, "treasure": treasure, "amount": amount},
        ),
    )
