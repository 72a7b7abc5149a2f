"""Dialogs of the saved-games screen: rename, delete (confirmed), export, import.

Each dialog changes nothing until its own button is pressed; a refusal (a bad name, an
invalid file) is shown inside the dialog, and the saved games stay as they were. The
files are written on a worker thread, as a game's taps are saved: the server answers its
other tabs meanwhile, and taps on the button until it is done are dropped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

import flet as ft

from companion.store import (
    GameSummary,
    ImportRejected,
    LoadedGame,
    StoreError,
    export_table,
)
from companion.sync.private_build import face_down_hidden, taken_back_hidden
from companion.sync.registry import JoinRecordNotSaved
from companion.ui.off_loop import read_off_loop
from companion.ui.store_problems import (
    may_import_here,
    may_repair_here,
    store_error_text,
    without_folder,
)
from companion.ui.sync_link import unsaved_text
from companion.ui.widgets import on_tap, one_at_a_time, tagged
from rules.game import Game

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

Done = Callable[[str], None]  # called with a notice to show once the dialog did its work
SHOWN_IMPORT_ERRORS = 10


def _sentence(message: str) -> str:
    message = message.strip()
    return message[:1].upper() + message[1:] if message else message


def _dialog(
    app: TableApp, identifier: str, title: str, content: list[ft.Control], actions: list[ft.Control]
) -> ft.AlertDialog:
    dialog = ft.AlertDialog(
        title=ft.Text(title, size=20),
        content=tagged(
            identifier,
            ft.Column(
                content, tight=True, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            ),
        ),
        actions=actions,
        scrollable=True,
    )
    app.page.show_dialog(dialog)
    return dialog


def _close(app: TableApp) -> None:
    app.page.pop_dialog()


def _text_button(identifier: str, text: str, handler: Callable[[object], None]) -> ft.Control:
    return tagged(identifier, ft.TextButton(text, on_click=handler, height=48))


# --- rename ---------------------------------------------------------------------------


def rename_dialog(app: TableApp, summary: GameSummary, done: Done) -> None:
    tr = app.tr
    field = ft.TextField(
        label=tr("games.rename_label"), value=summary.name, autofocus=True, text_size=18
    )

    @one_at_a_time
    async def save(_event: object) -> None:
        assert app.sessions is not None
        try:
            store = app.sessions.store
            renamed = await asyncio.to_thread(store.rename, summary.game_id, field.value or "")
        except (ValueError, StoreError) as error:  # the store says what is wrong with it
            field.error = _sentence(without_folder(app, str(error)))
            field.update()
            return
        _close(app)
        done(tr("games.renamed", name=renamed.name))

    def typed(_event: object) -> None:
        if field.error:
            field.error = None
            field.update()

    field.on_submit = save
    field.on_change = typed
    _dialog(
        app,
        "rename-dialog",
        tr("games.rename_title"),
        [tagged("rename-field", field)],
        [
            _text_button("rename-cancel", tr("games.cancel"), on_tap(_close, app)),
            tagged("rename-save", ft.FilledButton(tr("games.save"), on_click=save, height=48)),
        ],
    )


# --- delete ---------------------------------------------------------------------------


def delete_dialog(app: TableApp, summary: GameSummary, state: str, done: Done) -> None:
    """Ask first, naming the game; only "Delete" in this dialog deletes it."""
    tr = app.tr

    @one_at_a_time
    async def delete(_event: object) -> None:
        assert app.sessions is not None
        _close(app)
        try:
            await asyncio.to_thread(app.sessions.store.delete, summary.game_id, confirmed=True)
        except StoreError as error:
            done(_sentence(without_folder(app, str(error))))
            return
        app.sessions.forget(summary.game_id)
        if app.session is not None and app.session.game_id == summary.game_id:
            app.close()
            app.session = None
        done(tr("games.deleted", name=summary.name))

    _dialog(
        app,
        "delete-dialog",
        tr("games.delete_title", name=summary.name),
        [
            ft.Text(
                tr(
                    "games.delete_body",
                    players=", ".join(summary.progress.players),
                    state=state,
                ),
                size=16,
            )
        ],
        [
            _text_button("delete-cancel", tr("games.cancel"), on_tap(_close, app)),
            tagged(
                "delete-confirm",
                ft.FilledButton(
                    tr("games.delete_confirm"),
                    icon=ft.Icons.DELETE,
                    on_click=delete,
                    height=48,
                    style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                ),
            ),
        ],
    )


# --- export ---------------------------------------------------------------------------


def export_dialog(app: TableApp, summary: GameSummary, done: Done) -> None:
    """The game as JSON (or the table, for `python -m rules turn`) with a Copy button.

    Copying is done by the browser inside the tap (``ft.CopyToClipboard``): phones only
    allow a page to write the clipboard while it handles a tap.

    Under live sync the export holds only what this device may see: while another
    player's Room lies face down the game's JSON (which replays every Room built) is not
    shown, only the table (which holds face-up Rooms alone); a Room taken back into a
    hand leaves the redo stack out of the JSON.
    """
    assert app.sessions is not None
    store = app.sessions.store
    game_id = summary.game_id

    def read() -> tuple[tuple[str, ...], str | None]:
        # The game's file is read (and, under live sync, the game opened) off the loop.
        hidden, taken_back = _hidden_here(app, game_id)
        return hidden, None if hidden else store.export_game(game_id, redo=not taken_back)

    read_off_loop(app.page, read, lambda outcome: _show_export(app, summary, outcome, done))


def _show_export(
    app: TableApp,
    summary: GameSummary,
    outcome: Future[tuple[tuple[str, ...], str | None]],
    done: Done,
) -> None:
    tr = app.tr
    game_id = summary.game_id
    try:
        hidden, game_text = outcome.result()
    except StoreError as error:
        done(_sentence(str(error)) if may_repair_here(app, game_id) else tr("games.host_only"))
        return
    except JoinRecordNotSaved as error:  # who this device is could not be settled
        done(unsaved_text(app, "sync.record_unsaved", error))
        return
    refusal = tr("games.export_face_down", players=", ".join(hidden))
    texts: dict[str, str | None] = {"game": game_text}
    shown = {"what": "game"}
    hint = ft.Text(refusal if game_text is None else tr("games.export_hint_game"), size=15)
    box = ft.TextField(
        value=game_text or "",
        read_only=True,
        multiline=True,
        min_lines=8,
        max_lines=14,
        text_style=ft.TextStyle(font_family="monospace", size=12),
        text_size=12,
    )
    copy = ft.FilledButton(
        tr("games.copy"),
        icon=ft.Icons.COPY,
        height=48,
        action=ft.CopyToClipboard(game_text) if game_text is not None else None,
        disabled=game_text is None,
    )
    # Hidden through its Semantics wrapper: a wrapper of invisible content is an error.
    shown_box = tagged("export-text", box, visible=game_text is not None)
    copied = ft.Text("", size=15)  # a Semantics wrapper needs visible content
    switch = ft.TextButton(tr("games.show_table"), icon=ft.Icons.TABLE_CHART, height=48)

    def on_copy(_event: object) -> None:
        copied.value = tr("games.copied")
        copied.update()

    def flip(_event: object) -> None:
        what = "table" if shown["what"] == "game" else "game"
        if what in texts:
            show(what)
            return
        sessions = app.sessions
        assert sessions is not None
        # The open session's game (loading again would set aside a copy each time), opened
        # off the loop if it is not open yet.
        read_off_loop(
            app.page, lambda: export_table(sessions.open(game_id).game), lambda o: read(what, o)
        )

    def read(what: str, outcome: Future[str]) -> None:
        try:
            texts[what] = outcome.result()
        except StoreError as error:
            copied.value = _sentence(store_error_text(app, game_id, error))
            copied.update()
            return
        show(what)

    def show(what: str) -> None:
        shown["what"] = what
        text = texts[what]
        box.value = text or ""
        shown_box.visible = text is not None
        hint.value = refusal if text is None else tr(f"games.export_hint_{what}")
        switch.content = tr("games.show_game" if what == "table" else "games.show_table")
        copy.action = ft.CopyToClipboard(text) if text is not None else None  # before the tap
        copy.disabled = text is None
        copied.value = ""
        for control in (shown_box, hint, switch, copy, copied):
            control.update()

    copy.on_click = on_copy
    switch.on_click = flip
    _dialog(
        app,
        "export-dialog",
        tr("games.export_title", name=summary.name),
        [
            hint,
            shown_box,
            tagged("export-copied", copied),
            ft.Row([tagged("export-switch", switch)]),  # two actions fit a phone's width
        ],
        [
            _text_button("export-close", tr("games.close"), on_tap(_close, app)),
            tagged("export-copy", copy),
        ],
    )


def _hidden_here(app: TableApp, game_id: str) -> tuple[tuple[str, ...], bool]:
    """Players whose face-down Room this device may not see, and whether the redo stack
    holds a Room it may not see (nothing is hidden without live sync)."""
    sync = app.sync
    if sync is None:
        return (), False
    assert app.sessions is not None
    game = app.sessions.open(game_id).game
    if not isinstance(game, Game):
        return (), False  # the squad game hides nothing from anyone
    access = sync.access(game_id)
    record = sync.hub.registry.get(game_id)
    return (
        face_down_hidden(game.state, access, record),
        taken_back_hidden(game.undone, access, record),
    )


# --- import ---------------------------------------------------------------------------


def import_dialog(app: TableApp, imported: Callable[[LoadedGame], None]) -> None:
    """Paste an exported game; it is saved as a new game only if every field is valid."""
    tr = app.tr
    if not may_import_here(app):  # a forged tap: the button is only on the server's computer
        return
    field = ft.TextField(
        label=tr("games.import_label"),
        multiline=True,
        min_lines=6,
        max_lines=12,
        text_style=ft.TextStyle(font_family="monospace", size=12),
        text_size=12,
        autofocus=True,
    )
    errors = ft.Column(spacing=4)  # empty until a refusal

    def refuse(lines: list[str]) -> None:
        errors.controls = [ft.Text(line, size=15, color=ft.Colors.ERROR) for line in lines]
        errors.update()

    @one_at_a_time
    async def do_import(_event: object) -> None:
        assert app.sessions is not None
        text = (field.value or "").strip()
        if not text:
            refuse([tr("games.import_empty")])
            return
        try:
            loaded = await asyncio.to_thread(app.sessions.store.import_game, text)
        except ImportRejected as error:
            lines = [tr("games.import_rejected", reason=error.summary)]
            lines += [f"• {e}" for e in error.errors[:SHOWN_IMPORT_ERRORS]]
            if len(error.errors) > SHOWN_IMPORT_ERRORS:
                lines.append(tr("games.more_errors", count=len(error.errors) - SHOWN_IMPORT_ERRORS))
            refuse(lines)
            return
        except StoreError as error:  # not saved: the message names the data folder
            refuse([tr("games.import_rejected", reason=store_error_text(app, None, error))])
            return
        except ValueError as error:
            refuse([tr("games.import_rejected", reason=str(error))])
            return
        _close(app)
        imported(loaded)

    _dialog(
        app,
        "import-dialog",
        tr("games.import_title"),
        [
            ft.Text(tr("games.import_hint"), size=15),
            tagged("import-field", field),
            tagged("import-errors", errors),
        ],
        [
            _text_button("import-cancel", tr("games.cancel"), on_tap(_close, app)),
            tagged(
                "import-save",
                ft.FilledButton(
                    tr("games.import_button"), icon=ft.Icons.UPLOAD, on_click=do_import, height=48
                ),
            ),
        ],
    )
