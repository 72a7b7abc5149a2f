"""Treasure types read apart without colour: distinct icons, letters and brightness."""

import itertools
from collections.abc import Callable

import flet as ft
import pytest

from companion.catalogue import TREASURES
from companion.theme import (
    TOUCH,
    TREASURE_LOOKS,
    dark_theme,
    ink_on,
    light_theme,
    relative_luminance,
)

# Lightness (CIE L*) of each colour; 8 units apart is about what a greyscale eye can tell.
MIN_L_STAR_GAP = 8.0


def l_star(colour: str) -> float:
    y = relative_luminance(colour)
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y


def test_every_treasure_has_a_look() -> None:
    assert set(TREASURE_LOOKS) == set(TREASURES)


def test_icons_and_letters_are_all_different() -> None:
    looks = TREASURE_LOOKS.values()
    assert len({look.icon for look in looks}) == len(TREASURES)
    assert len({look.letter for look in looks}) == len(TREASURES)


def test_colours_differ_in_greyscale() -> None:
    for a, b in itertools.combinations(TREASURE_LOOKS.values(), 2):
        gap = abs(l_star(a.colour) - l_star(b.colour))
        assert gap >= MIN_L_STAR_GAP, f"{a.treasure} and {b.treasure} are {gap:.1f} apart"


def test_letter_ink_contrasts_with_its_tile() -> None:
    for look in TREASURE_LOOKS.values():
        ink = ink_on(look.colour)
        lighter = max(relative_luminance(ink), relative_luminance(look.colour))
        darker = min(relative_luminance(ink), relative_luminance(look.colour))
        assert (lighter + 0.05) / (darker + 0.05) >= 4.5, look.treasure


# --- touch targets -----------------------------------------------------------------------

ICON_PX = 24  # Material's icon size inside an IconButton
LINE_PX = 20  # one line of a button's label (14 px text)


def _vertical(padding: object) -> float:
    """Top plus bottom of a ButtonStyle padding (a number or a Padding)."""
    if isinstance(padding, int | float):
        return 2 * padding
    return float(padding.top + padding.bottom)  # type: ignore[attr-defined]


@pytest.mark.parametrize("make", [light_theme, dark_theme])
def test_stock_buttons_are_padded_to_the_touch_minimum(make: Callable[[], ft.Theme]) -> None:
    """The app bar's ←, icon buttons, segmented buttons (settings, New game, Monster/Trap)
    and dialog buttons are at least 48 px: on the web Flutter sizes them for a desktop."""
    theme = make()
    assert theme.icon_button_theme is not None and theme.icon_button_theme.style is not None
    assert ICON_PX + _vertical(theme.icon_button_theme.style.padding) >= TOUCH
    for kind in (theme.segmented_button_theme, theme.text_button_theme):
        assert kind is not None and kind.style is not None
        assert LINE_PX + _vertical(kind.style.padding) >= TOUCH
