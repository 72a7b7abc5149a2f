"""Marks of what happened this turn that card conditions look back at (R-CARD-EFFECT):
Rooms of a player destroyed (Oh, Yeah!), Heroes that survived a player's dungeon (Finish
Him!, Star of Invulnerability), Wounds given until end of turn (Vorpal Blade).
``rules.evolve`` adds the first two as the events are folded; the turn's marks are
cleared as it ends.
"""

from __future__ import annotations

from rules import events as ev
from rules.models import GameState
from rules.rulings import Ruling

GONE = "gone:"  # a Room destroyed: gone:<player>:<n>
WOUND = "wound:"  # a Wound until end of turn: wound:<player>:<n> (Vorpal Blade)
SURVIVED = "survived:"  # a Hero that survived a dungeon: survived:<player>:<hero>


def _marked(state: GameState, mark: str) -> GameState:
    return state.model_copy(update={"card_uses": (*state.card_uses, mark)})


def destroyed_count(uses: tuple[str, ...], player: str) -> int:
    """How many of ``player``'s Rooms were destroyed this turn, by their marks."""
    return sum(1 for u in uses if u.startswith(f"{GONE}{player}:"))


def destroyed_marked(state: GameState, player: str) -> GameState:
    """``state`` with one more of ``player``'s Rooms marked destroyed this turn."""
    return _marked(state, f"{GONE}{player}:{destroyed_count(state.card_uses, player)}")


def survived_marked(state: GameState, player: str, hero: int) -> GameState:
    """``state`` with ``hero`` marked as having survived ``player``'s dungeon this turn."""
    return _marked(state, f"{SURVIVED}{player}:{hero}")


def survivors(state: GameState, player: str) -> tuple[tuple[str, int], ...]:
    """(dungeon owner, Hero) of each Hero that survived a dungeon this turn and still lies
    in that owner's scorekeeping area (``player``: that owner's only; "" every one)."""
    out: list[tuple[str, int]] = []
    for use in state.card_uses:
        if not use.startswith(SURVIVED):
            continue
        owner, _, hero = use.removeprefix(SURVIVED).rpartition(":")
        if (player and owner != player) or not state.has_player(owner):
            continue
        if any(s.hero == int(hero) for s in state.player(owner).scored):
            out.append((owner, int(hero)))
    return tuple(out)


def wounds_given(state: GameState) -> tuple[str, ...]:
    """The players given a Wound until end of turn, once per Wound."""
    return tuple(
        u.removeprefix(WOUND).rpartition(":")[0] for u in state.card_uses if u.startswith(WOUND)
    )


def wound_mark(state: GameState, player: str) -> str:
    """The mark of one more Wound given to ``player`` until end of turn."""
    return f"{WOUND}{player}:{sum(1 for p in wounds_given(state) if p == player)}"


def wounds_taken_back(state: GameState) -> list[ev.EventBase]:
    """As the turn ends, the Wounds given until end of turn are taken back (after the
    checks of the end of turn, which count them: they read the turn as it ended)."""
    return [
        ev.ScoreCorrected(
            player=player,
            souls=0,
            wounds=-1,
            ruling=Ruling(
                rule="R-CARD-EFFECT", key="card.wound_taken_back", args={"player": player}
            ),
        )
        for player in wounds_given(state)
    ]
