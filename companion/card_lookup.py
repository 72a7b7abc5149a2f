"""Cards in the rules lookup: "what does this card do?", the question asked most at a table.

A query names a card in either language (the English name, the German edition's name
where a source gives it, a name the players gave it on this device), typos forgiven, or
asks about it ("what does Goblin Armory do", "was macht die Folterkammer"). The answer is
the card's printed facts, what its abilities do (the words the app generates from the
effects data, ``rules.card_text``), how the referee handles each ability (carried out,
asked when it fires, or by hand, and why) and the rules it touches, as rule ids that link
to their glossary entries.

No card text is stored or shown: only facts and the app's own words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rapidfuzz import fuzz

from companion.catalogue import Card, Catalogue, default_catalogue, fold_name
from companion.i18n import Lang, Translator
from companion.search_words import STOPWORDS, normalize
from rules.card_effects import effects_of
from rules.card_handling import handling, rules_touched
from rules.card_text import ability_phrases, sentences
from rules.effects import Ability

#: A card whose name the query is (or holds), this close (0-100): the answer leads.
STRONG = 86.0
#: A query word this long, equal to a word of a card's name: the card is offered too.
WORD_MIN = 5
WORD_SCORE = 70.0
#: The words a question about a card is asked with, beyond the glossary's stopwords.
_QUESTION_WORDS = frozenset({"macht", "tut", "kann", "card", "karte", "room", "raum"})


@dataclass(frozen=True)
class CardHit:
    """A card the query names: how well (0-100) and under which name."""

    card: Card
    score: float

    @property
    def strong(self) -> bool:
        return self.score >= STRONG


def _terms(query: str) -> str:
    """The query without its question words: "what does goblin armory do" -> "goblin armory"."""
    words = normalize(query).split()
    return " ".join(w for w in words if w not in STOPWORDS and w not in _QUESTION_WORDS)


def card_hits(
    query: str,
    catalogue: Catalogue,
    own: dict[str, str] | None = None,
    limit: int = 5,
) -> list[CardHit]:
    """Cards the query names, best first: a whole name (a typo forgiven) scores high;
    a long word shared with a name offers the card with a low score. [] for a query that
    names no card ("bait", "level up").

    A name is compared as the query is: without the words a question is asked with
    ("The Fool", "Cave-In" and "Trophy Room" are named by "the fool", "cave-in" and
    "trophy room", whose "the", "in" and "room" a query drops), and also whole, as typed
    (a name of such words only: "It's On!")."""
    asked = fold_name(_terms(query))
    typed = fold_name(query)
    if len(asked.replace(" ", "")) < 3 and len(typed.replace(" ", "")) < 3:
        return []
    words = {w for w in asked.split() if len(w) >= WORD_MIN}
    scores: dict[str, float] = {}
    for card_id, name in _names(catalogue, own):
        terms = _name_terms(name)
        score = max(_named(asked, terms), float(fuzz.ratio(typed, name)))
        if score < STRONG:
            score = WORD_SCORE if words & set(name.split()) else 0.0
        if score and score > scores.get(card_id, 0.0):
            scores[card_id] = score
    ranked = sorted(scores.items(), key=lambda item: (-item[1], catalogue.card(item[0]).name))
    return [CardHit(catalogue.card(card_id), round(score, 1)) for card_id, score in ranked[:limit]]


def _named(asked: str, name: str) -> float:
    """How closely the query's terms name ``name`` (0-100): the whole name, or a long
    name among other words ("goblin armory vs trap")."""
    if not asked:
        return 0.0
    score = float(fuzz.ratio(asked, name))
    if len(name) >= 8 and len(name) < len(asked):  # the name among other words
        score = max(score, float(fuzz.partial_ratio(name, asked)) - 4.0)
    return score


@functools.lru_cache(maxsize=4096)
def _name_terms(folded: str) -> str:
    """A folded name without the words a query drops, or whole where that leaves fewer
    than three letters ("It's On!")."""
    terms = fold_name(_terms(folded))
    return terms if len(terms.replace(" ", "")) >= 3 else folded


def _names(catalogue: Catalogue, own: dict[str, str] | None) -> list[tuple[str, str]]:
    """(card id, folded name) for every name a card is known by."""
    out = [(card.id, fold_name(card.name)) for card in catalogue.cards()]
    for local in catalogue.names.values():
        out += [(card_id, fold_name(name)) for card_id, name in local.items()]
    out += [(card_id, fold_name(name)) for card_id, name in (own or {}).items()]
    return out


# --- the answer ----------------------------------------------------------------------


@dataclass(frozen=True)
class CardAnswer:
    """One card, in one language: what the lookup shows."""

    card_id: str
    title: str  # the name in this language, the English name after it when they differ
    facts: str  # the printed facts in one line
    abilities: tuple[tuple[str, str], ...]  # (what it does, how the referee handles it)
    rules: tuple[str, ...]  # the rule ids it touches


def card_title(
    card: Card, catalogue: Catalogue, tr: Translator, own: dict[str, str] | None = None
) -> str:
    """'Folterkammer (Torture Chamber)' in German; the English name alone in English or
    when no German name is known."""
    if tr.lang == "en":
        return card.name
    local = (own or {}).get(card.id) or catalogue.local_name(card.id, tr.lang)
    return f"{local} ({card.name})" if local and local != card.name else card.name


def treasure_words(tr: Translator, treasure: tuple[str, ...]) -> str:
    """Treasure icons in words, a double icon twice ("Cleric, Cleric")."""
    return ", ".join(
        tr(f"treasure.{t}") if t != "any" else tr("lookup.treasure_any") for t in treasure
    )


def card_facts(card: Card, tr: Translator) -> str:
    """The card's printed facts in one line, in ``tr``'s language."""
    parts: list[str] = []
    match card.kind:
        case "room":
            kind = tr(f"lookup.kind.room.{card.room_type}")
            parts.append(kind + (f" · {tr('lookup.advanced')}" if card.advanced else ""))
            parts.append(
                tr("lookup.damage", damage=card.damage)
                if card.damage is not None
                else tr("lookup.damage_varies")
            )
            parts.append(_treasure(tr, card.treasure))
        case "boss":
            parts += [
                tr("lookup.kind.boss"),
                tr("lookup.xp", xp=card.xp),
                _treasure(tr, card.treasure),
            ]
        case "spell":
            parts += [tr("lookup.kind.spell"), tr(f"lookup.spell_phase.{card.phase}")]
        case "hero":
            parts.append(tr("lookup.kind.epic_hero" if card.epic else "lookup.kind.hero"))
            parts.append(tr("lookup.health", health=card.health))
            parts.append(_treasure(tr, card.treasure))
            if card.min_players:
                parts.append(tr("lookup.min_players", count=card.min_players))
        case "item":
            parts += [tr("lookup.kind.item"), _treasure(tr, card.treasure)]
        case "miniboss":
            parts += [tr("lookup.kind.miniboss"), tr("lookup.levels", count=card.levels)]
    parts.append(tr(f"set.{card.set_id}"))
    return " · ".join(p for p in parts if p)


def _treasure(tr: Translator, treasure: tuple[str, ...]) -> str:
    if not treasure:
        return tr("lookup.no_treasure")
    return tr("lookup.treasure", treasure=treasure_words(tr, treasure))


def handling_text(tr: Translator, ability: Ability) -> str:
    """How the referee deals with one ability, and why, in one sentence (the rules say
    which: ``rules.card_handling.handling``)."""
    return tr(f"lookup.handling.{handling(ability)}")


def rules_of(card: Card) -> tuple[str, ...]:
    """The rule ids a card's facts and abilities touch, most particular first."""
    hybrid = card.kind == "hero" and len(card.treasure or ()) > 1
    advanced = card.kind == "room" and card.advanced
    return rules_touched(card.kind, effects_of(card.id), hybrid=hybrid, advanced=advanced)


def card_answer(
    card: Card, catalogue: Catalogue, tr: Translator, own: dict[str, str] | None = None
) -> CardAnswer:
    """Everything the lookup says about ``card``, in ``tr``'s language."""
    from companion.ui.table.rulings import ruling_text  # the app's words for a phrase

    effects = effects_of(card.id)
    abilities: list[tuple[str, str]] = []
    if effects is not None:
        for ability in effects.abilities:
            words = sentences(ruling_text(tr, key, args) for key, args in ability_phrases(ability))
            abilities.append((words, handling_text(tr, ability)))
    if not abilities:
        abilities.append((tr("lookup.no_ability"), ""))
    return CardAnswer(
        card_id=card.id,
        title=card_title(card, catalogue, tr, own),
        facts=card_facts(card, tr),
        abilities=tuple(abilities),
        rules=rules_of(card),
    )


def print_cards(query: str, lang: Lang, text: bool = True) -> int:
    """``lookup``'s card part: each card the query names whole, as ``card:<id>`` and its
    title, then (with ``text``) its facts, abilities, handling and rules. The number of
    cards printed."""
    catalogue = default_catalogue()
    tr = Translator(lang)
    shown = 0
    for hit in card_hits(query, catalogue):
        if not hit.strong:
            continue
        answer = card_answer(hit.card, catalogue, tr)
        print(f"card:{answer.card_id}\t{answer.title}")
        if text:
            print(answer.facts)
            for words, handling in answer.abilities:
                print(words)
                if handling:
                    print(f"  {handling}")
            print(" · ".join(answer.rules))
            print()
        shown += 1
    return shown


def print_other_cards(query: str, lang: Lang) -> int:
    """The cards a query only shares a word with, as ``card:<id>`` lines (the other
    matches): "Goblin-Waffenkammer" offers the Goblin cards."""
    catalogue = default_catalogue()
    tr = Translator(lang)
    weak = [hit for hit in card_hits(query, catalogue) if not hit.strong]
    for hit in weak:
        print(f"card:{hit.card.id}\t{card_title(hit.card, catalogue, tr)}")
    return len(weak)


class _Cards:
    """The card part of ``./play lookup`` (``glossary_search.CardPrinter``)."""

    def named(self, query: str, lang: Lang, text: bool) -> int:
        return print_cards(query, lang, text)

    def alike(self, query: str, lang: Lang) -> int:
        return print_other_cards(query, lang)


CARDS = _Cards()
