"""The saved games on the home screen, most recently played first, each with Resume."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.ui.saved_listing import SavedListing, reading_note
from companion.ui.store_problems import resume_game
from companion.ui.sync_link import join_button
from companion.ui.widgets import big_button, on_tap, tagged

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

SHOWN = 8


def saved_games(
    app: TableApp, listing: SavedListing, changed: Callable[[], None]
) -> list[ft.Control]:
    """Controls listing saved games (nothing when there are none or no store). They are
    read off the event loop (``SavedListing``): ``changed()`` when they were read anew."""
    if app.sessions is None:
        return []
    tr = app.tr
    shown = listing.shown(app, changed)
    if shown is None:
        return [reading_note(app, "saved-reading")]
    if shown.failed is not None:
        return [ft.Text(tr("home.saved_unreadable", reason=shown.failed), size=16)]
    # Only games this device has the code for (and a note if some could not be checked).
    games, unsaved = shown.games, shown.unsaved
    notes = [tagged("saved-unsaved", ft.Text(unsaved, size=16))] if unsaved else []
    if not games:
        return [*notes, join_button(app)]
    rows: list[ft.Control] = [
        *notes,
        ft.Text(tr("home.saved_games"), size=22, weight=ft.FontWeight.BOLD),
    ]
    for summary in games[:SHOWN]:
        progress = summary.progress
        scores = " · ".join(f"{s.name} {s.souls}/{s.wounds}" for s in progress.scores)
        if progress.finished:
            state = tr("home.saved_won", winner=progress.winner or "—")
        else:
            state = tr("home.saved_turn", turn=progress.turn, phase=tr(f"phase.{progress.phase}"))
        rows.append(
            tagged(
                f"saved-{summary.game_id}",
                ft.Card(
                    ft.Container(
                        ft.Column(
                            [
                                ft.Text(summary.name, size=18, weight=ft.FontWeight.BOLD),
                                ft.Text(f"{state} · {scores}", size=15),
                                big_button(
                                    f"resume-{summary.game_id}",
                                    tr("home.resume"),
                                    on_tap(resume_game, app, summary.game_id),
                                    icon=ft.Icons.PLAY_ARROW,
                                ),
                            ],
                            spacing=6,
                        ),
                        padding=12,
                    )
                ),
            )
        )
    rows.append(join_button(app))
    return rows
