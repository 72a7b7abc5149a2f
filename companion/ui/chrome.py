"""The parts around every screen: its app bar, the phase stepper, its bottom bar, and
Flutter's own words' language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import flet as ft

from companion.i18n import LANGS, Lang, Translator
from companion.ui.device_settings import Settings
from companion.ui.redraw import page_loop
from companion.ui.routes import route_name
from companion.ui.screen_view import TABLE, ShownView, as_control, memo_component, root
from companion.ui.widgets import icon_action, tagged
from rules import flow

PHASES: tuple[str, ...] = flow.PHASE_ORDER
#: The bottom bar's height (undo, redo and the tabs).
BAR_HEIGHT = 72
#: The app bar's title size: one line, cut with "…" when too long (the label check
#: measures titles at it).
TITLE_SIZE = 20


class Screen(Protocol):
    """One screen: a title, an identifier, and controls built once."""

    route: str

    def title(self) -> str: ...

    def build(self) -> list[ft.Control]: ...

    def phase(self) -> str | None:
        """The phase to highlight in the stepper, or None outside a game."""
        ...


class Chrome:
    """The top bar and the phase row around each screen's controls, and its bottom bar:
    the part of a tab's app (``shell.TableApp``) that draws a screen's view."""

    tr: Translator
    settings: Settings
    page: ft.Page

    def go(self, route: str) -> None:
        raise NotImplementedError  # the app's navigation (``shell.TableApp.go``)

    def _view(self, screen: Screen) -> ShownView:
        """A new view for ``screen``, drawn (``screen_view.py``)."""
        tr = self.tr
        app_bar = ft.AppBar(
            actions=[
                icon_action("open-rules", ft.Icons.MENU_BOOK, tr("nav.rules"), self._open_rules),
                icon_action(
                    "open-settings", ft.Icons.SETTINGS, tr("nav.settings"), self._open_settings
                ),
            ],
            toolbar_height=56,
        )
        view = ft.View(
            route=screen.route,
            appbar=app_bar,
            scroll=ft.ScrollMode.AUTO,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        )
        has_bar = getattr(screen, "bottom_bar", None) is not None
        if getattr(screen, "components", False):
            parts = [root(self._title, screen), root(self._body, screen)]
            app_bar.title = as_control(parts[0])
            view.controls = [as_control(parts[1])]
            frame: Callable[[], bool] | None = None
            if has_bar:
                parts.append(root(self._bar, screen))
                bar_frame = view.bottom_appbar = _bar_frame(as_control(parts[-1]))

                def frame() -> bool:
                    return _fit_bar(bar_frame, screen)

            shown = ShownView(view, parts=tuple(parts), frame=frame)
            if page_loop(self.page) is None:
                shown.redraw(self.page)  # drawn now: this page sends nothing
            return shown
        # A screen that changes its controls in place: a frame of plain controls.
        title = ft.Text(size=TITLE_SIZE)
        app_bar.title = tagged("screen-title", title)
        body = ft.Column(spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        top = _column([tagged(f"screen-{route_name(screen.route)}", body)])
        view.controls = [ft.ResponsiveRow([top], alignment=ft.MainAxisAlignment.CENTER)]
        bar = ft.Container()
        if has_bar:
            view.bottom_appbar = _bar_frame(bar)

        def fill() -> None:
            title.value = screen.title()
            phase = screen.phase()
            stepper = [] if phase is None else [phase_stepper(self.tr, phase)]
            top.controls = [*stepper, top.controls[-1]]
            body.controls = screen.build()
            bar.content = _bottom_bar(screen)
            if view.bottom_appbar is not None:
                _fit_bar(view.bottom_appbar, screen)

        fill()
        return ShownView(view, fill=fill)

    def _title(self, screen: Screen) -> ft.Control:
        return tagged("screen-title", ft.Text(screen.title(), size=TITLE_SIZE))

    def _body(self, screen: Screen) -> ft.Control:
        """The phase stepper (in a game) over the screen's controls; they and the
        components in them read the tab's app from ``TABLE``."""
        return TABLE(self, lambda: self._drawn_body(screen))

    def _drawn_body(self, screen: Screen) -> ft.Control:
        phase = screen.phase()
        top: list[ft.Control] = []
        if phase is not None:
            top.append(PhaseStepper(phase, self.settings.lang, key="phase-stepper"))
        body = ft.Column(
            screen.build(), spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
        )
        top.append(tagged(f"screen-{route_name(screen.route)}", body))
        return ft.ResponsiveRow([_column(top)], alignment=ft.MainAxisAlignment.CENTER)

    def _bar(self, screen: Screen) -> ft.Control:
        return TABLE(self, lambda: _bottom_bar(screen) or ft.Row())

    def _open_rules(self, _event: object) -> None:
        self.go("/rules")

    def _open_settings(self, _event: object) -> None:
        self.go("/settings")


def _column(controls: list[ft.Control]) -> ft.Column:
    return ft.Column(
        controls,
        col={"xs": 12, "md": 10, "lg": 9, "xl": 8},
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _bar_frame(content: ft.Control) -> ft.BottomAppBar:
    """A screen may keep a bar always at hand at the bottom (the game's undo/redo)."""
    return ft.BottomAppBar(
        content, height=BAR_HEIGHT, padding=ft.Padding.symmetric(horizontal=4, vertical=4)
    )


def _bottom_bar(screen: Screen) -> ft.Control | None:
    """What the screen shows in its bottom bar, if it keeps one."""
    make = getattr(screen, "bottom_bar", None)
    return make() if make is not None else None


def _fit_bar(bar: ft.BottomAppBar, screen: Screen) -> bool:
    """Give the bar the height the screen asks for now (the game's grows by the pinned
    scores once set-up is done); say whether it changed."""
    ask = getattr(screen, "bar_height", None)
    height = ask() if ask is not None else BAR_HEIGHT
    if bar.height == height:
        return False
    bar.height = height
    return True


@memo_component
def PhaseStepper(current: str, lang: str) -> ft.Control:
    """The phase stepper as a component: drawn again when the phase or the language
    (``lang``, a prop for that) changes."""
    app: Chrome = ft.use_context(TABLE)
    return phase_stepper(app.tr, current)


def phase_stepper(tr: Translator, current: str | None) -> ft.Control:
    """The turn's phases in a row; the current one stands out. Wraps on narrow phones."""
    chips: list[ft.Control] = []
    for phase in PHASES:
        active = phase == current
        chips.append(
            tagged(
                f"phase-{phase}",
                ft.Container(
                    content=ft.Text(
                        tr(f"phase.{phase}"),
                        size=13,
                        weight=ft.FontWeight.BOLD if active else ft.FontWeight.NORMAL,
                        color=ft.Colors.ON_PRIMARY if active else ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    bgcolor=ft.Colors.PRIMARY if active else ft.Colors.SURFACE_CONTAINER_HIGH,
                    padding=ft.Padding.symmetric(horizontal=7, vertical=6),
                    border_radius=16,
                ),
            )
        )
    return tagged(
        "phase-stepper",
        ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
    )


def locale_configuration(lang: Lang) -> ft.LocaleConfiguration:
    """The app's languages for Flutter's own words (the Back button's name and tooltip,
    a text field's Paste), so they follow the app's language, not the browser's."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in LANGS],
        current_locale=ft.Locale(lang),
    )
