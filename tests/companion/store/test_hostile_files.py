"""Hostile files: deep nesting, huge numbers, a lone surrogate, NaN, invalid UTF-8, a cut
file, valid JSON of the wrong shape, an enormous file. Through the store API and the
`games` / `export` / `import` commands, each is a problem named in words (never a
traceback), the file is set aside like any damaged file, and every other game is still
listed and unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.store import GameStore, GameUnreadable, ImportRejected
from companion.store.export import MAX_IMPORT_BYTES
from companion.store.storage import MAX_FILE_BYTES
from rules.game import Game
from rules.json_text import MAX_DEPTH, JsonTextError, nests_too_deeply, parse_json
from tests.companion.store.hostile_files import CASES, Hostile
from tests.companion.store.sample_play import command_stream, play_turns, sample_setup

IDS = [case.name for case in CASES]
HOSTILE_ID = "20250101-hostile"


@pytest.fixture(autouse=True)
def no_data_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cli.DATA_ENV, raising=False)


def saved(store: GameStore, turns: int = 1) -> str:
    game = Game.new(sample_setup(2))
    game_id = store.create(game.setup).game_id
    target = play_turns(game, turns)
    while game.version < target.version:
        game, _ = command_stream(game)
        store.save(game_id, game)
    return game_id


class Folder:
    """A data folder with one good game and one hostile game file next to it."""

    def __init__(self, root: Path, case: Hostile) -> None:
        self.root = root
        store = GameStore(root, fsync=False)
        self.good = saved(store)
        self.good_bytes = store.layout.game_file(self.good).read_bytes()
        self.good_summary = store.list_games().games
        self.path = store.layout.game_file(HOSTILE_ID)
        self.raw = case.write(self.path, self.good_bytes, MAX_FILE_BYTES)
        self.size = self.path.stat().st_size

    def store(self) -> GameStore:
        return GameStore(self.root, fsync=False)

    def others_untouched(self) -> None:
        store = self.store()
        assert store.list_games().games == self.good_summary, "the other game is still listed"
        assert store.layout.game_file(self.good).read_bytes() == self.good_bytes
        assert store.load(self.good).game.log, "and it still opens"


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> Hostile:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def folder(tmp_path: Path, case: Hostile) -> Folder:
    return Folder(tmp_path / "data", case)


def import_file(tmp_path: Path, folder: Folder, case: Hostile) -> Path:
    """The same damage done to an exported game, as a file to import."""
    exported = folder.store().export_game(folder.good).encode()
    file = tmp_path / f"{case.name}.json"
    case.write(file, exported, MAX_IMPORT_BYTES)
    return file


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def printable(text: str) -> str:
    text.encode("utf-8")  # a lone surrogate in a message breaks every terminal and page
    return text


# --- the store API -------------------------------------------------------------------------


def test_hostile_file_is_listed_as_a_problem_naming_it(folder: Folder, case: Hostile) -> None:
    listing = folder.store().list_games()
    assert listing.games == folder.good_summary
    [problem] = listing.problems
    assert problem.game_id == HOSTILE_ID and problem.kind == case.kind
    assert case.says in printable(problem.message)
    assert str(folder.path) in problem.message
    assert folder.path.stat().st_size == folder.size, "listing only reads"
    folder.others_untouched()


def test_opening_a_hostile_file_sets_it_aside_untouched(folder: Folder, case: Hostile) -> None:
    store = folder.store()
    with pytest.raises(GameUnreadable) as caught:
        store.load(HOSTILE_ID)
    problem = caught.value.problem
    assert problem.kind == case.kind and case.says in printable(problem.message)
    assert problem.quarantined_to is not None and not folder.path.exists()
    kept = Path(problem.quarantined_to)
    assert kept.stat().st_size == folder.size
    if folder.raw is not None:
        assert kept.read_bytes() == folder.raw
    folder.others_untouched()
    assert [s.game_id for s in store.list_games().games] == [folder.good]


def test_exporting_a_hostile_file_is_refused_in_words(folder: Folder, case: Hostile) -> None:
    with pytest.raises(GameUnreadable) as caught:
        folder.store().export_game(HOSTILE_ID)
    assert case.says in printable(str(caught.value))
    folder.others_untouched()


def test_importing_a_hostile_file_is_refused_and_saves_nothing(
    tmp_path: Path, folder: Folder, case: Hostile
) -> None:
    file = import_file(tmp_path, folder, case)
    folder.path.unlink()  # only the good game is on disk now
    before = sorted(folder.store().layout.games.iterdir())
    with pytest.raises(ImportRejected) as caught, open(file, "rb") as data:
        folder.store().import_game(data.read())
    assert case.import_says in printable(str(caught.value))
    assert sorted(folder.store().layout.games.iterdir()) == before, "nothing saved"
    folder.others_untouched()


def test_a_hostile_listing_cache_is_rebuilt_from_the_games(folder: Folder, case: Hostile) -> None:
    store = folder.store()
    folder.path.unlink()
    store.list_games()  # writes the cache
    case.write(store.layout.index, store.layout.index.read_bytes(), MAX_FILE_BYTES)
    assert folder.store().list_games().games == folder.good_summary
    folder.others_untouched()


# --- the command line ----------------------------------------------------------------------


def test_games_command_lists_the_others_and_names_the_hostile_file(
    folder: Folder, case: Hostile, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "games", "--data-dir", str(folder.root))
    assert status == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == [folder.good]
    assert "Traceback" not in err
    assert err.startswith(f"problem: Saved game {HOSTILE_ID}") and case.says in err
    folder.others_untouched()


@pytest.mark.parametrize("table", [False, True], ids=["json", "table"])
def test_export_command_of_a_hostile_file_says_why_in_one_line(
    folder: Folder, case: Hostile, capsys: pytest.CaptureFixture[str], table: bool
) -> None:
    argv = ["export", HOSTILE_ID, "--data-dir", str(folder.root), *(["--table"] if table else [])]
    status, out, err = run(capsys, *argv)
    assert status == 1 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"dungeon-referee export: Saved game {HOSTILE_ID}")
    assert case.says in lines[0] and "set aside untouched" in lines[0]
    assert all(line.startswith("  ") for line in lines[1:]), "then only the bad fields"
    folder.others_untouched()
    status, out, _ = run(capsys, "export", folder.good, "--data-dir", str(folder.root))
    assert status == 0 and json.loads(out)["log"]


def test_import_command_of_a_hostile_file_exits_2_in_one_line(
    tmp_path: Path, folder: Folder, case: Hostile, capsys: pytest.CaptureFixture[str]
) -> None:
    file = import_file(tmp_path, folder, case)
    folder.path.unlink()
    status, out, err = run(capsys, "import", str(file), "--data-dir", str(folder.root))
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"dungeon-referee import: {file}: ")
    assert case.import_says in lines[0] or case.import_says in err
    assert all(line.startswith("  ") for line in lines[1:]), "then only the bad fields"
    assert "Traceback" not in err
    folder.others_untouched()


# --- the join record next to a game (live sync) ---------------------------------------------


def test_a_hostile_join_record_costs_only_a_new_code(folder: Folder, case: Hostile) -> None:
    from companion.sync.device import Device
    from companion.sync.hub import SyncHub

    hub = SyncHub(folder.root, fsync=False)
    record = hub.registry.ensure(folder.good)
    path = hub.registry.folder / f"{folder.good}.json"
    case.write(path, path.read_bytes(), MAX_FILE_BYTES)
    again = SyncHub(folder.root, fsync=False)
    device = Device("a-device-id-1234567890", local=True)
    again.claim(folder.good, device)  # the server's own computer opens the unhosted game
    assert again.access(folder.good, device).role == "host"
    fresh = again.registry.get(folder.good)
    assert fresh is not None and fresh.hosts == ("a-device-id-1234567890",)
    assert record.game_id == fresh.game_id
    folder.others_untouched()


# --- valid JSON built to flood the screen -------------------------------------------------


def test_an_enormous_field_name_is_shortened_in_the_problem(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    good = saved(store)
    path = store.layout.game_file(good)
    data = json.loads(path.read_text())
    data["game"]["1"]["x" * 100_000] = 1  # an unknown field: named in the problem
    path.write_text(json.dumps(data))
    with pytest.raises(GameUnreadable) as caught:
        store.load(good)
    problem = caught.value.problem
    [field] = problem.field_errors
    assert field.loc.startswith("xxxx") and field.loc.endswith("…") and len(field.loc) <= 120
    assert len(problem.message) < 1_000


def test_a_summary_with_thousands_of_players_is_not_listed(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", fsync=False)
    good = saved(store)
    other = saved(store)
    path = store.layout.game_file(good)
    data = json.loads(path.read_text())
    progress = data["game"]["1"]["progress"]
    progress["players"] = [f"P{n}" for n in range(5_000)]
    progress["scores"] = [{"name": "x" * 10_000, "souls": 0, "wounds": 0}]
    path.write_text(json.dumps(data))
    listing = store.list_games()
    assert [s.game_id for s in listing.games] == [other]
    [problem] = listing.problems
    assert problem.kind == "invalid_record" and problem.game_id == good
    assert {e.loc for e in problem.field_errors} >= {"progress.players", "progress.scores[0].name"}


# --- how deep is too deep ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "too_deep"),
    [
        ("[" * MAX_DEPTH + "]" * MAX_DEPTH, False),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), True),
        ('{"a": ' * MAX_DEPTH + "1" + "}" * MAX_DEPTH, False),
        ("[[], " * MAX_DEPTH + "1" + "]" * MAX_DEPTH, True),  # one level inside the last
        ('["[[[[[[[[[["]' * 50, False),  # brackets inside strings do not nest
        ('["\\"[[[[[[[[["]' * 50, False),  # nor after an escaped quote
        ("[" * 200_000, True),
    ],
    ids=["at-limit", "past-limit", "objects", "interleaved", "in-strings", "escaped", "unclosed"],
)
def test_nesting_is_measured_before_parsing(text: str, too_deep: bool) -> None:
    assert nests_too_deeply(text) is too_deep


def test_nesting_json_could_parse_is_refused_before_it_recurses() -> None:
    # 500 levels: json.loads manages it, but pydantic, printing and saving recurse again.
    with pytest.raises(JsonTextError, match="nested too deeply"):
        parse_json("[" * 500 + "]" * 500)
    nested: list[object] = []
    for _ in range(MAX_DEPTH - 1):
        nested = [nested]
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == nested


# --- a damaged file is read once, not at every listing --------------------------------


def test_a_damaged_file_or_journal_is_not_read_again_by_the_next_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home lists the games at every visit: a damaged file (65 s to read, once) was read
    again each time. It is remembered by its stamp until it changes."""
    from companion.store import listing as listing_module

    store = GameStore(tmp_path, fsync=False)
    good = saved(store)
    broken = store.layout.game_file(HOSTILE_ID)
    broken.write_bytes(b'{"game": {"1": "' + b'\\"' * 1000)
    journal = store.layout.journal_file(good)
    journal.write_bytes(b"not json\n")
    reads: list[str] = []
    real_document, real_journal = listing_module.read_document, listing_module.read_journal

    def document(path: Path) -> object:
        reads.append(path.name)
        return real_document(path)

    def journal_lines(path: Path) -> object:
        reads.append(path.name)
        return real_journal(path)

    monkeypatch.setattr(listing_module, "read_document", document)
    monkeypatch.setattr(listing_module, "read_journal", journal_lines)
    first = store.list_games()
    assert [p.game_id for p in first.problems] == [HOSTILE_ID]
    assert sorted(reads) == sorted([broken.name, journal.name])
    reads.clear()
    assert store.list_games() == first
    assert reads == []
    broken.write_bytes(b"{}")  # changed: read again
    store.list_games()
    assert reads == [broken.name]
