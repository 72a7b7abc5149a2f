"""Saved-game problems in words, and the ways out: resume, play on, restore a backup.

Every path here catches the store's errors and shows them (a card on the saved-games
screen, or a dialog over whatever screen the tap came from): a damaged file never crashes
a tab. The store's own message says what is wrong and where (in English, with the file's
path); the headline and what the player can do next are in the player's language.

Under live sync, what is wrong and where the file lies, and restoring a backup, are the
host's business (``may_repair``): another device that may view the game hears only that
it can't be opened, and a device without its code hears nothing of it.
"""

from __future__ import annotations

import os
from concurrent.futures import Future
from typing import TYPE_CHECKING

import flet as ft

from companion.store import GameUnreadable, LoadedGame, StoreError, StoreProblem
from companion.store.problems import SaveFailed
from companion.sync.access import decide_access, may_repair
from companion.ui.off_loop import read_off_loop
from companion.ui.opening import open_then
from companion.ui.widgets import big_button, on_tap, tagged

if TYPE_CHECKING:
    from companion.i18n import Translator
    from companion.ui.sync_link import TableApp
    from companion.ui.sync_link import TableApp as TabApp  # what join_screen holds

#: Problems with a file that could not be read at all (damaged or hand-edited).
DAMAGED = frozenset({"truncated", "corrupt", "invalid_record", "unreadable"})
SHOWN_FIELD_ERRORS = 8


def headline(tr: Translator, problem: StoreProblem) -> str:
    kind = "damaged" if problem.kind in DAMAGED else problem.kind
    return tr(f"games.problem.{kind}")


def problem_lines(tr: Translator, problem: StoreProblem, *, listed: bool) -> list[str]:
    """What to say about a problem, after its headline.

    ``listed``: found while listing, so the file was only read, not moved.
    """
    failed = problem.failed_command
    if problem.kind == "replay_failed" and failed is not None:
        key = "games.failed_command_rule" if failed.rule else "games.failed_command"
        lines = [
            tr(
                key,
                number=failed.index + 1,
                command=failed.type,
                rule=failed.rule or "",
                why=failed.message,
            ),
            tr(
                "games.opened_at",
                applied=failed.index,
                kept=problem.quarantined_to or problem.path or "",
            ),
        ]
        return lines
    lines = [problem.message]
    lines += [f"• {error}" for error in problem.field_errors[:SHOWN_FIELD_ERRORS]]
    hidden = len(problem.field_errors) - SHOWN_FIELD_ERRORS
    if hidden > 0:
        lines.append(tr("games.more_errors", count=hidden))
    if listed and problem.quarantined_to is None and problem.kind in DAMAGED | {"newer_schema"}:
        lines.append(tr("games.left_untouched"))
    return lines


def may_repair_here(app: TabApp, game_id: str | None) -> bool:
    """Whether this tab's device may see a stored game's problems and restore it (a
    problem with no game, like the data folder's, is for the server's computer)."""
    sync = app.sync
    if sync is None:
        return True
    record = sync.hub.registry.get(game_id) if game_id is not None else None
    return may_repair(record, sync.device.device_id, sync.device.local)


def may_import_here(app: TabApp) -> bool:
    """Whether this tab may import a game: an import writes a new game on the server's
    disk, so only the server's own computer may (without live sync, always)."""
    return app.sync is None or app.sync.device.local


def without_folder(app: TabApp, text: str) -> str:
    """``text`` as a device that is not the server's computer may read it: the data
    folder's own path left out (``games/<id>.json``, not where it lies on the server)."""
    if app.sync is None or app.sync.device.local or app.sessions is None:
        return text
    root = str(app.sessions.store.layout.root)
    return text.replace(root + os.sep, "").replace(root, "")


def not_opened_text(app: TabApp, game_id: str | None, error: Exception) -> str:
    """Why a game could not be opened, for this device: the host's hears what is wrong
    (``store_error_text``), anyone else only that the server's computer says why."""
    if may_repair_here(app, game_id):
        return store_error_text(app, game_id, error)
    return f"{app.tr('games.not_opened')}: {store_error_text(app, game_id, error)}"


#: Why a save failed, in words a player may read on any device (``sync.why.<reason>``).
_SAID_WHY = frozenset({"disk_full", "read_only", "no_permission", "io_error"})


def store_error_text(app: TabApp, game_id: str | None, error: Exception) -> str:
    """What this device is told about a store error: the store's message (it names the
    file or the data folder) where ``may_repair_here``; elsewhere why in words, or that
    the server's computer shows why."""
    if may_repair_here(app, game_id):
        return without_folder(app, str(error))
    if isinstance(error, SaveFailed) and error.reason in _SAID_WHY:
        return app.tr(f"sync.why.{error.reason}")
    return app.tr("games.why_on_server")


def _may_view(app: TableApp, game_id: str | None) -> bool:
    """Whether this device may view the game (read only: no join record is made)."""
    sync = app.sync
    if sync is None or game_id is None:
        return sync is None
    record = sync.hub.registry.get(game_id)
    if record is None:
        return False
    return decide_access(record, sync.device.device_id, sync.device.join(game_id)).can_view


def problem_card_for(app: TableApp, problem: StoreProblem, identifier: str) -> ft.Control | None:
    """The card this device may see about ``problem``: all of it for the host, a line
    for another device that may view the game, nothing for a device without its code."""
    if may_repair_here(app, problem.game_id):
        return problem_card(app, problem, identifier)
    if _may_view(app, problem.game_id):
        return _card(app, problem, identifier, [app.tr("games.host_only")], restore=False)
    return None


def problem_card(app: TableApp, problem: StoreProblem, identifier: str) -> ft.Control:
    """A problem found on start or while listing, with a Restore button when it helps."""
    lines = [without_folder(app, line) for line in problem_lines(app.tr, problem, listed=True)]
    return _card(app, problem, identifier, lines, restore=True)


def _card(
    app: TableApp, problem: StoreProblem, identifier: str, lines: list[str], *, restore: bool
) -> ft.Control:
    tr = app.tr
    body: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(
                    headline(tr, problem),
                    size=17,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_ERROR_CONTAINER,
                    expand=True,
                ),
            ]
        ),
        *(ft.Text(line, size=15, color=ft.Colors.ON_ERROR_CONTAINER) for line in lines),
    ]
    if restore and problem.backup_available and problem.game_id:
        body.append(
            big_button(
                f"restore-{problem.game_id}",
                tr("games.restore"),
                on_tap(restore_game, app, problem.game_id),
                icon=ft.Icons.RESTORE,
                primary=True,
            )
        )
    return tagged(
        identifier,
        ft.Container(
            ft.Column(body, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.START),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            padding=12,
            border_radius=8,
        ),
    )


# --- resuming a game ----------------------------------------------------------------


def resume_game(app: TableApp, game_id: str) -> None:
    """Open a saved game and go to it; say what is wrong instead if it can't be opened,
    and what was lost if it opened at an earlier state than the one saved. The game is
    read and replayed off the event loop (``companion.ui.opening``)."""
    if app.sessions is None:
        return
    before = app.sessions.problems.get(game_id)
    open_then(app, game_id, lambda failed: _resumed(app, game_id, before, failed))


def _resumed(
    app: TableApp,
    game_id: str,
    before: tuple[StoreProblem, ...] | None,
    failed: StoreError | None,
) -> None:
    """The game is open, or ``failed`` says why not: go to it, or say why not."""
    assert app.sessions is not None
    try:
        if failed is not None:
            raise failed
        app.open_game(game_id)
    except GameUnreadable as error:
        show_problems(app, game_id, (error.problem,), opened=False)
        return
    except StoreError as error:
        detail = (
            without_folder(app, str(error))
            if may_repair_here(app, game_id)
            else app.tr("games.host_only")
        )
        show_message(app, app.tr("games.not_opened"), detail)
        return
    after = app.sessions.problems.get(game_id, ())
    # Only a fresh load brings news: an open session's problems were shown when it loaded.
    if after and after is not before:
        show_problems(app, game_id, after, opened=True)
        return
    app.go(f"/game/{game_id}")


def restore_game(app: TableApp, game_id: str) -> None:
    """Make the last good backup the game's file again (the current file is set aside),
    then open it in a fresh session."""
    if app.sessions is None:
        return
    _close_dialog(app)
    if not may_repair_here(app, game_id):  # a forged tap: the button is not shown there
        show_message(app, app.tr("games.not_opened"), app.tr("games.host_only"))
        return
    app.sessions.forget(game_id)  # a session still holding the damaged game must not save it
    if app.session is not None and app.session.game_id == game_id:
        app.close()
        app.session = None
    store = app.sessions.store
    # The backups are read, and the one restored replayed, off the event loop.
    read_off_loop(
        app.page,
        lambda: store.restore_backup(game_id),
        lambda outcome: _restored(app, game_id, outcome),
    )


def _restored(app: TableApp, game_id: str, outcome: Future[LoadedGame]) -> None:
    try:
        outcome.result()
    except StoreError as error:
        show_message(app, app.tr("games.restore_failed", reason=str(error)), "")
        _refresh(app)
        return
    resume_game(app, game_id)


# --- dialogs ------------------------------------------------------------------------


def show_problems(
    app: TableApp, game_id: str, problems: tuple[StoreProblem, ...], *, opened: bool
) -> None:
    """A dialog about a game that did not open (``opened`` False) or opened with news."""
    tr = app.tr
    repair = may_repair_here(app, game_id)
    content: list[ft.Control] = []
    for problem in problems:
        content.append(ft.Text(headline(tr, problem), size=17, weight=ft.FontWeight.BOLD))
        lines = (
            [without_folder(app, line) for line in problem_lines(tr, problem, listed=False)]
            if repair
            else [tr("games.host_only")]
        )
        content.extend(ft.Text(line, size=15) for line in lines)
    actions: list[ft.Control] = []
    if repair and any(p.backup_available for p in problems):
        actions.append(
            big_button(
                "problem-restore",
                tr("games.restore"),
                on_tap(restore_game, app, game_id),
                icon=ft.Icons.RESTORE,
                primary=True,
            )
        )
    if opened:
        actions.append(
            big_button(
                "problem-play-on",
                tr("games.play_on"),
                on_tap(_play_on, app, game_id),
                icon=ft.Icons.PLAY_ARROW,
                primary=not actions,
            )
        )
    actions.append(big_button("problem-close", tr("games.close"), on_tap(_close_and_refresh, app)))
    _show(app, "problem-dialog", headline(tr, problems[0]), content, actions)


def show_message(app: TableApp, title: str, detail: str) -> None:
    content: list[ft.Control] = [ft.Text(detail, size=15)] if detail else []
    actions: list[ft.Control] = [
        big_button("problem-close", app.tr("games.close"), on_tap(_close_and_refresh, app))
    ]
    _show(app, "problem-dialog", title, content, actions)


def _show(
    app: TableApp,
    identifier: str,
    title: str,
    content: list[ft.Control],
    actions: list[ft.Control],
) -> None:
    dialog = ft.AlertDialog(
        title=ft.Text(title, size=20),
        content=tagged(identifier, ft.Column(content, tight=True, spacing=8)),
        actions=[ft.Column(actions, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.END)],
        scrollable=True,
    )
    app.page.show_dialog(dialog)


def _close_dialog(app: TableApp) -> None:
    app.page.pop_dialog()


def _close_and_refresh(app: TableApp) -> None:
    """Close the dialog and redraw the screen below (a damaged game may have moved)."""
    _close_dialog(app)
    _refresh(app)


def _refresh(app: TableApp) -> None:
    # In place: a new view under a dialog would leave the dialog stuck in the browser.
    reload = getattr(app.current, "reload", None)
    if reload is not None:
        reload()


def _play_on(app: TableApp, game_id: str) -> None:
    _close_dialog(app)
    app.go(f"/game/{game_id}")
