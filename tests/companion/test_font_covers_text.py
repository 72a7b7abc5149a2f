"""Every character the app can show is in the font the browser draws it with.

The page is served with no CDN (the table may have no internet), so Flutter has one font
for text: the Roboto that Flet's web client bundles. A character it lacks is drawn as a
box, and no other test sees that: the accessibility tree, which the browser tests read,
still holds the right character. (A "→" before "Goes to …" in the Bait results did just
that.) This reads the font's character map and checks every word the app ships: the
translations, the glossary, the card catalogue, and the string literals of ``companion/``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import flet_web
import pytest
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parents[2]
FONT = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
#: Shipped data the app shows (PROVENANCE.md is for people reading the repository).
SHOWN_DATA = ("data/i18n/*.json", "data/glossary/*.json", "data/cards/**/*.json")


@cache
def drawable() -> frozenset[int]:
    return frozenset(TTFont(str(FONT)).getBestCmap())


def missing(text: str) -> set[str]:
    """The characters of ``text`` the font has no glyph for (line breaks and tabs aside)."""
    return {ch for ch in text if ord(ch) >= 0x20 and ord(ch) not in drawable()}


def _literals(path: Path) -> Iterator[str]:
    """The string literals of a module, docstrings left out (nobody is shown those)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and id(node) not in docstrings:
            yield node.value


def test_the_font_is_the_one_flet_bundles_and_draws_latin_text() -> None:
    assert FONT.is_file(), f"Flet's web client has no {FONT.name} any more: check the font"
    assert not missing("Äpfel über Straße, “quoted” „zitiert“ – … −5 ×2 • —")
    assert missing("→") == {"→"}  # the check can fail: this one is not in the font


@pytest.mark.parametrize("pattern", SHOWN_DATA)
def test_every_character_of_the_shipped_data_is_drawable(pattern: str) -> None:
    files = sorted(REPO.glob(pattern))
    assert files, f"nothing matches {pattern}"
    lost = {
        str(path.relative_to(REPO)): "".join(sorted(missing(path.read_text(encoding="utf-8"))))
        for path in files
    }
    assert not {name: chars for name, chars in lost.items() if chars}


def test_every_string_literal_of_the_app_is_drawable() -> None:
    lost: dict[str, str] = {}
    for path in sorted((REPO / "companion").rglob("*.py")):
        chars = set().union(*(missing(text) for text in _literals(path)))
        if chars:
            lost[str(path.relative_to(REPO))] = "".join(sorted(chars))
    assert not lost
