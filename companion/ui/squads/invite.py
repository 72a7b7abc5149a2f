"""Every phone at the table, for a squad game: the join code, its link and a way to a
seat (the Join screen), as a Boss Monster game's Invite tab gives them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.sync.codes import display_code
from companion.ui.squads.parts import own
from companion.ui.sync_link import access_of
from companion.ui.widgets import big_button, tagged

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp


def invite_part(app: TableApp) -> list[ft.Control]:
    """The code and link to join (for a device that may change the game), else nothing."""
    if app.sync is None or app.session is None or not access_of(app).can_change:
        return []
    game_id = app.session.game_id
    record = app.sync.hub.record(game_id, app.sync.device)
    link = app.sync.hub.join_url(record.code, app.sync.page_url)
    tr = app.tr
    return [
        tagged(
            "sq-invite",
            ft.Column(
                [
                    ft.Text(tr("sync.invite"), size=20, weight=ft.FontWeight.BOLD),
                    tagged(
                        "sq-invite-code",
                        ft.Text(tr("sync.code_is", code=display_code(record.code)), size=22),
                    ),
                    tagged("sq-invite-url", ft.Text(link, size=14, selectable=False)),
                    big_button(
                        "sq-pick-seat",
                        tr("sync.pick_seat"),
                        own(lambda _e: app.go(f"/join?game={game_id}")),
                        icon=ft.Icons.EVENT_SEAT,
                    ),
                ],
                spacing=6,
            ),
        )
    ]
