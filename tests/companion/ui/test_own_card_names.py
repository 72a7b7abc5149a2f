"""Names a table gives cards on this device: checked, remembered, read back."""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass
from typing import Any

import pytest

from companion.catalogue import default_catalogue
from companion.ui.own_card_names import PREF, give_name, load_own_names, own_names, parse_names


@dataclass
class _App:  # a dataclass, not hashable, as the app is
    def __init__(self) -> None:
        self.catalogue = default_catalogue()
        self.saved: dict[str, str] = {}

    def save_setting(self, key: str, value: str) -> None:
        self.saved[key] = value


class _Prefs:
    def __init__(self, value: object) -> None:
        self.value = value

    async def get(self, _key: str) -> object:
        return self.value


def test_a_name_given_is_remembered_and_read_back_on_a_new_visit() -> None:
    app: Any = _App()
    assert give_name(app, "BMA015", "  Goblin-Waffenkammer ") == "Goblin-Waffenkammer"
    assert own_names(app) == {"BMA015": "Goblin-Waffenkammer"}
    stored = app.saved[PREF]
    again: Any = _App()
    asyncio.run(load_own_names(again, _Prefs(stored)))
    assert own_names(again) == {"BMA015": "Goblin-Waffenkammer"}


def test_a_name_that_cant_be_one_changes_nothing() -> None:
    app: Any = _App()
    assert give_name(app, "BMA015", "   ") is None
    assert give_name(app, "BMA015", "x" * 61) is None
    assert give_name(app, "BMA015", "Evil\x1b[31m") is None
    assert own_names(app) == {} and app.saved == {}


def test_stored_names_are_kept_entry_by_entry() -> None:
    known = {"BMA015", "BMA038"}
    raw = json.dumps({"BMA015": "Waffenkammer", "XXX999": "nothing", "BMA038": 7})
    assert parse_names(raw, known) == {"BMA015": "Waffenkammer"}
    assert parse_names("not json", known) == {}
    assert parse_names(json.dumps(["BMA015"]), known) == {}
    assert parse_names(None, known) == {}


def test_the_card_page_takes_a_name_and_names_the_card_by_it(table_app: Any) -> None:
    ui, app = table_app(lang="de", width=360)
    ui.tap("open-rules")
    ui.type("rules-search", "goblin armory")
    ui.tap("rules-card-BMA015")
    assert "Für diese Karte ist kein deutscher Name bekannt" in ui.texts()
    ui.type("rules-card-own-name", "Goblin-Waffenkammer")
    ui.tap("rules-card-own-name-save")
    assert "Goblin-Waffenkammer (Goblin Armory)" in ui.texts()
    assert own_names(app) == {"BMA015": "Goblin-Waffenkammer"}
    ui.type("rules-search", "was macht die Goblin-Waffenkammer")
    assert ui.has("rules-card-BMA015")
    assert "Goblin-Waffenkammer (Goblin Armory): was sie bewirkt" in ui.texts()


def test_no_name_is_asked_in_english_or_for_a_card_with_a_german_name(table_app: Any) -> None:
    ui, _app = table_app(lang="de", width=360)
    ui.tap("open-rules")
    ui.type("rules-search", "Folterkammer")
    ui.tap("rules-card-BMA038")
    assert not ui.has("rules-card-own-name")
    ui, _app = table_app(lang="en")
    ui.tap("open-rules")
    ui.type("rules-search", "goblin armory")
    ui.tap("rules-card-BMA015")
    assert not ui.has("rules-card-own-name")


def test_hostile_stored_names_are_ignored_and_read_off_the_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The browser keeps the names, and a browser can keep anything: a value nested
    thousands deep, or megabytes long, is ignored (it raised, or held the loop that
    answers every tab while parsed), and parsing happens on a worker thread."""
    from companion.ui import own_card_names as module

    known = {"BMA015"}
    assert parse_names("[" * 200_000, known) == {}
    good = {"BMA015": "Waffenkammer"}
    padded = json.dumps({**good, **{f"X{n:07d}": "x" * 60 for n in range(3_000)}})
    assert len(padded) > module.MAX_NAMES_CHARS
    assert parse_names(padded, known) == {}, "too long to read: not read at all"
    threads: list[threading.Thread] = []
    real = module.parse_names

    def parse(raw: object, known: set[str]) -> dict[str, str]:
        threads.append(threading.current_thread())
        return real(raw, known)

    monkeypatch.setattr(module, "parse_names", parse)
    app: Any = _App()
    asyncio.run(load_own_names(app, _Prefs(json.dumps(good))))
    assert own_names(app) == good
    assert threads and threads[0] is not threading.main_thread(), "parsed on the loop"
