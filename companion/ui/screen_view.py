"""A screen's view on the page, and how it is drawn again when the screen changes.

A screen whose controls never change once on screen (its forms describe themselves
from their state each time: the game, its set-up) stands under three Flet components:
the app bar's title, the body (phase stepper and the screen's controls) and the bottom
bar's row. Drawing it again is an update of its view (``page.update(view)``): the
components, not memoized, draw again, and Flet's diff matches the new drawing to the one
on screen by key (``widgets.tagged``): a control drawn again keeps its place in the
browser (a tap made on the older picture still reaches it), and only what changed is
sent. The view stays, so the page keeps its scroll.

Why through the page and never ``Component.update``: a component updated by itself
sends a patch against its last drawing, but the page keeps its own picture of what it
last sent of the component (its snapshot), which that patch leaves as it was. The next
update of the page (after any handler, a language change, a view popped) then compares
the component's drawing with that older picture: it sends patches the browser cannot
apply and gives the new controls the ids of controls long gone. With every drawing sent
through the page, there is one picture only.

Every other screen keeps its controls and changes them in place (a form typed into, its
catalogue matches): Flet freezes what a component draws, so those stand in a frame of
plain controls that the shell fills again (``fill``) and Flet's diff compares in place.
Both are Flet's own diff: nothing here reaches into Flet's private state.
"""

from __future__ import annotations

import contextvars
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import flet as ft

from companion.ui.component_updates import loop_running
from companion.ui.redraw import page_loop
from companion.ui.widgets import KEYED

R = TypeVar("R")

log = logging.getLogger(__name__)


#: The tab's app, for the components of a screen drawn under components (the shell
#: provides it around each; ``table.components.table_app`` reads it).
TABLE: ft.ContextProvider[Any] = ft.create_context(None)


def keyed(fn: Callable[..., R]) -> Callable[..., R]:
    """``fn`` drawing with its tagged controls keyed by their identifiers (``KEYED``):
    the body of every component, so that what one draws is keyed the same whether it is
    drawn within its screen or alone (its own state changed)."""

    @functools.wraps(fn)
    def drawing(*args: Any, **kwargs: Any) -> R:
        token = KEYED.set(True)
        try:
            return fn(*args, **kwargs)
        finally:
            KEYED.reset(token)

    return drawing


def memo_component(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``fn`` as a Flet component drawn again only when its props change (``ft.memo``);
    call it with its props and a ``key``."""
    return cast(Callable[..., ft.Control], ft.memo(ft.component(keyed(fn))))  # type: ignore[no-untyped-call]


def component(fn: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """``fn`` as a Flet component (``ft.component``) drawing keyed (``keyed``)."""
    return cast(Callable[..., ft.Control], ft.component(keyed(fn)))


def root(fn: Callable[..., Any], *args: Any) -> ft.Component:
    """A component at the top of a view: ``fn(*args)`` draws it at each update of its
    view (``ShownView.redraw``; not memoized: see the module's docstring)."""
    return _root(keyed(fn), args)


def _root(fn: Callable[..., Any], args: tuple[Any, ...]) -> ft.Component:
    return ft.Component(fn=fn, args=args)


def as_control(component: ft.Component) -> ft.Control:
    """A component where Flet's typing asks for a control (it stands in for the control
    it draws)."""
    return cast(ft.Control, component)


@dataclass
class ShownView:
    """A screen's view, and how the shell draws it again."""

    view: ft.View
    #: The components that draw a screen that stands under components.
    parts: tuple[ft.Component, ...] = ()
    #: Puts what another screen describes now into its view's frame.
    fill: Callable[[], None] | None = None
    #: Fits the plain controls around the components to the screen now (the bottom
    #: bar's height), before the view is sent.
    frame: Callable[[], bool] | None = None

    def redraw(self, page: ft.Page) -> None:
        """Draw the screen again in its view and send what changed."""
        if self.fill is not None:
            self.fill()
            page.update(self.view)
            return
        if page_loop(page) is None:
            # No browser to send it to (the screen tests' page, a phone asleep: Flet
            # sends a reconnecting one the whole page): drawn anew at once.
            if self.frame is not None:
                self.frame()
            self._fresh()
            page.update(self.view)
            return
        if not _in_context(page):
            # On another tab's turn (a device joining the table): drawn on a task of this
            # page, whose context sends to this page's browser. (In a copy of the caller's
            # context: ``run_task`` makes its page the page of the context it is called in.)
            contextvars.copy_context().run(page.run_task, self._redraw_here, page)
            return
        # Flet draws a component whose own state changed (the +N stepper) from a task it
        # starts for pages made with ``page.render``: started here, from this page (when
        # drawn from the loop; a test's direct call has no loop to start it on).
        if loop_running():
            page.session.start_updates_scheduler()  # type: ignore[no-untyped-call]
        if self.frame is not None:
            self.frame()
        page.update(self.view)

    async def _redraw_here(self, page: ft.Page) -> None:
        self.redraw(page)

    def _fresh(self) -> None:
        parts = tuple(_root(c.fn, c.args) for c in self.parts)
        for component in parts:
            component.before_update()  # type: ignore[no-untyped-call]
        view = self.view
        view.appbar.title = as_control(parts[0])  # type: ignore[union-attr]
        view.controls = [as_control(parts[1])]
        if len(parts) > 2:
            bar = view.bottom_appbar
            assert bar is not None
            # Emptied first: Flet compares the old value with the new before setting one,
            # and two drawn bars (each a context holding the app) compare without end.
            bar.content = None
            bar.content = as_control(parts[2])
        self.parts = parts


def _in_context(page: ft.Page) -> bool:
    """Is ``page`` the one Flet's context holds (``Component.update`` sends to it)?"""
    try:
        return ft.context.page is page
    except RuntimeError:
        return False
