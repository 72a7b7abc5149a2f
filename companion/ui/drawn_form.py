"""A card form drawn from its draft, in the language of the moment.

The card forms (a Hero, an Item) keep their draft and the catalogue matches on show, not
their controls: they draw them again from those when they change (``_draw``), and the
screen is drawn again. Flet freezes what a component draws, so a control once on screen
is never changed; the new drawing takes its place, Flet matching it to the one the
browser shows, so a name being typed keeps its field and the keyboard. Unchanged,
``view`` hands back the very controls on screen, and Flet compares nothing of them. A
language chosen while one is half filled in draws it again in the new words, the matches
on show (not those a pick put away) too. Text typed that the server has not handled yet is
taken into the draft before the form is drawn (``typed_ahead.py``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import flet as ft

from companion.i18n import Lang
from companion.ui.typed_ahead import TypedAhead


class DrawnForm(ABC):
    """A drawn form: ``control`` holds it, ``options`` its catalogue matches."""

    control: ft.Control
    options: list[ft.Control]
    #: Its text fields (drawn with ``typing.field``).
    typing: TypedAhead
    _lang: Lang | None = None

    @abstractmethod
    def _language(self) -> Lang:
        """The app's language now."""

    @abstractmethod
    def _draw(self) -> None:
        """Draw the form's controls (``control``) from its draft and matches, in the
        app's language (remembered in ``_lang``)."""

    @abstractmethod
    def _take_typed(self, name: str, text: str) -> None:
        """Put ``text``, typed into the field ``name`` and not handled yet, in the draft."""

    @abstractmethod
    def _suggest(self) -> None:
        """Find the catalogue's cards named like the name typed (two letters or more)."""

    #: Changed since it was last drawn: drawn again in the next ``view``.
    stale = True

    def changed(self) -> None:
        """The draft or the matches changed: drawn again with the screen (``redraw``)."""
        self.stale = True
        self.redraw()

    @abstractmethod
    def redraw(self) -> None:
        """Draw the screen again."""

    def view(self) -> ft.Control:
        """The form, in the app's language now; drawn here, in the screen's drawing."""
        if self._lang != self._language():
            if self.options:
                self._suggest()
            self.stale = True
        if self.stale:
            for name, text in self.typing.ahead().items():
                self._take_typed(name, text)
            self._draw()
            self.stale = False
        return self.control
