"""The rules glossary: bilingual entries (English and German) loaded from ``data/glossary/``.

A glossary directory holds ``rule_ids.json`` (every rule id the referee may cite) and one
or more entry files (``*.json``, each ``{"entries": [...]}``). Loading validates every
entry field by field and then the glossary as a whole: ids are unique, every related link
points to an entry, every rule id is explained by exactly one entry, and every known rule
id has its entry. Problems are reported together, each naming the file, entry and field.

>>> glossary = load_glossary()
>>> glossary.for_rule("R-DEACTIVATE").id
'deactivate'
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

Lang = Literal["en", "de"]
LANGS: tuple[Lang, ...] = ("en", "de")

#: Where the shipped glossary lives: ``<repo>/data/glossary``.
DEFAULT_GLOSSARY_DIR = Path(__file__).resolve().parent.parent / "data" / "glossary"
RULE_IDS_FILE = "rule_ids.json"

RULE_ID_PATTERN = r"^R-[A-Z]+(?:-[A-Z]+)*$"
ENTRY_ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
RuleId = Annotated[str, StringConstraints(pattern=RULE_ID_PATTERN)]
EntryId = Annotated[str, StringConstraints(pattern=ENTRY_ID_PATTERN)]

# A body is one to four sentences; this bound catches a pasted paragraph.
MAX_BODY_CHARS = 700


class GlossaryError(ValueError):
    """The glossary data is invalid; ``problems`` lists each one, naming entry and field."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid glossary:\n  " + "\n  ".join(problems))


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Localized(_Frozen):
    """A text in every supported language (both are required)."""

    en: Text
    de: Text

    def __getitem__(self, lang: Lang) -> str:
        return self.en if lang == "en" else self.de


class Synonyms(_Frozen):
    """Other words players use for an entry, per language (may be empty)."""

    en: tuple[Text, ...] = ()
    de: tuple[Text, ...] = ()

    def __getitem__(self, lang: Lang) -> tuple[str, ...]:
        return self.en if lang == "en" else self.de


class Source(_Frozen):
    """Where an entry comes from: a rulebook file of ``shared/rules-sources`` and a place in it.

    ``book`` is the file's number (``"000"`` Next Level rulebook, ``"001"`` summary and FAQ,
    ``"002"`` German rulebook, ``"003"`` fan wiki) or ``"rulings"`` for the project's own
    ``shared/rulings.md``, which decides where the books disagree; ``"004"`` is the squad
    game's rulebook and ``"squads-rulings"`` the project's reading of it
    (``squads_rulings.md`` beside the glossary).
    """

    book: Literal["000", "001", "002", "003", "rulings", "004", "squads-rulings"]
    where: Text


class Entry(_Frozen):
    """One glossary entry: a term, a phase, a variant, an expansion, an FAQ case or a rule."""

    id: EntryId
    title: Localized
    body: Localized
    rules: tuple[RuleId, ...] = ()
    related: tuple[EntryId, ...] = ()
    sources: tuple[Source, ...] = Field(min_length=1)
    synonyms: Synonyms = Synonyms()

    @field_validator("body")
    @classmethod
    def _body_is_short(cls, body: Localized) -> Localized:
        for lang in LANGS:
            if len(body[lang]) > MAX_BODY_CHARS:
                raise ValueError(
                    f"{lang} body has {len(body[lang])} characters; keep it to 1-4 sentences "
                    f"(at most {MAX_BODY_CHARS} characters)"
                )
        return body

    @field_validator("rules", "related")
    @classmethod
    def _no_repeats(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        repeated = sorted({v for v in values if values.count(v) > 1})
        if repeated:
            raise ValueError(f"listed more than once: {', '.join(repeated)}")
        return values


class Glossary(_Frozen):
    """Every entry, checked as a whole. Build it with :func:`load_glossary`."""

    entries: tuple[Entry, ...]
    rule_ids: tuple[RuleId, ...]
    #: The entry ids of each entry file, by the file's name ("turn", "terms", ...): the
    #: groups a reader browses the glossary by. Files are only for editing otherwise.
    categories: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @model_validator(mode="after")
    def _entries_fit_together(self) -> Glossary:
        problems = _cross_check(self.entries, self.rule_ids)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    @functools.cached_property
    def _by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}

    @functools.cached_property
    def _by_rule(self) -> dict[str, Entry]:
        return {rule: e for e in self.entries for rule in e.rules}

    def entry(self, entry_id: str) -> Entry:
        """The entry with this id; ``KeyError`` naming the id if there is none."""
        try:
            return self._by_id[entry_id]
        except KeyError:
            raise KeyError(f"no glossary entry with id {entry_id!r}") from None

    def for_rule(self, rule_id: str) -> Entry:
        """The one entry that explains this rule id (e.g. ``"R-BAIT-HIGHEST"``)."""
        try:
            return self._by_rule[rule_id]
        except KeyError:
            raise KeyError(f"no glossary entry explains rule {rule_id!r}") from None

    def __len__(self) -> int:
        return len(self.entries)


def _cross_check(entries: tuple[Entry, ...], rule_ids: tuple[str, ...]) -> list[str]:
    """Checks that span entries: unique ids, links that resolve, rule ids owned exactly once."""
    problems: list[str] = []
    seen: set[str] = set()
    for e in entries:
        if e.id in seen:
            problems.append(f"entry {e.id!r}: id is used by more than one entry")
        seen.add(e.id)
    for e in entries:
        for target in e.related:
            if target == e.id:
                problems.append(f"entry {e.id!r}: field 'related' links the entry to itself")
            elif target not in seen:
                problems.append(
                    f"entry {e.id!r}: field 'related' points to {target!r}, which is no entry"
                )
    owners: dict[str, list[str]] = {}
    for e in entries:
        for rule in e.rules:
            owners.setdefault(rule, []).append(e.id)
    known = set(rule_ids)
    for rule, ids in sorted(owners.items()):
        if len(ids) > 1:
            problems.append(
                f"rule {rule}: field 'rules' lists it in more than one entry "
                f"({', '.join(repr(i) for i in ids)}); each rule id belongs to exactly one"
            )
        if rule not in known:
            problems.append(
                f"entry {ids[0]!r}: field 'rules' names {rule}, which is not in {RULE_IDS_FILE}"
            )
    for rule in rule_ids:
        if rule not in owners:
            problems.append(f"rule {rule}: no entry lists it in field 'rules'")
    return problems


class _RuleIdsFile(_Frozen):
    note: str = ""
    rule_ids: tuple[RuleId, ...] = Field(min_length=1)


class _EntryFile(BaseModel):
    # Entries are validated one at a time so each error can name its entry.
    model_config = ConfigDict(extra="forbid")

    note: str = ""
    entries: list[dict[str, object]]


def _field(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc) or "(entry)"


def _read_json(path: Path, problems: list[str]) -> object | None:
    try:
        data: object = json.loads(path.read_text(encoding="utf-8"))
        return data
    except json.JSONDecodeError as exc:
        problems.append(f"{path.name}: not valid JSON: {exc}")
    except OSError as exc:
        problems.append(f"{path.name}: cannot be read: {exc}")
    return None


def _load_entries(path: Path, problems: list[str]) -> list[Entry]:
    raw = _read_json(path, problems)
    if raw is None:
        return []
    try:
        entry_file = _EntryFile.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            problems.append(f"{path.name}: field '{_field(err['loc'])}': {err['msg']}")
        return []
    entries: list[Entry] = []
    for index, item in enumerate(entry_file.entries):
        name = item.get("id")
        label = f"entry {name!r}" if isinstance(name, str) else f"entry #{index + 1}"
        try:
            entries.append(Entry.model_validate(item))
        except ValidationError as exc:
            for err in exc.errors():
                field = _field(err["loc"])
                problems.append(f"{path.name}: {label}: field '{field}': {err['msg']}")
    return entries


def _load_rule_ids(directory: Path, problems: list[str]) -> tuple[str, ...]:
    path = directory / RULE_IDS_FILE
    if not path.is_file():
        problems.append(f"{RULE_IDS_FILE}: missing from {directory}")
        return ()
    raw = _read_json(path, problems)
    if raw is None:
        return ()
    try:
        return _RuleIdsFile.model_validate(raw).rule_ids
    except ValidationError as exc:
        for err in exc.errors():
            problems.append(f"{RULE_IDS_FILE}: field '{_field(err['loc'])}': {err['msg']}")
        return ()


def load_glossary(path: Path | str | None = None) -> Glossary:
    """Load and validate the glossary in ``path`` (default: the shipped ``data/glossary``).

    Raises :class:`GlossaryError` listing every problem found, each naming its file, entry
    and field. The default glossary is loaded once and cached.
    """
    if path is None:
        return _default_glossary()
    return _load(Path(path))


@functools.cache
def _default_glossary() -> Glossary:
    return _load(DEFAULT_GLOSSARY_DIR)


def _load(directory: Path) -> Glossary:
    if not directory.is_dir():
        raise GlossaryError([f"{directory}: not a directory"])
    problems: list[str] = []
    rule_ids = _load_rule_ids(directory, problems)
    files = sorted(p for p in directory.glob("*.json") if p.name != RULE_IDS_FILE)
    if not files:
        problems.append(f"{directory}: holds no entry files (*.json besides {RULE_IDS_FILE})")
    by_file = [(path.stem, _load_entries(path, problems)) for path in files]
    entries = tuple(entry for _, loaded in by_file for entry in loaded)
    if not problems:
        problems = _cross_check(entries, rule_ids)
    if problems:
        raise GlossaryError(problems)
    categories = tuple((stem, tuple(e.id for e in loaded)) for stem, loaded in by_file if loaded)
    return Glossary(entries=entries, rule_ids=rule_ids, categories=categories)


def rule_ids_in(text: str) -> set[str]:
    """Every rule id cited in a text (source code, a ruling, a page)."""
    return set(_RULE_ID_IN_TEXT.findall(text))


# A rule id stands alone: not the tail of a longer word ("USER-AGENT") and not a family
# prefix ending in a hyphen ("R-BAIT-…" names every bait rule, it is no id itself).
_RULE_ID_IN_TEXT = re.compile(r"(?<![A-Za-z0-9_-])R-[A-Z]+(?:-[A-Z]+)*(?![A-Za-z0-9_-])")
