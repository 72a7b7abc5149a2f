"""Refusals: every illegal command raises a ``RulesError`` naming the rule it breaks."""

from __future__ import annotations

from rules.rulings import Arg, RuleId, Ruling, explain


class RulesError(ValueError):
    """A command the rules do not allow in this state.

    ``rule`` is the rule id (``R-…``) that forbids it; ``key`` and ``args`` let the app
    show the refusal in the player's language; ``str(error)`` is the English sentence.
    """

    def __init__(self, rule: RuleId, key: str, **args: Arg) -> None:
        self.rule: RuleId = rule
        self.key = key
        self.args_map: dict[str, Arg] = dict(args)
        super().__init__(f"{explain(key, self.args_map)} ({rule})")

    @property
    def ruling(self) -> Ruling:
        return Ruling(rule=self.rule, key=self.key, args=self.args_map)

    @property
    def why(self) -> str:
        return explain(self.key, self.args_map)


class PhaseError(RulesError):
    """The command belongs to another phase of the turn."""


class BuildError(RulesError):
    """A Room may not be built, destroyed or deactivated like that."""


class HeroError(RulesError):
    """Heroes may not be revealed, moved or scored like that."""


class StaleCommand(RulesError):
    """The command was made on an older version of the state than the current one."""
