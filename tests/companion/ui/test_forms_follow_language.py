"""A Room or Hero form half filled in when the language changes: its labels and its
catalogue matches follow the language, and what was typed and chosen stays. (Their labels
stayed in the old language: the forms are built once and kept, so that typing is never
interrupted by a redraw, and nothing relabelled them.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import flet as ft
import pytest

from companion.i18n import Translator
from companion.ui.shell import TableApp
from tests.companion.ui.conftest import AppFactory, saved_at, start_two_player_game
from tests.companion.ui.flet_harness import Harness

GERMAN = Translator("de")
#: Opens a form: (harness, app, the form's identifier prefix).
OpenForm = Callable[[AppFactory, Path], tuple[Harness, TableApp, str]]


def _first_room(table_app: AppFactory, _tmp_path: Path) -> tuple[Harness, TableApp, str]:
    ui, app = table_app()
    start_two_player_game(ui)
    return ui, app, "first-room-1"


def _room_built(table_app: AppFactory, tmp_path: Path) -> tuple[Harness, TableApp, str]:
    ui, app = table_app(route=f"/game/{saved_at(tmp_path / 'data', 'build')}")
    return ui, app, "build-p1"


def _new_hero(table_app: AppFactory, tmp_path: Path) -> tuple[Harness, TableApp, str]:
    ui, app = table_app(route=f"/game/{saved_at(tmp_path / 'data', 'beginning')}")
    return ui, app, "new-hero-1"


FORMS = pytest.mark.parametrize(
    "open_form",
    [_first_room, _room_built, _new_hero],
    ids=["first Room at set-up", "Room at Build", "Hero revealed"],
)


def _in_german(ui: Harness, app: TableApp) -> None:
    ui.tap("open-settings")
    ui.select("settings-lang", "de")
    app.back()


@FORMS
def test_a_half_filled_form_follows_a_language_change(
    table_app: AppFactory, tmp_path: Path, open_form: OpenForm
) -> None:
    ui, app, prefix = open_form(table_app, tmp_path)
    hero = prefix.startswith("new-hero")
    number = f"{prefix}-health" if hero else f"{prefix}-damage"
    ui.type(f"{prefix}-name", "Sa" if hero else "Dr")
    ui.tap(f"{prefix}-treasure-mage")
    ui.type(number, "3")
    assert any(i.startswith(f"{prefix}-option-") for i in ui.ids())

    _in_german(ui, app)

    name = ui.find(f"{prefix}-name", ft.TextField)
    amount = ui.find(number, ft.TextField)
    if hero:
        labels = ("table.hero_name", "table.hero_name_hint", "table.hero_health")
    else:
        labels = ("room.name", "room.name_hint", "room.damage")
    assert (name.label, name.hint_text, amount.label) == tuple(GERMAN(k) for k in labels)
    assert (name.value, amount.value) == ("Sa" if hero else "Dr", "3"), "what was typed stays"
    texts = ui.texts()
    if hero:
        assert GERMAN("table.new_hero_n", n=1) in texts
        assert GERMAN("table.epic") in texts
        tile = ui.find(f"{prefix}-treasure-mage")  # filled with its colour when chosen
        assert tile.bgcolor is not None, "the treasure chosen stays"
    else:
        assert GERMAN("room.treasure") in texts
        assert ui.has(f"{prefix}-icon-1"), "the treasure chosen stays"
    option = next(i for i in ui.ids() if i.startswith(f"{prefix}-option-"))
    word = "Lebenspunkte" if hero else "Schaden"
    assert f" {word} " in f"{ui.find(option).content} ", "the matches speak German too"


@FORMS
def test_a_card_picked_before_a_language_change_brings_no_matches_back(
    table_app: AppFactory, tmp_path: Path, open_form: OpenForm
) -> None:
    ui, app, prefix = open_form(table_app, tmp_path)
    ui.type(f"{prefix}-name", "Sa" if prefix.startswith("new-hero") else "Dr")
    ui.tap(next(i for i in ui.ids() if i.startswith(f"{prefix}-option-")))
    assert not any(i.startswith(f"{prefix}-option-") for i in ui.ids())
    _in_german(ui, app)
    assert not any(i.startswith(f"{prefix}-option-") for i in ui.ids())
    assert ui.find(f"{prefix}-name", ft.TextField).label in (
        GERMAN("room.name"),
        GERMAN("table.hero_name"),
    )


def test_a_join_code_half_typed_keeps_its_words_and_follows_the_language(
    table_app: AppFactory,
) -> None:
    ui, app = table_app(route="/join")
    ui.type("join-code", "AB")
    _in_german(ui, app)
    field = ui.find("join-code", ft.TextField)
    assert (field.label, field.value) == (GERMAN("sync.code_label"), "AB")
