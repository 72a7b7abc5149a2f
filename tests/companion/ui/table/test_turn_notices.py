"""Undo and redo say what they took back or put back; Destroy (and every tap that takes a
card off the table) asks first."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session import Sessions
from companion.ui.shell import TableApp
from tests.companion.ui.table.conftest import IN_BUILD, FakePage, has, start, tap, walk


def _dialog_texts(page: FakePage) -> str:
    assert page.dialogs, "nothing was shown over the table"
    return "\n".join(
        str(c.value) for c in walk(page.dialogs[-1]) if isinstance(c, ft.Text) and c.value
    )


def _press(page: FakePage, identifier: str) -> None:
    for control in walk(page.dialogs[-1]):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            control.content.on_click(None)
            return
    raise AssertionError(f"no {identifier!r} in {_dialog_texts(page)!r}")


def _snack(page: FakePage) -> Any:
    snacks = [d for d in page.dialogs if isinstance(d, ft.SnackBar)]
    assert snacks, "no notice was shown"
    return snacks[-1]


def _bonus(page: FakePage) -> None:
    if not has(page, "p1-bonus-mage-plus"):
        tap(page, "p1-bonus-toggle")
    tap(page, "p1-bonus-mage-plus")


def test_undo_names_the_step_it_took_back_and_offers_redo(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    _bonus(page)
    assert screen.state.player("Ann").treasure_bonus
    tap(page, "undo")
    assert not screen.state.player("Ann").treasure_bonus
    assert "Undone: Treasure bonus (Ann)" in _dialog_texts(page)
    _press(page, "undo-notice-redo")  # the other arrow, in the notice
    assert screen.state.player("Ann").treasure_bonus
    assert "Redone: Treasure bonus (Ann)" in _dialog_texts(page)
    _press(page, "undo-notice-undo")
    assert not screen.state.player("Ann").treasure_bonus


def test_destroy_asks_first_and_cancel_keeps_the_room(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    tap(page, "p1-room-1-destroy")
    said = _dialog_texts(page)
    assert "Destroy Crypt?" in said and "discard pile" in said
    assert len(screen.state.player("Ann").dungeon) == 1  # nothing happens until answered
    _press(page, "confirm-destroy-cancel")
    assert not page.dialogs and len(screen.state.player("Ann").dungeon) == 1
    tap(page, "p1-room-1-destroy")
    _press(page, "confirm-destroy-yes")
    assert len(screen.state.player("Ann").dungeon) == 0  # R-DESTROY: off the table


def test_deactivate_does_not_ask(app: TableApp, sessions: Sessions, page: FakePage) -> None:
    screen = start(app, sessions, IN_BUILD)
    tap(page, "p1-room-1-deactivate")
    assert not page.dialogs
    assert screen.state.player("Ann").dungeon[0].deactivated
