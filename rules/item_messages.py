"""English phrases and rulings of Tools of Hero-Kind's Item abilities (Power-Ups on the
Hero carrying the Item, Rewards for the Boss who uses it): part of
``rules.rulings.MESSAGES``; every key has a ``ruling.<key>`` string in each UI language.
"""

from __future__ import annotations

ITEM_MESSAGES: dict[str, str] = {
    # moments
    "card.when.carrier_enters_dungeon": "Power-Up, when this Hero enters your dungeon:",
    "card.when.carrier_enters_room": "Power-Up, when this Hero enters a Room of your dungeon:",
    "card.when.carrier_survives_room": (
        "Power-Up, when this Hero survives a Room of your dungeon:"
    ),
    "card.when.item_used": "Reward (its owner uses it face up):",
    # effects
    "card.fx.ignore_damage.ordinary_monster": "it takes no damage from ordinary Monster Rooms.",
    "card.fx.ignore_damage.first_three": (
        "it takes no damage from the first three Rooms of your dungeon."
    ),
    "card.fx.ignore_damage.last": "it takes no damage from the last Room of your dungeon.",
    "card.fx.deactivate_first.monster": "the first Monster Room of your dungeon is deactivated.",
    "card.fx.deactivate_first.trap": "the first Trap Room of your dungeon is deactivated.",
    "card.fx.act_on_room.deactivate.any": "that Room is deactivated until end of turn.",
    "card.fx.act_on_room.destroy.advanced.first": (
        "the first Advanced Room it survives is destroyed."
    ),
    "card.fx.act_on_room.destroy.multi_treasure": (
        "that Room is destroyed if it has two or more treasure icons."
    ),
    "card.fx.act_on_room.destroy.last": "the last Room of your dungeon is destroyed.",
    "card.fx.skip_next_room": "the Hero ignores the next Room it would enter.",
    "card.fx.boost_own_rooms.monster.ordinary": (
        "until end of turn, your ordinary Monster Rooms have +{amount}."
    ),
    "card.fx.heal_ordinary_wound": "heal one ordinary Wound.",
    "card.fx.kill_worn_hero": (
        "kill the walking Hero if it has taken damage of at least half its Health."
    ),
    "card.fx.room_blast": (
        "destroy the Room of your dungeon where the walking Hero stands; it takes {damage}"
        " damage there first."
    ),
    "card.fx.pick_room.destroy.advanced.any": "choose and destroy an Advanced Room in any dungeon.",
    "card.fx.pick_room.deactivate.any.opponent": (
        "choose a Room in an opponent's dungeon: it is deactivated until end of turn."
    ),
    "card.fx.pick_room.deactivate.monster.any": (
        "choose a Monster Room in any dungeon: it is deactivated until end of turn."
    ),
    "card.fx.pick_room.deactivate.trap.any": (
        "choose a Trap Room in any dungeon: it is deactivated until end of turn."
    ),
    "card.fx.pick_room.double.monster.any": (
        "choose one of your Monster Rooms: its damage is doubled until end of turn."
    ),
    "card.fx.health_bonus.hero.none": "the Hero has +{amount} Health until end of turn.",
    "card.fx.health_bonus.hero.monster_room": (
        "the Hero has +{amount} Health for every Monster Room in your dungeon until end of turn."
    ),
    "card.fx.health_bonus.every_hero.none": (
        "until end of turn, each Hero entering your dungeon has +{amount} Health."
    ),
    "card.fx.take_item": "that Hero's Item goes face down to your scorekeeping area.",
    # rulings
    "item.enters_with": "{hero} enters {player}'s {card} carrying {item}; its ability: {does}",
    "item.taken_by_room": "{card}: {player} takes {item} from {hero}; it lies face down.",
    "item.nothing_to_take": "{card}: no Hero with an Item stands in {player}'s dungeon now.",
    "item.health_every_hero": (
        "{hero} enters a dungeon where each Hero has +{amount} Health this turn."
    ),
    "item.power_up": "{item} on {hero}, in {player}'s dungeon: {does}",
    "item.reward": "{player} uses {item}: {does}",
    "item.reward_nothing": "{player} uses {item}, but nothing fits it now: {does}",
    "item.reward_copied": "{card}: {player} copies the Reward of {item}.",
    "card.fx.copy_reward": "carry out the Reward of another face-up Item, your pick.",
    "err.offer_item": "{card}: pick a face-up Item whose Reward the referee carries out.",
    # Items turned over by a Room (rules/item_flips.py)
    "card.fx.flip_item.up": (
        "turn a face-down Item of yours face up (the one up until then goes face down)."
    ),
    "card.fx.flip_item.down": "turn your face-up Item face down, its Reward unused.",
    "item.flipped_up": "{card}: {player}'s {item} is turned face up.",
    "item.flipped_down": "{card}: {player}'s {item} is turned face down.",
    "err.item_flip_up": "{card} turns up one of {player}'s face-down Items: name which.",
    "err.item_flip_down": "{card} turns {player}'s face-up Item face down: name it.",
    "card.fx.flip_item.either": (
        "turn an Item in any scorekeeping area over: face down if it is up, face up if down."
    ),
    "err.item_flip_any": "{card} turns over an Item in a scorekeeping area: name which.",
    "card.fx.attach_item": (
        "give an Item waiting in town to a Hero in town, whatever its treasure type."
    ),
    "item.attached": "{card}: {hero} takes {item}.",
    "err.item_attach": (
        "{card} gives an Item waiting in town to a Hero in town that carries none: name both."
    ),
}
