"""Who wins a colour in a Resolve phase (R-SQ-STRONGEST, R-SQ-TIE, R-SQ-ACTION).

Only the active player's standing squads may capture. A squad is victorious when no
standing squad of its colour on the whole table, every player's counted, is stronger;
a tie for the strongest is won by the active player ("your turn, you win the tie"), and
two of the active player's own squads tied at the top are both victorious. A Recruit
action squad has no colour: it never captures, and resolves with at least 2 support.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.models import Frozen
from rules.squads.models import MAP_KINDS, MapCard, MapKind, Squad, SquadPlayer


class Verdict(Frozen):
    """What the Resolve phase makes of one of the active player's colour squads."""

    index: int
    color: str
    strength: int
    victorious: bool
    #: Victorious only through the active player's tie (another player's squad is as strong).
    tie: bool = False
    #: For a beaten squad: the owner of the strongest squad of its colour, and its strength.
    by: str | None = None
    by_strength: int | None = None

    @property
    def rule(self) -> str:
        return "R-SQ-TIE" if self.tie else "R-SQ-STRONGEST"


def verdict(players: Sequence[SquadPlayer], active: str, index: int) -> Verdict:
    """The verdict on the active player's squad at ``index`` (one with a colour)."""
    own = next(p for p in players if p.name == active).squads[index]
    if own.color is None:
        raise ValueError("a Recruit action squad has no colour to win")
    rivals = [
        (player.name, squad)
        for player in players
        for squad in player.squads
        if squad.color == own.color and not (player.name == active and squad is own)
    ]
    top = max((squad.total for _, squad in rivals), default=-1)
    if own.total >= top:
        tie = any(name != active and squad.total == own.total for name, squad in rivals)
        return Verdict(index=index, color=own.color, strength=own.total, victorious=True, tie=tie)
    by = next(name for name, squad in rivals if squad.total == top)
    return Verdict(
        index=index,
        color=own.color,
        strength=own.total,
        victorious=False,
        by=by,
        by_strength=top,
    )


def verdicts(players: Sequence[SquadPlayer], active: str) -> list[Verdict]:
    """The verdict on each of the active player's squads that has a colour, in order."""
    squads = next(p for p in players if p.name == active).squads
    return [verdict(players, active, i) for i, s in enumerate(squads) if s.color is not None]


def action_resolves(squad: Squad) -> bool:
    """A Recruit action squad resolves with at least 2 support cards (R-SQ-ACTION)."""
    return squad.action == "recruit" and squad.support >= 2


def open_slots(slots: Sequence[MapCard | None], color: str) -> list[int]:
    """The slots (1, 2) holding a MAP card of ``color``: what a victorious squad of that
    colour may capture (R-SQ-CAPTURE)."""
    return [n for n, card in enumerate(slots, 1) if card is not None and card.color == color]


def drawable(timer_left: int, slot: int) -> tuple[MapKind, ...]:
    """The kinds a card drawn into empty slot ``slot`` may be (R-SQ-REFILL): SLOT1 from
    TIMER, the FINALE once TIMER is used up (``timer_left`` 0); SLOT2 from MAP (which may
    also be empty: no card at all)."""
    return ("finale",) if slot == 1 and timer_left == 0 else MAP_KINDS
