"""The questions an ability fired at a moment asks its player (R-CARD-EFFECT): each
answered through a command (``AnswerCardEffect``), which the engine carries out."""

from __future__ import annotations

from typing import Literal

from rules import coin_kinds, item_kinds, room_kinds, spell_coin_kinds
from rules.miniboss_kinds import MinibossOffer

# What an ability fired at a moment lets its player do, answered through a command (the
# engine applies it): heal a Wound, bring a town Hero to the entrance (ordinary ones
# only, or any), kill a town Hero, or (each opponent) destroy one of their own Rooms.
BaseOffer = Literal[
    "heal_wound",
    "ordinary_hero_to_entrance",
    "town_hero_to_entrance",
    "kill_town_hero",
    "destroy_own_room",
    "boost_own_room",
    "destroy_advanced_room_any",  # an Advanced Room in any dungeon, the owner's pick
    "deactivate_room_any",  # a Room in any dungeon, the owner's pick
    "may",  # a "may" the players carry out: asked Yes or No, and logged
    "double_treasure",  # Yes: the owner's Rooms show their treasure twice until end of turn
    "boss_treasure_of_another",  # another player's Boss, whose treasure icon it gains
    "copy_boss_level_up",  # another player's Boss, whose Level Up ability it has (Klonos)
    "damage_entrance",  # Yes: damage each Hero at the entrance (Lightning Bolt!'s second part)
    "damage_own_hero",  # a Hero in the owner's dungeon or at its entrance takes damage
    "take_scored_hero",  # an ordinary Hero scored by an opponent, to the owner's Souls
    "destroy_room_own",  # one of the owner's Rooms, its pick (Blockpile Puzzle, turn's end)
    "counter_on_built",  # Yes: a +1 counter on the Monster Room just built (Greg)
    "remove_survivor",  # a Hero that survived the owner's dungeon this turn leaves the game
    "swap_soul",  # a face-down Hero of the owner's out, one from the decks in (its Souls)
]
OfferKind = (
    BaseOffer
    | coin_kinds.CoinOffer
    | item_kinds.ItemOffer
    | room_kinds.RoomOffer
    | spell_coin_kinds.SpellCoinOffer  # Rage!'s doubling (rules.spell_coins)
    | MinibossOffer  # a Hero dying in a Miniboss's Room (rules.miniboss_deaths)
)  # the expansions' questions (rules.coin_kinds, item_kinds), Rooms moved (room_kinds)
