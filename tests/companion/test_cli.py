"""`dungeon-referee` command line: options, lookup delegation, LAN helpers (no server)."""

import socket
import sys
import types
from pathlib import Path

import pytest

from companion import cli
from companion.cli import LookupOptions, ServeOptions, parse_args


@pytest.fixture(autouse=True)
def no_data_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cli.DATA_ENV, raising=False)


def test_default_serves_on_localhost_only() -> None:
    options = parse_args([])
    assert isinstance(options, ServeOptions)
    assert options.host == "127.0.0.1"
    assert options.port is None
    assert options.lan is False and options.desktop is False


def test_lan_binds_all_interfaces() -> None:
    options = parse_args(["--lan"])
    assert isinstance(options, ServeOptions)
    assert options.host == "0.0.0.0"


def test_port_and_data_dir_are_taken(tmp_path: Path) -> None:
    options = parse_args(["--port", "9123", "--data-dir", str(tmp_path), "--no-browser"])
    assert isinstance(options, ServeOptions)
    assert options.port == 9123
    assert options.data_dir == tmp_path
    assert options.open_browser is False


def test_data_dir_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(cli.DATA_ENV, str(tmp_path))
    options = parse_args([])
    assert isinstance(options, ServeOptions)
    assert options.data_dir == tmp_path


def test_data_dir_option_beats_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(cli.DATA_ENV, "/somewhere/else")
    options = parse_args(["--data-dir", str(tmp_path)])
    assert isinstance(options, ServeOptions)
    assert options.data_dir == tmp_path


def test_no_browser_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "1")
    options = parse_args([])
    assert isinstance(options, ServeOptions)
    assert options.open_browser is False


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["--port", "abc"], "port must be a number"),
        (["--port", "0"], "between 1 and 65535"),
        (["--port", "70000"], "between 1 and 65535"),
        (["--frobnicate"], "unrecognized arguments"),
        (["--desktop", "--lan"], "can't be used together"),
        (["lookup"], "required"),
        (["lookup", "bait", "--lang", "fr"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    assert complaint in capsys.readouterr().err


def test_lookup_subcommand_parses_query_and_language() -> None:
    options = parse_args(["lookup", "level", "up", "--lang", "de"])
    assert options == LookupOptions(query="level up", lang="de")


def test_lookup_delegates_to_the_glossary(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def fake_lookup_main(argv: list[str], cards: object = None) -> int:
        seen.append(list(argv))
        return 7

    fake = types.ModuleType("companion.glossary_search")
    fake.lookup_main = fake_lookup_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "companion.glossary_search", fake)
    assert cli.main(["lookup", "deactivate", "--lang", "de"]) == 7
    assert seen[-1] == ["--lang", "de", "--", "deactivate"]


def test_lookup_without_glossary_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "companion.glossary_search", None)
    assert cli.main(["lookup", "bait"]) == 1
    assert "glossary is not available" in capsys.readouterr().err


def test_real_lookup_prints_the_best_entrys_text(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.glossary import load_glossary

    assert cli.main(["lookup", "level", "up", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert load_glossary().entry("level-up").body.de in out.splitlines()[1]
    assert cli.main(["lookup", "level", "up", "--list"]) == 0
    assert all("\t" in line for line in capsys.readouterr().out.splitlines())


def test_real_lookup_prints_the_entry_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["lookup", "deactivate"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    entry_id, title = first.split("\t")
    assert "deactivat" in entry_id
    assert title


def test_busy_port_asked_for_is_refused() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(cli.CliError, match=f"port {port} is already in use"):
            cli.choose_port(ServeOptions(port=port))


def test_busy_default_port_falls_back_to_a_free_one(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        monkeypatch.setattr(cli, "DEFAULT_PORT", busy.getsockname()[1])
        chosen = cli.choose_port(ServeOptions())
        assert chosen != busy.getsockname()[1]
        assert cli.port_is_free("127.0.0.1", chosen)


def test_lan_address_is_not_loopback() -> None:
    address = cli.lan_address()
    if address is not None:
        assert not address.startswith("127.")
        socket.inet_aton(address)


def test_qr_code_is_drawn_for_the_terminal() -> None:
    drawing = cli.terminal_qr("http://192.168.1.20:8550")
    lines = drawing.splitlines()
    assert len(lines) > 10
    assert any(ch in drawing for ch in "█▀▄")


def test_desktop_without_client_fails_clearly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "desktop_client_available", lambda: False)
    assert cli.main(["--desktop"]) == 1
    err = capsys.readouterr().err
    assert "desktop client is not installed" in err
    assert "without --desktop" in err


def test_port_in_use_by_a_listening_server_is_not_free() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert not cli.port_is_free("127.0.0.1", port)


def test_port_of_a_stopped_server_with_closing_connections_is_free() -> None:
    """After a restart the old connections linger in TIME_WAIT; the port is usable."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = server.accept()
    accepted.close()  # the server side closes first: its end waits in TIME_WAIT
    client.close()
    server.close()
    assert cli.port_is_free("127.0.0.1", port)


def test_a_data_dir_that_is_a_file_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_folder = tmp_path / "games.txt"
    not_a_folder.write_text("mine", encoding="utf-8")
    assert cli.main(["--data-dir", str(not_a_folder), "--no-browser"]) == 1
    err = capsys.readouterr().err
    assert f"can't use {not_a_folder} as the data folder: it is a file, not a folder" in err
    assert not_a_folder.read_text(encoding="utf-8") == "mine"  # left as it was
