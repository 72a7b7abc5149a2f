"""A form built once and kept across redraws, in the language of the moment.

The card forms (a Room, a Hero, an Item) keep their controls while the player fills them
in, so a redraw never interrupts typing and only the part that changed is sent. Their
words were put on once, when they were built, so a language chosen while one was half
filled in left it in the old language. ``KeptForm.view`` relabels it first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import flet as ft

from companion.i18n import Lang


class KeptForm(ABC):
    """A kept form: ``control`` holds it, ``suggestions`` its catalogue matches."""

    control: ft.Control
    suggestions: ft.Column
    _lang: Lang

    @abstractmethod
    def _language(self) -> Lang:
        """The app's language now."""

    @abstractmethod
    def _label(self) -> None:
        """Put the form's words on its controls in the app's language (and remember it in
        ``_lang``); what was typed and chosen stays."""

    @abstractmethod
    def _suggest(self) -> None:
        """Offer the catalogue's cards named like the name typed (two letters or more)."""

    def view(self) -> ft.Control:
        """The form, in the app's language now: a language chosen since it was built
        relabels it, and the matches on show (not those a pick put away) are offered again
        in the new words."""
        if self._lang != self._language():
            self._label()
            if self.suggestions.controls:
                self._suggest()
        return self.control
