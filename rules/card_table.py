"""The card abilities the engine refers to, handed in from outside (R-CARD-EFFECT).

The engine never reads a file: the app and the command line read
``data/cards/effects/`` once as they start (``rules.card_effects.load_effects``) and hand
the table in with ``use``; the test suite does the same in ``tests/conftest.py``. A game
replayed without it would silently lose every card ability, so asking before one was
handed in is an error rather than an empty table.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.effects import CardEffects

CardTable = Mapping[str, CardEffects]

_handed_in: list[CardTable] = []


def use(table: CardTable) -> None:
    """Hand the engine the card table it refers to from now on."""
    _handed_in[:] = [MappingProxyType(dict(table))]


def handed_in() -> bool:
    """Whether a card table was handed in already (a command line run in-process again
    keeps the one it has)."""
    return bool(_handed_in)


def table() -> CardTable:
    """The card table handed in (``use``)."""
    if not _handed_in:
        raise LookupError(
            "no card table handed in: call rules.card_table.use(load_effects()) at start-up"
        )
    return _handed_in[0]
