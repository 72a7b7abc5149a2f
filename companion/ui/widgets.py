"""Small building blocks shared by the screens: tagged controls and big buttons.

Every control a test (or a screen reader) needs to find is wrapped in
`ft.Semantics(identifier=...)`, which shows up in the web page as
`[flt-semantics-identifier="..."]`. Identifiers are stable, lower-case, dash-separated.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any, NamedTuple, cast

import flet as ft

from companion.theme import TOUCH, ink_on

Handler = Callable[[Any], Any]


def on_tap(action: Callable[..., object], *args: Any) -> Handler:
    """An event handler that ignores the event and calls `action(*args)`."""

    def handler(_event: object) -> None:
        action(*args)

    return handler


def one_at_a_time(handler: Callable[[Any], Awaitable[None]]) -> Callable[[Any], Awaitable[None]]:
    """An async tap handler that drops the taps made while it is still running.

    Its file is written on a worker thread meanwhile, and Flet runs each tap as a task of
    its own: without this, a double tap on Start would save two games."""
    busy = False

    async def run(event: Any) -> None:
        nonlocal busy
        if busy:
            return
        busy = True
        try:
            await handler(event)
        finally:
            busy = False

    return run


#: Set while a component draws (``screen_view.keyed``): ``tagged`` keys what it wraps.
#: Not elsewhere: a screen that keeps its controls and changes them in place wraps them
#: anew at each build, and Flet freezes a kept control matched under a new wrapper by key.
KEYED: ContextVar[bool] = ContextVar("KEYED", default=False)


def tagged(identifier: str, control: ft.Control, **props: Any) -> ft.Semantics:
    """Wrap a control so tests can find it by a stable identifier.

    `props` go to the wrapper (e.g. `col` inside a ResponsiveRow, `label`). Drawn by a
    component (``KEYED``), the identifier is its key too: where a list of controls is
    drawn again with some moved, added or taken away (a Hero's row, a Room, a ruling, a
    panel of the game screen), Flet's diff finds each by its key and keeps it on screen
    under the same id, so a tap the browser sends to it still reaches it (unkeyed, the
    controls are matched by their place in the list: a control that moved is made anew,
    or another one's id shows it). An identifier is unique among its siblings (the screen
    tests check it).
    """
    if props.get("key") is None:
        props["key"] = key_of(identifier)
    return ft.Semantics(identifier=identifier, content=control, **props)


def key_of(identifier: str) -> str | None:
    """The key of the control tagged ``identifier``: itself while a component draws
    (``KEYED``), else none."""
    return identifier if KEYED.get() else None


def toggle_tile(
    identifier: str,
    label: str,
    look: tuple[str, ft.IconData, str],
    selected: bool,
    on_click: Handler,
    *,
    width: int = 60,
    exclude_semantics: bool = False,
    count: int | None = None,
) -> ft.Semantics:
    """A 48 px tile to pick or unpick one treasure type (or Item class).

    ``look`` is its colour, icon and letter: the outline always shows the colour, and the
    tile fills with it when chosen, so the choice also reads in greyscale. With a
    ``count`` above one (a Room's icons of one type) the tile shows it instead of the
    letter.
    """
    colour, icon, letter = look
    if count is not None and count > 1:
        letter = f"×{count}"
    ink = ink_on(colour) if selected else None
    return ft.Semantics(
        identifier=identifier,
        key=key_of(identifier),
        label=label,
        button=True,
        selected=selected,
        exclude_semantics=exclude_semantics,
        content=ft.Container(
            ft.Row(
                [
                    ft.Icon(icon, size=20, color=ink),
                    ft.Text(letter, size=16, weight=ft.FontWeight.BOLD, color=ink),
                ],
                tight=True,
                spacing=2,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            width=width,
            height=TOUCH,
            border_radius=10,
            bgcolor=colour if selected else None,
            border=ft.Border.all(2, colour),
            on_click=on_click,
        ),
    )


def big_button(
    identifier: str,
    text: str,
    on_click: Handler | None,
    icon: ft.IconData | None = None,
    primary: bool = False,
    expand: bool = False,
    key: str | None = None,
) -> ft.Semantics:
    """A button at least 48 px high, labelled with words (not only an icon). ``key``: Flet
    finds it again by that when it is drawn again elsewhere in its list."""
    cls = ft.FilledButton if primary else ft.OutlinedButton
    button = cls(
        content=text,
        icon=icon,
        on_click=on_click,
        height=TOUCH + 4,
        expand=expand,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=16)),
    )
    return tagged(identifier, button, key=key)


def show_options(column: ft.Column, options: list[ft.Control]) -> None:
    """Put the catalogue matches ``options`` (``big_button``s) under a name field, keeping
    each button already shown with the same identifier and words. A tap made while the
    next key's matches arrive then still reaches the button it was aimed at: a replaced
    button's tap comes in for a control that is gone, and Flet drops it."""
    shown = {_option_key(c): c for c in column.controls}
    column.controls = [shown.get(_option_key(o), o) for o in options]


def _option_key(option: ft.Control) -> tuple[object, object]:
    content = getattr(option, "content", None)
    return getattr(option, "identifier", None), getattr(content, "content", None)


def icon_action(
    identifier: str, icon: ft.IconData, tooltip: str, on_click: Handler, enabled: bool = True
) -> ft.Semantics:
    """An icon button named for screen readers (and tests); at least 48 px square.

    No tooltip: Flutter would read the name twice ("Rules Rules").
    """
    return ft.Semantics(
        identifier=identifier,
        key=key_of(identifier),
        label=tooltip,
        button=True,
        content=ft.IconButton(
            icon=icon,
            on_click=on_click,
            disabled=not enabled,
            icon_size=26,
            size_constraints=ft.BoxConstraints(min_width=TOUCH, min_height=TOUCH),
        ),
    )


def switch_row(identifier: str, switch: ft.Switch, label: str) -> ft.Semantics:
    """A switch and its label on a row at least 48 px high; a tap anywhere on it toggles.

    A Switch's own label never wraps (a long German one ran off a 360 px screen) and its
    tap area is 40 px high on the web: here the label wraps under its own width and the
    whole row takes the tap. ``switch`` keeps its ``on_change``, called for either tap.
    """

    def toggle(_event: object) -> None:
        switch.value = not switch.value
        handler = cast(Callable[[ft.Event[ft.Switch]], object] | None, switch.on_change)
        if handler is not None:  # the app's switches all take the event
            handler(ft.Event("change", data=str(switch.value).lower(), control=switch))

    switch.label = None
    return _switch_row(identifier, switch, label, toggle)


def drawn_switch_row(
    identifier: str,
    value: bool,
    label: str,
    on_change: Callable[[bool], None],
    visible: bool = True,
) -> ft.Semantics:
    """``switch_row`` for a screen drawn under components, where a control is never
    changed once shown: either tap hands ``on_change`` the new value, and the drawing
    that follows shows it."""

    def switched(event: ft.Event[ft.Switch]) -> None:
        on_change(bool(event.control.value))  # the browser flipped the switch itself

    switch = ft.Switch(value=value, on_change=switched)
    return _switch_row(identifier, switch, label, lambda _event: on_change(not value), visible)


def _switch_row(
    identifier: str, switch: ft.Switch, label: str, tap: Handler, visible: bool = True
) -> ft.Semantics:
    return tagged(
        identifier,
        ft.Container(
            ft.Row(
                [switch, ft.Text(label, size=16, expand=True)],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            on_click=tap,
            padding=ft.Padding.symmetric(vertical=4),
            border_radius=8,
        ),
        visible=visible,
    )


def heading(text: str, identifier: str | None = None) -> ft.Control:
    title = ft.Text(text, size=22, weight=ft.FontWeight.BOLD)
    return tagged(identifier, title) if identifier else title


def note(text: str) -> ft.Text:
    return ft.Text(text, size=16)


class Refusal(NamedTuple):
    """Why a tap was not carried out, as said where it was made: the words, and the id of
    the rule behind them when the rules refused it (the banner links to that rule)."""

    text: str
    rule: str | None = None


class ErrorBanner:
    """An error in words, shown where it happened; hidden while there is none.

    ``message`` and ``link``: what it says from the start (a screen drawn under
    components draws a banner with its words; it never changes one once shown)."""

    def __init__(self, identifier: str, message: str = "", link: ft.Control | None = None) -> None:
        self.text = ft.Text(message, color=ft.Colors.ON_ERROR_CONTAINER, size=16)
        self.lines = ft.Column(
            [self.text] if link is None else [self.text, link], spacing=0, expand=True
        )
        self.control = ft.Semantics(
            identifier=identifier,
            key=key_of(identifier),
            live_region=True,
            visible=bool(message),
            content=ft.Container(
                content=ft.Row(
                    [
                        ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                        self.lines,
                    ],
                    # Level with the first line when a rule link goes under the words.
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                bgcolor=ft.Colors.ERROR_CONTAINER,
                padding=12,
                border_radius=8,
            ),
        )

    @property
    def message(self) -> str:
        return self.text.value or ""

    def show(self, message: str, link: ft.Control | None = None) -> None:
        """Say ``message`` (hide the banner if it is empty), with ``link`` under it: the
        rule behind a refusal (``rulings.rule_link``)."""
        self.text.value = message
        self.lines.controls = [self.text] if link is None else [self.text, link]
        self.control.visible = bool(message)
