"""How a game ended: one value instead of loose fields (R-END-…)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.rulings import RuleId, Ruling


class Outcome(BaseModel):
    """The end of the game: who won and the ruling that decided it.

    ``winners`` holds one name for an outright win, every tied player for a shared
    victory (R-END-XP: equal Souls minus Wounds and equal XP)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    winners: tuple[str, ...]
    ruling: Ruling

    @property
    def winner(self) -> str | None:
        """The one winner, or None when the victory is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    @property
    def rule(self) -> RuleId:
        return self.ruling.rule

    @property
    def why(self) -> str:
        return self.ruling.why
