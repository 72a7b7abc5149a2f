"""A dungeon silenced while a Hero walks it (Cheat Code's Power-Up, R-CARD-EFFECT): as its
carrier starts walking a dungeon, every Room there loses its ability text; as it leaves
(killed, surviving, sent back) the Rooms have it again. The events and their folds are
``rules.ability_off``'s; ``rules.expansions`` asks here after each event.
"""

from __future__ import annotations

from rules import events as ev
from rules.ability_off import DungeonAbilitiesBack, DungeonAbilitiesOff
from rules.event_base import EventBase
from rules.models import GameState
from rules.rule_change_kinds import IgnoreDungeonAbilities
from rules.rulings import Ruling
from rules.turn_bars import carries


def carrier_walks(state: GameState, event: EventBase) -> list[EventBase]:
    """A Hero carrying an Item that silences a dungeon starts walking one (its Rooms lose
    their ability text), or leaves it (they have it again)."""
    if isinstance(event, ev.WalkStarted):
        card = carries(state, event.hero, IgnoreDungeonAbilities)
        if card is None:
            return []
        args: dict[str, str | int] = {
            "card": card.name,
            "hero": state.hero(event.hero).label(),
            "player": event.player,
        }
        said = Ruling(rule="R-CARD-EFFECT", key="card.dungeon_abilities_off", args=args)
        return [DungeonAbilitiesOff(player=event.player, hero=event.hero, ruling=said)]
    if isinstance(event, ev.HeroKilled | ev.HeroSurvived | ev.HeroSentBack):
        for p in state.players:
            if any(s.ability_off_while == event.hero for s in p.dungeon):
                args = {"hero": state.hero(event.hero).label(), "player": p.name}
                said = Ruling(rule="R-CARD-EFFECT", key="card.dungeon_abilities_back", args=args)
                return [DungeonAbilitiesBack(player=p.name, hero=event.hero, ruling=said)]
    return []
