"""The Bait forecast: where each Hero in town would go if the table were as it is now.

While a player drafts this turn's Room, the forecast asks the engine's own Bait
(``rules.bait.resolve``) twice, on two hypothetical tables: the Rooms now visible with
the draft built and revealed, and the same without it. What differs is what the draft
changes. The hypothetical tables are made by the engine's own commands (``BuildRoom``,
``RevealRooms``), so a Room the rules refuse is refused here with the same reason, and
every card ability that applies to the Bait applies here too (a Boss's treasure, a Room
that adds treasure, a bonus already in play).

Nothing another player placed face down and this viewer may not see is used: the caller
names those players (``hidden``) and their face-down Room and Miniboss are taken off the
hypothetical table before anything is computed; the forecast says whose they are.
"""

from __future__ import annotations

import threading
from collections.abc import Collection

from pydantic import BaseModel, ConfigDict

from rules import bait, engine
from rules import commands as cmd
from rules.errors import RulesError
from rules.models import GameState, PlayerState, Room
from rules.rulings import Ruling


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Draft(_Frozen):
    """The Room a player is about to build, and where (``over`` None: the entrance end)."""

    player: str
    room: Room
    over: int | None = None


class HeroForecast(_Frozen):
    """One Hero in town: where it would go with the draft (``player``; None: it stays in
    town) and why, and where it would go without the draft (``without``)."""

    hero: int
    label: str
    player: str | None
    ruling: Ruling
    without: str | None

    @property
    def changed(self) -> bool:
        return self.player != self.without


class Forecast(_Frozen):
    """The Bait as it would be ruled; ``refused`` when the draft may not be built there
    (then ``heroes`` are the Bait without it), ``hidden`` the players whose face-down
    Room was left out, ``waiting`` the cards whose ability would be asked at the reveal
    (the forecast assumes they are not used)."""

    draft: Draft | None
    heroes: tuple[HeroForecast, ...]
    hidden: tuple[str, ...] = ()
    refused: Ruling | None = None
    waiting: tuple[str, ...] = ()


def _without_face_down(player: PlayerState) -> PlayerState:
    """``player`` with nothing face down: no pending Room, no face-down Miniboss."""
    dungeon = tuple(
        s.model_copy(update={"miniboss": None})
        if s.miniboss is not None and s.miniboss.face_down
        else s
        for s in player.dungeon
    )
    return player.model_copy(update={"pending": None, "dungeon": dungeon})


def _visible(state: GameState, hidden: Collection[str]) -> GameState:
    """``state`` as a viewer sees it: what the ``hidden`` players placed face down is not
    there, in their own dungeons or, as gifts (Surprise Gift), in others'."""
    players = tuple(_without_face_down(p) if p.name in hidden else p for p in state.players)
    players = tuple(
        p.model_copy(update={"gifts": tuple(g for g in p.gifts if g.by not in hidden)})
        for p in players
    )
    return state.model_copy(update={"players": players})


def _revealed(state: GameState) -> tuple[GameState, tuple[str, ...]]:
    """The table once every Room placed is revealed (RevealRooms), and the cards whose
    ability would then wait for an answer."""
    if state.phase != "build":
        return state, ()
    after, _ = engine.apply(state, cmd.RevealRooms())
    return after, tuple(o.card for o in after.offers if o not in state.offers)


Totals = dict[tuple[str, str], int]


def _lures(state: GameState, known: Totals) -> dict[int, bait.Lure]:
    return {lure.hero: lure for lure in bait.resolve(state, known)}


class VisibleTable:
    """The table a viewer sees, with its Bait without any draft worked out once: each
    ``forecast`` of a draft on it then asks the engine only about the draft (the form
    asks again at every change of the draft)."""

    def __init__(self, state: GameState, hidden: Collection[str] = ()) -> None:
        self.hidden = tuple(
            p.name for p in state.players if p.name in hidden and p.name in state.placed_face_down()
        )
        self.hidden_players = frozenset(hidden)
        self.base = _visible(state, hidden)
        self.before, self.waiting = _revealed(self.base)
        self.totals: Totals = {}  # the dungeons' totals of the Bait without a draft
        self.without = _lures(self.before, self.totals)

    def _standing(self, after: GameState, drafter: str) -> Totals:
        """The totals without the draft that hold with it: a dungeon's total is its own
        (R-BAIT-TOTAL), so those of every dungeon the draft left as it was."""
        same = {
            p.name for p in after.players if p.name != drafter and p == self.before.player(p.name)
        }
        return {key: total for key, total in self.totals.items() if key[0] in same}

    def forecast(self, draft: Draft | None = None) -> Forecast:
        if draft is not None and draft.player in self.hidden_players:
            raise ValueError("a draft is forecast only for a player whose Room this device sees")
        refused: Ruling | None = None
        after, waiting, lures = self.before, self.waiting, self.without
        if draft is not None:
            try:
                built, _ = engine.apply(
                    self.base, cmd.BuildRoom(player=draft.player, room=draft.room, over=draft.over)
                )
                after, waiting = _revealed(built)
                lures = _lures(after, self._standing(after, draft.player))
            except RulesError as error:
                refused = error.ruling
        heroes = tuple(
            HeroForecast(
                hero=hero,
                label=after.hero(hero).label(),
                player=lure.player,
                ruling=lure.ruling,
                without=self.without[hero].player if hero in self.without else None,
            )
            for hero, lure in lures.items()
        )
        return Forecast(
            draft=draft, heroes=heroes, hidden=self.hidden, refused=refused, waiting=waiting
        )


#: The tables last seen, by the state (itself, not an equal one) and ``hidden``: every build
#: form's forecast on every tab of a game asks about the same saved state, and the table's
#: Bait is worked out once for all of them (six forms on six phones: 36 asks of one table).
_SEEN: dict[tuple[int, frozenset[str]], tuple[GameState, VisibleTable]] = {}
_SEEN_MAX = 32
_SEEN_LOCK = threading.Lock()


def visible_table(state: GameState, hidden: Collection[str] = ()) -> VisibleTable:
    """``VisibleTable(state, hidden)``, made once per state and ``hidden`` (a table is
    never changed once made)."""
    key = (id(state), frozenset(hidden))
    with _SEEN_LOCK:
        seen = _SEEN.get(key)
    # The state is kept with its table, so its id names no other state while it is here.
    if seen is not None and seen[0] is state:
        return seen[1]
    table = VisibleTable(state, hidden)
    with _SEEN_LOCK:
        if len(_SEEN) >= _SEEN_MAX:
            del _SEEN[next(iter(_SEEN))]  # the oldest
        _SEEN[key] = (state, table)
    return table


def forecast(
    state: GameState, draft: Draft | None = None, hidden: Collection[str] = ()
) -> Forecast:
    """The Bait if the Rooms ``state`` shows (less the face-down ones of ``hidden``), plus
    ``draft``, were the table. In the Bait phase (every Room revealed) it is the Bait the
    button would rule now."""
    return visible_table(state, hidden).forecast(draft)
