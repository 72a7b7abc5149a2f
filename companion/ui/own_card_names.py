"""Names a table gives cards, remembered on this device.

No public list gives every German card name (data/cards/PROVENANCE.md): where none is
known, a player gives the card the name printed on their own copy, once, on the card's
page in the Rules screen. The names live in the browser's storage (``card_names``, one
JSON object {card id: name}); every card search on this device then finds the card by it.
A stored value that is not such an object, or names no card, is ignored entry by entry.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from typing import TYPE_CHECKING, Any

from rules.json_text import JsonTextError, parse_json
from rules.printable import printable

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

PREF = "dungeon_referee.card_names"
MAX_NAME = 60
MAX_NAMES = 500
#: What the stored names may take up (about 80 characters a name, as kept): a longer
#: value, which only a tampered browser holds, is not read at all.
MAX_NAMES_CHARS = 100_000
READ_TIMEOUT = 5.0
log = logging.getLogger(__name__)

#: Each tab's names, by the tab's app (a dataclass: not hashable, so by its id, dropped
#: with the app).
_NAMES: dict[int, dict[str, str]] = {}


def own_names(app: TableApp) -> dict[str, str]:
    """This device's names for cards ({card id: name}); empty until read."""
    return _NAMES.get(id(app), {})


def _keep(app: TableApp, names: dict[str, str]) -> None:
    if id(app) not in _NAMES:
        weakref.finalize(app, _NAMES.pop, id(app), None)
    _NAMES[id(app)] = names


def checked_name(name: str) -> str | None:
    """The name as kept (spaces tidied), or None when it can't be one: empty, too long,
    or holding control characters."""
    tidy = " ".join(name.split())
    if not tidy or len(tidy) > MAX_NAME or printable(tidy) != tidy:
        return None
    return tidy


def parse_names(raw: object, known: set[str]) -> dict[str, str]:
    """The stored names that can be used: a card the catalogue knows, a name that is one.
    A value that is not such JSON (nested thousands deep, longer than ``MAX_NAMES_CHARS``)
    is ignored whole."""
    if not isinstance(raw, str) or len(raw) > MAX_NAMES_CHARS:
        return {}
    try:
        value = parse_json(raw)
    except JsonTextError:
        return {}
    if not isinstance(value, dict):
        return {}
    out: dict[str, str] = {}
    for card_id, name in list(value.items())[:MAX_NAMES]:
        kept = checked_name(name) if isinstance(name, str) else None
        if card_id in known and kept is not None:
            out[card_id] = kept
    return out


async def load_own_names(app: TableApp, prefs: Any) -> None:
    """Read this device's names (a browser that does not answer leaves them empty)."""
    try:
        raw = await asyncio.wait_for(prefs.get(PREF), READ_TIMEOUT)
    except Exception:
        log.debug("card names unavailable", exc_info=True)
        return
    known = {card.id for card in app.catalogue.cards()}
    # Parsed on a worker thread: the browser can keep anything there, and a parse holds
    # up every tab the loop answers while it lasts.
    _keep(app, await asyncio.to_thread(parse_names, raw, known))


def give_name(app: TableApp, card_id: str, name: str) -> str | None:
    """Remember ``name`` for the card on this device; the name kept, or None when it
    can't be one (nothing is changed then)."""
    kept = checked_name(name)
    if kept is None:
        return None
    app.catalogue.card(card_id)  # KeyError for a card the catalogue does not know
    names = {**own_names(app), card_id: kept}
    _keep(app, names)
    app.save_setting(PREF, json.dumps(names, ensure_ascii=False))
    return kept
