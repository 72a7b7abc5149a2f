"""The `dungeon-referee` command: serve the table app, or look a rule up.

    dungeon-referee                  serve on this computer only (http://127.0.0.1:8550)
    dungeon-referee --lan            serve to phones on the local network, with a QR code
    dungeon-referee lookup QUERY     search the rules glossary from the terminal
    dungeon-referee games            list saved games (also: export GAME_ID, import FILE)
    dungeon-referee stats            past games in numbers (--player NAME, --csv)

The app runs in web mode with every asset served locally (no CDN), so it works offline.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import time
import urllib.request
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.games_cli import (
    GAMES_COMMANDS,
    GamesOptions,
    add_games_commands,
    games_options,
    run_games,
)
from rules import card_table
from rules.card_effects import EffectsError, load_effects

if TYPE_CHECKING:
    from companion.store.folder_lock import FolderLock
from companion.stats_cli import StatsOptions, add_stats_command, run_stats, stats_options

DEFAULT_PORT = 8550
DATA_ENV = "DUNGEON_REFEREE_DATA"
LOCALHOST = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"
ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


class ServeOptions(BaseModel):
    """What `dungeon-referee` (without a subcommand) was asked to do."""

    model_config = ConfigDict(frozen=True)

    command: Literal["serve"] = "serve"
    lan: bool = False
    #: None = the default port, or a free one if the default is taken.
    port: int | None = Field(default=None, ge=1, le=65535)
    data_dir: Path | None = None
    desktop: bool = False
    open_browser: bool = True
    #: The address of a reverse proxy whose X-Forwarded-For is believed (None: nobody's).
    trust_proxy: str | None = None

    @property
    def host(self) -> str:
        return ALL_INTERFACES if self.lan else LOCALHOST


class LookupOptions(BaseModel):
    """`dungeon-referee lookup QUERY [--lang en|de]`."""

    model_config = ConfigDict(frozen=True)

    command: Literal["lookup"] = "lookup"
    query: str
    lang: Literal["en", "de"] = "en"
    list_only: bool = False


class CliError(Exception):
    """A problem the user can fix, reported in one line with exit status 1."""


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be a number, not {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be between 1 and 65535, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dungeon-referee",
        description="An unofficial referee for Boss Monster. Without a subcommand it "
        "serves the table app in your browser, offline.",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="serve to every device on the local network (phones scan the QR code); "
        "anyone on that network can open the app",
    )
    parser.add_argument(
        "--port", type=_port, help=f"port to serve on (default {DEFAULT_PORT}, or a free one)"
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        help=f"where games are saved (default: ${DATA_ENV} or the user data folder)",
    )
    parser.add_argument(
        "--desktop",
        action="store_true",
        help="open in the Flet desktop window instead of a browser (needs the desktop client)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="don't open a browser, just print the URL"
    )
    parser.add_argument(
        "--trust-proxy",
        metavar="ADDRESS",
        help="believe the X-Forwarded-For header from a reverse proxy at ADDRESS (e.g. "
        "127.0.0.1); by default no forwarded address is believed, so the join-code "
        "throttle counts each real connection",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_stats_command(sub)
    lookup = sub.add_parser(
        "lookup",
        help="search the rules glossary",
        description="Search the rules glossary; prints the best entry's id, title, text and "
        "rule ids, then the other matches one per line (id, tab, title).",
    )
    lookup.add_argument("query", nargs="+", help="what to look up (typos are fine)")
    lookup.add_argument("--lang", choices=("en", "de"), default="en", help="language")
    lookup.add_argument("--list", action="store_true", help="only ids and titles, no text")
    add_games_commands(sub)
    return parser


def _running_headless() -> bool:
    """CI, or a Linux box without a display: no browser to open."""
    if os.environ.get("CI"):
        return True
    return sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )


def parse_args(
    argv: Sequence[str] | None = None,
) -> ServeOptions | LookupOptions | GamesOptions | StatsOptions:
    """Parse the command line; bad arguments exit with status 2 and a message."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command in GAMES_COMMANDS:
        return games_options(args)
    if args.command == "stats":
        return stats_options(args)
    if args.command == "lookup":
        return LookupOptions(query=" ".join(args.query), lang=args.lang, list_only=args.list)
    if args.desktop and args.lan:
        parser.error("--desktop and --lan can't be used together")
    data_dir = args.data_dir
    if data_dir is None and os.environ.get(DATA_ENV):
        data_dir = Path(os.environ[DATA_ENV])
    return ServeOptions(
        lan=args.lan,
        port=args.port,
        data_dir=data_dir.expanduser() if data_dir else None,
        desktop=args.desktop,
        open_browser=not args.no_browser and not args.desktop and not _running_headless(),
        trust_proxy=args.trust_proxy,
    )


# --- network --------------------------------------------------------------------------


def port_is_free(host: str, port: int) -> bool:
    """Whether the server could listen on ``port``. SO_REUSEADDR as the server itself
    sets it, so connections still closing after a restart don't make a port look taken."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def choose_port(options: ServeOptions) -> int:
    """The asked-for port (which must be free), else the default, else any free one."""
    if options.port is not None:
        if not port_is_free(options.host, options.port):
            raise CliError(
                f"port {options.port} is already in use; pick another with --port, "
                "or leave --port out to use a free one"
            )
        return options.port
    if port_is_free(options.host, DEFAULT_PORT):
        return DEFAULT_PORT
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((options.host, 0))
        return int(sock.getsockname()[1])


def lan_address() -> str | None:
    """This machine's address on the local network, found without internet access.

    Connecting a UDP socket sends no packet; it only makes the OS choose the interface
    it would route through, whose address we read back.
    """
    for probe in ("192.168.255.255", "10.255.255.255", "172.31.255.255"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                sock.connect((probe, 1))
                address = str(sock.getsockname()[0])
            except OSError:
                continue
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return None


def terminal_qr(url: str) -> str:
    """The URL as a QR code drawn with block characters, for phones to scan."""
    import io

    import segno

    buffer = io.StringIO()
    segno.make(url, error="m").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()


def _open_browser_when_ready(url: str, timeout: float = 30.0) -> None:
    """Wait in the background until the server answers, then open the browser."""

    def wait_and_open() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        webbrowser.open(url)

    threading.Thread(target=wait_and_open, daemon=True).start()


# --- desktop ---------------------------------------------------------------------------


def desktop_client_available() -> bool:
    """Whether a Flet desktop client is on this machine (it can't be fetched offline)."""
    view_path = os.environ.get("FLET_VIEW_PATH")
    if view_path and Path(view_path).exists():
        return True
    client_cache = Path.home() / ".flet" / "client"
    if client_cache.is_dir() and any(
        p.name.startswith("flet-desktop") for p in client_cache.iterdir()
    ):
        return True
    try:
        import flet_desktop  # type: ignore[import-untyped]
    except ImportError:
        return False
    bundled = Path(flet_desktop.get_package_bin_dir())
    return bundled.is_dir() and any(bundled.iterdir())


# --- commands --------------------------------------------------------------------------


def serve(options: ServeOptions) -> int:
    """Start the app server (blocks until Ctrl+C)."""
    import flet as ft

    from companion.app import BEFORE_MAIN, AppConfig, make_main

    if options.desktop and not desktop_client_available():
        raise CliError(
            "the Flet desktop client is not installed on this machine, and it would have "
            "to be downloaded from the internet; run `dungeon-referee` without --desktop "
            "to use the app in your browser instead"
        )
    if options.data_dir is not None:
        if options.data_dir.exists() and not options.data_dir.is_dir():
            # mkdir would say "File exists", which reads as if the folder were fine.
            raise CliError(
                f"can't use {options.data_dir} as the data folder: it is a file, not a folder"
            )
        try:
            options.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(f"can't use {options.data_dir} as the data folder: {exc}") from exc
        os.environ[DATA_ENV] = str(options.data_dir)
    folder = hold_served_folder(options.data_dir)

    trust_forwarded_headers(options)
    from companion.served_folder import remember_served
    from companion.store import resolve_data_dir

    port = choose_port(options)
    # ./play games, export and import look here next (companion.served_folder).
    remember_served(resolve_data_dir(options.data_dir))
    local_url = f"http://{LOCALHOST}:{port}"
    if options.lan:
        address = lan_address()
        if address is None:
            raise CliError(
                "no local network address found; connect to a network, or run without --lan"
            )
        url = f"http://{address}:{port}"
        print(f"Dungeon Referee is served on the local network at {url}")
        print("Anyone on this network can open it, read the rules and start new games.")
        print("Saved games stay hidden from a device until it enters that game's join code")
        print("(the game's Invite tab); the host may let devices without it watch, read-only.")
        print("Scan to open on a phone:")
        print(terminal_qr(url))
    else:
        url = local_url
        print(f"Dungeon Referee is running at {url}")
    print("Press Ctrl+C to stop.", flush=True)

    # The join QR codes on the game screen encode this address (the LAN one with --lan).
    config = AppConfig(data_dir=options.data_dir, public_url=url)
    if options.desktop:
        ft.run(
            make_main(config),
            before_main=BEFORE_MAIN,
            view=ft.AppView.FLET_APP,
            assets_dir=str(ASSETS_DIR),
        )
        return 0
    # Flet would open a browser itself before the server is up; we do it when it answers.
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    if options.open_browser:
        _open_browser_when_ready(local_url)
    ft.run(
        make_main(config),
        before_main=BEFORE_MAIN,  # records each tab's real address (sync/peer.py)
        view=ft.AppView.WEB_BROWSER,
        host=options.host,
        port=port,
        no_cdn=True,
        assets_dir=str(ASSETS_DIR),
    )
    folder.release()
    return 0


def trust_forwarded_headers(options: ServeOptions) -> None:
    """Believe X-Forwarded-For only from ``--trust-proxy``. The web server believes it
    from 127.0.0.1 by default (its ``FORWARDED_ALLOW_IPS``): behind a reverse proxy on
    this computer, every guess at a join code could then claim a new address."""
    os.environ["FORWARDED_ALLOW_IPS"] = options.trust_proxy or ""


def hold_served_folder(data_dir: Path | None) -> FolderLock:
    """Lock the data folder for this server: a second server on it would lose saves."""
    from companion.store import resolve_data_dir
    from companion.store.folder_lock import FolderInUse, hold_data_folder

    root = resolve_data_dir(data_dir)
    try:
        return hold_data_folder(root)
    except FolderInUse as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"can't use {root} as the data folder: {exc}") from exc


if TYPE_CHECKING:
    from companion.glossary_search import CardPrinter as _CardPrinter


def lookup(options: LookupOptions) -> int:
    """Delegate to the glossary search (its own module prints the results)."""
    try:
        from companion.glossary_search import lookup_main
    except ImportError as exc:
        raise CliError(f"the rules glossary is not available in this install ({exc})") from exc
    cards: _CardPrinter | None = None  # without cards, the glossary alone
    try:
        from companion.card_lookup import CARDS  # cards too: "goblin armory"

        cards = CARDS
    except ImportError:
        pass
    # "--" keeps a query that starts with a dash from reading as an option.
    flags = ["--list"] if options.list_only else []
    argv = ["--lang", options.lang, *flags, "--", *options.query.split()]
    return lookup_main(argv, cards=cards)


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_args(argv)
    try:
        if not card_table.handed_in():
            card_table.use(load_effects())  # the engine reads no file itself
    except EffectsError as exc:
        print(f"dungeon-referee: the card abilities cannot be read: {exc}", file=sys.stderr)
        return 1
    try:
        if isinstance(options, GamesOptions):
            return run_games(options)
        if isinstance(options, LookupOptions):
            return lookup(options)
        if isinstance(options, StatsOptions):
            return run_stats(options)
        return serve(options)
    except CliError as exc:
        print(f"dungeon-referee: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
