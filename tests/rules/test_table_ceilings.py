"""Ceilings on a table no real game reaches, checked where the table comes in.

A million-Hero town once took 1.17 GB and the Bait over 8,000 Heroes 8.9 s; now the
command refuses a town, or a file, past its ceiling before any of that work, exiting 2
with one line naming the field (or the size)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules.cli import MAX_TABLE_BYTES
from rules.table import MAX_TOWN

TABLES = Path(__file__).parent / "tables"


def _cli(stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "turn", "-"],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )


def _table(heroes: int) -> dict[str, Any]:
    table: dict[str, Any] = json.loads((TABLES / "rulebook_bait.json").read_text())
    table["town"] = [{"treasure": ["cleric"], "health": 4} for _ in range(heroes)]
    return table


def test_a_town_at_the_ceiling_is_refereed() -> None:
    done = _cli(json.dumps(_table(MAX_TOWN)).encode())
    assert done.returncode == 0, done.stderr


def test_a_town_past_the_ceiling_exits_2_naming_the_town() -> None:
    done = _cli(json.dumps(_table(MAX_TOWN + 1)).encode())
    assert done.returncode == 2 and done.stdout == b""
    line = done.stderr.decode()
    assert line.count("\n") == 1 and line.startswith("error: town:"), line
    assert str(MAX_TOWN) in line


def test_a_table_longer_than_the_ceiling_is_not_read(tmp_path: Path) -> None:
    """Spaces are valid JSON: only the size is wrong, and the message says so."""
    padded = json.dumps(_table(2)).encode() + b" " * MAX_TABLE_BYTES
    for source, stdin in (("-", padded), (str(tmp_path / "t.json"), b"")):
        if source != "-":
            Path(source).write_bytes(padded)
        done = subprocess.run(
            [sys.executable, "-m", "rules", "turn", source],
            input=stdin,
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2 and done.stdout == b""
        line = done.stderr.decode()
        assert line.count("\n") == 1 and "too large" in line and f"{MAX_TABLE_BYTES:,}" in line
