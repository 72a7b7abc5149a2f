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
        "in each opponent's dungeon, move one covered Room to the top of its stack (uncovering it)."
    ),
    "card.fx.die_damage": "roll a die: that much damage (1 to 6) to the Hero.",
    "card.fx.die_damage.destroys_room": (
        "destroy the Room of yours a Hero stands in and roll a die: that much damage"
        " (1 to 6) to that Hero."
    ),
    "card.fx.die_damage.entrance": (
        "roll a die: that much damage (1 to 6) to each Hero at your entrance."
    ),
    "card.fx.stated_boost": (
        "reveal a Monster Room from your hand: this Room deals as much more as that Room's"
        " damage until end of turn."
    ),
    "card.fx.boost_choice": (
        "this Room deals {amounts} until end of turn (your pick: draw a Spell card for the"
        " less, discard one for the more)."
    ),
    "card.fx.damage_per_spells_in_hand": (
        "this Room deals +{amount} for each Spell card in your hand (asked as a Hero enters)."
    ),
    "room.asked.spells_in_hand": "{player}'s {card}: {does}",
    "room.spells_counted": "{card}: {player} holds {count} Spell {count:card|cards}.",
    "err.walk_question_first": (
        "{card} asks {player} first: the walk goes on once it is answered."
    ),
    "err.hero_left_room": "{card}: the Hero has left that Room; its damage there is done.",
    "card.fx.treasure_to_dungeon": (
        "add one treasure of the type you pick to any player's dungeon until end of turn."
    ),
    "room.treasure_added": (
        "{card}: {player}'s dungeon has one {treasure} treasure more until end of turn."
    ),
    "err.treasure_to_dungeon": ("{card}: name a dungeon with an active Room and a treasure type."),
    "card.if.hero_at_your_entrance": "while a Hero waits at your entrance,",
    "room.weakened": "{card}: {room} (Room {room_n}) deals {amount} until end of turn.",
    "card.if.two_own_rooms_destroyed": "if two or more of your Rooms were destroyed this turn,",
    # what happens
    "room.asked.swap_own_rooms": "{player} plays {card}: {does}",
    "room.asked.rearrange_any_dungeon": "{player} plays {card}: {does}",
    "room.asked.swap_any_dungeon": "{player} plays {card}: {does}",
    "room.asked.uncover_own_room": "{player} plays {card}: {does}",
    "room.asked.uncover_opponent_room": "{player} plays {card}: {does}",
    "room.asked.die_roll": "{player} plays {card}: {does}",
    "room.asked.die_roll_entrance": "{player} may add to {card}: {does}",
    "room.rearranged": "{card}: {player}'s Rooms, from the entrance, are now {rooms}.",
    "room.uncovered": "{card}: {room} comes to the top in {player}'s dungeon, over {over}.",
    "room.rearrange_more": "{card}: {player} may move two more Rooms of that dungeon, or stop.",
    "room.uncover_next": "{card}: {player} has uncovered a Room in that dungeon.",
    "room.die_rolled": "{card}: {player}'s die shows {roll}.",
    # refusals
    "err.spell_if.two_own_rooms_destroyed": (
        "{card} destroys a Room only once two or more of {player}'s Rooms were destroyed this turn."
    ),
    "err.spell_needs_rooms": "{card} needs two Rooms or more in {player}'s dungeon.",
    "err.room_order": "A new order names each of the dungeon's {size} places once.",
    "err.room_swap": "A swap moves exactly two Rooms.",
    "err.room_dungeon": "{card}: that dungeon has no two Rooms to move.",
    "err.room_uncover": "{card}: name a covered Room in a dungeon it may act on.",
    "err.die_roll": "{card}: a die shows a number from 1 to 6.",
    # the Adventure held back, a Room changed until end of turn (rules.walk_kinds)
    "card.fx.back_to_entrance": (
        "the Hero in your dungeon goes back to your entrance, restored to full Health."
    ),
    "card.fx.harmless_room": (
        "until end of turn it deals no damage, and each Hero entering it gains +{amount} Health."
    ),
    "card.fx.every_treasure": (
        "until end of turn it has one Cleric, Fighter, Mage and Thief treasure instead of its own."
    ),
    "card.back_to_entrance": ("{card}: {hero} goes back to {player}'s entrance with full Health."),
    "card.no_hero_enters": (
        "{card}: no Hero enters {player}'s dungeon this turn; the Heroes there wait at its"
        " entrance."
    ),
    "card.harmless_room": (
        "{card}: {room} ({player}) deals no damage until end of turn; each Hero entering it"
        " gains +{amount} Health."
    ),
    "card.harmless_entered": "{hero} gains +{amount} Health until end of turn.",
    "card.every_treasure": "{card}: {room} has one of each treasure type until end of turn.",
    "card.fx.wound_until_end_of_turn": "you have +1 Wound until end of turn.",
    "card.when.carrier_survives_dungeon": "Power-Up, if this Hero survives your dungeon:",
    "card.wound_taken_back": "As the turn ends, {player}'s Wound given until end of turn is gone.",
    "card.fx.take_survivor": (
        "move a Hero that survived another player's dungeon this turn face down to your"
        " scorekeeping area."
    ),
    "card.fx.remove_survivor": (
        "remove a Hero that survived your dungeon this turn from the game."
    ),
    "card.fx.swap_soul": (
        "remove one of your face-down Heroes from the game; search the Hero decks for a Hero"
        " and place it face down in your scorekeeping area."
    ),
    "card.soul_swapped": (
        "{card}: {hero} leaves {player}'s scorekeeping area and the game; a Hero from the"
        " decks worth {souls} {souls:Soul|Souls} takes its place."
    ),
    "err.soul_worth": "{card}: a Hero from the decks is worth 1 Soul, an Epic Hero 2.",
    "card.if.fewer_souls_than_any": "if you have fewer Souls than another player,",
    "err.spell_if.fewer_souls_than_any": (
        "{card} takes a Hero that survived only while {player} has fewer Souls than another player."
    ),
    "card.survivor_removed": "{card}: {hero} leaves the game; {player}'s Wound from it is gone.",
    "err.spell_needs_survivor": (
        "{card} names a Hero that survived another player's dungeon this turn, and only"
        " while its caster has fewer Souls than another player."
    ),
    "err.spell_two_more_souls": (
        "{card} names a player with at least two more Souls than its caster."
    ),
    # a Room placed in an opponent's dungeon (Surprise Gift: rules.gift_build)
    "card.target.opponent_room": "[a Room in an opponent's dungeon]",
    "err.face_down_mini": (
        "{room} carries a Miniboss placed face down this phase: no Room is built over it."
    ),
    "card.fx.gift_room": (
        "instead of in your own dungeon, place a Room card of yours face down over a "
        "face-up Room of an opponent's; revealed with the builds, it is that player's Room "
        "(its build abilities theirs), and they may still build their own."
    ),
    "card.gift_placed": (
        "{card}: {player} places a Room face down over {owner}'s {under} (Room {under_n}); "
        "that is {player}'s build this turn, and {owner} may still build their own."
    ),
    "build.gift_revealed": (
        "{player} reveals {room}, {by}'s gift, over {under} (Room {under_n}): {player}'s Room now."
    ),
    "err.spell_gift_needs": (
        "{card} places a Room card of yours in an opponent's dungeon: pick the Room card "
        "and the opponent's Room it goes over."
    ),
    "err.spell_gift_opponent": (
        "{card} places the Room in the dungeon of an opponent still in the game, never in your own."
    ),
    "err.spell_gift_over": (
        "{card} places the Room over a face-up Room of that dungeon, not as a new Room at "
        "its entrance."
    ),
}
