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
}
