"""Hostile game files as large as the store reads, each read by a real store in its own
process under a CPU and a memory ceiling, with its cost against an ordinary long game's;
and the event loop turning while a worker thread reads one.

A worker thread that parses holds the interpreter for the whole of one parse: 16 MiB of
empty lists stood the loop (every tab and phone of the server) still for seconds. Such a
file is now refused after counting its first slices (``rules.json_text.too_costly``).

``python tests/companion/store/test_store_hostile_sizes.py`` prints each input's CPU time
and peak memory beside the ordinary game's (``bench/hostile_file_stall.py``: the stall).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from companion.store import GameStore
from companion.store.export import MAX_IMPORT_BYTES
from companion.store.journal import MAX_JOURNAL_BYTES, MAX_LINE_BYTES
from companion.store.storage import MAX_FILE_BYTES
from rules.game import Game
from rules.uncollected import collector_paused
from tests.companion.store.hostile_files import at_ceiling, filling, listing_stall, ordinary_file
from tests.companion.store.sample_play import play_turns, sample_setup
from tests.rules.test_table_cli_hostile_sizes import PEAK_NOTE, Cost, run_limited

GAME_ID = "20250101-abcdef12"

#: Lists the saved games and opens the one there, as Home then Resume do; prints what
#: each said (the problem kinds and the first words of the opening's message).
STORE_CHILD = PEAK_NOTE + (
    "import json\n"
    "from pathlib import Path\n"
    "from companion.store import GameStore, GameUnreadable, StoreError\n"
    "store = GameStore(Path(os.environ['DATA_DIR']), fsync=False)\n"
    "listed = [p.kind for p in store.list_games().problems]\n"
    "try:\n"
    "    opened = ['opened', *(p.kind for p in store.load(os.environ['GAME_ID']).problems)]\n"
    "except GameUnreadable as error:\n"
    "    opened = [error.problem.kind, error.problem.message]\n"
    "except StoreError as error:  # no game there (a folder to import into)\n"
    "    opened = ['not opened', str(error)]\n"
    "imported = []\n"
    "data = sys.stdin.buffer.read()\n"
    "if data:  # then imports what came on standard input, as the Import button does\n"
    "    from companion.store import ImportRejected\n"
    "    try:\n"
    "        imported = ['imported', store.import_game(data).game_id]\n"
    "    except ImportRejected as error:\n"
    "        imported = ['rejected', str(error).splitlines()[0]]\n"
    "print(json.dumps({'listed': listed, 'opened': opened, 'imported': imported}))\n"
)


def _folder(root: Path, game: bytes | None, journal: bytes = b"") -> Path:
    """A data folder holding one game file (None: one byte past the ceiling, sparse)."""
    games = root / "games"
    games.mkdir(parents=True)
    path = games / f"{GAME_ID}.json"
    if game is None:
        with open(path, "wb") as f:
            f.truncate(MAX_FILE_BYTES + 1)
    else:
        path.write_bytes(game)
    if journal:
        (games / f"{GAME_ID}.journal").write_bytes(journal)
    return root


def run_store(folder: Path, to_import: bytes = b"") -> tuple[Cost, dict[str, list[str]]]:
    cost = run_limited(to_import, STORE_CHILD, {"DATA_DIR": str(folder), "GAME_ID": GAME_ID})
    said = json.loads(cost.stdout) if cost.code == 0 else {}
    return cost, said


#: A journal line of a million bytes of empty lists, after a good game file.
HUGE_LINE = filling(b"[]", MAX_LINE_BYTES - 1) + b"\n"


@pytest.fixture(scope="module")
def ordinary(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, Cost]:
    raw = ordinary_file(tmp_path_factory.mktemp("source"), GAME_ID)
    cost, said = run_store(_folder(tmp_path_factory.mktemp("ordinary"), raw))
    assert said["listed"] == [] and said["opened"] == ["opened"], (cost.code, cost.stderr[-500:])
    return raw, cost


CASES = [*at_ceiling(), "one byte past the ceiling", "a journal line of empty lists"]


@pytest.mark.parametrize("name", CASES)
def test_a_hostile_file_is_a_problem_within_the_ceilings(
    name: str, tmp_path: Path, ordinary: tuple[bytes, Cost]
) -> None:
    good, usual = ordinary
    if name == "a journal line of empty lists":
        cost, said = run_store(_folder(tmp_path, good, HUGE_LINE))
        assert said["opened"] == ["opened", "journal_damaged"], cost.stderr
    else:
        game = None if name == "one byte past the ceiling" else at_ceiling()[name]
        cost, said = run_store(_folder(tmp_path, game))
        assert cost.code == 0, (name, cost.code, cost.stderr[-500:])  # no ceiling hit
        assert said["listed"] == ["corrupt"] and said["opened"][0] == "corrupt", said
    # Memory holds still on a busy machine (time does not: the CPU ceiling bounds that).
    # Refused as it is read, a hostile file costs no more than opening a long game (read
    # whole and parsed, 16 MiB of empty lists took 8 times as much).
    assert cost.peak_kib < 1.2 * usual.peak_kib, (name, cost.peak_kib, usual.peak_kib)


def _at_import_ceiling() -> dict[str, bytes]:
    """The classes again, each as large as an import may be."""
    return {
        "empty lists": filling(b"[]", MAX_IMPORT_BYTES),
        "one string": b'"' + b"a" * (MAX_IMPORT_BYTES - 2) + b'"',
        "unterminated string": b'"' + b'\\"' * ((MAX_IMPORT_BYTES - 1) // 2),
        "deep nesting": b"[" * MAX_IMPORT_BYTES,
        "one byte past the ceiling": b" " * (MAX_IMPORT_BYTES + 1),
    }


@pytest.fixture(scope="module")
def ordinary_import(
    tmp_path_factory: pytest.TempPathFactory, ordinary: tuple[bytes, Cost]
) -> tuple[bytes, Cost]:
    """An ordinary import: the long game exported, imported into an empty folder."""
    folder = _folder(tmp_path_factory.mktemp("exporting"), ordinary[0])
    exported = GameStore(folder, fsync=False).export_game(GAME_ID).encode()
    cost, said = run_store(tmp_path_factory.mktemp("importing"), exported)
    assert said["imported"][0] == "imported", (cost.code, cost.stderr[-500:])
    return exported, cost


@pytest.mark.parametrize("name", list(_at_import_ceiling()))
def test_a_hostile_import_is_refused_within_the_ceilings(
    name: str, tmp_path: Path, ordinary_import: tuple[bytes, Cost]
) -> None:
    _exported, usual = ordinary_import
    cost, said = run_store(tmp_path, _at_import_ceiling()[name])
    assert cost.code == 0, (name, cost.code, cost.stderr[-500:])  # no ceiling hit
    assert said["imported"][0] == "rejected", said
    assert not list((tmp_path / "games").glob("*.json")), "nothing saved"
    assert cost.peak_kib < 1.2 * usual.peak_kib, (name, cost.peak_kib, usual.peak_kib)


def test_a_journal_at_its_ceiling_costs_its_bytes_and_no_more(
    tmp_path: Path, ordinary: tuple[bytes, Cost]
) -> None:
    """A journal is read whole (its lines are checked one by one after): 64 MB of one
    line costs those bytes once, and nothing is parsed (the line was copied out before
    its length was checked: twice its bytes). The game opens as of its file. (The one
    input that costs memory in proportion to its size, up to the journal's ceiling.)"""
    good, usual = ordinary
    cost, said = run_store(_folder(tmp_path, good, b"x" * (MAX_JOURNAL_BYTES - 1) + b"\n"))
    assert said["opened"] == ["opened", "journal_damaged"], (cost.code, cost.stderr[-500:])
    assert cost.peak_kib < 1.2 * usual.peak_kib + MAX_JOURNAL_BYTES / 1024, cost.peak_kib


def test_the_loop_turns_while_a_worker_reads_a_file_of_many_values(tmp_path: Path) -> None:
    """The loop's longest stall while a worker thread lists an 8 MiB file of empty lists,
    against what parsing that file takes on one thread (the stall it caused, whole,
    when it was parsed: the parse is one call). A ratio, measured side by side."""
    raw = filling(b"[]", 8 << 20)
    folder = _folder(tmp_path, raw)
    text = raw.decode()
    start = time.perf_counter()
    with collector_paused():
        json.loads(text)
    parse = time.perf_counter() - start
    del text

    stall, took, listed = asyncio.run(listing_stall(folder))
    assert [p.kind for p in listed.problems] == ["corrupt"]  # type: ignore[attr-defined]
    assert stall < parse / 4, f"the loop stood still {stall:.3f} s (a parse takes {parse:.3f} s)"
    assert took < parse, f"listing took {took:.3f} s, a parse {parse:.3f} s"


def test_a_save_the_store_would_not_read_again_is_refused_and_the_last_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reading ceilings hold for writing too: a file past them would never open."""
    from companion.store import SaveFailed
    from companion.store import storage as storage_module

    store = GameStore(tmp_path, fsync=False)
    game = Game.new(sample_setup(2))
    game_id = store.create(game.setup).game_id
    longer = play_turns(game, 2)
    saved = store.layout.game_file(game_id).read_bytes()
    marks = sum(saved.count(mark) for mark in (b",", b"[", b"{"))
    monkeypatch.setattr(storage_module, "MAX_FILE_VALUES", marks + 10)  # room for a few
    with pytest.raises(SaveFailed) as caught:
        store.save(game_id, longer)
    assert caught.value.reason == "too_long", str(caught.value)
    assert store.layout.game_file(game_id).read_bytes() == saved
    assert GameStore(tmp_path, fsync=False).load(game_id).game.log == ()


def main() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        good = ordinary_file(root / "source", GAME_ID)
        inputs: list[tuple[str, Path]] = [("ordinary game", _folder(root / "ordinary", good))]
        for n, (name, raw) in enumerate(at_ceiling().items()):
            inputs.append((name, _folder(root / f"h{n}", raw)))
        inputs.append(("one byte past the ceiling", _folder(root / "past", None)))
        inputs.append(("a journal line of empty lists", _folder(root / "jl", good, HUGE_LINE)))
        at_limit = b"x" * (MAX_JOURNAL_BYTES - 1) + b"\n"
        inputs.append(("a journal of 64 MB", _folder(root / "j64", good, at_limit)))
        exported = GameStore(inputs[0][1], fsync=False).export_game(GAME_ID).encode()
        imports = [("ordinary import", exported), *_at_import_ceiling().items()]
        base: Cost | None = None
        print(f"{'input':32} {'exit':>4} {'CPU s':>6} {'x':>5} {'peak MB':>8} {'x':>5}")
        for name, folder in inputs:
            cost, _said = run_store(folder)
            base = base or cost
            print(
                f"{name:32} {cost.code:>4} {cost.cpu:6.2f} {cost.cpu / base.cpu:5.2f} "
                f"{cost.peak_kib / 1024:8.0f} {cost.peak_kib / base.peak_kib:5.2f}"
            )
        base = None
        for n, (name, raw) in enumerate(imports):
            (root / f"import{n}").mkdir()
            cost, _said = run_store(root / f"import{n}", raw)
            base = base or cost
            print(
                f"{'import: ' + name:32} {cost.code:>4} {cost.cpu:6.2f} {cost.cpu / base.cpu:5.2f} "
                f"{cost.peak_kib / 1024:8.0f} {cost.peak_kib / base.peak_kib:5.2f}"
            )


if __name__ == "__main__":
    main()
