"""No private Flet attribute in the app (``companion/``), found with ``ast``.

A private attribute of Flet (a name starting with ``_``: ``_values``, ``_frozen``...) is
not part of its API and may change with any release. The app uses none: the fold of new
trees into the one on screen that did (``reconcile.py``) is gone, and every component is
made while the component that draws its screen draws (``screen_view.py``), never by Flet's
``Renderer`` (not exported by ``flet``). A use that has to stay would be listed in
``KNOWN``, with its place, so that the list can only shrink: a new use anywhere fails,
and so does a listed one that is gone (strike it off).

What counts as a use (in ``companion/``):
- an attribute with one of the private names Flet's own classes use, read or set on
  anything but the code's own object (``control._values``, ``cls._prop_defaults``);
- ``getattr``/``setattr``/``hasattr``/``delattr``/``object.__setattr__`` with a private
  name (``object.__setattr__(control, "_isolated", True)``);
- a name imported from inside ``flet`` that ``flet`` does not export, or a private one
  (``from flet.components.component import Renderer``). ``flet.version`` (the pins) is
  not private.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[2]
FLET = Path(ft.__file__).resolve().parent
ACCESSORS = frozenset(
    {"getattr", "setattr", "hasattr", "delattr", "__setattr__", "__getattribute__"}
)
#: Modules inside ``flet`` whose names the app may import (not private API).
PUBLIC_MODULES = frozenset({"flet.version"})

#: The uses left, as (file, what): none (a component is made inside the render of the
#: component that draws its screen, never by Flet's ``Renderer`` directly).
KNOWN: frozenset[tuple[str, str]] = frozenset()


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def flet_private_names() -> frozenset[str]:
    """Every private attribute name Flet's own source reads or sets on an object, or
    declares in a class."""
    names: set[str] = set()
    for path in FLET.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                names.add(node.attr)
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if (
                        isinstance(item, ast.AnnAssign)
                        and isinstance(item.target, ast.Name)
                        and _private(item.target.id)
                    ):
                        names.add(item.target.id)
    return frozenset(names)


def _own(node: ast.expr) -> bool:
    """``self`` or ``super()``: the code's own object, not Flet's."""
    if isinstance(node, ast.Name):
        return node.id == "self"
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


def private_uses(source: str, flet_names: frozenset[str]) -> set[str]:
    """What ``source`` uses of Flet's private API (see the module's docstring)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            if node.attr in flet_names and not _own(node.value):
                found.add(f".{node.attr}")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ACCESSORS:
                for arg in node.args[1:2]:
                    if (
                        isinstance(arg, ast.Constant)
                        and isinstance(arg.value, str)
                        and _private(arg.value)
                    ):
                        found.add(f'"{arg.value}"')
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module.startswith("flet.") and module not in PUBLIC_MODULES:
                for alias in node.names:
                    if _private(alias.name) or not hasattr(ft, alias.name):
                        found.add(f"import {alias.name}")
    return found


def test_the_detector_finds_each_kind_of_use_and_nothing_in_public_use() -> None:
    names = flet_private_names()
    assert {"_values", "_frozen", "_isolated", "_dirty", "_b", "_i"} <= names
    source = """
import flet as ft
from flet.components.component import Renderer
from flet.controls.base_control import BaseControl
from flet.version import flet_version

def f(control, page):
    control._values.clear()
    object.__setattr__(control, "_isolated", True)
    if getattr(control, "_frozen", False):
        pass
    return ft.unwrap_component(control), page.session.index, BaseControl
"""
    assert private_uses(source, names) == {
        "import Renderer",
        "._values",
        '"_isolated"',
        '"_frozen"',
    }
    clean = """
import flet as ft

class Panel:
    def __init__(self):
        self._values = {}
        self._frozen = False

    def show(self, text: ft.Text) -> None:
        text.value = "x"
        self._values["a"] = 1
        super()._frozen
"""
    assert private_uses(clean, names) == set()


def test_no_private_flet_attribute_in_the_app_but_the_listed_ones() -> None:
    names = flet_private_names()
    found: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "companion").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        found |= {(where, use) for use in private_uses(path.read_text(encoding="utf-8"), names)}
    new = sorted(found - KNOWN)
    assert not new, f"private Flet API used (not part of Flet's API; see this test): {new}"
    gone = sorted(KNOWN - found)
    assert not gone, f"no longer used: strike these off KNOWN: {gone}"


#: The seven private names the fold of trees used (``reconcile.py``, gone). #31 checks them
#: with a plain ``grep``, which cannot tell Flet's ``control._dirty`` from an object's own
#: ``self._dirty``; so the app keeps these names off its own objects too, and a reader's
#: grep finds nothing to explain.
FOLD_NAMES = re.compile(
    r"\._(values|dirty|prop_defaults|event_fields|structural_fields|frozen|isolated)\b"
)


def test_the_folds_private_names_appear_nowhere_in_the_app_as_plain_text() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FOLD_NAMES.search(line)
    ]
    assert not hits, f"a name Flet keeps private, written in the app: {hits}"
