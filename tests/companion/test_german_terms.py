"""German speaks the German rulebook's words (Pegasus edition, rules-sources 002), in the
UI strings and the glossary alike: "Anlockphase", not "Köder"; "Krieger", not "Kämpfer".

TERMS is the small term list taken from that rulebook; OLD_WORDS are words the app used
before that the rulebook does not (each with the rulebook's word to use instead).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.glossary import DEFAULT_GLOSSARY_DIR, RULE_IDS_FILE
from companion.i18n import I18N_DIR

#: English term -> the German rulebook's word for it.
TERMS: dict[str, str] = {
    "Set-up": "Spielaufbau",
    "Beginning of turn": "Rundenanfang",
    "Build phase": "Bauphase",
    "Bait phase": "Anlockphase",
    "Adventure phase": "Abenteuerphase",
    "End of turn": "Rundenende",
    "Room": "Raum",
    "Advanced Room": "Erweiterter Raum",
    "Monster Room": "Monsterraum",
    "Trap Room": "Fallenraum",
    "Ordinary Hero": "Normaler Held",
    "Epic Hero": "Epischer Held",
    "Cleric": "Kleriker",
    "Fighter": "Krieger",
    "Mage": "Magier",
    "Thief": "Dieb",
    "Explorer": "Entdecker",
    "town": "Stadt",
    "entrance": "Dungeoneingang",
    "Health": "Lebenspunkte",
    "Souls": "Seelen",
    "Wounds": "Wunden",
    "Spell": "Zauberspruch",
    "Item": "Ausrüstung",
    "XP": "XP",
    "Coins": "Münzen",
    "hoard": "Hort",
    "Level Up": "Level Up",
    "Machinations": "Intrige",
    "Hard mode": "Schwerer Modus",
    "Deactivate": "Deaktivieren",
    "Destroy": "Zerstören",
    "uncover": "Freilegen",
}

#: Words the app used that the rulebook does not, and what the rulebook says instead.
OLD_WORDS: dict[str, str] = {
    r"Köder": "Anlockphase, anlocken",
    r"Kämpfer": "Krieger",
    r"\bEP\b": "XP",
    r"Ausbau": "Erweiterter Raum",
    r"[Gg]ewöhnlich": "Normale Helden",
    r"Gegenst[aä]nd": "Ausrüstung",
    r"\bZauber\b": "Zauberspruch",
    r"Machenschaft": "Intrige",
    r"Level-Up": "Level Up",
    r"\d+ Leben\b": "Lebenspunkte",
    r"(?:aus dem|in den) Schatz\b": "Hort (the Coins' pile)",
    r"\bFalle\b": "Fallenraum",
    r"\b(?:normale|epische)[rn]? Held": "Normale/Epische Helden (capitalised, a card type)",
    r"\berweiterte[rn]? R[aä]um": "Erweiterte Räume (capitalised, a card type)",
}

#: The app's words for the phases and the Hero classes are the rulebook's, exactly.
EXACT: dict[str, str] = {
    "phase.setup": TERMS["Set-up"],
    "phase.beginning": TERMS["Beginning of turn"],
    "phase.build": TERMS["Build phase"],
    "phase.bait": TERMS["Bait phase"],
    "phase.adventure": TERMS["Adventure phase"],
    "phase.end": TERMS["End of turn"],
    "treasure.cleric": TERMS["Cleric"],
    "treasure.fighter": TERMS["Fighter"],
    "treasure.mage": TERMS["Mage"],
    "treasure.thief": TERMS["Thief"],
    "treasure.explorer": TERMS["Explorer"],
    "room.advanced": TERMS["Advanced Room"],
    "room.kind.monster": TERMS["Monster Room"],
    "room.kind.trap": TERMS["Trap Room"],
    "new.variant.machinations": TERMS["Machinations"],
    "new.variant.hard": TERMS["Hard mode"],
}


def german_ui_strings(directory: Path = I18N_DIR) -> Iterator[tuple[str, str]]:
    strings = json.loads((directory / "de.json").read_text(encoding="utf-8"))
    for key, text in strings.items():
        yield f"de.json {key}", text


def german_glossary_texts(directory: Path = DEFAULT_GLOSSARY_DIR) -> Iterator[tuple[str, str]]:
    """Titles and bodies (synonyms may keep old words: they lead a search to the entry)."""
    for path in sorted(directory.glob("*.json")):
        if path.name == RULE_IDS_FILE:
            continue
        for entry in json.loads(path.read_text(encoding="utf-8"))["entries"]:
            yield f"{path.name} {entry['id']} title", entry["title"]["de"]
            yield f"{path.name} {entry['id']} body", entry["body"]["de"]


def old_words_in(texts: Iterator[tuple[str, str]]) -> list[str]:
    return [
        f"{where}: {match.group(0)!r} (the rulebook says {instead}) in {text!r}"
        for where, text in texts
        for pattern, instead in OLD_WORDS.items()
        for match in re.finditer(pattern, text)
    ]


def test_german_ui_strings_use_the_rulebook_words() -> None:
    assert old_words_in(german_ui_strings()) == []


def test_german_glossary_uses_the_rulebook_words() -> None:
    assert old_words_in(german_glossary_texts()) == []


@pytest.mark.parametrize(("key", "word"), EXACT.items())
def test_phases_classes_and_room_types_are_named_as_in_the_rulebook(key: str, word: str) -> None:
    strings = json.loads((I18N_DIR / "de.json").read_text(encoding="utf-8"))
    assert strings[key] == word


def test_the_check_finds_an_old_word() -> None:
    found = old_words_in(iter([("x", "Köder auswerten mit 5 EP")]))
    assert len(found) == 2
