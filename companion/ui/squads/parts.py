"""Small controls the squad game's components share: a row of choices, a text field, a
squad's label."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.theme import TOUCH
from companion.ui.text_box import TextBox
from companion.ui.widgets import tagged
from rules.game_kinds import AnyCommand
from rules.squads.models import Squad, colour_words

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp


def found_by_form(
    forget: Callable[[], None], set_problem: Callable[[str], None]
) -> Callable[[str], None]:
    """How a form says a problem it found itself (``set_problem``): under the form, in
    place of the referee's refusal of an earlier order (``forget``), which is about
    another order and would mislead."""

    def found(said: str) -> None:
        forget()
        set_problem(said)

    return found


class Act(Protocol):
    """Send an order to the referee. ``accepted`` runs once the referee took it: a form
    clears what was typed only then, so a refused order stays on the form to be mended."""

    def __call__(self, command: AnyCommand, accepted: Callable[[], None] | None = None) -> None: ...


def own(action: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A component's event handler. The component redraws itself once its state changed;
    Flet's redraw of the page around it after each handler (the shell's screens rely on
    it) is turned off here: it would draw the component in between, out of step with
    what the browser was sent."""
    if inspect.iscoroutinefunction(action):

        async def run_async(event: Any) -> None:
            ft.context.disable_auto_update()  # type: ignore[no-untyped-call]
            await action(event)

        return run_async

    def run(event: Any) -> None:
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]
        action(event)

    return run


def choice_row(
    identifier: str,
    choices: Sequence[tuple[str, str]],
    chosen: str | None,
    choose: Callable[[str], None],
) -> ft.Control:
    """One button per ``(value, label)``, the chosen one filled: ``{identifier}-{value}``."""

    def button(value: str, label: str) -> ft.Control:
        cls = ft.FilledButton if value == chosen else ft.OutlinedButton
        return tagged(
            f"{identifier}-{value}",
            cls(content=label, height=TOUCH, on_click=own(lambda _e: choose(value))),
        )

    return ft.Row([button(v, label) for v, label in choices], wrap=True, spacing=6)


def text_field(
    identifier: str,
    label: str,
    value: str,
    change: Callable[[str], None],
    *,
    number: bool = False,
    width: int | None = None,
) -> ft.Control:
    """A field showing the draft ``value``; what is typed ahead of a redraw stays."""
    return tagged(
        identifier,
        TextBox(
            value,
            own(change),
            label=label,
            keyboard_type=ft.KeyboardType.NUMBER if number else ft.KeyboardType.TEXT,
            width=width,
            dense=True,
        ),
    )


def colour_field(
    identifier: str,
    label: str,
    value: str,
    change: Callable[[str], None],
    known: Sequence[str],
) -> ft.Control:
    """A colour's field, and under it one button per colour ``known`` at the table
    (``rules.squads.flow.colours``): a tap puts that colour in the field, and the button
    of the colour in the field (read as the model reads a colour) is filled. A colour no
    card shows yet is typed. Buttons: ``{identifier}-pick-{colour}``."""
    field = text_field(identifier, label, value, change)
    if not known:
        return field
    typed = next(iter(colour_words((value,))), None)
    picks = choice_row(f"{identifier}-pick", [(c, c) for c in known], typed, change)
    return ft.Column([field, picks], spacing=6)


def squad_label(app: TableApp, squad: Squad) -> str:
    if squad.action is not None:
        return app.tr("squads.squad_action", n=squad.number + 1, support=squad.support)
    leader = "" if squad.recruit is None else f" ({app.tr(f'squads.recruit.{squad.recruit}')})"
    return app.tr("squads.squad", n=squad.number + 1, color=squad.color, total=squad.total) + leader


def problem_line(identifier: str | None, text: str) -> ft.Control:
    """What is wrong (with what was typed, or a refusal), in the error colour; tagged
    ``identifier`` when one is given."""
    line = ft.Text(text, color=ft.Colors.ERROR, size=16)
    return line if identifier is None else tagged(identifier, line)
