"""What a device remembers: the player's settings and the game screen's tab last shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from companion.i18n import LANGS, Lang
from companion.theme import THEME_CHOICES

ThemeChoice = Literal["system", "light", "dark"]

PREF_THEME = "dungeon_referee.theme"
PREF_LANG = "dungeon_referee.lang"
#: The game screen's tab last shown on this device, as "<game id> <tab>": a new session
#: for that game (a page the browser dropped long ago, a restarted server, a new browser
#: tab) opens on it. A reload within the session keeps its screens, tab and all.
PREF_TAB = "dungeon_referee.tab"
#: Longer than any "<game id> <tab>" the app writes: a longer stored value is not read.
MAX_TAB_PREF = 80


@dataclass
class Settings:
    """What the device remembers: the player's choices in settings, and the game screen's
    tab last shown."""

    theme: ThemeChoice = "system"
    lang: Lang = "en"
    #: The game screen's tab last shown, as (game id, tab); the game screen checks the tab.
    tab: tuple[str, str] | None = None

    @staticmethod
    def parse(theme: object, lang: object, default_lang: Lang, tab: object = None) -> Settings:
        """Read stored values; anything unknown falls back to the default."""
        chosen_theme: ThemeChoice = "system"
        for choice in THEME_CHOICES:
            if theme == choice:
                chosen_theme = choice  # type: ignore[assignment]
        chosen_lang: Lang = default_lang
        for code in LANGS:
            if lang == code:
                chosen_lang = code
        last_tab: tuple[str, str] | None = None
        if isinstance(tab, str) and len(tab) <= MAX_TAB_PREF:
            game_id, _, name = tab.partition(" ")
            if game_id and name:
                last_tab = (game_id, name)
        return Settings(theme=chosen_theme, lang=chosen_lang, tab=last_tab)


SaveSetting = Callable[[str, str], None]
