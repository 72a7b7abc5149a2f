"""Scoreboard: Souls and Wounds per player, heal a Wound, and manual corrections.

A correction is a ``CorrectScore`` command with the reason typed by the table, so it is
logged as a correction (R-SCORE-CORRECT) and undone like any other step.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.theme import TOUCH
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.widgets import Refusal, big_button, on_tap, tagged
from rules import flow
from rules.commands import CorrectScore, HealWound


@dataclass
class Correction:
    souls: int = 0
    wounds: int = 0
    reason: str = ""


def _big_number(identifier: str, label: str, value: int) -> ft.Control:
    return tagged(
        identifier,
        ft.Container(
            ft.Column(
                [
                    ft.Text(str(value), size=40, weight=ft.FontWeight.BOLD),
                    ft.Text(label, size=16),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=8,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        ),
        expand=True,
    )


class Scoreboard:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.corrections: dict[str, Correction] = {}
        self.reason_fields: dict[str, ft.TextField] = {}

    def view(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        state = ctx.state
        cards: list[ft.Control] = []
        for player in state.xp_order():
            p = f"p{ctx.seat(player.name)}"
            out = flow.is_out(state, player.name)
            name = player.name + (f" · {tr('table.eliminated')}" if out else "")
            rows: list[ft.Control] = [
                ft.Text(name, size=20, weight=ft.FontWeight.BOLD),
                ft.Row(
                    [
                        _big_number(
                            f"score-{p}-souls", tr("table.souls"), state.souls(player.name)
                        ),
                        _big_number(
                            f"score-{p}-wounds", tr("table.wounds"), state.wounds(player.name)
                        ),
                    ],
                    spacing=8,
                ),
            ]
            buttons: list[ft.Control] = []
            if flow.may(state, HealWound, player.name) and state.can_heal(player.name):
                buttons.append(
                    big_button(
                        f"score-{p}-heal",
                        tr("table.heal_wound"),
                        on_tap(ctx.play, f"score-{p}", HealWound(player=player.name)),
                        icon=ft.Icons.HEALING,
                    )
                )
            if flow.may(state, CorrectScore, player.name):
                buttons.append(
                    big_button(
                        f"score-{p}-correct",
                        tr("table.correct"),
                        on_tap(self._open, player.name),
                        icon=ft.Icons.EDIT,
                    )
                )
            rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
            if player.name in self.corrections:
                rows.append(self._correction_form(player.name, p))
            rows.append(slot_error(ctx, f"score-{p}"))
            cards.append(
                tagged(
                    f"score-{p}",
                    ft.Card(ft.Container(ft.Column(rows, spacing=8), padding=12)),
                )
            )
        return section("scoreboard", tr("table.scoreboard"), cards)

    def _open(self, name: str) -> None:
        self.corrections.setdefault(name, Correction())
        self.ctx.redraw()

    def _correction_form(self, name: str, p: str) -> ft.Control:
        tr = self.ctx.app.tr
        draft = self.corrections[name]
        field = self.reason_fields.get(name)
        if field is None:

            def on_reason(event: ft.Event[ft.TextField]) -> None:
                draft.reason = event.control.value

            field = ft.TextField(
                label=tr("table.correct_reason"), on_change=on_reason, max_length=120, text_size=18
            )
            self.reason_fields[name] = field
        return tagged(
            f"correct-{p}",
            ft.Container(
                ft.Column(
                    [
                        self._stepper(draft, "souls", f"correct-{p}-souls", tr("table.souls")),
                        self._stepper(draft, "wounds", f"correct-{p}-wounds", tr("table.wounds")),
                        tagged(f"correct-{p}-reason", field),
                        ft.Row(
                            [
                                big_button(
                                    f"correct-{p}-save",
                                    tr("table.correct_save"),
                                    lambda _e: self._save(name, p),
                                    primary=True,
                                ),
                                big_button(
                                    f"correct-{p}-cancel",
                                    tr("table.cancel"),
                                    lambda _e: self._close(name),
                                ),
                            ],
                            wrap=True,
                        ),
                    ],
                    spacing=6,
                ),
                padding=10,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ),
        )

    def _stepper(self, draft: Correction, attr: str, identifier: str, label: str) -> ft.Control:
        value: int = getattr(draft, attr)
        shown = ft.Text(f"{value:+d}", size=20, width=48)

        def change(delta: int) -> None:
            # Drawn again: Flet sends the number, the only thing that changed.
            setattr(draft, attr, max(-20, min(20, getattr(draft, attr) + delta)))
            self.ctx.redraw()

        return ft.Row(
            [
                ft.Text(label, size=17, expand=True),
                tagged(
                    f"{identifier}-minus",
                    ft.IconButton(
                        ft.Icons.REMOVE,
                        on_click=lambda _e: change(-1),
                        size_constraints=ft.BoxConstraints(min_width=TOUCH, min_height=TOUCH),
                    ),
                    label=f"{label} -1",
                ),
                tagged(identifier, shown),
                tagged(
                    f"{identifier}-plus",
                    ft.IconButton(
                        ft.Icons.ADD,
                        on_click=lambda _e: change(1),
                        size_constraints=ft.BoxConstraints(min_width=TOUCH, min_height=TOUCH),
                    ),
                    label=f"{label} +1",
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _close(self, name: str) -> None:
        self.corrections.pop(name, None)
        self.reason_fields.pop(name, None)
        self.ctx.redraw()

    def _save(self, name: str, p: str) -> None:
        ctx = self.ctx
        draft = self.corrections[name]
        reason = draft.reason.strip()
        if not reason:
            ctx.errors[f"score-{p}"] = Refusal(ctx.app.tr("error.correct_reason"))
            ctx.redraw()
            return
        if draft.souls == 0 and draft.wounds == 0:
            ctx.errors[f"score-{p}"] = Refusal(ctx.app.tr("error.correct_nothing"))
            ctx.redraw()
            return
        command = CorrectScore(
            player=name, souls=draft.souls, wounds=draft.wounds, reason=reason[:120]
        )
        ctx.play(f"score-{p}", command, then=lambda: self._forget(name))

    def _forget(self, name: str) -> None:
        self.corrections.pop(name, None)
        self.reason_fields.pop(name, None)
