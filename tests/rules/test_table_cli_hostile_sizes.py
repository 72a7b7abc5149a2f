"""The hostile-input fuzz's size classes, each in a real ``python -m rules turn -`` under a
CPU and a memory ceiling (``resource.setrlimit`` in the child), with its cost measured
against an ordinary table's.

Classes found when the app was attacked: a string that never closes (quadratic: 40,000
escaped quotes took 27 s), huge lists (a million-Hero town took 1.17 GB), deep nesting,
and files of any size read whole. Each must end as the contract says (exit 2, nothing on
stdout, one line naming the problem), well inside the ceilings.

``python tests/rules/test_table_cli_hostile_sizes.py`` prints each input's CPU time and
peak memory beside the ordinary table's.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.cli import MAX_TABLE_BYTES
from rules.table import MAX_TOWN

TABLES = Path(__file__).parent / "tables"
#: Per input: CPU seconds and address space. An ordinary table needs about 1 s of CPU
#: and a few hundred MB of address space (the interpreter, pydantic, the card data).
CPU_SECONDS = 20
ADDRESS_SPACE = 1536 * 1024 * 1024
MIB = 1 << 20


@dataclass(frozen=True)
class Cost:
    code: int  # the exit status, or minus the signal that ended the process
    stdout: bytes
    stderr: bytes
    cpu: float  # seconds, user + system
    peak_kib: int  # the child's peak resident memory, after it started Python


def _ceilings() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


#: ``python -m rules turn -``, noting its peak memory when it exits: the kernel's own
#: count for a child (``wait4``) keeps the peak of the forked copy of this process too.
PEAK_NOTE = (
    "import atexit, os, sys\n"
    "def note():\n"
    "    peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')]\n"
    "    open(os.environ['PEAK_FILE'], 'w').write(peak[0].split()[1])\n"
    "atexit.register(note)\n"
)
CHILD = PEAK_NOTE + "from rules.cli import main\nsys.exit(main(['turn', '-']))\n"


def run_limited(data: bytes, child: str = CHILD, env: dict[str, str] | None = None) -> Cost:
    """``python -m rules turn -`` (or ``child``'s code) with ``data`` on stdin, under the
    ceilings; its CPU time read with ``wait4`` (not mixed with other children's). A
    ``child`` notes its peak memory as ``CHILD`` does."""
    import subprocess

    with tempfile.TemporaryDirectory() as folder:
        stdin, stdout, stderr, peak = (Path(folder) / n for n in ("in", "out", "err", "peak"))
        stdin.write_bytes(data)
        with stdin.open("rb") as i, stdout.open("wb") as o, stderr.open("wb") as e:
            child = subprocess.Popen(
                [sys.executable, "-c", child],
                env={**os.environ, **(env or {}), "PEAK_FILE": str(peak)},
                cwd=Path(__file__).resolve().parents[2],
                stdin=i,
                stdout=o,
                stderr=e,
                preexec_fn=_ceilings,  # only sets the ceilings, in the child
            )
            _pid, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
        return Cost(
            child.returncode,
            stdout.read_bytes(),
            stderr.read_bytes(),
            usage.ru_utime + usage.ru_stime,
            int(peak.read_text()) if peak.exists() else 0,
        )


def _ordinary() -> bytes:
    return (TABLES / "rulebook_bait.json").read_bytes()


def _table_with(**fields: object) -> bytes:
    table = json.loads(_ordinary())
    table.update(fields)
    return json.dumps(table).encode()


HERO = {"treasure": ["cleric"], "health": 4}

#: (name, input, a word the one error line must hold)
HOSTILE: list[tuple[str, bytes, str]] = [  # each at most 1 MiB, but the last two
    ("unterminated string of escaped quotes", b'"' + b'\\"' * (MIB // 2 - 1), "stops early"),
    (
        "unterminated name inside a table",
        b'{"players": [{"name": "' + b'\\"' * (MIB // 2 - 20),
        "stops early",
    ),
    ("unterminated backslashes", b'"' + b"\\\\" * (MIB // 2 - 1), "stops early"),
    ("deep nesting", b"[" * (MIB - 1), "nested"),
    ("nesting at the limit, repeated", (b"[" * 64 + b"]" * 64) * (MIB // 128 - 1), "table"),
    ("empty pairs", b"[" + b"[]," * (MIB // 3 - 1) + b"[]]", "table"),
    ("a town as long as fits", _table_with(town=[HERO] * 25_000), "town"),
    ("a town one past the ceiling", _table_with(town=[HERO] * (MAX_TOWN + 1)), "town"),
    ("a huge list of numbers", b'{"players": [' + b"1," * (MIB // 2 - 10) + b"1]}", "players"),
    ("a Room list as long as fits", _table_with(players=[{"rooms": [{}] * 250_000}]), "players"),
    ("one byte past the size ceiling", _ordinary() + b" " * MAX_TABLE_BYTES, "too large"),
    ("64 MiB of text", b"a" * (64 * MIB), "too large"),
]


@pytest.fixture(scope="module")
def ordinary() -> Cost:
    return run_limited(_ordinary())


@pytest.mark.parametrize(("name", "data", "word"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_size_exits_2_in_one_line_within_the_ceilings(
    name: str, data: bytes, word: str, ordinary: Cost
) -> None:
    cost = run_limited(data)
    assert cost.code == 2, (name, cost.code, cost.stderr[:300])  # not killed by a ceiling
    line = cost.stderr.decode("utf-8")
    assert cost.stdout == b"" and line.count("\n") == 1 and line.startswith("error: "), line
    assert word in line, (name, line)
    # Memory holds still on a busy machine (time does not: the CPU ceiling bounds that).
    assert cost.peak_kib < 3 * ordinary.peak_kib, (name, cost.peak_kib, ordinary.peak_kib)


def test_the_ordinary_table_is_refereed_within_the_ceilings() -> None:
    cost = run_limited(_ordinary())
    assert cost.code == 0 and cost.stderr == b"", cost.stderr
    json.loads(cost.stdout)


def main() -> None:
    ordinary = run_limited(_ordinary())
    print(f"{'input':42} {'exit':>4} {'CPU s':>6} {'x':>5} {'peak MB':>8} {'x':>5}")
    for name, data, _word in [("ordinary table", _ordinary(), ""), *HOSTILE]:
        cost = ordinary if not _word else run_limited(data)
        print(
            f"{name:42} {cost.code:>4} {cost.cpu:6.2f} {cost.cpu / ordinary.cpu:5.1f} "
            f"{cost.peak_kib / 1024:8.0f} {cost.peak_kib / ordinary.peak_kib:5.2f}"
        )


if __name__ == "__main__":
    main()
