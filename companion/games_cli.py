"""Saved games from a terminal: list them, export one, import one.

    dungeon-referee games                    one line per game (tab-separated): id, name,
                                             turn, status, last played; problems on stderr
    dungeon-referee export GAME_ID           the game as JSON (set-up and log) on stdout
    dungeon-referee export GAME_ID --table   the current table, `python -m rules turn` input
    dungeon-referee import FILE|-            import an exported game; prints its new id

All of them use ``--data-dir`` (before or after the subcommand), else the
``DUNGEON_REFEREE_DATA`` environment variable, else the folder ``./play`` last served
(``companion.served_folder``; said on stderr), else the user data folder.

Exit status: 0 done; 1 the data folder or a saved file let us down (disk, damage);
2 bad input (an unknown game id, a file that is not a valid exported game).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TextIO

from pydantic import BaseModel, ConfigDict

from rules.printable import printable

if TYPE_CHECKING:
    from companion.store import GameStore, GameSummary, StoreProblem

GamesCommand = Literal["games", "export", "import"]
GAMES_COMMANDS: tuple[GamesCommand, ...] = ("games", "export", "import")
EXIT_STORE = 1
EXIT_BAD_INPUT = 2


class GamesOptions(BaseModel):
    """`dungeon-referee games | export | import` and their arguments."""

    model_config = ConfigDict(frozen=True)

    command: GamesCommand
    data_dir: Path | None = None
    game_id: str | None = None  # export
    table: bool = False  # export --table
    source: str | None = None  # import: a path, or "-" for standard input


def add_games_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `games`, `export` and `import` subcommands to the main parser."""

    def data_dir_option(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--data-dir",
            dest="games_data_dir",
            type=Path,
            help="where games are saved (default: $DUNGEON_REFEREE_DATA or the user data folder)",
        )

    games = sub.add_parser(
        "games",
        help="list saved games",
        description="List saved games, most recently played first, one per line, "
        "tab-separated: id, name, turn, status (in progress, or who won), last played. "
        "Files that can't be read are reported on stderr.",
    )
    data_dir_option(games)
    export = sub.add_parser(
        "export",
        help="print a saved game as JSON",
        description="Print one saved game as JSON (set-up and command log) to stdout, "
        "ready for `dungeon-referee import` on another device.",
    )
    export.add_argument("game_id", metavar="GAME_ID", help="the game's id (see `games`)")
    export.add_argument(
        "--table",
        action="store_true",
        help="print the current table instead, in the `python -m rules turn` input format",
    )
    data_dir_option(export)
    imported = sub.add_parser(
        "import",
        help="import a game exported as JSON",
        description="Import an exported game as a new saved game and print its new id.",
    )
    imported.add_argument("source", metavar="FILE", help="the exported file, or - for stdin")
    data_dir_option(imported)


def games_options(args: argparse.Namespace) -> GamesOptions:
    """Options from parsed arguments; the subcommand's ``--data-dir`` beats the main one."""
    data_dir: Path | None = getattr(args, "games_data_dir", None) or args.data_dir
    return GamesOptions(
        command=args.command,
        data_dir=data_dir.expanduser() if data_dir else None,
        game_id=getattr(args, "game_id", None),
        table=bool(getattr(args, "table", False)),
        source=getattr(args, "source", None),
    )


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def run_games(
    options: GamesOptions,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """Run one of the saved-games commands; returns the exit status."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    from companion.store import GameStore

    store = GameStore(_data_folder(options, err))
    try:
        if options.command == "games":
            return _list(store, out, err)
        if options.command == "export":
            return _export(store, options, out, err)
        return _import(store, options, out, err, stdin or sys.stdin)
    except _Refused as refused:
        print(f"dungeon-referee {options.command}: {printable(str(refused))}", file=err)
        return refused.status


def _data_folder(options: GamesOptions, err: TextIO) -> Path:
    """``--data-dir``, else ``DUNGEON_REFEREE_DATA``, else the folder ``./play`` last
    served (said on ``err``, with how to pick another), else the default folder."""
    from companion.served_folder import last_served
    from companion.store import resolve_data_dir
    from companion.store.paths import DATA_DIR_ENV

    if options.data_dir is not None or os.environ.get(DATA_DIR_ENV, "").strip():
        return resolve_data_dir(options.data_dir)
    served = last_served()
    if served is None:
        return resolve_data_dir(None)
    print(
        f"dungeon-referee {options.command}: the data folder ./play last served, "
        f"{printable(str(served))} (--data-dir picks another)",
        file=err,
    )
    return served


SHOWN_FIELDS = 20


def _with_fields(problem: StoreProblem) -> str:
    """The problem's message, then its bad fields indented below it (at most 20). A field
    name comes from the file itself: its control characters are written as escapes."""
    lines = [
        printable(problem.message),
        *(f"  {printable(str(f))}" for f in problem.field_errors[:SHOWN_FIELDS]),
    ]
    hidden = len(problem.field_errors) - SHOWN_FIELDS
    if hidden > 0:
        lines.append(f"  ... and {hidden} more")
    return "\n".join(lines)


def _report(problems: tuple[StoreProblem, ...], err: TextIO) -> None:
    for problem in problems:
        print(f"problem: {_with_fields(problem)}", file=err)


def status_of(summary: GameSummary) -> str:
    progress = summary.progress
    if not progress.finished:
        return "in progress"
    return f"won by {printable(progress.winner)}" if progress.winner else "finished, no winner"


def _list(store: GameStore, out: TextIO, err: TextIO) -> int:
    _report(store.startup_problems, err)
    listing = store.list_games()
    for summary in listing.games:
        fields = (
            summary.game_id,
            # A name never breaks the columns, nor steers the terminal: a name saved
            # before control characters were refused is printed with escapes.
            printable(" ".join(summary.name.split())),
            f"turn {summary.progress.turn}",
            status_of(summary),
            f"{summary.last_played.astimezone():%Y-%m-%d %H:%M}",
        )
        print("\t".join(fields), file=out)
    if not listing.games and not listing.problems:
        print(
            f"no saved games in {printable(str(store.layout.root))} "
            "(--data-dir picks another folder)",
            file=err,
        )
    _report(listing.problems, err)
    return 0


def _export(store: GameStore, options: GamesOptions, out: TextIO, err: TextIO) -> int:
    from companion.store import GameNotFound, GameUnreadable, StoreError, export_table

    game_id = options.game_id or ""
    try:
        if options.table:
            loaded = store.load(game_id)
            _report(loaded.problems, err)
            text = export_table(loaded.game)
        else:
            text = store.export_game(game_id)
    except GameNotFound:
        raise _Refused(
            EXIT_BAD_INPUT,
            f"no saved game with id {game_id!r} in {store.layout.root} "
            "(`dungeon-referee games` lists them)",
        ) from None
    except GameUnreadable as e:
        # One line says what is wrong and where the file went; the bad fields follow.
        raise _Refused(EXIT_STORE, _with_fields(e.problem)) from None
    except StoreError as e:
        raise _Refused(EXIT_STORE, str(e)) from None
    out.write(text)
    return 0


def _import(
    store: GameStore, options: GamesOptions, out: TextIO, err: TextIO, stdin: TextIO
) -> int:
    from companion.store import ImportRejected, StoreError
    from companion.store.export import MAX_IMPORT_BYTES

    source = options.source or "-"
    # Read one byte past the limit, never more: an enormous file is refused as too large
    # without being read into memory whole.
    if source == "-":
        stream = getattr(stdin, "buffer", stdin)
        data: str | bytes = stream.read(MAX_IMPORT_BYTES + 1)
        where = "standard input"
    else:
        try:
            with open(source, "rb") as f:
                data = f.read(MAX_IMPORT_BYTES + 1)
        except OSError as e:
            raise _Refused(EXIT_BAD_INPUT, f"can't read {source}: {e.strerror or e}") from None
        where = source
    if not data.strip():
        raise _Refused(EXIT_BAD_INPUT, f"{where} is empty: expected an exported game (JSON)")
    _report(store.startup_problems, err)
    try:
        loaded = store.import_game(data)
    except ImportRejected as e:
        raise _Refused(EXIT_BAD_INPUT, f"{where}: {e}") from None
    except StoreError as e:
        raise _Refused(EXIT_STORE, str(e)) from None
    _report(loaded.problems, err)
    print(loaded.game_id, file=out)
    return 0
