"""The game screen's live-sync pieces: who this device is, the resync notice, and the
private build (each player's Room placed on their own phone, ready marks, reveal).

The game screen calls these from small hooks; they only read state and the device's
access (``companion.ui.sync_link``) and never change a game themselves.
"""

from __future__ import annotations

import flet as ft

from companion.sync.private_build import is_ready, may_reveal, waiting_for
from companion.ui.sync_link import SYNC_SLOT, access_of, builds_here, here_text, sync_banner
from companion.ui.table.build_panel import BuildForm
from companion.ui.table.context import TableContext
from companion.ui.widgets import tagged


def sync_top(ctx: TableContext) -> list[ft.Control]:
    """This device's role in one line, then the resync notice (if any)."""
    app = ctx.app
    if app.sync is None or app.session is None:
        return []
    here = ft.Text(here_text(app, app.sync.hub.presence.count(app.session.game_id)), size=15)
    app.sync.here_line = here
    line = tagged(
        "sync-role",
        ft.Row([ft.Icon(ft.Icons.DEVICES, size=20), ft.Container(here, expand=True)]),
    )
    return [line, sync_banner(app, ctx.errors.get(SYNC_SLOT, ""))]


def build_slot(ctx: TableContext, player: str, form: BuildForm) -> ft.Control:
    """The player's build form on a device that builds for them; elsewhere only whether
    they have placed their Room (never which Room: it is face down until revealed)."""
    if builds_here(ctx.app, player):
        return form.view()
    tr = ctx.app.tr
    ready = is_ready(ctx.state, player)
    text = tr("sync.placed_face_down") if ready else tr("sync.building_elsewhere", player=player)
    return tagged(f"{form.prefix}-elsewhere", ft.Text(text, size=16, italic=True))


def ready_marks(ctx: TableContext) -> ft.Control:
    """One mark per player: ready (Room placed face down) or still building."""
    tr = ctx.app.tr
    state = ctx.state
    marks: list[ft.Control] = []
    for number, p in enumerate(state.players, 1):
        if p.eliminated:
            continue
        ready = is_ready(state, p.name)
        marks.append(
            tagged(
                f"ready-p{number}",
                ft.Chip(
                    label=ft.Text(
                        f"{p.name}: {tr('sync.ready') if ready else tr('sync.not_ready')}",
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
    return tr("sync.waiting_for", players=", ".join(waiting))
