"""English phrases for the conditions, counters and lasting changes of card abilities
(``rules.card_lasting``, ``rules.lasting_effects``); part of ``rules.rulings.MESSAGES``,
each with a ``ruling.<key>`` string in every UI language.
"""

from __future__ import annotations

LASTING_MESSAGES: dict[str, str] = {
    "card.when.from_level_up": "From your Boss's Level Up on, for the rest of the game:",
    "card.if.has_four_counters": "if this Room has four counters,",
    "card.fx.room_damage_plus.last": "the last Room of your dungeon deals +{amount} damage.",
    "card.fx.room_damage_plus.all_own.advanced": ("your Advanced {rooms} deal +{amount} damage."),
    "card.fx.damage_per_treasure": (
        "each of your Rooms deals +{amount} damage for each {treasure} treasure icon it shows."
    ),
    "card.fx.damage_if_others": (
        "this Room deals +{amount} damage while another Room of your dungeon shows"
        " {treasure} treasure."
    ),
    "card.fx.room_counters.on": (
        "put {count} +1 {count:counter|counters} on this Room (each adds 1 damage)."
    ),
    "card.fx.room_counters.off": "take {count} {count:counter|counters} off this Room.",
    "card.fx.room_counters.named": (
        "put {count} +1 {count:counter|counters} on that Room (each adds 1 damage)."
    ),
    "card.fx.damage_double": "this Room's damage is doubled until end of turn.",
    "card.fx.gain_souls": "you have {amount} more {amount:Soul|Souls} for the rest of the game.",
    "card.cost.remove_counter": "take a counter off this Room to",
    "card.cost.remove_counter.then": "take a counter off this Room, then",
    "card.cost.discard_advanced_room": "discard an Advanced Room card to",
    "card.cost.discard_advanced_room.then": "discard an Advanced Room card, then",
    "card.if.no_hero_lured_to_you": "if no Hero was lured to your dungeon this turn,",
    "card.fx.discard_hand.you.any": "discard your hand.",
    "card.fx.kill_hero_limit.health": "kill that Hero if it has at most {health} Health.",
    "card.room_treasure": (
        "{card}: {room} shows other treasure until end of turn; the Bait counts it."
    ),
    "card.fx.room_treasure": (
        "until end of turn that Room shows {amount} more {treasure} treasure."
    ),
    "card.fx.room_treasure.none": "until end of turn that Room shows no treasure.",
    "card.fx.room_damage_plus.target.less": "that Room deals {amount} less damage.",
    "card.cost.discard_trap_room": "discard a Trap Room card to",
    "card.cost.discard_trap_room.then": "discard a Trap Room card, then",
    "card.hero_to_opponent": "{card}: {hero} goes to the entrance of {player}'s dungeon.",
    "err.spell_needs_opponent": "{card} needs an opponent still in the game: name whose dungeon.",
    "card.fx.room_damage_plus.uncovered": (
        "when a Room of your dungeon is destroyed, the Room it uncovers deals +{amount} damage."
    ),
    "card.if.three_wounds": "while you have 3 Wounds or more,",
    "err.offer_boss": "{card} takes the treasure of another player's Boss: name whose.",
    "card.fx.boss_treasure_of_another": (
        "choose another player's Boss: for the rest of the game your Boss counts its treasure too."
    ),
    "err.offer_copy_boss": (
        "{card} takes the Level Up ability of another player's Boss: name whose."
    ),
    "card.fx.copy_boss_level_up": (
        "choose another player's Boss: from now on your Boss has its Level Up ability too, "
        "and a Level Up that acts once acts now."
    ),
    "card.boss_copied": (
        "{player}'s {card} has the Level Up ability of {owner}'s Boss {boss} from now on."
    ),
    "card.fx.room_treasure.this": (
        "until end of turn this Room shows {amount} more {treasure} treasure."
    ),
    "card.if.other_advanced_room": "if another Advanced Room is in your dungeon,",
    "card.skip_rooms": "{card}: {hero} skips the next {rooms} {rooms:Room|Rooms} it would enter.",
    "card.fx.skip_rooms": (
        "it skips the next Room it would enter ({rooms_if_five} in a dungeon of five Rooms)."
    ),
    "err.spell_if.no_hero_lured_to_you": (
        "{card}: a Hero was lured to {player}'s dungeon this turn, so it does nothing."
    ),
    "err.spell_if.one_hero_lured": (
        "{card}: that choice needs exactly one Hero lured to {player}'s dungeon this turn."
    ),
    "err.no_ordinary_wound": ("{card}: {player} has no ordinary Wound to heal."),
    "card.wound_healed": ("{card}: {player} heals a Wound ({hero} turns face down: a Soul)."),
    "card.if.one_hero_lured": ("if exactly one Hero was lured to your dungeon this turn,"),
    "card.if.all_classes_scored": (
        "if a Cleric, a Fighter, a Mage and a Thief lie face down in your scorekeeping area,"
    ),
    "err.spell_if.all_classes_scored": (
        "{card} is worth more only with a Cleric, a Fighter, a Mage and a Thief face down in"
        " {player}'s scorekeeping area."
    ),
    "card.souls_gained": "{card}: {player} has {amount} more {amount:Soul|Souls}.",
    "card.fx.miniboss_at_once": (
        "turn the top three Room cards over (all discarded): a Miniboss among them you may build"
        " there at once, besides your build; it shows Level 1 for its Coin."
    ),
    "card.fx.rooms_rebuilt": (
        'each of your Rooms counts as just built: its own "when you build this Room" again.'
    ),
    "card.entrance_damaged": (
        "{card}: {hero}, waiting at {player}'s entrance, takes {amount} damage (kept for its walk)."
    ),
    "card.entrance_killed": ("{card}: {hero} dies at {player}'s entrance; {player} scores it."),
    "card.spell_may_more": ("{card}: {player} may also do its second part:"),
    "card.fx.damage_entrance.wounds": (
        "deal as much damage as you have Wounds to each Hero in your dungeon or at its entrance."
    ),
    "err.spell_needs_hero_there": (
        "{card} needs a Hero walking an opponent's dungeon (or any dungeon, where the card"
        " says so)."
    ),
    "err.no_wounds_to_give": ("{card}: {player} has no Wound, so it gives nothing."),
    "card.hero_health_gained": (
        "{card}: {hero} has +{amount} Health until end of turn ({health} in all)."
    ),
    "card.fx.hero_health.wounds": (
        "that Hero has as much more Health as you have Wounds, until end of turn."
    ),
    "card.target.hero_own_dungeon_or_entrance": "[a Hero in your dungeon or at its entrance]",
    "card.scored_hero_taken": (
        "{card}: {hero} moves from {scorer}'s scorekeeping area to {player}'s, face down"
        " (its Souls with it)."
    ),
    "card.fx.take_scored_hero": (
        "put an ordinary Hero from an opponent's scorekeeping area face down in yours."
    ),
    "card.cost.destroy_all_others": "destroy every other Room of your dungeon to",
    "card.cost.destroy_all_others.then": "destroy every other Room of your dungeon, then",
    "card.hero_removed": (
        "{card}: {hero} leaves the game from {player}'s dungeon: no Soul, no Wound."
    ),
    "err.spell_needs_own_soul": (
        "{card} needs one of {player}'s face-down Heroes (a Soul): pick it."
    ),
    "card.soul_removed": (
        "{card}: {hero} leaves {player}'s scorekeeping area and the game (one Soul less)."
    ),
    "card.fx.remove_hero.health": (
        "remove one of your face-down Heroes from the game: its Health is dealt as damage to"
        " that Hero."
    ),
    "err.spell_needs_treasure": (
        "{card} needs the treasure you pick: Cleric, Fighter, Mage or Thief."
    ),
    "card.fx.room_treasure.chosen": (
        "until end of turn that Room shows one more Cleric, Fighter, Mage or Thief treasure"
        " (your pick)."
    ),
    "err.spell_needs_dungeon": ("{card} needs a dungeon: name whose."),
    "card.entering_health": (
        "{card}: until end of turn each Hero entering {player}'s dungeon has +{amount} Health."
    ),
    "card.entering_health_gained": (
        "{hero} enters {player}'s dungeon with +{amount} Health (a Spell this turn)."
    ),
    "card.fx.entering_health": (
        "until end of turn each Hero entering that dungeon has +{amount} Health."
    ),
    "card.target.any_dungeon": ("[a dungeon]"),
    "card.if.you_build_monster_room": ("whenever you build a Monster Room,"),
    "card.fx.room_counters.built": (
        "you may put {count} +1 {count:counter|counters} on it (each adds 1 damage)."
    ),
    "card.built_monster_room": (
        "{player} builds a Monster Room ({room}): {card}'s Level Up may put a +1 counter on it."
    ),
}
