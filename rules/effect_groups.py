"""Groups of effect kinds and aims, by who carries them out and when (``rules.effects``
names the kinds themselves; these sets say which the engine applies on its own, at their
moment, or through a Spell)."""

from __future__ import annotations

from rules import coin_kinds, miniboss_kinds, rule_change_kinds, spell_coin_kinds, walk_kinds

# Effects the engine applies by itself whenever their card is visible and active.
PASSIVE_KINDS = frozenset(
    {
        "room_damage_plus",
        "damage_equals_count",
        "damage_per_count",
        "treasure_plus",
        "no_build_over",
        "build_over_any",
        "no_build_adjacent",
        "damage_per_treasure",
        "damage_if_others",
    }
    | coin_kinds.COIN_PASSIVE_KINDS
    | miniboss_kinds.MINIBOSS_PASSIVE_KINDS
)
# What a Miniboss's Level 3 does that no Spell does (``rules.miniboss_level3``).
LEVEL3_KINDS = miniboss_kinds.LEVEL3_KINDS
# Effects on this Room or its owner that the engine carries out when their moment comes
# (``rules.card_lasting``): counters, doubled damage, Souls, the Room destroying itself.
LASTING_KINDS = frozenset({"room_counters", "damage_double", "gain_souls", "room_treasure"})
# What an activated ability (its Room's button) may aim at in a dungeon, besides the Hero
# standing in the Room: a Room the owner picks (Frostbat Cave, Rust Monster Pen).
ROOM_AIMS = frozenset({"room_any_dungeon", "trap_room", "monster_room"})
# Everything such a button may aim at: nothing, the Hero standing in the Room or the one
# walking any dungeon, or a Room the owner picks.
BUTTON_AIMS = frozenset({"none", "hero_in_this_room", "hero_in_any_dungeon"}) | ROOM_AIMS
# A Spell's effects on its caster's score or Rooms (``rules.spell_souls_rooms``).
SOULS_ROOMS_KINDS = frozenset(
    {
        "gain_souls",  # Souls for the caster (T.P.K., with its condition)
        "rooms_rebuilt",  # the caster's Rooms' "when you build this Room" again (Respawn)
        "miniboss_at_once",  # a Miniboss found, built on the Room named (Internship)
        "miniboss_bought",  # an opponent's Miniboss bought and built (rules.miniboss_bought)
        "gift_room",  # a Room of the caster's placed in an opponent's dungeon (rules.gift_build)
    }
)
# The effect kinds a Spell may have for the engine to carry it out in full (CastSpell).
SPELL_KINDS = frozenset(
    {
        "deactivate_room",
        "room_damage_plus",
        "damage_hero",
        "move_hero",
        "build_over_any",
        "kill_hero",
        "destroy_room",
        "room_treasure",
        "skip_rooms",
        "heal_wound",  # an ordinary Wound of the caster's (Healing Tank)
        "damage_entrance",  # the Heroes at the caster's entrance (Not Dead Yet)
        "hero_health",  # the Hero walking an opponent's dungeon (Assassin)
        "remove_hero",  # the Hero walking an opponent's dungeon leaves the game (Pity)
        "entering_health",  # Heroes entering the dungeon named (Party Up)
        "flip_item",  # an Item in any scorekeeping area turned over (Excavation)
    }
    | SOULS_ROOMS_KINDS  # Souls for the caster, its Rooms as just built (spell_souls_rooms)
    | coin_kinds.COIN_FIRED_KINDS
    | walk_kinds.WALK_KINDS  # the Adventure held back, a Room made harmless (walk_spells)
    | rule_change_kinds.RULE_CHANGE_KINDS  # a Room's ability text ignored (ability_off)
    | spell_coin_kinds.SPELL_COIN_KINDS  # Coins spent, a Miniboss's level (spell_coins)
)
