"""The Invite tab of the game screen: the join QR code, link and code, the seats.

A phone scans the QR code (or opens the link, or types the code on the Join screen) and
picks its seat. Only devices that know the code see it here; a spectator is told to ask
the host. The host decides whether devices without the code may watch.
"""

from __future__ import annotations

import io
from concurrent.futures import Future
from functools import cache

import flet as ft
import segno

from companion.sync.access import GameAccess
from companion.sync.codes import display_code
from companion.sync.registry import JoinRecordNotSaved
from companion.ui.off_loop import write_off_loop
from companion.ui.sync_link import access_of, unsaved_text
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.widgets import Refusal, big_button, drawn_switch_row, tagged

QR_SIZE = 220
SPECTATORS_SLOT = "invite-spectators"


@cache
def qr_png(url: str) -> bytes:
    """The URL as a QR code PNG, made here (no internet)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=8, border=2)
    return out.getvalue()


def invite_view(ctx: TableContext) -> ft.Control:
    app = ctx.app
    tr = app.tr
    if app.sync is None or app.session is None:
        return section("invite", tr("sync.invite"), [ft.Text(tr("sync.no_sync"), size=16)])
    game_id = app.session.game_id
    access = access_of(app)
    change_seat = big_button(
        "invite-change-seat",
        tr("sync.pick_seat") if access.can_change else tr("sync.enter_code"),
        lambda _e: app.go(f"/join?game={game_id}"),
        icon=ft.Icons.EVENT_SEAT,
    )
    if not access.can_change:
        return section(
            "invite", tr("sync.invite"), [ft.Text(tr("sync.ask_host"), size=16), change_seat]
        )
    record = app.sync.hub.record(game_id, app.sync.device)
    url = app.sync.hub.join_url(record.code, app.sync.page_url)
    rows: list[ft.Control] = [
        ft.Text(tr("sync.invite_note"), size=16),
        tagged(
            "invite-qr",
            ft.Container(
                ft.Image(src=qr_png(url), width=QR_SIZE, height=QR_SIZE),
                alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.WHITE,
                padding=8,
                border_radius=8,
            ),
            label=tr("sync.qr_label"),
        ),
        tagged(
            "invite-code",
            ft.Text(
                tr("sync.code_is", code=display_code(record.code)),
                size=26,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
            ),
        ),
        tagged("invite-url", ft.Text(url, size=14, text_align=ft.TextAlign.CENTER)),
    ]
    if access.role == "host":
        rows.append(
            # Drawn from the record (the game screen never changes a control in place).
            drawn_switch_row(
                "invite-spectators",
                record.allow_spectators,
                tr("sync.allow_spectators"),
                lambda allow: _set_spectators(ctx, allow),
            )
        )
        rows.append(slot_error(ctx, SPECTATORS_SLOT))
    online = app.sync.hub.presence.online(game_id)
    me = app.sync.device.device_id
    for number, p in enumerate(ctx.state.players, 1):
        holder = record.holder(p.name)
        if holder is None:
            status = tr("sync.seat_free")
        elif holder == me:
            status = tr("sync.seat_mine")
        elif holder in online:
            status = tr("sync.seat_here")
        else:
            status = tr("sync.seat_away")
        rows.append(tagged(f"seat-p{number}", ft.Text(f"{p.name}: {status}", size=16)))
    rows.append(change_seat)
    return section("invite", tr("sync.invite"), rows)


def _set_spectators(ctx: TableContext, allow: bool) -> None:
    """The host lets devices without the code watch, or not; written off the event loop
    (``write_off_loop``), the switch then shows what was saved."""
    app = ctx.app
    if app.sync is None or app.session is None or access_of(app).role != "host":
        return
    registry = app.sync.hub.registry
    game_id = app.session.game_id

    def saved(outcome: Future[GameAccess]) -> None:
        try:
            outcome.result()
        except JoinRecordNotSaved as error:  # the switch goes back to what is saved
            ctx.errors[SPECTATORS_SLOT] = Refusal(
                unsaved_text(app, "sync.spectators_unsaved", error)
            )
        else:
            ctx.errors.pop(SPECTATORS_SLOT, None)
        ctx.redraw()

    write_off_loop(app, lambda: registry.set_spectators(game_id, allow), saved)
