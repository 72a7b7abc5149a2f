"""Build a Room for one player: pick the Room, pick where, build (BuildRoom).

The Room is picked with the shared ``RoomPicker`` (catalogue search by name, or type,
treasure, damage, Advanced). Where: at the entrance end or over one of the Rooms. The
engine decides whether that is legal; its refusal shows right under the button.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.new_game_form import FormErrors
from companion.ui.redraw import focus_when_shown
from companion.ui.room_picker import RoomPicker
from companion.ui.room_questions import ask_then_build
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.forecast import DraftForecast
from companion.ui.widgets import Refusal, big_button, tagged
from rules.commands import BuildRoom
from rules.gift_build import given_to


class BuildForm:
    """The draft Room and place for one player; kept across redraws until built."""

    def __init__(
        self,
        ctx: TableContext,
        name: str,
        prefix: str,
        on_built: Callable[[str], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.name = name
        self.on_built = on_built
        self.prefix = f"build-{prefix}"
        #: The ``ft.ScrollKey`` of the mark at the form's top edge (``focus_name`` scrolls
        #: the page to it).
        self.top_key = f"{self.prefix}-top"
        self.picker: RoomPicker | None = None
        self.over: int | None = None  # None: at the entrance end
        #: The (turn, phase) in which the player closed the form ("Cancel"). The form
        #: starts open in every Build phase: one tap fewer per player and turn.
        self.closed_in: tuple[int, str] | None = None
        #: The Bait forecast under the form (``companion/ui/table/forecast.py``).
        self.forecast = DraftForecast(ctx.app, lambda: self.ctx.state, name)

    @property
    def open(self) -> bool:
        state = self.ctx.state
        return self.closed_in != (state.turn, state.phase)

    def view(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        player = ctx.state.player(self.name)
        p = self.prefix
        if player.pending is not None or player.built_this_phase:
            # A Miniboss built instead of a Room also spends the build (R-MINI), and so
            # does a Room placed in another's dungeon (Surprise Gift).
            done = "table.built_this_phase" if player.pending else "table.build_spent"
            owner = given_to(ctx.state, self.name)
            # Named: the slots of the players this device builds for stand together.
            said = tr("table.build_given", owner=owner) if owner else tr(done, name=self.name)
            return tagged(f"{p}-done", ft.Text(said, size=16, italic=True))
        if not self.open:
            return big_button(
                f"{p}-open",
                tr("table.build_room", name=self.name),
                lambda _e: self._set_open(True),
                icon=ft.Icons.FOUNDATION,
            )
        if self.picker is None:
            self.picker = RoomPicker(
                ctx.app, p, ctx.app.card_sets(), on_change=self._room_changed, redraw=ctx.redraw
            )
        if self.over is not None and self.over >= len(player.dungeon):
            self.over = None
        places: list[ft.Control] = [self._place(None, tr("table.at_entrance"))]
        for i, stack in enumerate(player.dungeon):
            label = tr("table.over_room_named", n=i + 1, room=stack.top.name or str(i + 1))
            places.append(self._place(i, label))
        form = tagged(
            p,
            ft.Container(
                ft.Column(
                    [
                        ft.Text(tr("table.build_room", name=self.name), size=18),
                        self.picker.view(),
                        ft.Text(tr("table.build_where"), size=16),
                        ft.Row(places, wrap=True, spacing=6, run_spacing=6),
                        ft.Row(
                            [
                                big_button(
                                    f"{p}-go",
                                    tr("table.build_face_down"),
                                    lambda _e: self._build(),
                                    icon=ft.Icons.FOUNDATION,
                                    primary=True,
                                ),
                                big_button(f"{p}-cancel", tr("table.cancel"), self._cancel),
                            ],
                            wrap=True,
                        ),
                        slot_error(ctx, p),
                        # Under the button, so it is in reach without a scroll past the
                        # forecast's lines (compact turn view, issue 32).
                        self.forecast.control(self.over),
                    ],
                    spacing=8,
                ),
                padding=10,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ),
        )
        # An empty mark at the form's top edge, keyed for the scroll that brings the form
        # to the top of the page when the keyboard moves to it (``focus_name``). A mark,
        # not the form: it holds no field for a keyed diff to trouble (``new_game.py``).
        mark = ft.Container(height=0, key=ft.ScrollKey(self.top_key))  # type: ignore[call-arg]
        return ft.Column([mark, form], spacing=0)

    def _room_changed(self) -> None:
        """A refusal was about the Room as it was: once it changes, the refusal goes (the
        picker draws the screen again)."""
        if self.picker is not None:
            self.forecast.drafted(self.picker.draft)
        self.ctx.errors.pop(self.prefix, None)

    def _place(self, over: int | None, label: str) -> ft.Control:
        chosen = over == self.over
        key = "entrance" if over is None else str(over + 1)
        return tagged(
            f"{self.prefix}-where-{key}",
            ft.Chip(
                label=ft.Text(label, size=15),
                selected=chosen,
                on_select=lambda _e: self._choose(over),
                height=48,
            ),
        )

    def _choose(self, over: int | None) -> None:
        self.over = over
        self.ctx.errors.pop(self.prefix, None)  # the refusal was about the old place
        self.ctx.redraw()

    def _set_open(self, value: bool) -> None:
        state = self.ctx.state
        self.closed_in = None if value else (state.turn, state.phase)
        self.ctx.redraw()

    def _cancel(self, _event: object) -> None:
        self.picker = None
        self.forecast.reset()
        self.over = None
        self._set_open(False)

    def _build(self) -> None:
        ctx = self.ctx
        assert self.picker is not None
        problems = self.picker.draft.errors(self.prefix)
        if problems:
            ctx.errors[self.prefix] = Refusal(
                " · ".join(ctx.app.tr(e.key, **e.args) for e in problems)
            )
            ctx.redraw()
            return
        # A name typed but not picked, or no treasure at all: ask first (issue 14).
        ask_then_build(ctx.app, self.picker, self._send)

    def _send(self) -> None:
        ctx = self.ctx
        if self.picker is None:  # cancelled while the question was open
            return
        try:
            room = self.picker.draft.to_room(self.prefix)
        except FormErrors as exc:
            said = " · ".join(ctx.app.tr(e.key, **e.args) for e in exc.errors)
            ctx.errors[self.prefix] = Refusal(said)
            ctx.redraw()
            return
        ctx.play(
            self.prefix, BuildRoom(player=self.name, room=room, over=self.over), then=self._reset
        )

    def _reset(self) -> None:
        self.picker = None
        self.forecast.reset()
        self.over = None
        self.closed_in = None
        if self.on_built is not None:
            self.on_built(self.name)

    def focus_name(self) -> bool:
        """Put the keyboard in this form's Room name (False: the form shows no name)."""
        player = self.ctx.state.player(self.name)
        if self.picker is None or not self.open or player.pending or player.built_this_phase:
            return False
        # The form to the top of the page first: its button then stands above the bottom
        # bar once a Room is picked, wherever the page had been scrolled.
        focus_when_shown(
            self.ctx.app,
            lambda: self.picker.name_field if self.picker else None,
            top=self.top_key,
        )
        return True
