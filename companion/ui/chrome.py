"""The parts around every screen: its app bar, the phase stepper, its bottom bar, and
Flutter's own words' language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar, cast

import flet as ft

from companion.i18n import LANGS, Lang, Translator
from companion.ui.device_settings import Settings
from companion.ui.panel_memo import PanelMemos, Redraw
from companion.ui.routes import route_name
from companion.ui.widgets import icon_action, tagged
from rules import flow

C = TypeVar("C", bound=ft.Control)
PHASES: tuple[str, ...] = flow.PHASE_ORDER
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
    #: The top screen's app bar and phase row, kept while they show the same.
    _chrome: PanelMemos

    def go(self, route: str) -> None:
        raise NotImplementedError  # the app's navigation (``shell.TableApp.go``)

    def _view(self, screen: Screen, chrome: Redraw | None = None) -> ft.View:
        """The screen's view; with ``chrome``, its app bar and phase row are kept from the
        last time (the top screen redrawn in place) while they show the same."""
        name = route_name(screen.route)
        tr = self.tr

        def kept(part: str, key: object, build: Callable[[], C]) -> C:
            if chrome is None:
                return build()
            key = (screen.route, self.settings.lang, key)
            shown = self._chrome.view(part, key, build, chrome, sealed=True)
            return cast(C, shown)  # the control ``build`` made, this time or before

        title = screen.title()
        phase = screen.phase()
        top: list[ft.Control] = []
        if phase is not None:
            top.append(kept("phase-stepper", phase, lambda: phase_stepper(tr, phase)))
        body = ft.Column(
            [
                *top,
                tagged(
                    f"screen-{name}",
                    ft.Column(
                        screen.build(),
                        spacing=16,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    ),
                ),
            ],
            col={"xs": 12, "md": 10, "lg": 9, "xl": 8},
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        return ft.View(
            route=screen.route,
            appbar=kept("app-bar", title, lambda: self._app_bar(title)),
            controls=[ft.ResponsiveRow([body], alignment=ft.MainAxisAlignment.CENTER)],
            # A screen may keep a bar always at hand at the bottom (the game's undo/redo).
            bottom_appbar=_bottom_bar(screen),
            scroll=ft.ScrollMode.AUTO,
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        )

    def _app_bar(self, title: str) -> ft.AppBar:
        tr = self.tr
        return ft.AppBar(
            title=tagged("screen-title", ft.Text(title, size=TITLE_SIZE)),
            actions=[
                icon_action("open-rules", ft.Icons.MENU_BOOK, tr("nav.rules"), self._open_rules),
                icon_action(
                    "open-settings", ft.Icons.SETTINGS, tr("nav.settings"), self._open_settings
                ),
            ],
            toolbar_height=56,
        )

    def _open_rules(self, _event: object) -> None:
        self.go("/rules")

    def _open_settings(self, _event: object) -> None:
        self.go("/settings")


def forget_drawn(screen: Screen) -> None:
    forget = getattr(screen, "forget_drawn", None)
    if forget is not None:
        forget()


def _bottom_bar(screen: Screen) -> ft.BottomAppBar | None:
    make = getattr(screen, "bottom_bar", None)
    return make() if make is not None else None


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
