"""Search the rules glossary in English or German, forgiving typos, and the ``lookup`` command.

A query is matched against every entry's titles and synonyms in both languages, its rule
ids (``R-BAIT-SPLIT`` or just ``bait split``), its id, and the words of its bodies. Case,
diacritics, hyphens and spacing are ignored ("Level-Up", "levelup", "LEVEL UP", "Köder",
"Koeder", "koder" all read alike). Ranking, best first:

1. an exact title (beats) an exact synonym, rule id or entry id;
2. a fuzzy or prefix match on a title (beats) one on a synonym, rule id or entry id;
3. a match in the body text only.

A question is read as the terms it asks about: its question words are left out ("what
does deactivate mean" finds Deactivate as if typed alone), and a title or synonym named
whole among the query's words counts as a fuzzy match, the higher the more of the words
it names ("can I build on a trap" puts Build first, then Trap Room).

Fuzzy scores come from rapidfuzz; keys are normalised once per index, so a query costs a
few milliseconds.

>>> [hit.entry_id for hit in search("sideways")][:1]
['deactivate']
>>> search("Wunde", lang="de")[0].title
'Wunden'
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from rapidfuzz import fuzz, process

from companion.glossary import LANGS, Glossary, GlossaryError, Lang, load_glossary
from companion.search_words import STOPWORDS as STOPWORDS
from companion.search_words import normalize as normalize

Kind = Literal["title", "synonym", "rule", "id"]

# How much a match on each kind of key is worth, relative to a title.
KIND_WEIGHT: dict[Kind, float] = {"title": 1.0, "synonym": 0.95, "rule": 0.95, "id": 0.9}
EXACT = 200.0  # an exact key match scores EXACT * weight: always above any fuzzy match
FUZZY_CUTOFF = 72.0  # fuzzy similarity (0-100) below this is noise
BODY_MAX = 60.0  # a query whose every word appears in a body scores this
BODY_TIE_BREAK = 0.05  # body relevance orders entries whose keys match equally well
MIN_SCORE = 40.0  # hits scoring less are not shown
MIN_FUZZY_LEN = 3  # shorter queries only match exactly or by body words

_UMLAUT_SPELLINGS = (("ae", "a"), ("oe", "o"), ("ue", "u"))


def compact(text: str) -> str:
    """The normalised text without spaces: "Level-Up", "level up" and "levelup" agree."""
    return normalize(text).replace(" ", "")


def _query_forms(query: str) -> list[str]:
    """The normalised query; the terms it asks about, when it is a question ("what does
    deactivate mean" -> "deactivate"); and each read with ae/oe/ue as umlauts ("Koeder" ->
    "koder")."""
    whole = normalize(query)
    terms = " ".join(w for w in whole.split() if w not in STOPWORDS)
    forms = [whole]
    if terms and terms != whole:
        forms.append(terms)
    for form in list(forms):
        folded = form
        for spelled, plain in _UMLAUT_SPELLINGS:
            folded = folded.replace(spelled, plain)
        if folded not in forms:
            forms.append(folded)
    return forms


def _words(text: str) -> list[str]:
    return [w for w in normalize(text).split() if len(w) >= 3 and w not in STOPWORDS]


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: the entry's id, its title in the requested language, and a score."""

    entry_id: str
    title: str
    score: float


@dataclass(frozen=True, slots=True)
class _Key:
    text: str  # normalised
    flat: str  # compact
    tokens: frozenset[str]
    entry: int  # index into the glossary's entries
    kind: Kind


class SearchIndex:
    """A glossary's search keys, normalised once. Use :func:`search` for the shipped glossary."""

    def __init__(self, glossary: Glossary) -> None:
        self.glossary = glossary
        self._keys = list(self._build_keys(glossary))
        self._texts = [k.text for k in self._keys]
        self._flats = [k.flat for k in self._keys]
        self._exact: dict[str, list[_Key]] = {}
        for key in self._keys:
            self._exact.setdefault(key.flat, []).append(key)
        # body words -> entries whose body (in either language) uses them
        self._body_entries: dict[str, set[int]] = {}
        for index, entry in enumerate(glossary.entries):
            for lang in LANGS:
                for word in _words(entry.body[lang]) + _words(entry.title[lang]):
                    self._body_entries.setdefault(word, set()).add(index)
        self._vocabulary = list(self._body_entries)

    @staticmethod
    def _build_keys(glossary: Glossary) -> Iterable[_Key]:
        for index, entry in enumerate(glossary.entries):
            texts: list[tuple[str, Kind]] = [(entry.id.replace("-", " "), "id")]
            for lang in LANGS:
                texts.append((entry.title[lang], "title"))
                texts.extend((synonym, "synonym") for synonym in entry.synonyms[lang])
            for rule in entry.rules:
                texts.append((rule, "rule"))
                texts.append((rule.removeprefix("R-"), "rule"))
            for text, kind in texts:
                norm = normalize(text)
                if norm:
                    yield _Key(norm, norm.replace(" ", ""), frozenset(norm.split()), index, kind)

    def search(self, query: str, lang: Lang = "en", limit: int = 10) -> list[Hit]:
        """Entries matching ``query``, best first, titled in ``lang``; [] when nothing fits."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGS)}")
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        scores: dict[int, float] = {}
        body: dict[int, float] = {}
        bodies_searched: set[tuple[str, ...]] = set()
        for form in _query_forms(query):
            if not form:
                continue
            for entry, score in self._key_scores(form).items():
                scores[entry] = max(scores.get(entry, 0.0), score)
            words = tuple(_words(form))
            if words in bodies_searched:
                continue  # a question and its terms have the same body words
            bodies_searched.add(words)
            for entry, score in self._body_scores(words).items():
                body[entry] = max(body.get(entry, 0.0), score)
        ranked: list[tuple[float, int]] = []
        for entry in scores.keys() | body.keys():
            key_score, body_score = scores.get(entry, 0.0), body.get(entry, 0.0)
            total = max(key_score, body_score) + BODY_TIE_BREAK * body_score
            if total >= MIN_SCORE:
                ranked.append((total, entry))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        entries = self.glossary.entries
        return [
            Hit(entries[i].id, entries[i].title[lang], round(score, 2))
            for score, i in ranked[:limit]
        ]

    def _key_scores(self, form: str) -> dict[int, float]:
        flat = form.replace(" ", "")
        scores: dict[int, float] = {}

        def offer(key: _Key, similarity: float) -> None:
            score = similarity * KIND_WEIGHT[key.kind]
            if score > scores.get(key.entry, 0.0):
                scores[key.entry] = score

        for key in self._exact.get(flat, ()):
            offer(key, EXACT)
        query_tokens = set(form.split())
        if len(flat) < MIN_FUZZY_LEN or query_tokens <= STOPWORDS:
            return scores
        similarity = [0.0] * len(self._keys)
        for choices, probe, scorer in (
            (self._texts, form, fuzz.ratio),
            (self._texts, form, fuzz.token_sort_ratio),
            (self._flats, flat, fuzz.ratio),
        ):
            found = process.extract(
                probe, choices, scorer=scorer, score_cutoff=FUZZY_CUTOFF, limit=None
            )
            for _, value, i in found:
                similarity[i] = max(similarity[i], value)
        for i, key in enumerate(self._keys):
            value = similarity[i]
            if key.flat.startswith(flat):
                # typing the start of a key ("deac" for "deactivate") is a good sign
                value = max(value, 80.0 + 20.0 * len(flat) / len(key.flat))
            elif query_tokens <= key.tokens:
                # every query word is a word of the key ("split" in "bait split")
                value = max(value, 72.0 + 20.0 * len(flat) / len(key.flat))
            elif (
                key.tokens <= query_tokens
                and len(key.flat) >= MIN_FUZZY_LEN
                and not key.tokens <= STOPWORDS  # "die" in "was macht die ..." is no death
            ):
                # the query names the key among other words ("build" in "build trap"): a
                # question about it, the more so the more of the query's words the key is
                value = max(value, 72.0 + 18.0 * len(key.tokens) / len(query_tokens))
            if value >= FUZZY_CUTOFF:
                offer(key, value)
        return scores

    def _body_scores(self, words: Sequence[str]) -> dict[int, float]:
        if not words:
            return {}
        hits: dict[int, int] = {}
        for word in words:
            matched: set[int] = set()
            found = process.extract(
                word, self._vocabulary, scorer=fuzz.ratio, score_cutoff=88, limit=None
            )
            for vocab_word, _, _ in found:
                matched |= self._body_entries[vocab_word]
            for entry in matched:
                hits[entry] = hits.get(entry, 0) + 1
        return {entry: BODY_MAX * count / len(words) for entry, count in hits.items()}


@functools.cache
def _default_index() -> SearchIndex:
    return SearchIndex(load_glossary())


def search(query: str, lang: Lang = "en", limit: int = 10) -> list[Hit]:
    """Search the shipped glossary; see the module docstring for how matches are ranked."""
    return _default_index().search(query, lang=lang, limit=limit)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dungeon-referee lookup",
        description="Look up a rule or term in the glossary (English or German, typos forgiven).",
        epilog="Prints the best entry (its id, a tab and its title, then its text and rule "
        "ids), then the other matches one per line: id, tab, title. --list prints only those "
        "lines. Exit status 1: no match.",
    )
    parser.add_argument(
        "query", nargs="+", help="words to look for, e.g. deactivate or R-BAIT-SPLIT"
    )
    parser.add_argument(
        "--lang", choices=LANGS, default="en", help="language of the titles shown (default: en)"
    )
    parser.add_argument(
        "--limit", type=int, default=10, help="show at most this many entries (default: 10)"
    )
    parser.add_argument(
        "--list", action="store_true", help="only the matches' ids and titles, no text"
    )
    return parser


class CardPrinter(Protocol):
    """What ``lookup`` prints about cards (``companion.card_lookup.CARDS``): those the query
    names whole, before the entries; those it shares a word with, after them. Each returns
    how many it printed."""

    def named(self, query: str, lang: Lang, text: bool) -> int: ...

    def alike(self, query: str, lang: Lang) -> int: ...


class _NoCards:
    def named(self, query: str, lang: Lang, text: bool) -> int:
        return 0

    def alike(self, query: str, lang: Lang) -> int:
        return 0


def lookup_main(argv: Sequence[str], cards: CardPrinter | None = None) -> int:
    """``dungeon-referee lookup QUERY [--lang en|de]``: print ranked entries; return the status.

    0: at least one entry printed; 1: nothing matched (message on stderr); 2: bad usage
    (argparse prints the message); 3: the glossary data is invalid.
    """
    parser = _parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse has already printed usage or help
        return exc.code if isinstance(exc.code, int) else 2
    if args.limit < 1:
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: error: --limit must be at least 1", file=sys.stderr)
        return 2
    query = " ".join(args.query)
    return lookup(query, lang=args.lang, limit=args.limit, text=not args.list, cards=cards)


def lookup(
    query: str,
    lang: Lang = "en",
    limit: int = 10,
    text: bool = True,
    cards: CardPrinter | None = None,
) -> int:
    """Print the entries matching ``query`` as ``<id>\\t<title>`` lines, the best one followed
    by its text and rule ids (unless ``text`` is False); return the exit status.

    For callers that parsed the command line themselves; statuses as in :func:`lookup_main`.
    """
    try:
        hits = search(query, lang=lang, limit=limit)
    except GlossaryError as exc:
        print(f"dungeon-referee lookup: {exc}", file=sys.stderr)
        return 3
    # A card the query names comes first; cards it shares a word with come last.
    printer = cards or _NoCards()
    named = printer.named(query, lang, text)
    if not hits:
        if named or printer.alike(query, lang):
            return 0
        print(f"no glossary entry or card matches {query!r}", file=sys.stderr)
        return 1
    best, *others = hits
    print(f"{best.entry_id}\t{best.title}")
    if text:
        entry = load_glossary().entry(best.entry_id)
        print(entry.body[lang])
        if entry.rules:
            print(" · ".join(entry.rules))
        if others:
            print()
    for hit in others:
        print(f"{hit.entry_id}\t{hit.title}")
    printer.alike(query, lang)
    return 0


if __name__ == "__main__":
    sys.exit(lookup_main(sys.argv[1:]))
