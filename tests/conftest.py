"""Hooks for the whole suite."""

from __future__ import annotations

import pytest

from rules import card_table
from rules.card_effects import load_effects

# The card abilities the engine refers to, handed in as the app and the CLI do.
card_table.use(load_effects())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the long-running tests (marked ``slow``) first, the rest in their order.

    ``./run-tests`` runs the suite in one process per core, each handed one test at a
    time as it is free (``--maxschedchunk 1``): a two-minute test handed out last keeps
    its process busy for two minutes after the others are done. On 2 cores the engine,
    store and screen tests took 4m52s handed out in chunks in file order, 3m44s so.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
