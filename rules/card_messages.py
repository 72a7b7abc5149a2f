"""English phrases for card abilities (generated descriptions) and the rulings they give.

Part of ``rules.rulings.MESSAGES``; every key has a ``ruling.<key>`` string in each UI
language. Descriptions are assembled from these phrases by ``rules.card_text``.
"""

from __future__ import annotations

CARD_MESSAGES: dict[str, str] = {
    # when an ability fires
    "card.when.always": "Always:",
    "card.when.miniboss_level": "From Level {level}:",  # a Miniboss card's level (R-MINI)
    "card.fx.icon_damage": "this Room deals +{amount} damage for every treasure icon it has.",
    "card.fx.icons_doubled": "this Room has each of its printed treasure icons twice.",
    "card.fx.build_over_this": "any Room may be built over this Room, whatever its treasure.",
    "card.fx.dungeon_silenced": "all ability text in that dungeon is ignored until end of turn.",
    "card.fx.miniboss_to_hand": "that Miniboss goes back to its owner's hand.",
    "card.miniboss_to_hand": (
        "{card}: {player}'s {miniboss} on {room} (Room {room_n}) goes back to its owner's hand."
    ),
    "err.mini_none_there": "{card} needs a Room with a Miniboss: Room {room_n} has none.",
    "card.fx.coin_bonus": "once per turn, when you gain Coins, gain 1 more.",
    "card.fx.heroes_ignored": (
        "the ability text of Heroes in, or at the entrance to, your dungeon is ignored "
        "(their Items' Power-Ups)."
    ),
    "card.coin_bonus": "{card}: {player} gains 1 Coin more ({total} in the hoard).",
    "card.fx.monster_rooms_plus": "all Monster Rooms in that dungeon +1 or -1 until end of turn.",
    "card.room_less": (
        "{card}: {room} (Room {room_n}) deals {amount} less damage until end of turn."
    ),
    "err.mini_plus_or_minus": "{card} needs +1 or -1: pick one.",
    "card.fx.first_room_skipped": (
        "until end of turn, Heroes entering that dungeon skip its first Room."
    ),
    "card.first_room_skipped": (
        "{card}: until end of turn, Heroes entering {player}'s dungeon skip its first Room."
    ),
    "card.first_room_skipped_hero": "{hero} skips the first Room of {player}'s dungeon.",
    "card.when.hero_enters_first": "The first time a Hero enters this Room:",
    "card.when.hero_dies_here": "When a Hero dies in this Room:",
    "card.when.you_build_this": "When you build this Room:",
    "card.when.you_build_another": "When you build another Room:",
    "card.when.another_destroyed": "When another Room in your dungeon is destroyed:",
    "card.when.level_up": "Level Up:",
    "card.when.turn_start": "At the beginning of your turn:",
    "card.when.you_play_spell": "When you play a Spell card:",
    "card.when.opponent_plays_spell": "When an opponent plays a Spell card:",
    "card.when.at_will": "Any time you may play a Spell:",
    "card.when.cast.any": "Spell, Build or Adventure phase:",
    "card.when.cast.build": "Spell, Build phase:",
    "card.when.cast.adventure": "Spell, Adventure phase:",
    "card.when.from_hand": "Discarded from your hand (not built), Build or Adventure phase:",
    # expansions: more moments, and effects done by hand
    "card.when.hero_enters": "When a Hero enters this Room:",
    "card.when.hero_survives_here": "When a Hero survives this Room:",
    "card.when.turn_end": "At the end of each turn:",
    "card.when.you_uncover_this": "When you uncover this Room:",
    "card.fx.move_hero.opponent_entrance": "put it at the entrance of an opponent's dungeon.",
    # conditions
    "card.if.built_monster_room": "if that Room is a Monster Room,",
    "card.if.fewer_rooms_than_opponent": "if you have fewer Rooms than an opponent,",
    "card.if.before_rooms_revealed": "before the Rooms are revealed,",
    # costs
    "card.cost.destroy_this": "destroy this Room to",
    "card.cost.destroy_another": "destroy another Room of your dungeon to",
    "card.cost.discard_two_rooms": "discard two Room cards to",
    "card.cost.discard_monster_room": "discard a Monster Room card to",
    "card.cost.discard_spell": "discard a Spell card to",
    # targets
    "card.target.opponent": "[an opponent]",
    "card.target.player_two_more_souls": "[a player with at least two more Souls than you]",
    "card.target.room_any_dungeon": "[a Room in any dungeon]",
    "card.target.own_room": "[a Room in your dungeon]",
    "card.target.trap_room": "[a Trap Room]",
    "card.target.monster_room": "[a Monster Room]",
    "card.target.hero_in_this_room": "[a Hero in this Room]",
    "card.target.hero_in_own_dungeon": "[a Hero in your dungeon]",
    "card.target.hero_in_opponent_dungeon": "[a Hero in an opponent's dungeon]",
    "card.target.hero_in_any_dungeon": "[a Hero in any dungeon]",
    "card.target.hero_in_town": "[a Hero in town]",
    "card.target.ordinary_hero_in_town": "[an ordinary Hero in town]",
    "card.target.hero_town_or_deck": "[a Hero from town or the Hero decks]",
    "card.target.dead_hero_own": "[a dead Hero in your scorekeeping area]",
    "card.target.dead_hero_opponent": "[a dead Hero in an opponent's scorekeeping area]",
    "card.target.spell_just_played": "[a Spell just played]",
    # effects
    "card.fx.room_damage_plus.adjacent": "{rooms} next to this Room deal +{amount} damage.",
    "card.fx.room_damage_plus.next": (
        "if the next Room is one of your {rooms}, it deals +{amount} damage."
    ),
    "card.fx.room_damage_plus.all_own": "your {rooms} deal +{amount} damage.",
    "card.fx.room_damage_plus.target": "that Room deals +{amount} damage.",
    "card.fx.room_damage_plus.this": "this Room deals +{amount} damage.",
    "card.fx.room_damage_plus.previous": (
        "if the Room to the left of this one is one of your {rooms}, it deals +{amount} damage."
    ),
    "card.fx.damage_equals_count": "this Room's damage is the number of {rooms} in your dungeon.",
    "card.fx.damage_per_count": "+{amount} damage for each other of your {rooms}.",
    "card.fx.treasure_plus": "your dungeon counts {amount} more {treasure} treasure.",
    "card.fx.treasure_double": "double the treasure of your other Rooms.",
    "card.fx.no_advanced_over": "no Advanced Room may be built on this Room.",
    "card.fx.no_room_over": "no Room may be built on this Room.",
    "card.fx.heal_wound": "heal one Wound.",
    "card.fx.kill_hero": "kill that Hero.",
    "card.fx.damage_hero": "deal {amount} damage to that Hero.",
    "card.fx.damage_hero_rooms": "deal that Hero as much damage as your dungeon has Rooms.",
    "card.fx.hero_health": "that Hero has +{amount} Health.",
    "card.fx.move_hero.town": "send that Hero back to town.",
    "card.fx.move_hero.first_room": "send that Hero back to your first Room (it walks on).",
    "card.fx.move_hero.back_one_room": "it goes back to the previous Room.",
    "card.fx.move_hero.own_entrance": "put that Hero at your dungeon's entrance.",
    "card.fx.move_hero.owner_entrance": "put it at the entrance of that player's dungeon.",
    "card.fx.remove_hero": "remove it from the game.",
    "card.fx.destroy_room.target": "destroy that Room.",
    "card.fx.kill_hero.in_room": "a Hero in it dies.",
    "card.fx.destroy_room.each_opponent_chooses": "each opponent destroys a Room of their choice.",
    "card.fx.deactivate_room": "deactivate that Room.",
    "card.fx.cancel_spell": "cancel that Spell.",
    "card.fx.build_extra": "build one more Room this turn.",
    "card.fx.no_build_this_turn": (
        "no Room is built this turn; face-down Rooms go back to the hand."
    ),
    "card.fx.no_hero_enters": "no Hero enters that dungeon this turn.",
    "card.fx.swap_rooms": "swap two Rooms of one dungeon.",
    "card.fx.draw.you.room": "draw {count} {count:Room card|Room cards}.",
    "card.fx.draw.you.spell": "draw {count} {count:Spell card|Spell cards}.",
    "card.fx.draw.every_player.room": "every player draws {count} {count:Room card|Room cards}.",
    "card.fx.draw.every_player.spell": "every player draws {count} {count:Spell card|Spell cards}.",
    "card.fx.discard.you.spell": "discard {count} {count:Spell card|Spell cards}.",
    "card.fx.discard.opponent.spell": (
        "that opponent discards {count} {count:Spell card|Spell cards} of their choice."
    ),
    "card.fx.discard_random.opponent.room": (
        "that opponent discards {count} random {count:Room card|Room cards}."
    ),
    "card.fx.discard_random.opponent.spell": (
        "that opponent discards {count} random {count:Spell card|Spell cards}."
    ),
    "card.fx.take_from_discard.you.any": (
        "take {count} {count:card|cards} from the discard pile into your hand."
    ),
    "card.fx.take_from_discard.you.room": (
        "take {count} {count:Room card|Room cards} from the discard pile into your hand."
    ),
    "card.fx.take_from_discard.you.monster_room": (
        "take {count} {count:Monster Room card|Monster Room cards} from the discard pile into "
        "your hand."
    ),
    "card.fx.take_random_from_hand.opponent.any": (
        "take {count} random {count:card|cards} from their hand."
    ),
    "card.fx.take_from_revealed_hand.opponent.any": (
        "they show their hand; take {count} {count:card|cards} from it."
    ),
    "card.fx.search_deck.you.spell": (
        "search the Spell deck for a Spell card; take it into your hand."
    ),
    "card.fx.search_and_build.you.advanced_monster_room": (
        "search the Room deck or discard pile for an Advanced Monster Room; you may build it at "
        "once."
    ),
    "card.fx.search_and_build.you.advanced_trap_room": (
        "search the Room deck or discard pile for an Advanced Trap Room; you may build it at once."
    ),
    "card.fx.discard_hand.every_player.any": "every player discards their hand.",
    "card.fx.draw_spell_instead.you.any": "draw from the Spell deck instead of the Room deck.",
    "card.until_end_of_turn": "(until end of turn)",
    "card.once_per_turn": "(once per turn)",
    "card.optional": "(optional)",
    "card.no_ability": "No ability.",
    # rulings the effects give
    "adv.enter_card": (
        "{hero} enters {room} (Room {room_n}) and takes {damage} damage ({total} of "
        "{health}); card effects: {cards}."
    ),
    "adv.card_back": (
        "{card} sends {hero} back to the previous Room, {room} (Room {room_n}), the first "
        "time it enters: {damage} damage ({total} of {health})."
    ),
    "adv.enter_ability_first": (
        "{hero} enters {room} (Room {room_n}): {card}'s ability takes effect before its damage."
    ),
    "card.no_more_damage": (
        "{hero} survived {card} (Room {room_n}): it deals no more damage until end of turn."
    ),
    "card.survived_here": (
        "{hero} survived {card} (Room {room_n}); its ability for {player}: {does}"
    ),
    "card.fx.no_more_damage": "this Room deals no more damage until end of turn.",
    "card.no_room_target": "{player}'s {card} fires, but there is no Room it may take.",
    "err.offer_boost_room": "{card}: pick another active Monster Room of your dungeon.",
    "card.target.other_own_monster_room": "[another Monster Room in your dungeon]",
    "card.uncovered": "{player} uncovered {card}; its ability: {does}",
    "card.fx.build_extra_over": "build one of your {rooms} over a Room of your dungeon at once.",
    "card.cost.destroy_this.then": "destroy this Room, then",
    "card.cost.destroy_another.then": "destroy another Room of your dungeon, then",
    "card.cost.discard_two_rooms.then": "discard two Room cards, then",
    "card.cost.discard_monster_room.then": "discard a Monster Room card, then",
    "card.cost.discard_spell.then": "discard a Spell card, then",
    "card.fx.damage_entrance": "deal {amount} damage to each Hero at your dungeon's entrance.",
    "card.built_another": "{player} built {room}, so {card} fires; its ability: {does}",
    "card.another_destroyed": (
        "{room} was destroyed in {player}'s dungeon, so {card} fires; its ability: {does}"
    ),
    "card.turn_end": "End of turn: {player}'s {card} fires; its ability: {does}",
    "card.turn_start": "Start of the turn: {player}'s {card} fires; its ability: {does}",
    "card.spell_played": "{caster} played {spell}, so {player}'s {card} fires; its ability: {does}",
    "card.marked": "{card}'s ability has fired this turn.",
    "card.used": "{player} uses {card}: {does}",
    "err.ability_not_now": "Room {index} has no ability that may be used now.",
    "err.ability_needs_room": "That ability needs a Room to aim at: pick a player and a Room.",
    "err.ability_needs_other": "{card}: pick another Room of your dungeon to destroy.",
    "card.fx.by_hand.hands_and_decks": (
        "by hand: cards in hands, decks or the discard pile only (the referee does not see them)."
    ),
    "card.fx.take_from_discard.you.spell": (
        "take {count} {count:Spell card|Spell cards} from the discard pile into your hand."
    ),
    "card.fx.discard.each_opponent.room": (
        "each opponent discards {count} {count:Room card|Room cards}."
    ),
    "card.fx.discard.each_opponent.spell": (
        "each opponent discards {count} {count:Spell card|Spell cards}."
    ),
    "card.to_first_room": (
        "{card} sends {hero} back to the first Room, {room}: {damage} damage "
        "({total} of {health}); it walks on from there."
    ),
    "card.fx.boss_treasure": ("for the rest of the game your Boss counts {treasure} treasure too."),
    "card.fx.hero_damage.double.epic": "it deals Epic Heroes double damage.",
    "card.fx.hero_damage.plus.worn": (
        "a Hero that has taken at least half its Health takes +{amount} damage here."
    ),
    "err.offer_place": "{card}: pick a Room it may take, naming its player.",
    "card.target.advanced_room_any_dungeon": "[an Advanced Room in any dungeon]",
    "err.spell_own_room": "{card} aims at a Room of your own dungeon.",
    "err.spell_opponent_room": "{card} aims at a Room of an opponent still in the game.",
    "err.spell_kill_limit": (
        "{card} can't kill this Hero: its Health is {health}, above the card's "
        "limit, and you have too few Wounds."
    ),
    "card.fx.kill_hero_limit": (
        "kill that Hero if it has at most {health} Health, or any Hero if you "
        "have at least {wounds} {wounds:Wound|Wounds}."
    ),
    "card.destroyed_itself": "{card} (Room {room_n}) destroys itself: {does}",
    "card.fx.destroy_room.this": "destroy this Room.",
    "card.died_here": "{hero} died in {card} (Room {room_n}); its ability for {player}: {does}",
    "card.used_up": (
        "{hero} died in {card} (Room {room_n}), whose ability has fired this turn already."
    ),
    "card.heal_none": ("{hero} died in {card} (Room {room_n}), but {player} has no Wound to heal."),
    "card.built": "{player} built {card}; its ability: {does}",
    "card.levelup": "{player}'s Boss {card} levels up; its Level Up: {does}",
    "err.card_no_advanced_over": "{card} allows no Advanced Room on it, so {room} can't go there.",
    # Spells played by name, and offered abilities
    "card.spell_cast": "{player} plays {card}.",
    "card.spell_by_hand": "{player} plays {card}: carry out its effect by hand.",
    "card.hand_room_played": "{player} discards {card} from the hand for its ability.",
    "card.hand_room_by_hand": (
        "{player} discards {card} from the hand for its ability: carry it out by hand."
    ),
    "card.room_boosted": "{card}: {room} (Room {room_n}) deals +{amount} damage until end of turn.",
    "card.hero_to_entrance": "{card}: {hero} goes from town to {player}'s entrance.",
    "card.offer_taken": "{player} takes the ability of {card}.",
    "card.offer_declined": "{player} declines the ability of {card}.",
    "err.not_a_spell": (
        "{card} is neither a Spell nor a Room card played from the hand whose ability the"
        " referee knows."
    ),
    "err.spell_phase": "{card} can only be played in the {phase} phase.",
    "err.spell_needs_room": "{card} needs a Room to aim at: pick a player and a Room.",
    "err.spell_room_type": "{card} can't aim at {room}: wrong kind of Room, or deactivated.",
    "err.spell_needs_hero_here": "{card} needs a Hero standing in a Room of your dungeon.",
    "err.spell_needs_town_hero": "{card} needs a Hero in town: pick one.",
    "err.offer_mandatory": "{card} is not optional: {player} must pick its target (no declining).",
    "err.offer_before_end": (
        "{player}'s {card} is not optional and waits for its answer: answer it before the "
        "turn ends."
    ),
    "err.offer_before_bait": (
        "{player}'s {card} waits for its answer: answer it before the Bait phase "
        "lures Heroes out of town."
    ),
    "card.fx.build_over_any": "an Advanced Room may be built over any Room, whatever its treasure.",
    "card.fx.no_build_adjacent": "no {rooms} may be built next to this Room.",
    "err.card_no_build_adjacent": (
        "{card} allows no Monster Room next to it, so {room} can't go there."
    ),
    "card.builds_over_any": (
        "{player} places a Room face down over {under} (Room {under_n}): {card} lets an "
        "Advanced Room go over any Room, whatever its treasure."
    ),
    "card.build_over_any_cast": (
        "{player} plays {card}: this Build phase their Advanced Room may go over any Room, "
        "whatever its treasure."
    ),
    "err.no_offer": "No card ability is waiting for {player}'s answer.",
    "card.no_target": "{player}'s {card} fires, but there is no Hero in town it may take.",
    "card.no_boss_target": "{player}'s {card} fires, but there is no other Boss it may take from.",
    "card.no_wound": "{player}'s {card} fires, but {player} has no Wound to heal.",
    "card.offer_destroy": "{owner}'s {card}: {player} must destroy one of their own Rooms.",
    "card.town_hero_killed": "{card}: {hero} is killed in town and scored face down by {player}.",
    "err.offer_hero": "{card}: pick a Hero in town.",
    "err.offer_ordinary_hero": "{card}: pick an ordinary Hero in town (not an Epic Hero).",
    "err.offer_room": "{card}: {player} picks one of their own Rooms to destroy.",
    # A Miniboss's level that fires as a Hero dies in its Room (rules.miniboss_deaths).
    "card.fx.ability_again": (
        'another Room of yours has its own "when you build this Room" ability again (or, with'
        ' none, its "when you uncover this Room" one).'
    ),
    "card.fx.room_rebuilt": (
        "when a Hero dies in this Room, another Room of your dungeon counts as just built:"
        ' its own "when you build this Room" again.'
    ),
    "card.fx.drawn_room_built": (
        "when a Hero dies in this Room, draw a Room card and build it at once (over one of"
        " your Rooms or as a new Room), besides this turn's build."
    ),
    "card.miniboss_died_here": (
        "{hero} died in {room} (Room {room_n}), where {card} stands; for {player}: {does}"
    ),
    "card.miniboss_used_up": (
        "{hero} died in {room} (Room {room_n}); {card}'s level has fired this turn already."
    ),
    "card.rebuilt": "{card}: {player}'s {room} (Room {room_n}) counts as just built.",
    "card.rebuilt_nothing": (
        "{card}: {player}'s {room} (Room {room_n}) counts as just built, but it has no"
        ' "when you build this Room" ability in effect: nothing happens.'
    ),
    "card.drawn_built_end": (
        "{card}: {player} builds {room}, the Room card drawn, at once as a new Room at the"
        " entrance end (besides this turn's build)."
    ),
    "card.drawn_built_over": (
        "{card}: {player} builds {room}, the Room card drawn, at once over {under} (Room"
        " {under_n}), besides this turn's build."
    ),
    "err.rebuild_room": "{card}: {player} names another active Room of theirs.",
    "err.drawn_room_needed": "{card}: name the Room card drawn and where it goes, or say No.",
}
