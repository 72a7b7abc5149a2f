"""The squad game's sentences by message key (English; the app translates the same keys,
``ruling.<key>`` in ``data/i18n``). Merged into ``rules.rulings.MESSAGES``."""

from __future__ import annotations

#: What each MAP card kind is called on the card.
MAP_NAMES = {
    "kidnap": "Kidnap",
    "gullible_hero": "Gullible Hero",
    "parasols": "Parasols of Self-Reliance",
    "bullyhulk": "Big Bullyhulk",
    "fake_princess": "Fake Princess",
    "finale": "FINALE",
}

SQUAD_MESSAGES: dict[str, str] = {
    "sq.setup": (
        "{player} is {boss} and starts with a {color} princess, the colour of the highest "
        "army card."
    ),
    "sq.slots_dealt": (
        "SLOT1 shows {card1} ({color1}) from the TIMER deck and SLOT2 {card2} ({color2}) "
        "from the MAP deck; {left} TIMER cards lie above the FINALE."
    ),
    "sq.resolve": (
        "{player}'s Resolve phase: a squad that is the strongest of its colour on the table "
        "may capture a MAP card of that colour."
    ),
    "sq.resolve_skipped": "{player} has no standing squad, so the Resolve phase is skipped.",
    "sq.deploy": "{player}'s Deploy phase: each card played face up leads a new squad.",
    "sq.support_phase": (
        "Support phase: cards go face down under {player}'s squads, +1 each; no new squad now."
    ),
    "sq.retreat_phase": (
        "{player} regroups (the retreat pile goes back to the hand) and may now call "
        "squads back, each one whole."
    ),
    "sq.deployed": "{player} leads a new {color} squad with strength {strength}.",
    "sq.deployed_mercenary": (
        "{player}'s Mercenary leads a new {color} squad with strength {strength}."
    ),
    "sq.deployed_megagrump": (
        "{player}'s Megagrump leads a new {color} squad: strength 6, and support adds nothing."
    ),
    "sq.deployed_action": (
        "{player} plays the Boss Action: RECRUIT as a squad; with 2 support cards it "
        "resolves in a later Resolve phase."
    ),
    "sq.support": (
        "{player} puts {cards} support {cards:card|cards} face down under squad {squad}, "
        "+1 each: strength {total}."
    ),
    "sq.support_megagrump": (
        "{player} puts {cards} {cards:card|cards} under the Megagrump's squad {squad}: "
        "it stays at 6, support adds nothing."
    ),
    "sq.catapult": (
        "{player} plays a Catapult face up under squad {squad}: +{catapult}, strength {total}."
    ),
    "sq.retreat": "{player}'s squad {squad} retreats whole into the retreat pile.",
    "sq.recruit_back": (
        "{player}'s {recruit} was played face up, so it goes back to the recruit pile."
    ),
    "sq.captured": (
        "{player}'s {color} squad {squad} is the strongest of its colour ({strength}), so it "
        "captures {card} from SLOT{slot} and retreats whole."
    ),
    "sq.captured_tie": (
        "{player}'s {color} squad {squad} ties for the strongest ({strength}) on "
        "{player}'s turn, which wins the tie: it captures {card} from SLOT{slot} and "
        "retreats whole."
    ),
    "sq.kidnap_pile": "Kidnap: {player} takes a {color} princess from the wilds.",
    "sq.kidnap_from": "Kidnap: {player} takes {victim}'s {color} princess.",
    "sq.kidnap_none": "Kidnap: no princess is taken.",
    "sq.hero": "Gullible Hero: {player} takes {victim}'s {color} princess.",
    "sq.parasols": "Parasols of Self-Reliance: {owner}'s {color} princess escapes to the wilds.",
    "sq.parasols_none": "Parasols of Self-Reliance: no princess is sent back.",
    "sq.bullyhulk": "Big Bullyhulk: every standing squad of {victim} retreats.",
    "sq.fake": (
        "Fake Princess: {victim} puts 2 cards from the hand into the retreat pile (hands "
        "are not tracked: do it at the table)."
    ),
    "sq.finale": "{player} captures the FINALE: +1 point, and the game ends at once.",
    "sq.action_resolved": (
        "{player}'s Recruit action resolves: its squad retreats and a {recruit} joins the "
        "retreat pile."
    ),
    "sq.return_asked": "{player} now has 4 recruits: one goes back to the recruit pile at once.",
    "sq.recruit_returned": "{player} sends a {recruit} back to the recruit pile.",
    "sq.slot_timer": (
        "SLOT1 is refilled from the TIMER deck: {card} ({color}); {left} {left:card|cards} "
        "left above the FINALE."
    ),
    "sq.slot_finale": "The TIMER deck is used up: the FINALE shows in SLOT1 ({color}).",
    "sq.slot_map": "SLOT2 is refilled from the MAP deck: {card} ({color}).",
    "sq.map_empty": "The MAP deck is empty, so SLOT2 stays empty.",
    "sq.score": (
        "{player} scores {points}: 2 for each of {princesses} "
        "{princesses:princess|princesses}, +{pairs} for pairs of one colour, +{finale} for "
        "the FINALE."
    ),
    "sq.winner": "{player} has the most points ({points}) and wins.",
    "sq.tied": (
        '{players} tie for the most points ({points}): the first of them to shout "I WIN!" wins.'
    ),
    "sq.shouted": '{player} shouted "I WIN!" first and wins.',
    # refusals
    "err.sq.turn": "It is {active}'s turn.",
    "err.sq.not_this_game": "That is no move of the squad game.",
    "err.not_this_game": "That is a move of the squad game, not of Boss Monster.",
    "err.sq.over": "The game is over: the FINALE was captured.",
    "err.sq.return_first": "{player} must first send one of 4 recruits back to the recruit pile.",
    "err.sq.not_returning": "{player} has no 4th recruit to send back.",
    "err.sq.resolve_over": "{player}'s Resolve phase is over: squads capture only in it.",
    "err.sq.deploy_over": (
        "{player}'s Deploy phase is over: a new squad comes before any support card."
    ),
    "err.sq.support_over": "{player}'s Support phase is over: squads are being called back now.",
    "err.sq.finish_resolve": "Finish {player}'s Resolve phase first: refill the empty slots.",
    "err.sq.no_squad": "{player} has no standing squad {squad}.",
    "err.sq.beaten": (
        "{player}'s {color} squad {squad} ({strength}) is not the strongest of its colour: "
        "{by} has {by_strength}."
    ),
    "err.sq.no_colour": "A Recruit action squad has no colour, so it never captures a MAP card.",
    "err.sq.empty_slot": "SLOT{slot} is empty: nothing to capture there.",
    "err.sq.wrong_colour": (
        "SLOT{slot} holds a {card_color} card; squad {squad} is {color} and captures only "
        "its own colour."
    ),
    "err.sq.needs_princess": "{card} needs the colour of the princess taken.",
    "err.sq.needs_victim": "{card} needs the enemy it is played on.",
    "err.sq.self": "{card} is played on another player, not on {player}.",
    "err.sq.no_princess": "{victim} has no {color} princess.",
    "err.sq.unknown_player": "There is no player called {player}.",
    "err.sq.not_action": "Squad {squad} is not a Recruit action squad.",
    "err.sq.action_support": (
        "The Recruit action squad has {support} support {support:card|cards}: it resolves "
        "only with 2."
    ),
    "err.sq.action_twice": "{player}'s Recruit action card is already on the table.",
    "err.sq.needs_colour": (
        "A squad led by an army card or a recruit needs its colour: {player} names none."
    ),
    "err.sq.action_led": "A Recruit action squad is led by the action card, not by a {recruit}.",
    "err.sq.no_recruit": "{player} has no {recruit} free to play face up.",
    "err.sq.catapult_twice": "Squad {squad} already has a Catapult face up.",
    "err.sq.refill": "SLOT{slot} is not empty, so nothing is drawn into it.",
    "err.sq.refill_missing": "SLOT{slot} is empty: enter the card drawn into it.",
    "err.sq.finale_early": (
        "The FINALE lies under the TIMER deck, which still has {left} {left:card|cards}."
    ),
    "err.sq.finale_due": "The TIMER deck is used up: SLOT1 takes the FINALE now.",
    "err.sq.finale_map": "The FINALE comes from the TIMER deck into SLOT1, never into SLOT2.",
    "err.sq.no_support": "Add at least one support card or a Catapult.",
    "err.sq.no_race": 'Only a player tied for the most points at the end can shout "I WIN!".',
    "err.sq.race_over": '{winner} already shouted "I WIN!" first.',
}
