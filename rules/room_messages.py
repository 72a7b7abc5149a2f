"""English phrases and rulings of the cards that move Rooms or roll a die
(``rules.room_kinds``): part of ``rules.rulings.MESSAGES``; every key has a
``ruling.<key>`` string in each UI language.
"""

from __future__ import annotations

ROOM_MESSAGES: dict[str, str] = {
    # effects
    "card.fx.rearrange_rooms.swap.own": "swap the places of two Rooms of your dungeon.",
    "card.fx.rearrange_rooms.swap.any": "swap the places of two Rooms of one dungeon.",
    "card.fx.rearrange_rooms.any.own": "put the Rooms of your dungeon in any order.",
    "card.fx.rearrange_rooms.any.any": (
        "put the Rooms of one dungeon (any player's) in any order."
    ),
    "card.fx.rearrange_rooms.reverse.own": (
        "your Rooms are put in reverse order (the first becomes the last)."
    ),
    "card.fx.rearrange_rooms.reverse.any": "a dungeon's Rooms are put in reverse order.",
    "card.fx.uncover_room.own": (
        "move one covered Room of your dungeon to the top of its stack (uncovering it)."
    ),
    "card.fx.uncover_room.each_opponent": (
        "in each opponent's dungeon, move one covered Room to the top of its stack"
        " (uncovering it)."
    ),
    "card.fx.die_damage": "roll a die: that much damage (1 to 6) to the Hero.",
    "card.fx.die_damage.entrance": (
        "roll a die: that much damage (1 to 6) to each Hero at your entrance."
    ),
    "card.if.two_own_rooms_destroyed": "if two or more of your Rooms were destroyed this turn,",
    # what happens
    "room.asked.swap_own_rooms": "{player} plays {card}: {does}",
    "room.asked.rearrange_any_dungeon": "{player} plays {card}: {does}",
    "room.asked.uncover_own_room": "{player} plays {card}: {does}",
    "room.asked.uncover_opponent_room": "{player} plays {card}: {does}",
    "room.asked.die_roll": "{player} plays {card}: {does}",
    "room.asked.die_roll_entrance": "{player} may add to {card}: {does}",
    "room.rearranged": "{card}: {player}'s Rooms, from the entrance, are now {rooms}.",
    "room.uncovered": "{card}: {room} comes to the top in {player}'s dungeon, over {over}.",
    "room.uncover_next": "{card}: {player} has uncovered a Room in that dungeon.",
    "room.die_rolled": "{card}: {player}'s die shows {roll}.",
    # refusals
    "err.spell_if.two_own_rooms_destroyed": (
        "{card} destroys a Room only once two or more of {player}'s Rooms were destroyed"
        " this turn."
    ),
    "err.spell_needs_rooms": "{card} needs two Rooms or more in {player}'s dungeon.",
    "err.room_order": "A new order names each of the dungeon's {size} places once.",
    "err.room_swap": "A swap moves exactly two Rooms.",
    "err.room_dungeon": "{card}: that dungeon has no two Rooms to move.",
    "err.room_uncover": "{card}: name a covered Room in a dungeon it may act on.",
    "err.die_roll": "{card}: a die shows a number from 1 to 6.",
}
