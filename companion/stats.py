"""Past games in numbers, computed from the saved command logs.

Each saved game is its set-up and its command log; ``facts_of`` replays the log through
the engine and notes what the statistics need (who played which Boss, who won, how many
turns, which Room killed which Hero, each player's Souls and Wounds at the end of every
turn). ``summarize`` adds the facts of many games up, for one player or for everyone.

Nothing here is a second record that could drift from the games: the facts of a game are
a pure function of its log, cached (``companion.stats_cache``) under the game's id, log
length and time of its last save, and computed again whenever those change. An imported
game is a saved game like any other, so it counts.

Players' names are compared as typed; names that differ only in case or spaces ("ann",
"Ann ") are put to the user once (``NameQuestion``), and the answer is kept
(``companion.stats_names``).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict, Field

from rules import engine
from rules import events as ev
from rules.commands import Command, EndTurn
from rules.errors import RulesError
from rules.models import GameSetup, GameState


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class TurnScore(_Frozen):
    """One player's Souls and Wounds at the end of a turn."""

    turn: int
    souls: int
    wounds: int


class GameFacts(_Frozen):
    """What one saved game says, found by replaying its log."""

    game_id: str
    name: str
    players: tuple[str, ...]
    bosses: dict[str, str] = Field(default_factory=dict)  # player -> Boss ("" when untold)
    finished: bool
    winner: str | None
    turns: int
    killed: int
    escaped: int
    kills_by_room: dict[str, int] = Field(default_factory=dict)
    scores: dict[str, tuple[TurnScore, ...]] = Field(default_factory=dict)


def _scores_now(state: GameState) -> dict[str, TurnScore]:
    return {
        p.name: TurnScore(turn=state.turn, souls=state.souls(p.name), wounds=state.wounds(p.name))
        for p in state.players
    }


def _ends_turn(command: Command, before: GameState, after: GameState) -> bool:
    """Whether ``command`` ended a turn: an EndTurn, or a tap the end of the turn followed
    by itself (R-FOLLOWS: the next turn began, or the game ended)."""
    if isinstance(command, EndTurn):
        return True
    return before.turn > 0 and (after.turn > before.turn or after.game_over > before.game_over)


def facts_of(game_id: str, name: str, setup: GameSetup, log: Iterable[Command]) -> GameFacts:
    """Replay ``log`` from ``setup`` and note the game's facts. A log that stops replaying
    (a command the rules refuse now) counts up to the last command that does."""
    state = engine.new_game(setup)
    killed = escaped = 0
    rooms: Counter[str] = Counter()
    series: dict[str, list[TurnScore]] = {p.name: [] for p in state.players}
    for command in log:
        before = state
        try:
            state, events = engine.apply(state, command)
        except RulesError:
            break
        for event in events:
            if isinstance(event, ev.HeroKilled):
                killed += 1
                dungeon = before.player(event.player).dungeon
                if event.room is not None and event.room < len(dungeon):
                    rooms[dungeon[event.room].top.label()] += 1
            elif isinstance(event, ev.HeroSurvived):
                escaped += 1
        if _ends_turn(command, before, state):
            # The scores once the turn is over, under the number of the turn that ended.
            for player, score in _scores_now(state).items():
                series[player].append(score.model_copy(update={"turn": before.turn}))
    if state.turn and not state.game_over and _last_turn(series) != state.turn:
        # The turn under way counts as it stands.
        for player, score in _scores_now(state).items():
            series[player].append(score)
    return GameFacts(
        game_id=game_id,
        name=name,
        players=tuple(p.name for p in setup.players),
        bosses={p.name: p.boss for p in setup.players},
        finished=state.game_over,
        winner=state.winner,
        turns=state.turn,
        killed=killed,
        escaped=escaped,
        kills_by_room=dict(rooms),
        scores={player: tuple(s) for player, s in series.items()},
    )


def _last_turn(series: Mapping[str, list[TurnScore]]) -> int:
    first = next(iter(series.values()), [])
    return first[-1].turn if first else 0


# --- adding games up ------------------------------------------------------------------


class Summary(_Frozen):
    """The statistics of many games (for one player, or everyone)."""

    player: str | None
    games: int
    finished: int
    wins_by_player: dict[str, int]
    wins_by_boss: dict[str, int]
    average_turns: float | None
    deadliest_room: str | None
    deadliest_kills: int
    killed: int
    escaped: int


def canonical(name: str, same: Mapping[str, str]) -> str:
    """The name a player is counted under: the one the user said ``name`` is (if any)."""
    return same.get(name, name)


def with_names(facts: GameFacts, same: Mapping[str, str]) -> GameFacts:
    """``facts`` with every player's name as counted (``canonical``)."""
    if not any(p in same for p in facts.players):
        return facts
    rename = {p: canonical(p, same) for p in facts.players}
    return facts.model_copy(
        update={
            "players": tuple(rename[p] for p in facts.players),
            "bosses": {rename[p]: b for p, b in facts.bosses.items()},
            "winner": rename.get(facts.winner, facts.winner) if facts.winner else None,
            "scores": {rename[p]: s for p, s in facts.scores.items()},
        }
    )


def summarize(
    games: Iterable[GameFacts], player: str | None = None, same: Mapping[str, str] | None = None
) -> Summary:
    """Add up ``games`` (only those ``player`` played in, when given)."""
    same = same or {}
    named = (with_names(g, same) for g in games) if same else games
    chosen = [g for g in named if player is None or player in g.players]
    finished = [g for g in chosen if g.finished]
    wins = Counter(g.winner for g in finished if g.winner)
    boss_wins = Counter(g.bosses.get(g.winner, "") or "?" for g in finished if g.winner)
    rooms: Counter[str] = Counter()
    for g in chosen:
        rooms.update(g.kills_by_room)
    deadliest = min(rooms.items(), key=lambda kv: (-kv[1], kv[0]), default=None)
    return Summary(
        player=player,
        games=len(chosen),
        finished=len(finished),
        wins_by_player=dict(sorted(wins.items(), key=lambda kv: (-kv[1], kv[0]))),
        wins_by_boss=dict(sorted(boss_wins.items(), key=lambda kv: (-kv[1], kv[0]))),
        average_turns=round(sum(g.turns for g in finished) / len(finished), 1)
        if finished
        else None,
        deadliest_room=deadliest[0] if deadliest else None,
        deadliest_kills=deadliest[1] if deadliest else 0,
        killed=sum(g.killed for g in chosen),
        escaped=sum(g.escaped for g in chosen),
    )


class NameQuestion(_Frozen):
    """Two names that differ only in case or spaces: the same person or not?"""

    first: str
    second: str


def _folded(name: str) -> str:
    return " ".join(name.split()).casefold()


def name_questions(
    games: Iterable[GameFacts], same: Mapping[str, str], different: Iterable[frozenset[str]]
) -> tuple[NameQuestion, ...]:
    """Pairs of names typed differently ("ann", "Ann ") not yet answered, each asked once."""
    answered = set(different)
    seen: dict[str, str] = {}
    out: list[NameQuestion] = []
    for name in everyone(games, same):  # each name once: a thousand games, a few names
        other = seen.setdefault(_folded(name), name)
        pair = frozenset((other, name))
        if other != name and pair not in answered:
            answered.add(pair)
            out.append(NameQuestion(first=other, second=name))
    return tuple(out)


def everyone(games: Iterable[GameFacts], same: Mapping[str, str]) -> tuple[str, ...]:
    """Every player's name as counted, in the order first seen."""
    typed = dict.fromkeys(p for g in games for p in g.players)  # each name once
    return tuple(dict.fromkeys(canonical(p, same) for p in typed))


def csv_rows(
    summary: Summary, games: Iterable[GameFacts], same: Mapping[str, str] | None = None
) -> list[list[str]]:
    """The statistics as CSV rows: the totals, then one row per game counted."""
    rows = [
        ["statistic", "key", "value"],
        ["games", "", str(summary.games)],
        ["finished", "", str(summary.finished)],
        ["average_turns", "", "" if summary.average_turns is None else str(summary.average_turns)],
        ["heroes_killed", "", str(summary.killed)],
        ["heroes_escaped", "", str(summary.escaped)],
        ["deadliest_room", summary.deadliest_room or "", str(summary.deadliest_kills)],
    ]
    rows += [["wins_by_player", name, str(n)] for name, n in summary.wins_by_player.items()]
    rows += [["wins_by_boss", boss, str(n)] for boss, n in summary.wins_by_boss.items()]
    rows.append([])
    rows.append(["game_id", "name", "players", "winner", "turns", "killed", "escaped"])
    for g in (with_names(g, same or {}) for g in games):
        if summary.player is None or summary.player in g.players:
            rows.append(
                [
                    g.game_id,
                    g.name,
                    "; ".join(g.players),
                    g.winner or "",
                    str(g.turns),
                    str(g.killed),
                    str(g.escaped),
                ]
            )
    return rows


def csv_text(
    summary: Summary, games: Iterable[GameFacts], same: Mapping[str, str] | None = None
) -> str:
    """``csv_rows`` as CSV text, one line each (the History screen's and ``stats --csv``'s)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(csv_rows(summary, games, same))
    return out.getvalue()
