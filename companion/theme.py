"""Colours, icons and letters for the treasure types, and the light and dark themes.

A treasure type never relies on colour alone: each has its own icon and letter, and the
colours are picked so their brightness differs enough to tell apart in greyscale.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import flet as ft

from companion.catalogue import TREASURES, Treasure

#: Smallest touch target, in logical pixels (Material's accessibility minimum).
TOUCH = 48
SEED = "#8E2C1B"  # dungeon brick red


@dataclass(frozen=True)
class TreasureLook:
    treasure: Treasure
    colour: str
    icon: ft.IconData
    letter: str
    i18n_key: str


TREASURE_LOOKS: dict[Treasure, TreasureLook] = {
    "cleric": TreasureLook("cleric", "#4FC3F7", ft.Icons.LOCAL_HOSPITAL, "C", "treasure.cleric"),
    "fighter": TreasureLook("fighter", "#D32F2F", ft.Icons.SHIELD, "F", "treasure.fighter"),
    "mage": TreasureLook("mage", "#4A148C", ft.Icons.AUTO_FIX_HIGH, "M", "treasure.mage"),
    "thief": TreasureLook("thief", "#FFD600", ft.Icons.PAID, "T", "treasure.thief"),
    "explorer": TreasureLook("explorer", "#2E9D46", ft.Icons.EXPLORE, "E", "treasure.explorer"),
}
assert tuple(TREASURE_LOOKS) == TREASURES


@cache
def _letters() -> dict[str, str]:
    """Each treasure type's name in every language -> its letter in that language
    (``treasure.letter.<type>``: German "Kl"/"Kr", as Kleriker and Krieger share a K)."""
    from companion.i18n import catalogues

    out: dict[str, str] = {}
    for strings in catalogues().values():
        for t in TREASURES:
            name = strings.get(f"treasure.{t}")
            if name:
                out[name] = strings.get(f"treasure.letter.{t}", TREASURE_LOOKS[t].letter)
    return out


def treasure_letter(treasure: Treasure, label: str) -> str:
    """The letter shown beside a treasure type's icon, in the language of ``label`` (its
    name as shown): the word and its letter agree."""
    return _letters().get(label, TREASURE_LOOKS[treasure].letter)


def relative_luminance(hex_colour: str) -> float:
    """WCAG relative luminance of '#RRGGBB' (0 = black, 1 = white)."""
    value = hex_colour.lstrip("#")
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on this background."""
    return "#000000" if relative_luminance(hex_colour) > 0.25 else "#FFFFFF"


def treasure_badge(treasure: Treasure, label: str, count: int | None = None) -> ft.Control:
    """A chip: coloured disc with the treasure's icon, its letter, and maybe a count.

    `label` is the translated name, given to screen readers and tooltips.
    """
    look = TREASURE_LOOKS[treasure]
    ink = ink_on(look.colour)
    parts: list[ft.Control] = [
        ft.Icon(look.icon, color=ink, size=18),
        ft.Text(treasure_letter(treasure, label), color=ink, weight=ft.FontWeight.BOLD, size=14),
    ]
    if count is not None:
        parts.append(ft.Text(str(count), color=ink, weight=ft.FontWeight.BOLD, size=16))
    return ft.Semantics(
        label=label if count is None else f"{label} {count}",
        content=ft.Container(
            content=ft.Row(parts, spacing=2, tight=True),
            bgcolor=look.colour,
            border_radius=14,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
            tooltip=label,
        ),
    )


def _touch_sized(theme: ft.Theme) -> ft.Theme:
    """Every stock button at least 48 x 48 px (Material's touch minimum).

    In the browser Flutter lays controls out for a desktop: icon buttons (the app bar's ←
    too) are 40 px, segmented buttons 32 px high and text buttons (dialogs) 40 px. Padding
    them here sizes every one of them, wherever it is built: 24 px icon + 2 x 12, one line
    of text (20 px) + 2 x 14.
    """
    text_padding = ft.Padding.symmetric(horizontal=14, vertical=14)
    theme.icon_button_theme = ft.IconButtonTheme(style=ft.ButtonStyle(padding=12))
    theme.segmented_button_theme = ft.SegmentedButtonTheme(
        style=ft.ButtonStyle(padding=text_padding, visual_density=ft.VisualDensity.STANDARD)
    )
    theme.text_button_theme = ft.TextButtonTheme(style=ft.ButtonStyle(padding=text_padding))
    return theme


def light_theme() -> ft.Theme:
    return _touch_sized(ft.Theme(color_scheme_seed=SEED, use_material3=True))


def dark_theme() -> ft.Theme:
    return _touch_sized(ft.Theme(color_scheme_seed=SEED, use_material3=True))


ThemeChoice = str  # "system" | "light" | "dark"
THEME_CHOICES: tuple[str, ...] = ("system", "light", "dark")


def theme_mode(choice: str) -> ft.ThemeMode:
    return {
        "light": ft.ThemeMode.LIGHT,
        "dark": ft.ThemeMode.DARK,
    }.get(choice, ft.ThemeMode.SYSTEM)
