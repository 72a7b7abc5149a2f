"""Text typed in a squad form stays as typed when the form is drawn again before the
server has handled it.

The browser reports each key in two messages: the field's new text, which Flet applies to
the field's control as soon as it arrives, and the change event, handled later in its
turn. A tap handled in between (a choice on the same form) draws the form again; drawn from
its older draft, the field would send the browser that older text over what was typed (a
browser run lost the first letter of a colour typed right after a capture)."""

from __future__ import annotations

import flet as ft

from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness
from tests.companion.ui.test_squad_screens import new_squad_game


def typed_ahead(ui: Harness, identifier: str, text: str) -> ft.TextField:
    """The browser shows ``text`` in the field and told the server; its change event is
    still to come."""
    field: ft.TextField = ui.find(identifier, ft.TextField)
    ui.session.apply_patch(field._i, {"value": text})  # as Flet applies it on arrival
    return field


def test_a_colour_typed_ahead_of_a_leader_choice_stays(table_app: AppFactory) -> None:
    ui, _app = table_app()
    new_squad_game(ui)
    typed_ahead(ui, "sq-deploy-color", "r")
    ui.tap("sq-leader-mercenary")  # handled before the colour's change event
    assert ui.find("sq-deploy-color", ft.TextField).value == "r", "older text sent over it"
    ui.tap("sq-leader-army")  # Ann has no Mercenary: back to an army card
    ui.type("sq-deploy-color", "red")  # the change events come in their turn
    ui.type("sq-deploy-strength", "3")
    ui.tap("sq-deploy")
    ui.until(lambda: "Squad 1: red, strength 3" in ui.texts())
    assert ui.find("sq-deploy-color", ft.TextField).value == "", "a deploy clears its form"


def test_a_strength_typed_ahead_stays_and_its_change_is_kept(table_app: AppFactory) -> None:
    ui, _app = table_app()
    new_squad_game(ui)
    ui.type("sq-deploy-color", "red")
    typed_ahead(ui, "sq-deploy-strength", "4")
    ui.tap("sq-leader-mercenary")
    ui.tap("sq-leader-army")  # two redraws before the change event
    assert ui.find("sq-deploy-strength", ft.TextField).value == "4"
    assert ui.find("sq-deploy-color", ft.TextField).value == "red"
