"""Treasure types read apart without colour: distinct icons, letters and brightness."""

import itertools

from companion.catalogue import TREASURES
from companion.theme import TREASURE_LOOKS, ink_on, relative_luminance

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
