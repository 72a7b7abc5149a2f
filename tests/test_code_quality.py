"""The project's own style rules, checked with the suite: mypy --strict on rules/, mypy on
companion/ (the app: Flet's own types are loose, so not strict), ruff."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=240
    )


def test_rules_package_passes_mypy_strict() -> None:
    result = _run("mypy", "--strict", "rules/")
    assert result.returncode == 0, result.stdout + result.stderr


def test_app_passes_mypy() -> None:
    result = _run("mypy", "companion/")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "rules", "companion", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_no_ui_storage_clock_or_randomness() -> None:
    """rules/ stays pure: no Flet, no TinyDB, no clock, no random (architecture)."""
    banned = ("import flet", "tinydb", "import random", "from random", "datetime", "time.")
    for path in (ROOT / "rules").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in banned:
            assert word not in text, f"{path.name} uses {word!r}"


# --- the screens ask rules.flow (the turn's flow, eliminations, deaths) --------------------

# Names of the rules' phase tables: a screen that imports one restates when a command may
# be made, skipping the expansions' and the waiting abilities' conditions.
_PHASE_TABLES = frozenset(
    {"ALLOWED_PHASES", "PHASE_ORDER", "STAGES", "phases_of", "commands_in", "legal_command_types"}
)
_PHASE_NAMES = frozenset({"setup", "beginning", "build", "bait", "adventure", "end"})


def _restated_rules(path: Path) -> list[str]:
    found: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rules"):
            if node.module == "rules.phases" or any(a.name == "phases" for a in node.names):
                found.append(f"{where} imports rules.phases")
            found += [f"{where} imports {a.name}" for a in node.names if a.name in _PHASE_TABLES]
        elif isinstance(node, ast.Attribute) and node.attr in _PHASE_TABLES - {"PHASE_ORDER"}:
            found.append(f"{where} reads {node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "eliminated":
            found.append(f"{where} checks .eliminated (ask flow.is_out/plays/may)")
        elif isinstance(node, ast.Compare) and any(
            isinstance(n, ast.Attribute) and n.attr == "health"
            for n in (node.left, *node.comparators)
        ):
            found.append(f"{where} compares a Hero's health (ask flow.lethal)")
        elif isinstance(node, ast.Tuple | ast.List) and len(node.elts) >= 3:
            words = {e.value for e in node.elts if isinstance(e, ast.Constant)}
            if len(words) == len(node.elts) and words <= _PHASE_NAMES:
                found.append(f"{where} lists the phase order (use flow.PHASE_ORDER)")
    return found


def test_screens_ask_flow_rather_than_restate_phases_eliminations_or_deaths() -> None:
    """companion/ asks rules.flow which commands may be made now (legal, may), who is out
    and whether the walking Hero dies: no phase table, phase order, eliminated check or
    lethal-damage test of its own."""
    paths = sorted((ROOT / "companion").rglob("*.py"))
    found = [hit for path in paths for hit in _restated_rules(path)]
    assert not found, "\n".join(found)
