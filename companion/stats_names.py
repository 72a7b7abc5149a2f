"""The user's answers to "are these two names the same person?" (the History screen asks
once per pair). Kept in ``player-names.json`` in the data folder: ``same`` maps a name to
the one it is counted under, ``different`` lists the pairs said to be two people. A lost or
damaged file only means the questions are asked again."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.stats import NameQuestion
from companion.store.storage import write_atomic
from rules.json_text import parse_json

NAMES_FILE = "player-names.json"
_lock = threading.Lock()


@dataclass(frozen=True)
class Names:
    same: dict[str, str] = field(default_factory=dict)
    different: frozenset[frozenset[str]] = frozenset()


#: The answers about players' names: a few kilobytes. The file lies in the data folder,
#: open to anyone who can write there: past these it is read as no answers (asked again),
#: never parsed (a parse holds up every tab while it lasts).
MAX_NAMES_BYTES = 1_000_000
MAX_NAMES_VALUES = 100_000


def load_names(root: Path) -> Names:
    try:
        with open(root / NAMES_FILE, "rb") as f:
            data = f.read(MAX_NAMES_BYTES + 1)
        if len(data) > MAX_NAMES_BYTES:
            return Names()
        raw: Any = parse_json(data.decode("utf-8"), max_values=MAX_NAMES_VALUES)
        same = {str(k): str(v) for k, v in raw.get("same", {}).items()}
        different = frozenset(
            frozenset(str(n) for n in pair) for pair in raw.get("different", []) if len(pair) == 2
        )
    except (OSError, ValueError, AttributeError, TypeError):
        return Names()
    return Names(same, different)


def answer(root: Path, question: NameQuestion, same: bool) -> Names:
    """Remember the answer; ``same``: the second name is counted as the first."""
    with _lock:
        names = load_names(root)
        if same:
            merged = {
                k: (question.first if v == question.second else v) for k, v in names.same.items()
            }
            merged[question.second] = question.first
            names = Names(merged, names.different)
        else:
            names = Names(
                names.same, names.different | {frozenset((question.first, question.second))}
            )
        data = {"same": names.same, "different": sorted(sorted(p) for p in names.different)}
        write_atomic(root / NAMES_FILE, json.dumps(data, ensure_ascii=False).encode("utf-8"))
        return names
