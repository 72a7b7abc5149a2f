"""The squad game's table: players, their squads and princesses, the two MAP slots.

Card facts the rulebook does not print (army numbers, a Mercenary's or a Catapult's
strength, which MAP cards are in the decks) are typed by the players (R-SQ-TYPED): the
models hold what was typed, never a number of their own, except the Megagrump's 6,
which the rulebook prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, TypeAdapter, ValidationError, model_validator

from rules.models import Frozen
from rules.names import PlayerName, unicode_text
from rules.printable import refuse_control

#: How many cards the TIMER deck holds at set-up: the 8 timer cards and 2 MAP cards,
#: the FINALE under them (R-SQ-SETUP).
TIMER_CARDS = 10
#: The Megagrump's printed strength (R-SQ-RECRUIT).
MEGAGRUMP_STRENGTH = 6
#: At most this many recruits in one army (R-SQ-RECRUIT).
MAX_RECRUITS = 3

#: The highest printed strength a card may have (a Catapult's too).
MAX_STRENGTH = 99
Strength = Annotated[int, Field(ge=0, le=MAX_STRENGTH)]
SupportCount = Annotated[int, Field(ge=0, le=99)]


def _colour(value: str) -> str:
    value = refuse_control(unicode_text(value), "a colour").strip().casefold()
    if not value:
        raise ValueError("a colour must not be blank")
    return value


#: A colour word as printed on a card ("red", "Blue"): kept in lower case, so colours
#: compare without regard to case.
Colour = Annotated[str, Field(min_length=1, max_length=20), AfterValidator(_colour)]
_COLOUR: TypeAdapter[str] = TypeAdapter(Colour)


def colour_words(words: Iterable[str]) -> tuple[str, ...]:
    """The colours among ``words`` as a card's colour is kept (trimmed, in lower case),
    each once, in alphabetical order; a word that is no colour (blank, too long) is left
    out. Where a colour is asked for, these are offered to tap instead of typed."""
    kept: set[str] = set()
    for word in words:
        try:
            kept.add(_COLOUR.validate_python(word))
        except ValidationError:
            continue
    return tuple(sorted(kept))


BossName = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(unicode_text)]

RecruitKind = Literal["megagrump", "catapult", "mercenary"]
#: What may lead a squad face up: an army card (None) or a recruit; a Catapult never
#: leads (R-SQ-RECRUIT).
LeaderRecruit = Literal["megagrump", "mercenary"]
MapKind = Literal["kidnap", "gullible_hero", "parasols", "bullyhulk", "fake_princess", "finale"]
#: Every kind but the FINALE: the MAP deck's and the TIMER's cards, and what a slot can
#: show at set-up (the FINALE lies under the TIMER deck).
MAP_KINDS: tuple[MapKind, ...] = (
    "kidnap",
    "gullible_hero",
    "parasols",
    "bullyhulk",
    "fake_princess",
)
#: SLOT1 or SLOT2 (strict: `true` is no slot, though it equals 1).
SlotNumber = Annotated[int, Field(ge=1, le=2, strict=True)]
Phase = Literal["resolve", "deploy", "support", "retreat", "over"]
#: The phases in which a squad may be supported (R-SQ-SQUAD): Deploy and Support.
SUPPORT_PHASES: tuple[Phase, ...] = ("deploy", "support")


class MapCard(Frozen):
    """A face-up MAP card in a slot: what it is and its colour, as printed (the FINALE's
    colour as its directions give it)."""

    kind: MapKind
    color: Colour


class Squad(Frozen):
    """A standing squad: its face-up leader and the support cards under it.

    ``action`` "recruit" is the Boss Action: RECRUIT card played as a squad: it has no
    colour and never captures (R-SQ-ACTION). ``catapult`` is the printed strength of a
    Catapult played face up under it, if any (typed)."""

    number: Annotated[int, Field(ge=0)]
    color: Colour | None = None
    strength: Strength = 0
    support: SupportCount = 0
    recruit: LeaderRecruit | None = None
    action: Literal["recruit"] | None = None
    catapult: Strength | None = None

    @model_validator(mode="after")
    def _leader(self) -> Squad:
        if self.action is not None and self.recruit is not None:
            raise ValueError("a Recruit action squad is led by the action card, not a recruit")
        if self.action is None and self.color is None:
            raise ValueError("a squad led by an army card or a recruit needs its colour")
        return self

    @property
    def total(self) -> int:
        """The squad's strength: the leader's plus one per support card; a Megagrump is 6
        and takes nothing from support (R-SQ-SQUAD, R-SQ-RECRUIT)."""
        if self.recruit == "megagrump":
            return MEGAGRUMP_STRENGTH
        return self.strength + self.support + (self.catapult or 0)

    @property
    def face_up_recruits(self) -> tuple[RecruitKind, ...]:
        """The recruits this squad shows face up: they go back to the recruit pile when
        it leaves."""
        kinds: tuple[RecruitKind, ...] = (self.recruit,) if self.recruit is not None else ()
        return kinds + (("catapult",) if self.catapult is not None else ())


#: How many play a squad game (R-SQ-SETUP).
MIN_PLAYERS = 2
MAX_PLAYERS = 4


def setup_clash(names: list[str], bosses: list[str]) -> Literal["same_name", "same_boss"] | None:
    """Which set-up rule the players' names and bosses break, if any: two players with one
    name, or two with one boss (each compared without case or surrounding spaces)."""
    if _repeats(names):
        return "same_name"
    if _repeats(bosses):
        return "same_boss"
    return None


def _repeats(values: list[str]) -> bool:
    folded = [v.strip().casefold() for v in values]
    return len(set(folded)) < len(folded)


class SquadPlayerSetup(Frozen):
    name: PlayerName
    boss: BossName
    #: The colour of the player's highest army card: the first princess's (R-SQ-SETUP).
    princess: Colour


class SquadSetup(Frozen):
    """Players in turn order (the youngest first), and the two cards drawn at set-up."""

    players: tuple[SquadPlayerSetup, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    slot1: MapCard
    slot2: MapCard

    @model_validator(mode="after")
    def _fits(self) -> SquadSetup:
        clash = setup_clash([p.name for p in self.players], [p.boss for p in self.players])
        if clash == "same_name":
            raise ValueError("two players have the same name")
        if clash == "same_boss":
            raise ValueError("each player picks a different boss")
        if "finale" in (self.slot1.kind, self.slot2.kind):
            raise ValueError("the FINALE lies under the TIMER deck, not in a slot at set-up")
        return self


class SquadPlayer(Frozen):
    name: str
    boss: str
    princesses: tuple[str, ...] = ()
    squads: tuple[Squad, ...] = ()
    recruits: tuple[RecruitKind, ...] = ()
    finale: bool = False


class SquadState(Frozen):
    players: tuple[SquadPlayer, ...]
    active: int = 0
    turn: int = 1
    phase: Phase = "resolve"
    slots: tuple[MapCard | None, MapCard | None]
    timer_left: int = TIMER_CARDS - 1
    next_squad: int = 0
    #: A player holding a 4th recruit, who must return one before anything else.
    returning: str | None = None
    #: Players tied for the most points at the end, until one shouts "I WIN!".
    tied: tuple[str, ...] = ()
    winner: str | None = None

    def player(self, name: str) -> SquadPlayer:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    @property
    def active_player(self) -> SquadPlayer:
        return self.players[self.active]
