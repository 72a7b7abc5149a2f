"""The expansions at the engine's door: which commands they bring, refusing them when the
expansion is off, deciding them, and the events that follow other events (R-ITEM, R-MINI).

The engine calls ``decide`` for the expansions' commands, and ``before``/``after`` for
every event it applies, so that Items follow their Heroes and Minibosses and Coins leave
with their Rooms whichever command moved them. Games without the expansions see none of
this: every hook returns nothing when its expansion is off.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import (
    coin_effects,
    coin_gifts,
    item_effects,
    items,
    miniboss_coins,
    miniboss_level2,
    miniboss_level3,
    minibosses,
    room_order,
    silenced_dungeon,
    turn_bars,
    walk_spells,
)
from rules import commands as cmd
from rules import events as ev
from rules.errors import RulesError, acting_player
from rules.models import GameState

ITEM_COMMANDS: tuple[type[BaseModel], ...] = (cmd.RevealItems, cmd.UseItem, cmd.ChooseFaceUpItem)
MINIBOSS_COMMANDS: tuple[type[BaseModel], ...] = (
    cmd.GainCoins,
    cmd.PayCoins,
    cmd.PlaceCoinOnRoom,
    cmd.TakeCoinsFromRoom,
    cmd.GiveCoins,
    cmd.BuildMiniboss,
    cmd.DeclineMiniboss,
    cmd.PromoteMiniboss,
    cmd.UseMinibossLevel2,
    cmd.UseMinibossLevel3,
    cmd.DiscardRoomForCoin,
)


def enabled(state: GameState, command_type: type[BaseModel]) -> bool:
    """Whether the game's ruleset has the expansion this kind of command belongs to."""
    ruleset = state.setup.ruleset
    if command_type in ITEM_COMMANDS:
        return ruleset.items
    if command_type is cmd.DiscardRoomForCoin:
        return ruleset.minibosses and ruleset.coin_for_room
    if command_type in MINIBOSS_COMMANDS:
        return ruleset.minibosses
    return True


def check_enabled(state: GameState, command: BaseModel) -> None:
    """Refuse an expansion's command in a game played without that expansion."""
    if enabled(state, type(command)):
        return
    if type(command) in ITEM_COMMANDS:
        raise RulesError("R-ITEM", "err.items_off")
    if isinstance(command, cmd.DiscardRoomForCoin) and state.setup.ruleset.minibosses:
        raise RulesError("R-MINI", "err.coin_for_room_off")
    raise RulesError("R-MINI", "err.minibosses_off")


def decide(state: GameState, command: BaseModel) -> list[ev.EventBase]:
    """The events of one of the expansions' commands (raises ``RulesError``)."""
    match command:
        case cmd.RevealItems(items=cards):
            return items.reveal(state, cards)
        case cmd.UseItem(player=name, item=item):
            return items.use(state, acting_player(state, name), item)
        case cmd.ChooseFaceUpItem(player=name, item=item):
            return items.choose(state, acting_player(state, name), item)
        case cmd.GainCoins(player=name, amount=amount):
            return minibosses.gain(acting_player(state, name), amount)
        case cmd.PayCoins(player=name, amount=amount):
            return minibosses.pay(acting_player(state, name), amount)
        case cmd.PlaceCoinOnRoom(player=name, index=index, amount=amount):
            return minibosses.place_coins(acting_player(state, name), index, amount)
        case cmd.TakeCoinsFromRoom(player=name, index=index, amount=amount):
            return minibosses.take_coins(acting_player(state, name), index, amount)
        case cmd.GiveCoins(player=name, to=to, index=index, amount=amount):
            return coin_gifts.given(state, acting_player(state, name), to, index, amount)
        case cmd.BuildMiniboss(player=name, over=over, miniboss=card):
            return minibosses.build(state, acting_player(state, name), over, card)
        case cmd.DeclineMiniboss(player=name):
            return minibosses.decline(acting_player(state, name))
        case cmd.PromoteMiniboss(player=name, index=index):
            return minibosses.promote(state, acting_player(state, name), index)
        case cmd.UseMinibossLevel2(player=name):
            return miniboss_level2.used(state, acting_player(state, name), command)
        case cmd.UseMinibossLevel3(player=name, index=index):
            level3 = minibosses.use_level3(acting_player(state, name), index)
            return [*level3, *miniboss_level3.used(state, command)]  # its card's Level 3
        case cmd.DiscardRoomForCoin(player=name):
            return minibosses.discard_room_for_coin(state, acting_player(state, name))
    raise TypeError(f"not an expansion command: {command!r}")


def before(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """Events that happen just before ``event``: a covered or destroyed Room's Miniboss
    and Coins are lost first, while the Room is still where the event says."""
    out: list[ev.EventBase] = []
    if state.setup.ruleset.minibosses:
        out += minibosses.lost_with_room(state, event)
    if state.setup.ruleset.items:  # an Item's Power-Up on the last Room survived
        out += item_effects.before(state, event)
    return out


def after(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """Events that follow ``event`` (``state`` already includes it): a scored Hero's Item
    goes to that player; card abilities gain Coins (``rules.coin_effects``)."""
    out: list[ev.EventBase] = []
    if state.setup.ruleset.items and isinstance(event, ev.HeroKilled | ev.HeroSurvived):
        out += items.scored(state, event)
    if state.setup.ruleset.items:  # Items' Power-Ups and Rewards
        out += item_effects.after(state, event)
    if state.setup.ruleset.minibosses:  # Coins and Minibosses from card abilities
        out += coin_effects.after(state, event)
        out += miniboss_coins.gained(state, event)  # a Coin more (Paddywhack's Level 2)
    out += walk_spells.entered(state, event)  # a harmless Room's Health (Fairy Fountain)
    out += miniboss_level3.entering(state, event)  # a dungeon's first Room skipped
    out += turn_bars.entered(state, event)  # Heroes entering, counted (Meddling Kids!)
    out += silenced_dungeon.carrier_walks(state, event)  # a dungeon silenced (Cheat Code)
    out += room_order.hand_asked(state, event)  # Spells in hand counted (Magipede)
    return out + coin_effects.lured(state, event)  # Heroes lured, counted (Doppelganger Hive)
