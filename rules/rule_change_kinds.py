"""Rules changed until end of turn, in the effect vocabulary (R-CARD-EFFECT): a Room whose
ability text is ignored (Sabotage!, Meddling Kids!, Cheat Code's Reward).

Values only, like ``rules.effect_kinds`` (which joins these to its ``Effect`` union);
``rules.ability_off`` carries them out.
"""

from __future__ import annotations

from typing import Literal

from rules.fact import Fact


class IgnoreAbility(Fact):
    """Until end of turn the Room aimed at has no ability text: it keeps its damage, its
    treasure and its place (unlike a deactivated Room, R-DEACTIVATE), but none of its
    abilities applies or fires."""

    kind: Literal["ignore_ability"] = "ignore_ability"


RuleChangeEffect = IgnoreAbility
RULE_CHANGE_KINDS = frozenset({"ignore_ability"})
