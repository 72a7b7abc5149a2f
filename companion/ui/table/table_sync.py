"""The game screen's live-sync pieces: who this device is, the resync notice, and the
private build (each player's Room placed on their own phone, ready marks, reveal).

The game screen calls these from small hooks; they only read state and the device's
access (``companion.ui.sync_link``) and never change a game themselves.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.sync.private_build import is_ready, may_reveal, waiting_for
from companion.ui.sync_link import SYNC_SLOT, access_of, builds_here, here_text, sync_banner
from companion.ui.table.build_panel import BuildForm
from companion.ui.table.components import memo_component, table_app
from companion.ui.table.context import TableContext
from companion.ui.widgets import big_button, tagged
from rules import flow


def sync_top(ctx: TableContext) -> list[ft.Control]:
    """This device's role in one line, then the resync notice (if any)."""
    app = ctx.app
    sync = app.sync
    if sync is None or app.session is None:
        return []
    text = here_text(app, sync.hub.presence.count(app.session.game_id))
    said = ctx.errors.get(SYNC_SLOT)
    notice = said.text if said is not None else ""
    return [
        SyncRole(text, key="sync-role"),
        SyncNotice(notice, key="sync-notice"),
    ]


@memo_component
def SyncRole(text: str) -> ft.Control:
    """This device's role and the devices at the table, in one line (``text``)."""
    here = ft.Text(text, size=15)
    return tagged(
        "sync-role",
        ft.Row([ft.Icon(ft.Icons.DEVICES, size=20), ft.Container(here, expand=True)]),
    )


@memo_component
def SyncNotice(notice: str) -> ft.Control:
    """The resync notice (hidden while there is none)."""
    return sync_banner(table_app(), notice)


def build_slot(ctx: TableContext, player: str, form: BuildForm) -> ft.Control:
    """The player's build form on a device that builds for them; elsewhere only whether
    they have placed their Room (never which Room: it is face down until revealed)."""
    if builds_here(ctx.app, player):
        return form.view()
    tr = ctx.app.tr
    ready = is_ready(ctx.state, player)
    said = "sync.placed_face_down" if ready else "sync.building_elsewhere"
    # Named: on a phone that builds for one player, the others' slots stand together.
    text = tr(said, player=player)
    return tagged(f"{form.prefix}-elsewhere", ft.Text(text, size=16, italic=True))


def ready_marks(ctx: TableContext) -> ft.Control:
    """One mark per player: ready (Room placed face down) or still building."""
    marks = tuple(
        (number, p.name, is_ready(ctx.state, p.name))
        for number, p in enumerate(ctx.state.players, 1)
        if not flow.is_out(ctx.state, p.name)
    )
    lang = ctx.app.settings.lang
    return ReadyMarks(marks, lang, key="ready-marks")


@memo_component
def ReadyMarks(players: tuple[tuple[int, str, bool], ...], lang: str) -> ft.Control:
    """The marks of ``ready_marks``; ``lang`` is a prop so that a language change draws
    them."""
    tr = table_app().tr
    marks: list[ft.Control] = []
    for number, name, ready in players:
        marks.append(
            tagged(
                f"ready-p{number}",
                ft.Chip(
                    label=ft.Text(
                        f"{name}: {tr('sync.ready') if ready else tr('sync.not_ready')}",
                        size=15,
                    ),
                    leading=ft.Icon(
                        ft.Icons.CHECK_CIRCLE if ready else ft.Icons.HOURGLASS_TOP,
                        color=ft.Colors.PRIMARY if ready else ft.Colors.OUTLINE,
                    ),
                ),
            )
        )
    return tagged("ready-marks", ft.Row(marks, wrap=True, spacing=6, run_spacing=6))


def reveal_note(ctx: TableContext) -> str:
    """What the reveal button waits for, on this device."""
    tr = ctx.app.tr
    waiting = waiting_for(ctx.state)
    if not waiting:
        return tr("sync.all_ready")
    if may_reveal(access_of(ctx.app), ctx.state):
        return tr("sync.reveal_anyway", players=", ".join(waiting))
    return tr("sync.reveal_host_only", players=", ".join(waiting))


def reveal_here(ctx: TableContext) -> bool:
    """Whether this device shows Reveal Rooms now (``may_reveal``: the host, or everyone
    has built)."""
    return may_reveal(access_of(ctx.app), ctx.state)


@memo_component
def RevealNote(note: str) -> ft.Control:
    """What Reveal Rooms waits for, on this device (``reveal_note``)."""
    return tagged("reveal-note", ft.Text(note, size=16))


@memo_component
def RevealButton(shown: bool, lang: str, reveal: Callable[[object], None]) -> ft.Control:
    """Reveal Rooms, where it may be tapped (``reveal_here``); ``lang`` is a prop so that a
    language change draws it, and ``reveal`` (a bound method: equal while it is the
    screen's) what a tap does."""
    if not shown:
        return ft.Container(visible=False)
    return big_button(
        "reveal-rooms",
        table_app().tr("table.reveal_rooms"),
        reveal,
        icon=ft.Icons.VISIBILITY,
        primary=True,
        expand=True,
    )
