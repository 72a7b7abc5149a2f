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


def _mypy(*args: str, cache: str) -> subprocess.CompletedProcess[str]:
    """mypy with a cache of its own: the suite's workers run the two checks at the same
    time, and two mypy processes writing one cache crashed one of them once ("INTERNAL
    ERROR" in a CI run; the traceback is asked for should it happen again)."""
    cache_dir = ROOT / ".mypy_cache" / cache
    return _run("mypy", "--show-traceback", "--cache-dir", str(cache_dir), *args)


def test_rules_package_passes_mypy_strict() -> None:
    result = _mypy("--strict", "rules/", cache="rules-strict")
    assert result.returncode == 0, result.stdout + result.stderr


def test_app_passes_mypy() -> None:
    result = _mypy("companion/", cache="companion")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "rules", "companion", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_no_ui_storage_clock_or_randomness() -> None:
    """rules/ stays pure: no Flet, no TinyDB, no clock, no random (architecture)."""
    banned = ("import flet", "tinydb", "import random", "from random", "datetime", "time.")
    paths = sorted((ROOT / "rules").rglob("*.py"))  # rules/squads/ too
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for word in banned:
            assert word not in text, f"{path.relative_to(ROOT)} uses {word!r}"


# --- the screens ask rules.flow (the turn's flow, eliminations, deaths) --------------------

# Names of the rules' phase tables: a screen that imports one restates when a command may
# be made, skipping the expansions' and the waiting abilities' conditions (Boss Monster's),
# or a recruit's (the squad game's: ``rules.squads.flow`` asks the engine).
_PHASE_TABLES = frozenset(
    {
        "ALLOWED_PHASES",
        "PHASE_ORDER",
        "STAGES",
        "phases_of",
        "commands_in",
        "legal_command_types",
        "SUPPORT_PHASES",
        "PHASES_OF",
    }
)
_PHASE_MODULES = frozenset({"rules.phases", "rules.squads.phases"})
_PHASE_NAMES = frozenset({"setup", "beginning", "build", "bait", "adventure", "end"})
# The modules that define what card effects are: a screen that reads them decides for itself
# what a card asks or may aim at (rules.spell_asks, room_uses and boss_uses say it).
_EFFECT_KIND_MODULES = frozenset(
    f"rules.{m}_kinds"
    for m in (
        "effect",
        "item",
        "boss",
        "other_boss",
        "hold",
        "coin",
        "gift",
        "miniboss",
        "spell_coin",
        "rule_change",
    )
)


def _restated_rules(path: Path) -> list[str]:
    found: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rules"):
            if node.module in _PHASE_MODULES or any(a.name == "phases" for a in node.names):
                found.append(f"{where} imports {node.module}.phases")
            found += [f"{where} imports {a.name}" for a in node.names if a.name in _PHASE_TABLES]
            if node.module in _EFFECT_KIND_MODULES:
                found.append(f"{where} reads card effect kinds (ask rules what a card may aim at)")
        elif isinstance(node, ast.Attribute) and node.attr in _PHASE_TABLES - {"PHASE_ORDER"}:
            found.append(f"{where} reads {node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "eliminated":
            found.append(f"{where} checks .eliminated (ask flow.is_out/plays/may)")
        elif isinstance(node, ast.Attribute) and node.attr in ("in_game", "opponents"):
            found.append(f"{where} lists who is still in (ask flow.casters/spell_players)")
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
    """companion/ asks rules.flow (rules.squads.flow for the squad game) which commands
    may be made now (legal, may, why_not), who is out, whether the walking Hero dies and
    what a card asks or may aim at and whom it may name: no phase table, phase order,
    eliminated check or list of the players still in, lethal-damage test or card effect
    kind of its own."""
    paths = sorted((ROOT / "companion").rglob("*.py"))
    found = [hit for path in paths for hit in _restated_rules(path)]
    assert not found, "\n".join(found)


# --- no import cycles in rules/ and companion/ ---------------------------------------------
# Every import counts, wherever it stands: at the top, inside a function (deferred) and
# under ``if TYPE_CHECKING:`` (type-only). A type-only cycle still ties the modules
# together: neither can be read, moved or tested without the other. The one import left
# out is the implicit one of a module's own package (``companion/store/__init__.py``
# importing its modules is the package's face, not a cycle).


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in ("rules", "companion"):
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                if node.level:  # relative: from the module's package upwards
                    package = (
                        name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                    )
                    base = ".".join([*package[: len(package) - node.level + 1], node.module])
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: list[str] = []
            while not group or group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_cycle_finder_sees_type_only_and_deferred_imports(tmp_path: Path) -> None:
    """The finder itself: a cycle made only of a TYPE_CHECKING import and a deferred one."""
    (tmp_path / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n"
    )
    (tmp_path / "b.py").write_text("def f():\n    from pkg import a\n")
    (tmp_path / "c.py").write_text("from pkg.a import x\n")
    modules = {"pkg.a": tmp_path / "a.py", "pkg.b": tmp_path / "b.py", "pkg.c": tmp_path / "c.py"}
    assert _cycles(_import_graph(modules)) == [["pkg.a", "pkg.b"]]


def test_no_import_cycles_in_rules_or_companion() -> None:
    cycles = _cycles(_import_graph(_modules()))
    assert not cycles, "\n".join(" <-> ".join(group) for group in cycles)


# --- modules a reader can hold in mind ---------------------------------------------------

#: The longest a module of rules/ or companion/ may grow (#31: split it by what it holds).
MAX_MODULE_LINES = 450


def test_no_module_in_rules_or_companion_is_over_450_lines() -> None:
    long = {
        name: lines
        for name, path in _modules().items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"
