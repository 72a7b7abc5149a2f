"""The project's own style rules, checked with the suite: mypy --strict on rules/, mypy on
companion/ (the app: Flet's own types are loose, so not strict), ruff."""

from __future__ import annotations

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
