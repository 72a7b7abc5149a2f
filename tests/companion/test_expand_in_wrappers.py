"""A control that should fill a Row's width says so on the Row's own child, found with
``ast``.

``expand`` works only on a Row's direct children. ``tagged(identifier, ft.Text(...,
expand=True))`` puts it on the Text inside the ``Semantics`` wrapper, where Flutter never
sees it: the Text keeps its whole width and pushes what follows it off the screen (the
German "Münzen auf diesem Raum: 0" row cut its + button off at 360 px). The wrapper
carries ``expand`` itself (``tagged(..., expand=True)``) or sits in a Container that does.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _expands(call: ast.Call) -> bool:
    return any(
        k.arg == "expand" and not (isinstance(k.value, ast.Constant) and not k.value.value)
        for k in call.keywords
    )


def lost_expands(source: str) -> list[int]:
    """Lines where ``tagged(...)`` wraps a control asking to expand, the wrapper not."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "tagged"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Call)
            and _expands(node.args[1])
            and not _expands(node)
        ):
            out.append(node.lineno)
    return out


def test_the_check_finds_an_expand_lost_inside_a_wrapper() -> None:
    assert lost_expands('tagged("x", ft.Text("a", expand=True))') == [1]
    assert lost_expands('tagged("x", ft.Text("a", expand=True), expand=True)') == []
    assert lost_expands('tagged("x", ft.Text("a"))') == []


def test_no_expand_is_lost_inside_a_wrapper() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        for line in lost_expands(path.read_text(encoding="utf-8"))
    ]
    assert found == []
