"""English rulings of the steps that come by themselves (``rules.follows``, R-FOLLOWS):
part of ``rules.rulings.MESSAGES``; every key has a ``ruling.<key>`` string in each UI
language."""

from __future__ import annotations

FOLLOW_MESSAGES: dict[str, str] = {
    "follow.bait": (
        "No Spell or Room ability may be played in the Bait phase, so the Heroes are lured at once."
    ),
    "follow.enter": (
        "Spells and abilities are played in a Room after its damage, not at the entrance: "
        "{hero} walks into {player}'s dungeon at once."
    ),
    "follow.end": (
        "No Spell or activated ability may be played at the end of a turn, so the turn is "
        "ruled on at once."
    ),
}
