"""The shipped glossary data and its validation (issue 5, part 1)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from companion.glossary import (
    DEFAULT_GLOSSARY_DIR,
    LANGS,
    Glossary,
    GlossaryError,
    load_glossary,
    rule_ids_in,
)
from companion.glossary_search import compact

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"  # CI clones the repo with shared/ beside it
RULE_IDS = json.loads((DEFAULT_GLOSSARY_DIR / "rule_ids.json").read_text(encoding="utf-8"))[
    "rule_ids"
]

# The glossary terms of the English rulebook (000, p.17-18) and the German one (002, Glossar).
ENGLISH_BOOK_TERMS = [
    "Activated Ability", "Active Player", "Build", "Cancel", "Damage", "Deactivate", "Dead",
    "Destroy", "Discard", "Entrance", "Face-Down", "Hand", "Heal", "Health", "Hero",
    "Level Up", "Monster", "Ordinary", "Search", "Trap", "Uncover", "XP",
]  # fmt: skip
GERMAN_BOOK_TERMS = [
    "Abwerfen", "Aktivierbarer Effekt", "Deaktivieren", "Dungeoneingang", "Freilegen", "Hand",
    "Level Up", "(Erweiterte) Räume", "Verhindern", "XP", "Zerstören",
]  # fmt: skip
# Topics the issue asks for, by entry id.
REQUIRED_TOPICS = [
    "phase-beginning", "phase-build", "phase-bait", "phase-adventure", "phase-end", "setup",
    "variant-classic", "variant-hard-mode", "variant-i-choose-you", "variant-machinations",
    "variant-unlimited-lives", "variant-anniversary-tiebreak", "items", "minibosses", "coins",
    "crash-landing", "total-destruction", "vault-of-villains", "souls", "wounds", "treasure",
    "epic-hero", "hybrid-hero", "dark-hero", "boss", "room", "advanced-room", "spell", "town",
    "xp-order", "faq-destroyed-room-with-hero", "faq-miniboss-room-lost",
    "faq-damage-beyond-health", "faq-tpk", "faq-teleportation", "faq-cave-in",
    "faq-spell-target-gone", "faq-simultaneous-effects", "faq-random-discard",
    "faq-hero-sequence",
]  # fmt: skip

# A rule id as cited in code; a family prefix such as "R-BAIT-…" is not one.
RULE_ID_IN_CODE = re.compile(r"(?<![A-Za-z0-9_-])R-[A-Z]+(?:-[A-Z]+)*(?![A-Za-z0-9_-])")


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary()


# --- the shipped data -------------------------------------------------------------------


def test_shipped_glossary_loads_with_both_languages_everywhere(glossary: Glossary) -> None:
    assert len(glossary.entries) >= 100
    for entry in glossary.entries:
        for lang in LANGS:
            assert entry.title[lang].strip(), f"{entry.id}: empty {lang} title"
            assert entry.body[lang].strip(), f"{entry.id}: empty {lang} body"
        assert entry.sources, entry.id


def test_every_known_rule_id_is_explained_by_exactly_one_entry(glossary: Glossary) -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 39 + 21  # Boss Monster's, the squad game's
    for rule in RULE_IDS:
        owners = [e.id for e in glossary.entries if rule in e.rules]
        assert owners == [glossary.for_rule(rule).id], f"{rule}: {owners}"


def test_engine_bookkeeping_rule_ids_are_known() -> None:
    for rule in (
        "R-PHASE",
        "R-TURN-REVEAL",
        "R-SCORE-CORRECT",
        "R-VAR-MACHINATIONS",
        "R-CARD-EFFECT",
        "R-STALE",
        "R-UNDO",
        "R-PLAYER",
        "R-FOLLOWS",
    ):
        assert rule in RULE_IDS


def test_rule_ids_file_holds_every_id_of_shared_rulings() -> None:
    rulings = SHARED / "rulings.md"
    if not rulings.is_file():
        pytest.skip(f"{rulings} is absent (shared/ is not checked out beside the repo)")
    cited = rule_ids_in(rulings.read_text(encoding="utf-8"))
    assert len(cited) >= 30, "rulings.md read, but few rule ids found: is the regex right?"
    missing = sorted(cited - set(RULE_IDS))
    assert not missing, f"rule ids in rulings.md without a line in rule_ids.json: {missing}"


def _python_files() -> list[Path]:
    return sorted(p for folder in ("rules", "companion") for p in (REPO / folder).rglob("*.py"))


def test_every_rule_id_cited_in_code_has_a_glossary_entry(glossary: Glossary) -> None:
    files = _python_files()
    # companion/glossary*.py always exist, so the scan is never vacuous
    assert REPO / "companion" / "glossary_search.py" in files
    cited: dict[str, list[str]] = {}
    for path in files:
        for rule in RULE_ID_IN_CODE.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, []).append(str(path.relative_to(REPO)))
    assert "R-BAIT-SPLIT" in cited  # cited in companion/glossary_search.py's docstring
    missing = {rule: where for rule, where in cited.items() if rule not in glossary.rule_ids}
    assert not missing, f"rule ids cited in code with no glossary entry: {missing}"


def test_rule_id_scan_ignores_ids_glued_to_longer_words() -> None:
    text = 'x = "USER-AGENT"  # R-BAIT-SPLIT, (R-HEAL) and R-END-XP; all R-BAIT-… rules.'
    assert rule_ids_in(text) == {"R-BAIT-SPLIT", "R-HEAL", "R-END-XP"}
    assert set(RULE_ID_IN_CODE.findall(text)) == rule_ids_in(text)


@pytest.mark.parametrize("term", ENGLISH_BOOK_TERMS)
def test_every_english_rulebook_term_has_an_entry(glossary: Glossary, term: str) -> None:
    names = {compact(n) for e in glossary.entries for n in (e.title.en, *e.synonyms.en, e.id)}
    assert compact(term) in names


@pytest.mark.parametrize("term", GERMAN_BOOK_TERMS)
def test_every_german_rulebook_term_has_an_entry(glossary: Glossary, term: str) -> None:
    names = {compact(n) for e in glossary.entries for n in (e.title.de, *e.synonyms.de)}
    assert compact(term) in names


@pytest.mark.parametrize("entry_id", REQUIRED_TOPICS)
def test_required_topic_has_an_entry(glossary: Glossary, entry_id: str) -> None:
    assert glossary.entry(entry_id).id == entry_id


def test_titles_and_synonyms_point_to_one_entry_each(glossary: Glossary) -> None:
    """A word players type (title or synonym, either language) must not name two entries."""
    owners: dict[str, set[str]] = {}
    for entry in glossary.entries:
        for lang in LANGS:
            for name in (entry.title[lang], *entry.synonyms[lang]):
                owners.setdefault(compact(name), set()).add(entry.id)
    shared = {name: ids for name, ids in owners.items() if len(ids) > 1}
    assert not shared


def test_related_links_go_both_ways_or_at_least_resolve(glossary: Glossary) -> None:
    ids = {e.id for e in glossary.entries}
    for entry in glossary.entries:
        assert entry.related, f"{entry.id}: no related entries"
        assert set(entry.related) <= ids


def _shingles(text: str, size: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-zäöüß0-9]+", text.casefold())
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def test_entries_quote_no_rulebook_sentence(glossary: Glossary) -> None:
    """Our own words: no run of eight words taken verbatim from a rulebook."""
    books = sorted((SHARED / "rules-sources").glob("00[0-4]_*.txt"))
    if not books:
        pytest.skip(f"{SHARED / 'rules-sources'} is absent (shared/ is not checked out)")
    size = 8
    quoted = set().union(*(_shingles(b.read_text(encoding="utf-8"), size) for b in books))
    copies = [
        (entry.id, lang, " ".join(run))
        for entry in glossary.entries
        for lang in LANGS
        for run in _shingles(entry.body[lang], size) & quoted
    ]
    assert not copies


def test_default_glossary_is_loaded_once() -> None:
    assert load_glossary() is load_glossary()


def test_unknown_entry_and_rule_lookups_name_what_is_missing(glossary: Glossary) -> None:
    with pytest.raises(KeyError, match="no-such-entry"):
        glossary.entry("no-such-entry")
    with pytest.raises(KeyError, match="R-NOPE"):
        glossary.for_rule("R-NOPE")


def test_entries_are_frozen(glossary: Glossary) -> None:
    with pytest.raises(ValidationError):
        glossary.entries[0].id = "changed"  # type: ignore[misc]


# --- broken glossaries ------------------------------------------------------------------


def _entry(entry_id: str, **overrides: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": entry_id,
        "title": {"en": f"Title {entry_id}", "de": f"Titel {entry_id}"},
        "body": {"en": "A sentence.", "de": "Ein Satz."},
        "rules": [],
        "related": [],
        "sources": [{"book": "000", "where": "p.1"}],
        "synonyms": {"en": [], "de": []},
    }
    entry.update(overrides)
    return entry


def _write(folder: Path, entries: list[dict[str, Any]], rule_ids: list[str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rules = rule_ids if rule_ids is not None else ["R-HEAL"]
    (folder / "rule_ids.json").write_text(json.dumps({"rule_ids": rules}), encoding="utf-8")
    (folder / "entries.json").write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return folder


def _problems(folder: Path) -> str:
    with pytest.raises(GlossaryError) as caught:
        load_glossary(folder)
    return "\n".join(caught.value.problems)


def test_a_minimal_valid_glossary_loads(tmp_path: Path) -> None:
    folder = _write(tmp_path, [_entry("heal", rules=["R-HEAL"], related=["wounds"]),
                               _entry("wounds")])  # fmt: skip
    glossary = load_glossary(folder)
    assert glossary.for_rule("R-HEAL").id == "heal"
    assert [e.id for e in glossary.entries] == ["heal", "wounds"]


def test_entry_lacking_german_title_is_named_with_its_field(tmp_path: Path) -> None:
    broken = _entry("heal", rules=["R-HEAL"], title={"en": "Heal"})
    problems = _problems(_write(tmp_path, [broken]))
    assert "entry 'heal'" in problems and "field 'title.de'" in problems


def test_entry_lacking_english_body_is_named_with_its_field(tmp_path: Path) -> None:
    broken = _entry("heal", rules=["R-HEAL"], body={"de": "Heilen."})
    problems = _problems(_write(tmp_path, [broken]))
    assert "entry 'heal'" in problems and "field 'body.en'" in problems


def test_blank_text_counts_as_missing(tmp_path: Path) -> None:
    broken = _entry("heal", rules=["R-HEAL"], body={"en": "Heal.", "de": "   "})
    assert "field 'body.de'" in _problems(_write(tmp_path, [broken]))


def test_related_link_to_no_entry_is_named(tmp_path: Path) -> None:
    broken = _entry("heal", rules=["R-HEAL"], related=["wonuds"])
    problems = _problems(_write(tmp_path, [broken]))
    assert "entry 'heal'" in problems and "'related'" in problems and "'wonuds'" in problems


def test_rule_id_in_two_entries_is_named_with_both(tmp_path: Path) -> None:
    entries = [_entry("heal", rules=["R-HEAL"]), _entry("wounds", rules=["R-HEAL"])]
    problems = _problems(_write(tmp_path, entries))
    assert "R-HEAL" in problems and "'heal'" in problems and "'wounds'" in problems


def test_duplicate_entry_ids_are_refused(tmp_path: Path) -> None:
    entries = [_entry("heal", rules=["R-HEAL"]), _entry("heal")]
    problems = _problems(_write(tmp_path, entries))
    assert "entry 'heal': id is used by more than one entry" in problems


def test_known_rule_id_without_entry_is_refused(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, [_entry("heal", rules=["R-HEAL"])],
                                rule_ids=["R-HEAL", "R-DESTROY"]))  # fmt: skip
    assert "rule R-DESTROY: no entry lists it" in problems


def test_rule_id_missing_from_rule_ids_file_is_refused(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, [_entry("heal", rules=["R-HEAL", "R-HEALL"])]))
    assert "entry 'heal'" in problems and "R-HEALL" in problems


def test_malformed_rule_id_is_named_with_its_field(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, [_entry("heal", rules=["R-HEAL", "heal-rule"])]))
    assert "entry 'heal'" in problems and "field 'rules.1'" in problems


def test_misspelt_field_is_refused(tmp_path: Path) -> None:
    broken = _entry("heal", rules=["R-HEAL"], synonym={"en": ["x"]})
    problems = _problems(_write(tmp_path, [broken]))
    assert "entry 'heal'" in problems and "field 'synonym'" in problems


def test_unknown_source_book_is_named(tmp_path: Path) -> None:
    broken = _entry("heal", rules=["R-HEAL"], sources=[{"book": "005", "where": "p.2"}])
    problems = _problems(_write(tmp_path, [broken]))
    assert "entry 'heal'" in problems and "field 'sources.0.book'" in problems


def test_entry_without_sources_is_refused(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, [_entry("heal", rules=["R-HEAL"], sources=[])]))
    assert "entry 'heal'" in problems and "field 'sources'" in problems


def test_overlong_body_is_refused(tmp_path: Path) -> None:
    long_body = {"en": "Word. " * 200, "de": "Wort."}
    problems = _problems(_write(tmp_path, [_entry("heal", rules=["R-HEAL"], body=long_body)]))
    assert "entry 'heal'" in problems and "field 'body'" in problems and "1-4 sentences" in problems


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    entries = [
        _entry("heal", rules=["R-HEAL"], title={"en": "Heal"}),
        _entry("wounds", body={"en": "Wounds."}),
    ]
    problems = _problems(_write(tmp_path, entries))
    assert "entry 'heal': field 'title.de'" in problems
    assert "entry 'wounds': field 'body.de'" in problems


def test_entry_without_id_is_named_by_position(tmp_path: Path) -> None:
    nameless = _entry("x")
    del nameless["id"]
    problems = _problems(_write(tmp_path, [_entry("heal", rules=["R-HEAL"]), nameless]))
    assert "entry #2: field 'id'" in problems


def test_invalid_json_names_the_file(tmp_path: Path) -> None:
    folder = _write(tmp_path, [_entry("heal", rules=["R-HEAL"])])
    (folder / "more.json").write_text('{"entries": [', encoding="utf-8")
    assert "more.json: not valid JSON" in _problems(folder)


def test_missing_rule_ids_file_is_refused(tmp_path: Path) -> None:
    folder = _write(tmp_path, [_entry("heal", rules=["R-HEAL"])])
    (folder / "rule_ids.json").unlink()
    assert "rule_ids.json: missing" in _problems(folder)


def test_missing_directory_is_refused(tmp_path: Path) -> None:
    assert "not a directory" in _problems(tmp_path / "nowhere")


def test_building_a_glossary_directly_checks_it_too() -> None:
    entry = load_glossary().entry("heal")
    with pytest.raises(ValidationError, match="used by more than one entry"):
        Glossary(entries=(entry, entry), rule_ids=("R-HEAL",))
