"""English phrases and rulings of Rise of the Minibosses' card abilities (Coins gained,
Coins on a Room, a Boss's lasting gains, the number a player states): part of
``rules.rulings.MESSAGES``; every key has a ``ruling.<key>`` string in each UI language.
"""

from __future__ import annotations

_COINS = "{amount} {amount:Coin|Coins}"

COIN_MESSAGES: dict[str, str] = {
    # moments
    "card.when.room_destroyed": "When a Room in any dungeon is destroyed:",
    "card.when.you_build_adjacent": "When you build a Room next to this Room:",
    "card.when.opponent_miniboss": "When an opponent plays or promotes a Miniboss:",
    # effects
    "card.fx.gain_coins.none": f"gain {_COINS}.",
    "card.fx.gain_coins.wound": f"gain {_COINS} for every Wound you have.",
    "card.fx.gain_coins.other_room": f"gain {_COINS} for every other Room in your dungeon.",
    "card.fx.gain_coins.multi_treasure_room": (
        f"gain {_COINS} for every Room of yours with two or more treasure icons (this one too)."
    ),
    "card.fx.gain_coins.minibosses_shown": (
        f"gain {_COINS} for every Miniboss you reveal from your hand (the referee asks how many)."
    ),
    "card.fx.gain_coins.if_empty.none": f"if your hoard holds no Coins, gain {_COINS}.",
    "card.fx.coin_damage.plus": "+{amount} damage for every Coin on this Room.",
    "card.fx.coin_damage.minus": "-{amount} damage for every Coin on this Room.",
    "card.fx.place_coins": (
        "place up to {most} {most:Coin|Coins} of your hoard on this Room"
        " (the referee asks how many)."
    ),
    "card.fx.lasting_coins.build_monster_room": (
        f"for the rest of the game, gain {_COINS} whenever you build a Monster Room."
    ),
    "card.fx.lasting_coins.build_trap_room": (
        f"for the rest of the game, gain {_COINS} whenever you build a Trap Room."
    ),
    "card.fx.lasting_coins.cast_spell": (
        f"for the rest of the game, gain {_COINS} whenever you cast a Spell."
    ),
    "card.fx.lasting_coins.kill_hero": (
        f"for the rest of the game, gain {_COINS} when you kill a Hero."
    ),
    "card.fx.miniboss_start_level": (
        "for the rest of the game, Minibosses you build start on Level {level}."
    ),
    # rulings
    "coins.card_gained": f"{{card}}: {{player}} gains {_COINS} and now has {{total}}.",
    "coins.boss_gained": (f"{{card}}'s Level Up: {{player}} gains {_COINS} and now has {{total}}."),
    "coins.card_none": "{card}: {player} gains no Coins now.",
    "coins.card_off": "{card}: this game is played without Coins, so {player} gains none.",
    "coins.none_placed": "{player} places no Coins on {card}.",
    "mini.start_level": "{card}'s Level Up: {player}'s {miniboss} starts on Level {level}.",
    "card.built_next_to": "{player} built {room} next to {card}; its ability: {does}",
    "card.room_destroyed": (
        "A Room of {owner}'s was destroyed, so {player}'s {card} fires; its ability: {does}"
    ),
    "card.opponent_miniboss": (
        "{owner} played or promoted a Miniboss, so {player}'s {card} fires; its ability: {does}"
    ),
    "err.offer_count": "{card}: pick a number from 0 to {most}.",
    "err.offer_player": "{card}: pick another player still in the game.",
    "card.fx.damage_per_lured": "+{amount} damage for every Hero lured to your dungeon this turn.",
    "card.lured_counted": "{hero} is lured to {player}'s dungeon: {card} counts one more Hero.",
    "card.fx.feed_coin": (
        "place 1 Coin of your hoard on this Room; if you cannot, this Room is destroyed."
    ),
    "coins.feed_none": "{player} has no Coin to place on {card}, so {card} is destroyed.",
    "card.fx.swap_hoards": "exchange your hoard with another player's (even an empty one).",
    "coins.swapped": (
        "{card}: {player} and {other} exchange their hoards; {player} now has {mine},"
        " {other} {theirs}."
    ),
    "coins.card_paid": "{card}: {player} pays 1 Coin and has {total} left.",
    "coins.card_paid_n": f"{{card}}: {{player}} pays {_COINS} and has {{total}} left.",
    "coins.card_short": (
        f"{{card}}: {{player}} has {{total}} and cannot pay {_COINS}, so nothing comes of it."
    ),
    "card.fx.pay_coins": f"pay {_COINS}.",
    "card.if.hero_in_miniboss_room": (
        "if the Hero walking your dungeon is in a Room with a Miniboss,"
    ),
    "card.fx.health_per_coin": (
        "the Hero has +{amount} Health until end of turn for every Coin you spend on it"
        " (the referee asks how many)."
    ),
    "coins.spend_asked": "{card}: {player} says how many Coins to spend on it.",
    "card.health_bought": "{card}: {player}'s Coins give the walking Hero +{amount} Health.",
    "card.fx.kill_hero_max": "kill that Hero if it has at most {health} Health.",
    "card.fx.treasure_boost.monster": (
        "until end of turn, each other Monster Room of yours has +{amount} for every"
        " treasure icon it shows."
    ),
    # costs (the Miniboss card discarded is the player's word)
    "card.cost.discard_miniboss": "discard a Miniboss card to",
    "card.cost.discard_miniboss.then": "discard a Miniboss card, then",
    "card.cost.discard_miniboss_or_two_monster_rooms": (
        "discard a Miniboss card or two Monster Room cards to"
    ),
    "card.cost.discard_miniboss_or_two_monster_rooms.then": (
        "discard a Miniboss card or two Monster Room cards, then"
    ),
    "card.cost.pay_coin": "pay 1 Coin to",
    "card.cost.pay_coin.then": "pay 1 Coin, then",
    "card.cost.destroy_own_monster_room": "destroy another Monster Room of your dungeon to",
    "card.cost.destroy_own_monster_room.then": (
        "destroy another Monster Room of your dungeon, then"
    ),
    # an opponent's Miniboss bought and built (Traitor: rules.miniboss_bought)
    "card.fx.miniboss_bought": (
        "pay its owner 1 Coin per level of the Miniboss on that Room, take it and build it at"
        " once on a Room of yours at that level; you build no Room this turn."
    ),
    "card.miniboss_bought": (
        "{card}: {player} pays {owner} {amount} {amount:Coin|Coins} for {miniboss} and builds it"
        " at Level {level} on {room} (Room {room_n}); that is {player}'s build this turn."
    ),
    "err.spell_names_miniboss": "{card} takes an opponent's Miniboss: pick the Room it stands on.",
    "err.spell_opponent_miniboss": (
        "{card} takes the Miniboss of an opponent still in the game, never one of your own."
    ),
    "err.spell_needs_own_room": "{card} builds the Miniboss on a Room of yours: pick that Room.",
}
