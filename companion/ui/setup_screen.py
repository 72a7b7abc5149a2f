"""Set-up at the table: Heroes to use, what each player draws, XP order, first Rooms.

Every number here comes from the engine (`rules.setup`); the screen only shows it and
sends the first Rooms as `BuildRoom` commands, then `RevealRooms` to start turn one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.session import Request
from companion.theme import treasure_badge
from companion.ui.new_game_form import FormErrors
from companion.ui.room_picker import RoomPicker
from companion.ui.room_questions import ask_then_build
from companion.ui.sending import refusal, send
from companion.ui.sync_link import builds_here, sees_face_down
from companion.ui.table.rulings import card_label, refusal_link
from companion.ui.widgets import ErrorBanner, Refusal, big_button, heading, note, tagged
from rules.commands import BuildRoom, RevealRooms
from rules.setup import starting_hand

if TYPE_CHECKING:
    from companion.session import Change
    from companion.ui.shell import TableApp


class SetupScreen:
    #: Drawn under Flet components (``screen_view.py``): no control of it changes in place.
    components = True
    route = "/setup"

    def __init__(self, app: TableApp, route: str = "/setup") -> None:
        self.app = app
        self.pickers: dict[str, RoomPicker] = {}
        #: What each player's first-Room form says went wrong (by name), and the reveal.
        self.said: dict[str, Refusal] = {}

    def title(self) -> str:
        return self.app.tr("setup.title")

    def phase(self) -> str | None:
        return "setup"

    def game_changed(self, change: Change) -> bool:
        """Another device placed a first Room or revealed them: the shell shows it here
        too (this tab's own build and reveal redraw by themselves). Once revealed, the
        game is under way on the table: this tab goes there instead."""
        if change.origin is self.app:
            return False
        game = self.app.game
        if game is not None and game.state.phase != "setup":
            self.app.replace("/table")
            return False
        return True

    def build(self) -> list[ft.Control]:
        tr = self.app.tr
        game = self.app.game
        if game is None:
            return [
                note(tr("setup.no_game")),
                big_button("new-game", tr("home.new_game"), lambda _e: self.app.go("/new")),
            ]
        state = game.state
        setup = game.setup
        ruleset = setup.ruleset
        # Nothing is revealed at set-up, so what is left is what the game uses (the
        # engine's count for the player count and printing, or the table's own).
        ordinary, epic = state.ordinary_left, state.epic_left
        hand = starting_hand(ruleset)
        hero_lines: list[ft.Control] = [
            tagged(
                "setup-heroes",
                note(tr("setup.heroes", ordinary=ordinary, epic=epic)),
            ),
        ]
        if state.five_six:
            hero_lines.append(note(tr("setup.heroes_five_six")))
        if ruleset.hard_mode:
            hero_lines.append(note(tr("setup.heroes_hard")))
        hero_lines.append(note(tr("setup.epic_last")))
        hand_text = tr("setup.hand", rooms=hand.rooms, spells=hand.spells)
        if hand.discard:
            hand_text += " " + tr("setup.hand_discard", discard=hand.discard)
        order_rows: list[ft.Control] = []
        for place, player in enumerate(state.xp_order(), start=1):
            badges = [treasure_badge(t, tr(f"treasure.{t}")) for t in player.boss_treasure]
            order_rows.append(
                tagged(
                    f"xp-order-{place}",
                    ft.Row(
                        [
                            ft.Text(f"{place}.", size=18, weight=ft.FontWeight.BOLD),
                            ft.Text(
                                tr(
                                    "setup.order_line",
                                    name=player.name,
                                    boss=player.boss or "?",
                                    xp=player.xp,
                                ),
                                size=16,
                                expand=True,
                            ),
                            *badges,
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                )
            )
        controls: list[ft.Control] = [
            heading(tr("setup.heroes_title")),
            *hero_lines,
            heading(tr("setup.hand_title")),
            tagged("setup-hand", note(hand_text)),
            note(tr("setup.mulligan")),
            heading(tr("setup.order_title")),
            *order_rows,
            heading(tr("setup.first_rooms")),
            note(tr("setup.first_rooms_note")),
        ]
        owned = self.app.card_sets()  # only Rooms of the sets ticked for this game
        for number, player in enumerate(state.xp_order(), start=1):
            controls.append(self._first_room(number, player.name, owned))
        controls.append(
            big_button(
                "reveal-first-rooms",
                tr("setup.reveal"),
                self._on_reveal,
                icon=ft.Icons.VISIBILITY,
                primary=True,
                expand=True,
            )
        )
        controls.append(self._banner("reveal", "reveal-error"))
        return controls

    def _banner(self, slot: str, identifier: str) -> ft.Control:
        """The error banner of one form (hidden while it has nothing to say)."""
        said = self.said.get(slot)
        if said is None:
            return ErrorBanner(identifier).control
        link = refusal_link(self.app, said, f"{identifier}-rule")
        return ErrorBanner(identifier, said.text, link).control

    def _first_room(self, number: int, name: str, owned: list[str] | None) -> ft.Control:
        tr = self.app.tr
        game = self.app.game
        assert game is not None
        player = game.state.player(name)
        prefix = f"first-room-{number}"
        if player.pending is not None:
            # Face down until all reveal together (R-SETUP-FIRST): named only where it
            # could have been built; elsewhere only that it is placed.
            placed = (
                tr("setup.room_placed", room=card_label(tr, player.pending.room.label()))
                if sees_face_down(self.app, name)
                else tr("sync.placed_face_down", player=name)
            )
            body: list[ft.Control] = [tagged(f"{prefix}-placed", note(placed))]
        elif not builds_here(self.app, name):  # the player's own phone builds it
            body = [
                tagged(
                    f"{prefix}-elsewhere",
                    note(tr("sync.building_elsewhere", player=name)),
                )
            ]
        else:
            picker = self.pickers.get(name) or RoomPicker(
                self.app,
                prefix,
                owned,
                on_change=lambda: self._room_changed(name),
                redraw=self.app.render_top,
            )
            self.pickers[name] = picker
            body = [
                picker.view(),
                big_button(
                    f"{prefix}-build",
                    tr("setup.build", name=name),
                    lambda _e: self._on_build(name),
                    icon=ft.Icons.FOUNDATION,
                ),
                self._banner(name, f"{prefix}-error"),
            ]
        return tagged(
            prefix,
            ft.Card(
                ft.Container(
                    ft.Column(
                        [ft.Text(name, size=18, weight=ft.FontWeight.BOLD), *body],
                        spacing=8,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    ),
                    padding=12,
                )
            ),
        )

    def _room_changed(self, name: str) -> None:
        """A refusal was about the Room as it was: once it changes, the refusal goes (the
        picker draws the screen again)."""
        self.said.pop(name, None)

    def _show_error(self, slot: str, message: str) -> None:
        self.said[slot] = Refusal(message)
        self.app.render_top()

    def _show_refusal(self, slot: str, error: Exception) -> None:
        self.said[slot] = refusal(self.app, error)
        self.app.render_top()

    def _on_build(self, name: str) -> None:
        picker = self.pickers[name]
        problems = picker.draft.errors(picker.prefix)
        if problems:
            self._show_error(name, " · ".join(self.app.tr(e.key, **e.args) for e in problems))
            return
        # A name typed but not picked, or no treasure at all: ask first (issue 14).
        ask_then_build(self.app, picker, lambda: self._send(name))

    def _send(self, name: str) -> None:
        picker = self.pickers.get(name)
        if picker is None:
            return
        try:
            room = picker.draft.to_room(picker.prefix)
        except FormErrors as exc:
            self._show_error(name, " · ".join(self.app.tr(e.key, **e.args) for e in exc.errors))
            return

        def answer(error: Exception | None) -> None:
            if error is not None:  # refused, or not saved: the form keeps the Room
                self._show_refusal(name, error)
                return
            self.pickers.pop(name, None)
            # Redraw in place (like the game screen) so the page keeps its scroll: the
            # next player's Room is right below, not back at the top.
            self.app.render_top()

        send(self.app, Request("play", BuildRoom(player=name, room=room)), answer)

    def _on_reveal(self, _event: object) -> None:
        def answer(error: Exception | None) -> None:
            if error is not None:
                self._show_refusal("reveal", error)
                return
            self.app.replace("/table")

        send(self.app, Request("play", RevealRooms()), answer)
