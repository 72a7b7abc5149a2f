"""English phrases for rules changed until end of turn (``rules.rule_change_kinds``,
``rules.ability_off``); part of ``rules.rulings.MESSAGES``, each with a ``ruling.<key>``
string in every UI language.
"""

from __future__ import annotations

RULE_CHANGE_MESSAGES: dict[str, str] = {
    "card.fx.ignore_ability": (
        "until end of turn that Room has no ability text (it keeps its damage and treasure)."
    ),
    "card.fx.pick_room.ignore_ability.any.any": (
        "choose a Room in any dungeon: until end of turn it has no ability text."
    ),
    "card.if.more_minibosses": "if you have more Minibosses than each opponent,",
    "card.ability_off": (
        "{card}: {room} (Room {room_n}) of {player} has no ability text until end of turn;"
        " it still deals its damage and shows its treasure."
    ),
    "card.fx.no_win": (
        "choose a player: if {heroes} or more Heroes entered their dungeon this turn, that player "
        "cannot win this turn."
    ),
    "card.fx.no_wound_loss": (
        "this turn you cannot lose by Wounds (another player may still win by Souls)."
    ),
    "card.fx.town_instead": (
        "if this Hero would be killed, it goes back to town instead; the owner of that dungeon "
        "keeps this Item."
    ),
    "card.no_win_armed": (
        "{card}: if {heroes} or more Heroes enter {player}'s dungeon this turn, {player} cannot "
        "win this turn."
    ),
    "card.hero_entered_counted": (
        "{card}: {hero} is Hero {count} to enter {player}'s dungeon this turn."
    ),
    "card.no_wound_loss": ("{card}: {player} cannot lose by Wounds this turn."),
    "card.town_instead": (
        "{card}: {hero} would be killed in {player}'s dungeon; it goes back to town instead, and "
        "its Item is {player}'s."
    ),
    "card.town_instead.entrance": (
        "{card}: {hero} would be killed at {player}'s entrance; it goes back to town instead,"
        " and its Item is {player}'s."
    ),
    "card.town_instead.town": (
        "{card}: {hero} would be killed in town by {player}'s card; it stays in town instead,"
        " and its Item is {player}'s."
    ),
    "end.no_win_barred": (
        "{player} has 10 Souls or more but cannot win this turn: enough Heroes entered their "
        "dungeon after a Spell barred them."
    ),
    "end.wounds_spared": (
        "{player} has 5 Wounds or more but does not lose by Wounds this turn (an Item's Reward)."
    ),
    "err.spell_needs_player": ("{card} needs a player still in the game: name one."),
    "card.fx.spell_tax": (
        "choose an opponent: until end of turn they pay a Coin for each Spell they cast; a "
        "Spell not paid for is cancelled."
    ),
    "card.fx.no_spells": (
        "while this Hero is in your dungeon or at its entrance, you may not play Spells."
    ),
    "card.spell_tax_armed": (
        "{card}: until end of turn {player} pays a Coin for each Spell; with none, the Spell is"
        " cancelled."
    ),
    "card.spell_cancelled_unpaid": (
        "{card} of {player} is cancelled: no Coin to pay for it this turn; it is not cast."
    ),
    "err.spell_forbidden": (
        "{player} may not play Spells while a Hero carrying {item} is in their dungeon or at "
        "its entrance."
    ),
    "card.fx.dungeon_abilities_off": (
        "while this Hero is in your dungeon, ignore all Room ability text in your dungeon."
    ),
    "card.dungeon_abilities_off": (
        "{card}: while {hero} walks {player}'s dungeon, its Rooms have no ability text (they "
        "still deal their damage)."
    ),
    "card.dungeon_abilities_back": (
        "{hero} has left {player}'s dungeon: its Rooms have their ability text again."
    ),
}
