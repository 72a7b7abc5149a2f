"""The card catalogue: facts about every card of every set, loaded from data/cards/.

Each set is one JSON file (see data/cards/PROVENANCE.md). Files are validated on load;
a bad file raises `CatalogueError` naming the file and the card. Search is by name,
forgiving typos and case, and can be limited to some kinds of card and to the sets the
players own.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from rapidfuzz import fuzz, process, utils

Treasure = Literal["cleric", "fighter", "mage", "thief", "explorer"]
TREASURES: tuple[Treasure, ...] = ("cleric", "fighter", "mage", "thief", "explorer")
Kind = Literal["boss", "room", "spell", "hero", "item", "miniboss"]
KINDS: tuple[Kind, ...] = ("boss", "room", "spell", "hero", "item", "miniboss")

#: Where the app's catalogue lives (the repository's data/ folder).
DEFAULT_CARDS_DIR = Path(__file__).resolve().parent.parent / "data" / "cards"


class CatalogueError(ValueError):
    """A card file that cannot be used, with the file and the card named."""


class _Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[A-Z]{3}\d{3}$")
    name: str = Field(min_length=1)
    pack: str | None = None
    suspect: tuple[str, ...] = ()
    #: Filled from the file name when the file is loaded, not present in the JSON.
    set_id: str = ""


class BossCard(_Card):
    kind: Literal["boss"]
    xp: int = Field(ge=0)
    treasure: tuple[Treasure, ...] = Field(min_length=1)


class RoomCard(_Card):
    kind: Literal["room"]
    room_type: Literal["monster", "trap"]
    advanced: bool
    #: None when the damage varies in play.
    damage: int | None = Field(ge=0)
    treasure: tuple[Treasure, ...]
    quantity: int = Field(ge=1)


class SpellCard(_Card):
    kind: Literal["spell"]
    phase: Literal["build", "adventure", "both"]
    quantity: int = Field(ge=1)


LuredBy = Literal[
    "treasure",
    "fewest_souls",
    "fewest_wounds",
    "most_cards_in_hand",
    "highest_souls_minus_wounds",
    "unknown",
]


class HeroCard(_Card):
    kind: Literal["hero"]
    epic: bool
    health: int = Field(ge=1)
    treasure: tuple[Treasure, ...] = Field(max_length=2)
    min_players: int | None = Field(default=None, ge=2, le=6)
    star: bool | None = None
    quantity: int = Field(ge=1)
    lured_by: LuredBy
    hybrid: bool = False
    dark: bool = False


class ItemCard(_Card):
    kind: Literal["item"]
    #: ("any",) for a universal Item.
    treasure: tuple[Treasure | Literal["any"], ...] = Field(min_length=1)
    quantity: int = Field(ge=1)


class MinibossCard(_Card):
    kind: Literal["miniboss"]
    levels: int = Field(ge=1)
    quantity: int = Field(ge=1)


Card = Annotated[
    BossCard | RoomCard | SpellCard | HeroCard | ItemCard | MinibossCard,
    Field(discriminator="kind"),
]
_CARD: TypeAdapter[Card] = TypeAdapter(Card)


class CardSet(BaseModel):
    """One set file: its id (the file name), title, source and cards."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    source: str
    confidence: Literal["official-app", "fan-wiki"]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Match:
    """A search result: the card and how well its name matched (0-100)."""

    card: Card
    score: float


class _LocalName(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    source: str = Field(min_length=1)  # where the name is printed (PROVENANCE.md)


class NamesFile(BaseModel):
    """``data/cards/names/<lang>.json``: the names a language's edition prints, by card id."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    lang: str = Field(pattern=r"^[a-z]{2}$")
    note: str = ""
    names: dict[str, _LocalName]


def load_names(directory: Path) -> dict[str, dict[str, str]]:
    """Every ``names/<lang>.json`` under ``directory``: {lang: {card id: name}}."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted((directory / "names").glob("*.json")):
        try:
            raw = NamesFile.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, ValidationError) as exc:
            raise CatalogueError(f"names/{path.name}: cannot be used ({exc})") from exc
        out[raw.lang] = {card_id: local.name for card_id, local in raw.names.items()}
    return out


def _fold(text: str) -> str:
    """Lower-case, strip accents and punctuation so 'Kaw'nee' matches 'kawnee'."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return utils.default_process(plain.replace("'", "").replace("’", ""))


def fold_name(text: str) -> str:
    """A name as the catalogue compares names (case, accents and punctuation aside)."""
    return _fold(text)


def _error_location(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"{where}: {first['msg']}"


def load_set(path: Path) -> CardSet:
    """Read and validate one set file; raise CatalogueError naming file and card."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CatalogueError(f"{path.name}: cannot read the card file ({exc})") from exc
    if not isinstance(raw, dict):
        raise CatalogueError(f"{path.name}: expected an object with 'set' and 'cards'")
    missing = [k for k in ("set", "source", "confidence", "cards") if k not in raw]
    if missing:
        raise CatalogueError(f"{path.name}: missing field(s) {', '.join(missing)}")
    if not isinstance(raw["cards"], list):
        raise CatalogueError(f"{path.name}: 'cards' must be a list")
    set_id = path.stem
    cards: list[Card] = []
    for index, record in enumerate(raw["cards"]):
        card_id = record.get("id", f"#{index}") if isinstance(record, dict) else f"#{index}"
        if not isinstance(record, dict):
            raise CatalogueError(f"{path.name}: card {card_id} is not an object")
        try:
            cards.append(_CARD.validate_python({**record, "set_id": set_id}))
        except ValidationError as exc:
            raise CatalogueError(
                f"{path.name}: card {card_id} is invalid: {_error_location(exc)}"
            ) from exc
    try:
        return CardSet(
            id=set_id,
            title=raw["set"],
            source=raw["source"],
            confidence=raw["confidence"],
            cards=tuple(cards),
        )
    except ValidationError as exc:
        raise CatalogueError(f"{path.name}: {_error_location(exc)}") from exc


class Catalogue:
    """Every card of the loaded sets, searchable by name."""

    def __init__(
        self, sets: Iterable[CardSet], names: dict[str, dict[str, str]] | None = None
    ) -> None:
        self.sets: dict[str, CardSet] = {}
        self._by_id: dict[str, Card] = {}
        for card_set in sets:
            if card_set.id in self.sets:
                raise CatalogueError(f"set {card_set.id!r} is loaded twice")
            self.sets[card_set.id] = card_set
            for card in card_set.cards:
                if card.id in self._by_id:
                    other = self._by_id[card.id].set_id
                    raise CatalogueError(
                        f"{card_set.id}.json: card {card.id} is also in {other}.json"
                    )
                self._by_id[card.id] = card
        self._cards: tuple[Card, ...] = tuple(self._by_id.values())
        self._folded: tuple[str, ...] = tuple(_fold(c.name) for c in self._cards)
        #: Names other editions print ({lang: {card id: name}}), searched as well.
        self.names: dict[str, dict[str, str]] = names or {}
        for lang, local in self.names.items():
            unknown = sorted(local.keys() - self._by_id.keys())
            if unknown:
                raise CatalogueError(f"names/{lang}.json: no card {', '.join(unknown)}")
        position = {card.id: i for i, card in enumerate(self._cards)}
        #: Every searchable name as (card position, folded name): each card's own name,
        #: then the names of other editions.
        self._keys: tuple[tuple[int, str], ...] = (
            *enumerate(self._folded),
            *(
                (position[card_id], _fold(name))
                for local in self.names.values()
                for card_id, name in local.items()
            ),
        )

    @classmethod
    def load(cls, directory: Path = DEFAULT_CARDS_DIR) -> Catalogue:
        """Load and validate every `*.json` set file in `directory`."""
        files = sorted(directory.glob("*.json"))
        if not files:
            raise CatalogueError(f"no card files (*.json) in {directory}")
        return cls((load_set(path) for path in files), load_names(directory))

    def __len__(self) -> int:
        return len(self._cards)

    def card(self, card_id: str) -> Card:
        """The card with this id; KeyError naming the id if there is none."""
        try:
            return self._by_id[card_id]
        except KeyError:
            raise KeyError(f"no card with id {card_id!r} in the catalogue") from None

    def local_name(self, card_id: str, lang: str) -> str | None:
        """The name ``lang``'s edition prints on the card, when a source gives it."""
        return self.names.get(lang, {}).get(card_id)

    def cards(
        self, kinds: Sequence[Kind] | None = None, sets: Iterable[str] | None = None
    ) -> list[Card]:
        """Cards of these kinds from these sets (None = all), in catalogue order."""
        allowed_sets = self._check_sets(sets)
        return [
            c
            for c in self._cards
            if (kinds is None or c.kind in kinds)
            and (allowed_sets is None or c.set_id in allowed_sets)
        ]

    def search(
        self,
        query: str,
        kinds: Sequence[Kind] | None = None,
        sets: Iterable[str] | None = None,
        limit: int = 10,
        min_score: float = 65.0,
        own: dict[str, str] | None = None,
    ) -> list[Match]:
        """Cards whose name matches `query`, best first.

        Forgiving: case, accents, apostrophes and small typos don't matter, and a
        prefix ("drac") finds the whole name. An exact card id ("BMA001") also works,
        and so does the name another edition prints ("Folterkammer") or a name the
        players gave the card (``own``: {card id: name}).
        """
        folded = _fold(query)
        if not folded:
            return []
        candidates = self._candidates(kinds, sets, own)
        by_id = self._by_id.get(query.strip().upper())
        results: dict[str, Match] = {}
        if by_id is not None and by_id.id in {self._cards[i].id for i, _ in candidates.values()}:
            results[by_id.id] = Match(by_id, 100.0)
        names = {key: name for key, (_, name) in candidates.items()}
        scored = process.extract(
            folded, names, scorer=_name_score, limit=None, score_cutoff=min_score
        )
        for _name, score, key in scored:  # best first: a card's best name counts
            card = self._cards[candidates[key][0]]
            if card.id not in results:
                results[card.id] = Match(card, float(score))
        ranked = sorted(results.values(), key=lambda m: (-m.score, m.card.name, m.card.id))
        return ranked[:limit]

    def named(
        self,
        name: str,
        kinds: Sequence[Kind] | None = None,
        sets: Iterable[str] | None = None,
        min_ratio: float = 88.0,
        own: dict[str, str] | None = None,
    ) -> Card | None:
        """The card called ``name`` (case, accents, punctuation and a small typo aside),
        or None. Stricter than `search`: a prefix or a shared word is not a name."""
        folded = _fold(name)
        if not folded:
            return None
        candidates = self._candidates(kinds, sets, own)
        names = {key: card_name for key, (_, card_name) in candidates.items()}
        best = process.extractOne(folded, names, scorer=fuzz.ratio, score_cutoff=min_ratio)
        return None if best is None else self._cards[candidates[best[2]][0]]

    def _candidates(
        self,
        kinds: Sequence[Kind] | None,
        sets: Iterable[str] | None,
        own: dict[str, str] | None,
    ) -> dict[int, tuple[int, str]]:
        """The names to search, numbered: (card position, folded name) of each card of
        these kinds and sets, under each of its names."""
        allowed_sets = self._check_sets(sets)
        position = {card.id: i for i, card in enumerate(self._cards)} if own else {}
        keys = [
            *self._keys,
            *((position[c], _fold(n)) for c, n in (own or {}).items() if c in position),
        ]
        out: dict[int, tuple[int, str]] = {}
        for number, (index, name) in enumerate(keys):
            card = self._cards[index]
            if (kinds is None or card.kind in kinds) and (
                allowed_sets is None or card.set_id in allowed_sets
            ):
                out[number] = (index, name)
        return out

    def _check_sets(self, sets: Iterable[str] | None) -> set[str] | None:
        if sets is None:
            return None
        chosen = set(sets)
        unknown = chosen - self.sets.keys()
        if unknown:
            raise CatalogueError(
                f"unknown set(s) {', '.join(sorted(unknown))}; "
                f"known: {', '.join(sorted(self.sets))}"
            )
        return chosen


def _name_score(query: str, name: str, **_: object) -> float:
    """Whole-name similarity, with a bonus for a name that starts with the query."""
    if name == query:
        return 100.0
    if name.startswith(query):
        return 95.0 + 4.0 * len(query) / max(len(name), 1)
    ratio = fuzz.ratio(query, name)
    partial = fuzz.partial_ratio(query, name) if len(query) >= 3 else 0.0
    words = max((fuzz.ratio(query, word) for word in name.split()), default=0.0)
    return max(ratio, 0.9 * partial, 0.95 * words)


@cache
def default_catalogue() -> Catalogue:
    """The catalogue shipped in data/cards/, loaded once per process."""
    return Catalogue.load()
