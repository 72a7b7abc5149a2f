"""The score at the end (R-SQ-SCORE, R-SQ-PAIRS) and who has the most points (R-SQ-IWIN).

2 points per princess, 1 bonus point per pair of princesses of the same colour, 1 for
the FINALE. Three of a colour are one pair and one more princess (four are two pairs):
each princess counts in one pair at most (R-SQ-PAIRS, our reading; the rulebook does not
say).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rules.models import Frozen

POINTS_PER_PRINCESS = 2
POINTS_PER_PAIR = 1
POINTS_FOR_FINALE = 1


class Score(Frozen):
    name: str
    points: int
    princesses: int
    pairs: int
    finale: bool


def pairs(princesses: Iterable[str]) -> int:
    """How many pairs of the same colour the princesses make; each counts in one pair."""
    return sum(count // 2 for count in Counter(princesses).values())


def score(name: str, princesses: Sequence[str], finale: bool) -> Score:
    matched = pairs(princesses)
    points = (
        POINTS_PER_PRINCESS * len(princesses)
        + POINTS_PER_PAIR * matched
        + (POINTS_FOR_FINALE if finale else 0)
    )
    return Score(name=name, points=points, princesses=len(princesses), pairs=matched, finale=finale)


def winners(scores: Sequence[Score]) -> tuple[str, ...]:
    """Everyone with the most points: one name, or the players tied for the race."""
    best = max(s.points for s in scores)
    return tuple(s.name for s in scores if s.points == best)
