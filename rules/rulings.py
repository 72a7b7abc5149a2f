"""Rule ids and the one-sentence explanations a player sees.

Every ruling and refusal carries a rule id from ``shared/rulings.md`` (plus the few the
project adds for its own bookkeeping) and a message key with arguments, so the app can
render it in any language while the engine and the command-line referee speak English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.boss_messages import BOSS_MESSAGES
from rules.card_messages import CARD_MESSAGES
from rules.card_messages_lasting import LASTING_MESSAGES
from rules.card_text import ability_words, phrases, sentences
from rules.coin_messages import COIN_MESSAGES
from rules.effects import CardEffects
from rules.follow_messages import FOLLOW_MESSAGES
from rules.item_messages import ITEM_MESSAGES
from rules.plurals import Arg as Arg
from rules.plurals import render
from rules.room_messages import ROOM_MESSAGES
from rules.rule_change_messages import RULE_CHANGE_MESSAGES
from rules.spell_coin_messages import SPELL_COIN_MESSAGES
from rules.squads.messages import SQUAD_MESSAGES

RuleId = Literal[
    "R-BAIT-TOTAL",
    "R-BAIT-HIGHEST",
    "R-BAIT-HYBRID",
    "R-BAIT-ORDER",
    "R-BAIT-OUT",
    "R-BAIT-SPLIT",
    "R-ADV-ORDER",
    "R-ADV-WALK",
    "R-ADV-DEATH",
    "R-ADV-SURVIVE",
    "R-ADV-RESET",
    "R-HEAL",
    "R-END-ELIM",
    "R-END-WIN",
    "R-END-LAST",
    "R-END-ALLOUT",
    "R-END-XP",
    "R-END-FIVESIX",
    "R-VAR-UNLIMITED",
    "R-VAR-MACHINATIONS",
    "R-BUILD-MAX",
    "R-BUILD-WHERE",
    "R-BUILD-ONE",
    "R-LEVELUP",
    "R-DESTROY",
    "R-DEACTIVATE",
    "R-SETUP-HEROES",
    "R-SETUP-HAND",
    "R-SETUP-FIRST",
    "R-ITEM",
    "R-MINI",
    "R-PHASE",
    "R-TURN-REVEAL",
    "R-SCORE-CORRECT",
    "R-CARD-EFFECT",
    "R-FOLLOWS",  # a step that comes by itself (rules/follows.py)
    # The app's own bookkeeping: a table changed meanwhile, undo/redo, an unknown player.
    "R-STALE",
    "R-UNDO",
    "R-PLAYER",
    # the squad game (rules/squads/, data/glossary/squads_rulings.md)
    "R-SQ-SETUP",
    "R-SQ-TYPED",
    "R-SQ-TURN",
    "R-SQ-RESOLVE",
    "R-SQ-SQUAD",
    "R-SQ-RECRUIT",
    "R-SQ-ACTION",
    "R-SQ-STRONGEST",
    "R-SQ-TIE",
    "R-SQ-CAPTURE",
    "R-SQ-REFILL",
    "R-SQ-MAP",
    "R-SQ-KIDNAP",
    "R-SQ-HERO",
    "R-SQ-PARASOLS",
    "R-SQ-BULLYHULK",
    "R-SQ-FAKE",
    "R-SQ-END",
    "R-SQ-SCORE",
    "R-SQ-PAIRS",
    "R-SQ-IWIN",
]


class Ruling(BaseModel):
    """Why something happened (or may not happen): a rule id and a sentence to show."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: RuleId
    key: str
    args: dict[str, Arg] = {}

    @property
    def why(self) -> str:
        return explain(self.key, self.args)


#: Message keys that are parts of a card's description ("When you build this Room:",
#: "deal +1 damage."), joined into sentences by ``card_text``, not sentences of their own.
_FRAGMENTS = ("card.fx.", "card.when.", "card.target.", "card.cost.", "card.if.")


def explain(key: str, args: dict[str, Arg]) -> str:
    """The English sentence for a message key (the app translates the same key)."""
    return as_sentence(key, render(MESSAGES[key], with_ability(args, explain)))


def with_ability(args: dict[str, Arg], say: Callable[[str, dict[str, Arg]], str]) -> dict[str, Arg]:
    """``args`` with a card ability named by reference (``does``: "TNL019:0") worded from
    its facts by ``say`` (each language's phrases), so a firing ability says what it does."""
    if "does" not in args:
        return args
    return {**args, "does": ability_words(str(args["does"]), say)}


def describe(card: CardEffects) -> str:
    """The card's abilities in the engine's English (the app renders the same phrases)."""
    return sentences(explain(k, a) for ability in phrases(card) for k, a in ability)


def as_sentence(key: str, text: str) -> str:
    """``text`` with a capital first letter when ``key`` is a sentence of its own: one that
    opens with a card or a name reads "Fighter Hero #2 enters…", not "fighter Hero #2"."""
    return text if key.startswith(_FRAGMENTS) else capitalized(text)


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital (a label heading a line: "Fighter Hero
    #2"); the rest as it is, unlike ``str.capitalize``."""
    return text[:1].upper() + text[1:]


# English sentences by key. Arguments in braces. Keep each to one sentence.
MESSAGES: dict[str, str] = {
    # bait
    "bait.lured": (
        "{player}'s dungeon has the single highest {treasure} total ({total}; others: "
        "{others}), so it lures this Hero."
    ),
    "bait.lured_hybrid": (
        "{player}'s dungeon has the single highest combined {treasure} total ({total}; "
        "others: {others}), so it lures this Hybrid Hero."
    ),
    "bait.tie": (
        "The highest {treasure} total ({total}) is shared by {players}, so the Hero stays in town."
    ),
    "bait.none": "No dungeon has any {treasure} treasure above zero, so the Hero stays in town.",
    "bait.split": (
        "{players} tie at {total} {treasure}; with enough such Heroes in town each tied "
        "dungeon lures one, highest XP first, so this one goes to {player}."
    ),
    "bait.split_left": (
        "{players} tie at {total} {treasure} and too few such Heroes are left to give each "
        "tied dungeon one, so this Hero stays in town."
    ),
    "bait.queue": "Heroes arrive at {player}'s entrance in the order they were revealed.",
    # adventure
    "adv.enter": (
        "{hero} enters {room} (Room {room_n}) and takes {damage} damage ({total} of {health})."
    ),
    "adv.pass_blank": "{hero} passes the deactivated Room, a blank space: no damage.",
    "adv.skip": "{hero} skips {room} (Room {room_n}): no damage, no effect.",
    "adv.skip_armed": "{hero} will pass the next Room without entering it.",
    "adv.player_done": "{player}'s Adventure phase is over: no Hero is left at the entrance.",
    "adv.death": (
        "{hero} leaves {room} (Room {room_n}) with {total} damage against {health} Health, so it "
        "dies "
        "there: {worth} {worth:Soul|Souls} for {player}."
    ),
    "adv.killed": (
        "{hero} is killed in {room} (Room {room_n}) by a spell or ability: {worth} "
        "{worth:Soul|Souls} for {player}."
    ),
    "adv.killed_entrance": (
        "{hero} is killed at {player}'s entrance by a spell or ability: {worth} "
        "{worth:Soul|Souls} for {player}."
    ),
    "adv.survive": (
        "{hero} reaches {player}'s Boss with {total} damage against {health} Health: "
        "{worth} {worth:Wound|Wounds}."
    ),
    "adv.extra_damage": (
        "{hero} takes {amount} extra damage in {room} (Room {room_n}) ({total} of {health})."
    ),
    "adv.heal": "{hero} heals {amount} in {room} (Room {room_n}) ({total} of {health}).",
    "adv.sent_town": (
        "{hero} is sent back to town; it joins the back of the line and its damage is gone."
    ),
    "adv.sent_entrance": (
        "{hero} is sent back to {player}'s entrance; it lines up behind the others there."
    ),
    "adv.room_destroyed_under": (
        "The Room {hero} stood in was destroyed, so it moves on without taking damage from "
        "the Room uncovered beneath."
    ),
    "adv.walk_start": (
        "{hero} steps up to {player}'s dungeon: players go highest XP first, Heroes in "
        "arrival order."
    ),
    "adv.done": "Every player has had an Adventure phase: the turn ends.",
    "heal.wound": "{player} heals a Wound: {hero} is turned face down and counts as Souls.",
    # build
    "build.placed_end": (
        "{player} places a Room face down at the entrance, in front of the other Rooms."
    ),
    "build.placed_over": "{player} places a Room face down over {under} (Room {under_n}).",
    "build.revealed_end": "{player} reveals {room}, now the first Room at the entrance.",
    "build.revealed_over": "{player} reveals {room} over {under} (Room {under_n}).",
    "build.levelup": (
        "{player}'s dungeon has five Rooms for the first time: the Boss levels up (once per game)."
    ),
    "build.destroyed": (
        "{player}'s {room} is destroyed; nothing lay beneath it, so the dungeon closes up toward "
        "the Boss."
    ),
    "build.destroyed_uncovering": (
        "{player}'s {room} is destroyed; {uncovered} beneath it is uncovered (that is not "
        "building it)."
    ),
    "build.deactivated": (
        "{player}'s {room} is turned sideways until the end of the turn: no treasure, no "
        "damage, no ability."
    ),
    "build.reactivated": "{player}'s {room} is turned upright again at the end of the turn.",
    "bonus.set": "{player}'s {treasure} bonus is now {amount}.",
    # turn flow
    "turn.revealed": "{hero} is revealed and joins the back of the town line.",
    "turn.started": "Turn {turn} begins: reveal {count} {count:Hero|Heroes}, one per player.",
    "turn.phase": "The {phase} phase begins.",
    "setup.done": "The first Rooms are revealed; set-up is complete.",
    "score.corrected": (
        "{player}'s score is corrected by hand ({souls:+d} {souls:Soul|Souls}, "
        "{wounds:+d} {wounds:Wound|Wounds}): {reason}."
    ),
    "err.souls_below_zero": "{player} has {now} {now:Soul|Souls}: {change:+d} goes below zero.",
    "err.wounds_below_zero": "{player} has {now} {now:Wound|Wounds}: {change:+d} goes below zero.",
    # end of turn
    "end.reset": "Damage on Heroes never carries over to the next turn.",
    "end.eliminated": "{player} ends the turn with {wounds} Wounds (5 or more) and is out.",
    "end.win": "{player} ends the turn with {souls} Souls and fewer than 5 Wounds and wins.",
    "end.win_tiebreak": (
        "{players} all reach 10 Souls; {player} has the highest Souls minus Wounds ({net})."
    ),
    "end.win_xp": (
        "{players} tie on Souls minus Wounds ({net}); the tie goes to the {which} XP: {player}."
    ),
    "end.last": "{player} is the last player left and wins.",
    "end.allout": (
        "Every player still in the game went out this turn; {player} has the highest Souls "
        "minus Wounds ({net}) and wins."
    ),
    "end.fivesix_souls": (
        "10 Souls reached by {reached}, so this 5–6 player game ends: {player} has the "
        "highest Souls minus Wounds ({net})."
    ),
    "end.fivesix_deck": (
        "The last Hero of the deck came to town this turn, so this 5–6 player game ends: "
        "{player} has the highest Souls minus Wounds ({net})."
    ),
    "end.unlimited": (
        "The Hero decks are empty at the end of the turn, so the game ends: {player} has the "
        "highest Souls minus Wounds ({net})."
    ),
    "end.no_winner": "Nobody has won yet: the game goes on.",
    "end.draw": (
        "{players} tie on Souls minus Wounds ({net}) and on XP: the game ends in a shared victory."
    ),
    "end.no_elim_fivesix": (
        "{player} has {wounds} Wounds, but nobody is eliminated in a 5–6 player game."
    ),
    "end.no_elim_unlimited": (
        "{player} has {wounds} Wounds, but nobody is eliminated with Unlimited Lives."
    ),
    "end.machinations": (
        "{player} gained no Soul this turn and may draw a Room or a Spell (Machinations)."
    ),
    # refusals
    "err.phase": "That can't be done in the {phase} phase; it belongs to the {expected} phase.",
    "err.game_over": "The game is over: {why}",
    "err.no_player": "There is no player called {player!r}.",
    "err.eliminated": "{player} is out of the game and no longer plays.",
    "err.build_twice": "{player} has already placed a Room this Build phase (one per turn).",
    "err.build_max": ("{player}'s dungeon already has five Rooms: build over one of them instead."),
    "err.build_no_stack": "{player}'s dungeon has no Room at position {index}.",
    "err.build_advanced": (
        "An Advanced Room must go over a Room sharing a treasure type; {room} has {treasure}."
    ),
    "err.build_advanced_end": (
        "An Advanced Room ({room}) must be built over a Room sharing a treasure type, not at "
        "the entrance end."
    ),
    "err.build_deactivated": "Nothing can be built over a deactivated Room ({room}).",
    "err.destroy_deactivated": "A deactivated Room ({room}) can't be destroyed.",
    "err.face_down": (
        "{room} is covered by a Room placed face down this phase: it can't be touched."
    ),
    "err.deactivate_twice": "{room} is already deactivated.",
    "err.reveal_count": (
        "This turn reveals {expected} {expected:Hero|Heroes}, one per player (fewer only "
        "when the deck runs out); you entered {got}."
    ),
    "err.reveal_epic_early": (
        "{left} ordinary {left:Hero is|Heroes are} still in the deck: Epic Heroes come "
        "only after every ordinary Hero."
    ),
    "err.reveal_ordinary_late": "The ordinary Heroes are used up: the next Heroes are Epic.",
    "err.town_full": (
        "The town holds at most {most} Heroes (more than every Hero deck together): this "
        "turn reveals only as many as it has room for."
    ),
    "err.hard_mode": (
        "Hard Mode removes every ordinary Hero with 4 Health, so {hero} can't be revealed."
    ),
    "err.no_walk": "No Hero is walking a dungeon right now.",
    "err.walk_at_entrance": "{hero} has not entered a Room yet.",
    "err.amount": "The amount must be at least 1 (got {amount}).",
    "err.no_wound": "{player} has no Wound to heal.",
    "err.stale": (
        "That was entered on an older view of the table (version {got}, now {now}); "
        "look again and retry."
    ),
    "err.nothing_to_undo": "There is nothing to undo.",
    "err.nothing_to_redo": "There is nothing to redo.",
    "err.no_room_walk": "{player}'s dungeon has no Room at position {index}.",
    # Tools of Hero-Kind (R-ITEM)
    "item.revealed": "{item} is revealed and lies in town until a Hero that can carry it takes it.",
    "item.taken_town": (
        "{hero} has waited in town the longest of the Heroes able to carry {item}, so it takes it."
    ),
    "item.taken_new": "{hero} is the first Hero able to carry {item} to come to town: it takes it.",
    "item.won": "{hero} died carrying {item}, so {player} gets the Item face up.",
    "item.won_swap": (
        "{hero} died carrying {item}, which {player} gets face up while {other} turns face "
        "down (one face-up Item at a time; {player} may keep either one up)."
    ),
    "item.kept_down": "{hero} survived carrying {item}, so {player} keeps the Item face down.",
    "item.chosen": "{player} keeps {item} face up; {other} turns face down.",
    "item.stays": "{hero} is still in town and keeps carrying {item}.",
    "item.used": "{player} uses the Boss effect of {item} once, then turns it face down.",
    "err.items_off": "This game is played without Items (Tools of Hero-Kind is not in use).",
    "err.items_first": (
        "Reveal this turn's {count} {count:Item|Items} first: Items come before Heroes."
    ),
    "err.items_twice": "This turn's Items have already been revealed.",
    "err.item_deck_empty": "The Item deck is empty: go on and reveal the Heroes.",
    "err.item_count": (
        "With {players} players each turn reveals {expected} {expected:Item|Items} (fewer "
        "only when the Item deck runs out); you entered {got}."
    ),
    "err.item_explorer": (
        "{item} is for Explorers, who come only with Crash Landing: set it aside and "
        "reveal another Item."
    ),
    "err.item_not_owned": "{player} has no Item #{item}.",
    "err.item_face_down": "{item} is face down: only a face-up Item can be used.",
    "err.item_already_up": "{item} is already face up.",
    "err.item_no_choice": (
        "{player} may pick the face-up Item only after winning one while another lay face "
        "up, before using an Item and within the same turn."
    ),
    # Rise of the Minibosses (R-MINI)
    "coins.gained": "{player} gains {amount} {amount:Coin|Coins} and now has {total}.",
    "coins.paid": "{player} pays {amount} {amount:Coin|Coins} and has {total} left.",
    "coins.placed": (
        "{player} puts {amount} {amount:Coin|Coins} from the hoard on {room} (Room {room_n})."
    ),
    "coins.taken": (
        "{player} takes {amount} {amount:Coin|Coins} from {room} (Room {room_n}) back to the hoard."
    ),
    "coins.room_discarded": (
        "{player} discards a Room card from the hand for a Coin (once per turn, mixed sets)."
    ),
    "coins.covered": (
        "{room} (Room {room_n}) is covered, so {coins:the Coin|the {coins} Coins} on it "
        "{coins:is|are} lost."
    ),
    "coins.destroyed": (
        "{room} (Room {room_n}) is destroyed, so {coins:the Coin|the {coins} Coins} on it "
        "{coins:is|are} lost."
    ),
    "mini.placed": (
        "{player} places a Miniboss face down on {room} (Room {room_n}) instead of building a "
        "Room this turn."
    ),
    "mini.declined": (
        "{player} won't pay for {miniboss} on {room} (Room {room_n}), so it is discarded."
    ),
    "mini.revealed": (
        "{player} pays 1 Coin to reveal {miniboss} on {room} (Room {room_n}): it starts at Level 1."
    ),
    "mini.unpaid": (
        "{player} has no Coin to pay for {miniboss} on {room} (Room {room_n}), so it is discarded."
    ),
    "mini.promoted": (
        "{player} pays 1 Coin to promote {miniboss} on {room} (Room {room_n}) to Level {level}."
    ),
    "mini.level3_used": (
        "{player} uses the Level 3 ability of {miniboss}; it drops back to Level 1."
    ),
    "mini.covered": "{room} (Room {room_n}) is built over, so {miniboss} on it is discarded.",
    "mini.destroyed": "{room} (Room {room_n}) is destroyed, so {miniboss} on it is discarded.",
    "err.minibosses_off": (
        "This game is played without Minibosses and Coins (Rise of the Minibosses is not in use)."
    ),
    "err.coin_for_room_off": (
        "Discarding a Room card for a Coin is the mixed-sets option, which this game does not use."
    ),
    "err.coin_for_room_twice": "{player} has already discarded a Room card for a Coin this turn.",
    "err.coins_short": "{player} has {coins} {coins:Coin|Coins} and can't pay {amount}.",
    "err.room_coins_short": (
        "{room} (Room {room_n}) holds {coins} {coins:Coin|Coins}, not {amount}."
    ),
    "err.mini_there": "{room} (Room {room_n}) already has a Miniboss.",
    "err.mini_adjacent": (
        "A Miniboss can't go on {room} (Room {room_n}): the Room next to it, {other} (Room "
        "{other_n}), already has one."
    ),
    "err.no_face_down_mini": "{player} has no face-down Miniboss waiting to be revealed.",
    "err.no_mini": "{room} (Room {room_n}) has no Miniboss.",
    "err.mini_face_down": "The Miniboss on {room} (Room {room_n}) is still face down.",
    "err.promote_twice": "{player} has already promoted a Miniboss this turn (one per turn).",
    "err.mini_max": "{miniboss} is already at its top level ({level}).",
    "err.mini_not_level3": "{miniboss} is at Level {level}: only Level 3 can be used.",
    "err.mini_deactivated": (
        "{room} (Room {room_n}) is deactivated: its Miniboss's abilities are off."
    ),
    **CARD_MESSAGES,  # card abilities: generated descriptions and their rulings
    **LASTING_MESSAGES,  # conditions, counters, lasting changes (rules/card_lasting.py)
    **COIN_MESSAGES,  # Rise of the Minibosses' card abilities (rules/coin_messages.py)
    **ITEM_MESSAGES,  # Tools of Hero-Kind's Item abilities (rules/item_messages.py)
    **ROOM_MESSAGES,  # Rooms moved within a dungeon, a die's damage (rules/room_messages.py)
    **BOSS_MESSAGES,  # a Boss's Level Up used at will (rules/boss_messages.py)
    **SQUAD_MESSAGES,  # the squad game (rules/squads/messages.py)
    **FOLLOW_MESSAGES,  # steps that come by themselves (rules/follow_messages.py)
    **RULE_CHANGE_MESSAGES,  # rules changed until end of turn (rules/rule_change_messages.py)
    **SPELL_COIN_MESSAGES,  # Coins spent on a Spell, a Miniboss's level (spell_coin_messages)
}
