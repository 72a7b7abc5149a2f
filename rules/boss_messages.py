"""English phrases and rulings of a Boss's Level Up used at will (its own button,
``UseBossAbility``): part of ``rules.rulings.MESSAGES``; every key has a ``ruling.<key>``
string in each UI language.
"""

from __future__ import annotations

BOSS_MESSAGES: dict[str, str] = {
    # the moment, the price and the effects, in a card's description
    "card.when.boss_at_will": "From your Boss's Level Up on, at will:",
    "card.cost.pay_two_coins": "pay 2 Coins to",
    "card.cost.pay_two_coins.then": "pay 2 Coins, then",
    "card.fx.promote_free": (
        "promote one of your Minibosses one level without paying its Coin "
        "(your one promotion this turn)."
    ),
    "card.cost.discard_card": "discard a card to",
    "card.cost.discard_card.then": "discard a card, then",
    "card.fx.keep_in_town": "that Hero cannot be lured this turn.",
    "card.fx.add_treasure": (
        "give it one more treasure icon of a type you pick, for the rest of the game."
    ),
    # what the Boss's button did
    "card.boss_used": "{player}'s Boss {card}: {does}",
    "card.boss_die_asked": "{card}: {player} rolls a die for the Hero in that Room.",
    "card.boss_turn_end": "{player}'s Boss {card}, as the turn ends: {does}",
    "card.when.boss_turn_end": "From your Boss's Level Up on, at the end of each turn:",
    "card.treasure_added": (
        "{card}: {player}'s {treasure} bonus is now {amount}, for the rest of the game."
    ),
    "card.promoted_free": (
        "{card}: {player} promotes {miniboss} on {room} (Room {room_n}) to Level {level}, "
        "discarding a Monster Room card instead of paying the Coin."
    ),
    "card.hero_held": "{card}: {hero} cannot be lured this turn.",
    "bait.held": "{hero} cannot be lured this turn (a card keeps it in town), so it stays.",
    # Coins another player gives for a card (Paywall, rules/coin_gifts.py)
    "card.when.coins_given": "Each turn, any other player may give you Coins:",
    "card.fx.cancel_lasting": (
        "for one Coin given to you, your Boss's Level Up above is cancelled until end of turn."
    ),
    "err.gift_boss": (
        "{player}'s Boss takes no Coin now: one Coin, once a turn, from its Level Up on."
    ),
    "card.fx.less_per_coin": (
        "this Room has -{amount} damage for every Coin given, until end of turn."
    ),
    "card.coins_given": "{player} gives {owner} {amount} {amount:Coin|Coins} for {card}: {does}",
    "err.gift_other": "{player} gives Coins to another player, never to themselves.",
    "err.gift_room": "{player}'s Room {room_n} takes no Coins from other players.",
    # refusals
    "err.boss_ability_needs_hero": "{card} needs a Hero in town to keep there this turn.",
    # a Hero kept at the entrance (Haunted Cavern, rules/holds.py)
    "card.fx.keep_at_entrance": (
        "a Hero at the entrance to your dungeon cannot enter it until next turn."
    ),
    "card.hero_waits": "{card}: {hero} cannot enter this dungeon until next turn.",
    "err.ability_needs_entrance_hero": (
        "{card} needs a Hero waiting at the entrance to your dungeon (not the one walking it)."
    ),
    "err.boss_ability_not_now": "{player}'s Boss has no ability to use now.",
    "err.boss_ability_needs_treasure": (
        "{card} needs a player still in the game and a treasure type of this game: whose "
        "dungeon gains which icon."
    ),
    "err.boss_ability_needs_miniboss": (
        "{card} promotes one of your Minibosses: name the Room where one can still go up a level."
    ),
    "err.boss_ability_needs_room": "{card} acts on a Room of yours: name one that is active.",
}
