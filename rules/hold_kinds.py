"""Heroes a card holds back for the turn, in the effect vocabulary: kept in town from the
Bait (Doc Scarecrow) or kept at an entrance from the dungeon (Haunted Cavern),
R-CARD-EFFECT.

Values only, like ``rules.coin_kinds`` (``rules.effect_kinds`` joins these effects to its
``Effect`` union). A Hero held is marked in the turn's card uses (``HELD``, ``WAITING``),
which end with the turn: ``rules.bait`` leaves a held Hero in town, ``rules.adventure``
starts no walk for a waiting one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rules.fact import Fact


class KeepInTown(Fact):
    """The Hero in town the owner picks cannot be lured this turn: the Bait leaves it in
    town (R-BAIT-HIGHEST; Doc Scarecrow)."""

    kind: Literal["keep_in_town"] = "keep_in_town"


class KeepAtEntrance(Fact):
    """The Hero the owner picks at the entrance of their dungeon cannot enter it until next
    turn: it waits there (R-ADV-ORDER; Haunted Cavern)."""

    kind: Literal["keep_at_entrance"] = "keep_at_entrance"


HoldEffect = KeepInTown | KeepAtEntrance

HELD = "held:"  # the turn's mark of a Hero that cannot be lured: held:<hero>
WAITING = "waiting:"  # the turn's mark of a Hero that cannot enter: waiting:<hero>


def _marked(uses: Sequence[str], mark: str) -> frozenset[int]:
    return frozenset(int(u[len(mark) :]) for u in uses if u.startswith(mark))


def held_heroes(uses: Sequence[str]) -> frozenset[int]:
    """The Heroes that cannot be lured this turn, by their marks in the turn's card uses."""
    return _marked(uses, HELD)


def waiting_heroes(uses: Sequence[str]) -> frozenset[int]:
    """The Heroes that cannot enter a dungeon this turn (they wait at its entrance)."""
    return _marked(uses, WAITING)
