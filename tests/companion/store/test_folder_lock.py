"""One process per data folder: a second one is refused while the first lives, and takes
over once it is killed (kill -9 included), finding every command the first acknowledged.

Two servers on one folder once each acknowledged an action and one of them was lost from
disk: each wrote its own copy of the game over the other's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sample_play import sample_setup

from companion.store import GameStore
from companion.store.folder_lock import FolderInUse, hold_data_folder

WRITER = Path(__file__).with_name("folder_writer.py")


def _writer(data: Path, game_id: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.Popen(
        [sys.executable, str(WRITER), str(data), game_id],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def _line(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    return process.stdout.readline().strip()


def test_the_lock_names_its_holder_and_dies_with_it(tmp_path: Path) -> None:
    held = hold_data_folder(tmp_path)
    with pytest.raises(FolderInUse) as caught:
        hold_data_folder(tmp_path)  # a second open file: refused even in one process
    assert caught.value.pid == os.getpid()
    assert f"process {os.getpid()}" in str(caught.value)
    held.release()
    hold_data_folder(tmp_path).release()


def test_kill_9_with_a_second_process_on_the_folder_loses_no_acknowledged_command(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    game_id = GameStore(data).create(sample_setup()).game_id
    first = _writer(data, game_id)
    second: subprocess.Popen[str] | None = None
    try:
        assert _line(first) == "holding"
        acked = 0
        while acked < 20:
            line = _line(first)
            assert line.startswith("ack "), line
            acked = int(line.split()[1])
        # A second process while the first saves: refused, naming the first, and nothing
        # of the folder is touched by it.
        second = _writer(data, game_id)
        refusal = _line(second)
        assert second.wait(timeout=60) == 3
        assert refusal.startswith("refused ") and f"process {first.pid}" in refusal, refusal
        os.kill(first.pid, signal.SIGKILL)
        assert first.stdout is not None
        for line in first.stdout:  # acks printed before the kill landed
            acked = max(acked, int(line.split()[1]))
        first.wait(timeout=60)
        # Once the first is gone, the second takes over where it stopped.
        second = _writer(data, game_id)
        assert _line(second) == "holding"
        line = _line(second)
        assert line.startswith("ack ") and int(line.split()[1]) >= acked + 1, (line, acked)
        os.kill(second.pid, signal.SIGKILL)
        second.wait(timeout=60)
        assert len(GameStore(data).load(game_id).game.log) >= acked + 1
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(timeout=60)


def test_a_second_server_on_the_folder_says_who_holds_it_and_exits(tmp_path: Path) -> None:
    """``./play`` on a folder another server holds: one line naming that process, exit 1,
    and nothing served (it used to take a free port and share the folder)."""
    held = hold_data_folder(tmp_path)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "companion.cli", "--no-browser", "--data-dir", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        held.release()
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert f"already served by process {os.getpid()}" in done.stderr
    assert "running at" not in done.stdout
