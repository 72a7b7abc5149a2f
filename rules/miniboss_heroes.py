"""Heroes whose ability text a Miniboss ignores (R-MINI with R-CARD-EFFECT): Icicle Man's
Level 2, for the Heroes in, or at the entrance to, its owner's dungeon.

The only Hero ability text the referee carries out is an Item's Power-Up (what the Item
grants the Hero carrying it, R-ITEM): ``rules.item_rewards.carried`` and
``rules.turn_bars.item_card`` ask ``ignored`` and find no Item for such a Hero.
"""

from __future__ import annotations

from rules.card_effects import effects_of
from rules.miniboss_kinds import HeroesIgnored
from rules.miniboss_levels import level_abilities
from rules.models import GameState, PlayerState


def ignored(state: GameState, hero: int) -> bool:
    """Whether ``hero``'s ability text is ignored where it stands: walking, or waiting at
    the entrance to, a dungeon with such a Miniboss face up at that level."""
    walk = state.walk
    where = [walk.player] if walk is not None and walk.hero == hero else []
    where += [p.name for p in state.players if hero in state.entrance(p.name)]
    return any(_ignores(state.player(name)) for name in where)


def _ignores(player: PlayerState) -> bool:
    for stack in player.dungeon:
        mini = stack.miniboss
        if mini is None or stack.deactivated or stack.ability_ignored:
            continue
        abilities = level_abilities(effects_of(mini.card.card_id), mini, "always")
        if any(isinstance(e, HeroesIgnored) for a in abilities for e in a.effects):
            return True
    return False
