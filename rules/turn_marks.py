"""What happened this turn that card conditions look back at (R-CARD-EFFECT): Rooms of a
player destroyed (Oh, Yeah!) and Wounds given until end of turn (Vorpal Blade), marks of
the turn's card uses; Heroes that survived a dungeon (Finish Him!, Star of
Invulnerability), the state's own list (one mark per survivor made every later look-up
of the marks slower on a crowded table). ``rules.evolve`` keeps them as the events are
folded; a new turn starts them afresh.
"""

from __future__ import annotations

from rules import events as ev
from rules.models import GameState
from rules.rulings import Ruling

GONE = "gone:"  # a Room destroyed: gone:<player>:<n>
WOUND = "wound:"  # a Wound until end of turn: wound:<player>:<n> (Vorpal Blade)


def _marked(state: GameState, mark: str) -> GameState:
    return state.model_copy(update={"card_uses": (*state.card_uses, mark)})


def destroyed_count(uses: tuple[str, ...], player: str) -> int:
    """How many of ``player``'s Rooms were destroyed this turn, by their marks."""
    return sum(1 for u in uses if u.startswith(f"{GONE}{player}:"))


def destroyed_marked(state: GameState, player: str) -> GameState:
    """``state`` with one more of ``player``'s Rooms marked destroyed this turn."""
    return _marked(state, f"{GONE}{player}:{destroyed_count(state.card_uses, player)}")


def survivors(state: GameState, player: str) -> tuple[tuple[str, int], ...]:
    """(dungeon owner, Hero) of each Hero that survived a dungeon this turn and still lies
    in that owner's scorekeeping area (``player``: that owner's only; "" every one)."""
    return tuple(
        (owner, hero)
        for owner, hero in state.survived
        if (not player or owner == player)
        and state.has_player(owner)
        and any(s.hero == hero for s in state.player(owner).scored)
    )


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
