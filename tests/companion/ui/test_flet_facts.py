"""What Flet 1.0.5's diff does with the app's kinds of controls, pinned (through the real
Session, ``flet_harness``): why the game and set-up screens are drawn under components
(``companion/ui/screen_view.py``) and draw their forms from their drafts.

- Outside components, a control built anew is sent anew: a redraw that builds its tree
  again would re-send the whole screen, under new ids (a tap made on the old picture is
  lost).
- Inside a component, Flet matches the new drawing to the old one and the controls keep
  their ids; but every control it adds there is frozen: it can't be changed in place, so
  a form under a component is drawn again from its draft rather than changed.

A Flet upgrade that changes either fact fails here: then look again at how the screens
are drawn (issue #31)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import flet as ft
import pytest

from tests.companion.ui.flet_harness import Harness


@pytest.fixture
def ui() -> Iterator[Harness]:
    harness = Harness()
    yield harness
    harness.close()


def test_outside_components_a_control_built_anew_is_sent_anew(ui: Harness) -> None:
    column = ft.Column([ft.Text("Turn 1")])
    ui.start(lambda page: page.views[0].controls.append(column))
    before = column.controls[0]
    column.controls = [ft.Text("Turn 1")]  # the same, built again
    ui.page.update(column)
    assert column.controls[0]._i != before._i  # a new control in the browser


def test_inside_a_component_a_control_drawn_again_keeps_its_id(ui: Harness) -> None:
    turn = {"now": 1}

    @ft.component
    def Title() -> ft.Control:
        return ft.Column([ft.Text(f"Turn {turn['now']}")])

    component = _on_page(ui, Title)
    first = ft.unwrap_component(component).controls[0]
    turn["now"] = 2
    component.update()  # drawn again: a new Text
    again = ft.unwrap_component(component).controls[0]
    assert again is not first and again.value == "Turn 2"
    assert again._i == first._i  # matched: the browser's control shows the new words


def test_a_control_a_component_added_cannot_be_changed_in_place(ui: Harness) -> None:
    field = ft.TextField(value="Cry")

    @ft.component
    def Form() -> ft.Control:
        return ft.Column([field])  # a form kept by its screen between drawings

    _on_page(ui, Form)
    with pytest.raises(RuntimeError, match="Frozen"):
        field.value = "Crypt"  # a catalogue pick writing the card's name in


def _on_page(ui: Harness, component: Callable[[], ft.Control]) -> ft.Component:
    """``component`` made (it needs Flet's renderer around it) and sent on the page."""
    from flet.components.component import Renderer

    made = Renderer().render(component)  # type: ignore[no-untyped-call]
    ui.page.views[0].controls.append(ft.Column([made]))
    ui.page.update()
    ui.settle()
    assert isinstance(made, ft.Component)
    return made
