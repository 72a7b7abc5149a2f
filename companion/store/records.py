"""What a saved game looks like on disk, as pydantic models (the schema of a game file).

A game file is a TinyDB database with one table, ``game``, holding one document (id 1):
a :class:`StoredGame`. The set-up and the command log are the game; ``progress`` is a
small summary for the saved-games list, recomputed from the replayed state on every save
and compared with it on load (a difference means the rules changed underneath the game).
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field

from companion.store.paths import GAME_ID_PATTERN
from rules.commands import Command
from rules.game_kinds import GameKind
from rules.models import GameSetup, GameState, Name, Phase, PlayerState, ScoredHero
from rules.printable import refuse_control
from rules.squads.commands import SquadCommand
from rules.squads.models import Phase as SquadPhase
from rules.squads.models import SquadSetup, SquadState
from rules.squads.scoring import score

SCHEMA_VERSION = 1
"""Bump when the stored shape changes, and teach ``migrate`` the step from the old one."""

GAME_TABLE = "game"
GAME_DOC_ID = 1

GameId = Annotated[str, Field(pattern=GAME_ID_PATTERN)]
GameName = Annotated[str, Field(min_length=1, max_length=80)]
GAME_NAME = "a game's name"
#: A name arriving from outside (an imported file): no control characters. Stored games
#: keep ``GameName``, so a game saved before this check still opens; its name is printed
#: with escapes (``companion.printable``).
NewGameName = Annotated[GameName, AfterValidator(lambda name: refuse_control(name, GAME_NAME))]


class Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerScore(Record):
    name: Name
    souls: int
    wounds: int


#: As many as a game can have: a hand-made summary listing thousands is refused.
MAX_PLAYERS = 6
#: Commands in one game (its log and its redo stack each): a long game of six players
#: makes about 2,000, and a game is replayed whole when it opens.
MAX_COMMANDS = 5_000


class Progress(Record):
    """Where a game stands: enough to list it without replaying it."""

    players: tuple[Name, ...] = Field(max_length=MAX_PLAYERS)
    turn: int
    phase: Phase | SquadPhase
    finished: bool
    winner: Name | None
    commands: int
    scores: tuple[PlayerScore, ...] = Field(max_length=MAX_PLAYERS)
    #: Which game: a squad game's ``scores`` are its points (as ``souls``). Summaries
    #: saved before the squad game existed have no kind: Boss Monster.
    kind: GameKind = "boss_monster"

    @classmethod
    def of(cls, state: GameState | SquadState, commands: int) -> Progress:
        if isinstance(state, SquadState):
            return cls._of_squads(state, commands)
        return cls(
            players=tuple(p.name for p in state.players),
            turn=state.turn,
            phase=state.phase,
            finished=state.game_over,
            winner=state.winner,
            commands=commands,
            scores=tuple(_score(state, p) for p in state.players),
        )

    @classmethod
    def _of_squads(cls, state: SquadState, commands: int) -> Progress:
        """The squad game's: its scores are the points each player has so far (as
        ``souls``; it has no Wounds)."""
        return cls(
            kind="squads",
            players=tuple(p.name for p in state.players),
            turn=state.turn,
            phase=state.phase,
            finished=state.phase == "over",
            winner=state.winner,
            commands=commands,
            scores=tuple(
                PlayerScore(
                    name=p.name, souls=score(p.name, p.princesses, p.finale).points, wounds=0
                )
                for p in state.players
            ),
        )


#: Souls and Wounds by scored pile: a pile is immutable and shared by every later state
#: until the player scores again (or heals), and a scored Hero's worth never changes, so
#: a save late in a long game need not add up every Hero scored so far (R-ADV-DEATH).
#: Keyed by the pile's id; the entry keeps the pile alive, so the id is not reused while
#: it is remembered.
_SCORES: OrderedDict[int, tuple[tuple[ScoredHero, ...], int, int]] = OrderedDict()
_SCORES_KEPT = 64


def _score(state: GameState, player: PlayerState) -> PlayerScore:
    pile = player.scored
    kept = _SCORES.get(id(pile))
    if kept is None or kept[0] is not pile:
        souls = state.souls(player.name) - player.souls_adjust
        wounds = state.wounds(player.name) - player.wounds_adjust
        kept = (pile, souls, wounds)
        _SCORES[id(pile)] = kept
        while len(_SCORES) > _SCORES_KEPT:
            _SCORES.popitem(last=False)
    return PlayerScore(
        name=player.name,
        souls=player.souls_adjust + kept[1],
        wounds=player.wounds_adjust + kept[2],
    )


SetupT = TypeVar("SetupT", GameSetup, SquadSetup)
CommandT = TypeVar("CommandT", Command, SquadCommand)


class StoredRecord(Record, Generic[SetupT, CommandT]):
    """The one document of a game file: a Boss Monster game (``StoredGame``) or a squad
    game (``StoredSquadGame``), told apart by their set-up (``record_model``)."""

    schema_version: Literal[1]
    game_id: GameId
    name: GameName
    created: AwareDatetime
    updated: AwareDatetime  # last played: when the latest save happened
    setup: SetupT
    log: tuple[CommandT, ...] = Field(max_length=MAX_COMMANDS)
    # the redo stack, most recently undone last
    undone: tuple[CommandT, ...] = Field(default=(), max_length=MAX_COMMANDS)
    progress: Progress


StoredGame = StoredRecord[GameSetup, Command]
StoredSquadGame = StoredRecord[SquadSetup, SquadCommand]
AnyStoredGame = StoredGame | StoredSquadGame


def is_squad_document(document: dict[str, Any]) -> bool:
    """A document of the squad game: its set-up deals the two MAP slots."""
    setup = document.get("setup")
    return isinstance(setup, dict) and "slot1" in setup


def record_model(document: dict[str, Any]) -> type[StoredGame] | type[StoredSquadGame]:
    return StoredSquadGame if is_squad_document(document) else StoredGame


class GameSummary(Record):
    """One line of the saved-games list."""

    game_id: str
    name: str
    created: datetime
    last_played: datetime
    progress: Progress

    @classmethod
    def of(cls, record: AnyStoredGame | ListingView) -> GameSummary:
        return cls(
            game_id=record.game_id,
            name=record.name,
            created=record.created,
            last_played=record.updated,
            progress=record.progress,
        )


class ListingView(BaseModel):
    """The fields the list needs, read without validating the whole log (fast)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    schema_version: int
    game_id: GameId
    name: GameName
    created: AwareDatetime
    updated: AwareDatetime
    progress: Progress


def stored_version(document: dict[str, Any]) -> int | None:
    """The document's schema version, or None when it has no usable one."""
    version = document.get("schema_version")
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def migrate(document: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document up to ``SCHEMA_VERSION`` (no older versions exist yet)."""
    return document
