"""A Miniboss card's levels as abilities of the Room it stands on (R-MINI).

Each ability of a Miniboss card names its ``level``: it is on from that level while the
Miniboss is face up (level 2 adds to level 1; using Level 3 sets it back to Level 1). Its
passives ("always": "this Room has +1", "+1 Fighter", +1 per icon, icons doubled) are read
here wherever the Room's own passives are read (damage, treasure); a level used at will
has its own button (``rules.miniboss_level2``, ``rules.miniboss_level3``), and a few
passives act elsewhere (``rules.miniboss_coins``, ``rules.miniboss_heroes``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.effects import Ability, CardEffects, Trigger
from rules.models import Miniboss


def level_abilities(
    card: CardEffects | None, miniboss: Miniboss | None, trigger: Trigger
) -> Iterator[Ability]:
    """The passives of ``miniboss`` (its card's data ``card``) on at its level now."""
    if card is None or miniboss is None or miniboss.face_down or trigger != "always":
        return
    yield from (
        a
        for a in card.abilities
        if a.trigger == trigger and a.level is not None and a.level <= miniboss.level
    )
