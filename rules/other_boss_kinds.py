"""A Level Up that takes from another player's Boss, in the effect vocabulary: its treasure
icons (Mirrax) or its Level Up ability (Klonos), R-CARD-EFFECT.

Values only, like ``rules.boss_kinds`` (``rules.effect_kinds`` joins these effects to its
``Effect`` union). Each is asked as the Level Up fires, naming the other player:
``rules.spell_effects.boss_treasure_of`` and ``rules.boss_level_up.copied`` carry them
out.
"""

from __future__ import annotations

from typing import Literal

from rules.fact import Fact


class BossTreasureOfAnother(Fact):
    """Choose another player's Boss: for the rest of the game yours counts its treasure
    icons too (kept as the dungeon's treasure bonus, R-BAIT-TOTAL), even if it dies."""

    kind: Literal["boss_treasure_of_another"] = "boss_treasure_of_another"


class CopyBossLevelUp(Fact):
    """Choose another player's Boss: from now on yours has its Level Up ability too, and a
    Level Up that acts once acts now (Klonos; ``rules.boss_level_up``)."""

    kind: Literal["copy_boss_level_up"] = "copy_boss_level_up"


OtherBossEffect = BossTreasureOfAnother | CopyBossLevelUp
