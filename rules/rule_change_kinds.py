"""Rules changed until end of turn, in the effect vocabulary (R-CARD-EFFECT): a Room whose
ability text is ignored (Sabotage!, Meddling Kids!, Cheat Code's Reward), a player who
cannot win or cannot lose by Wounds this turn (Meddling Kids!, Extra Life's Reward), a
Hero that goes back to town instead of dying (Extra Life's Power-Up).

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.ability_off`` and ``rules.turn_bars`` carry them out.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.fact import Fact


class IgnoreAbility(Fact):
    """Until end of turn the Room aimed at has no ability text: it keeps its damage, its
    treasure and its place (unlike a deactivated Room, R-DEACTIVATE), but none of its
    abilities applies or fires."""

    kind: Literal["ignore_ability"] = "ignore_ability"


class NoWin(Fact):
    """The player named cannot win this turn if at least ``heroes`` Heroes entered their
    dungeon this turn (counted from the Spell on; Meddling Kids!)."""

    kind: Literal["no_win"] = "no_win"
    heroes: Annotated[int, Field(ge=1, le=5)] = 3


class NoWoundLoss(Fact):
    """This turn its player cannot lose by Wounds (another may still win by Souls)."""

    kind: Literal["no_wound_loss"] = "no_wound_loss"


class TownInstead(Fact):
    """The Hero carrying this Item, about to be killed, goes back to town instead; the
    owner of the dungeon keeps the Item as if it had died there (Extra Life)."""

    kind: Literal["town_instead"] = "town_instead"


class SpellTax(Fact):
    """Until end of turn the opponent named pays a Coin for each Spell they cast; one not
    paid for is cancelled (Short Circuit)."""

    kind: Literal["spell_tax"] = "spell_tax"


class NoSpells(Fact):
    """While the Hero carrying this Item walks a dungeon or waits at its entrance, the
    dungeon's owner may not play Spells (Ring of Invisibility)."""

    kind: Literal["no_spells"] = "no_spells"


class IgnoreDungeonAbilities(Fact):
    """While the Hero carrying this Item walks a dungeon, the ability text of every Room
    of that dungeon is ignored (Cheat Code's Power-Up)."""

    kind: Literal["dungeon_abilities_off"] = "dungeon_abilities_off"


RuleChangeEffect = (
    IgnoreAbility | NoWin | NoWoundLoss | TownInstead | SpellTax | NoSpells | IgnoreDungeonAbilities
)
# A Spell's (rules.spells), an Item's (rules.turn_bars, rules.spell_bars):
RULE_CHANGE_KINDS = frozenset({"ignore_ability", "no_win", "spell_tax"})
ITEM_RULE_KINDS = frozenset({"no_wound_loss", "town_instead", "no_spells", "dungeon_abilities_off"})
NAMES_PLAYER = frozenset({"no_win"})  # the choice of an "OR" Spell cast at a player
