"""New squad game: 2 to 4 players (youngest first), each with a boss and the colour of
the highest army card (the first princess), and the cards dealt into SLOT1 and SLOT2
(R-SQ-SETUP). Nothing is invented: the players type what their cards print (R-SQ-TYPED)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import flet as ft
from pydantic import ValidationError

from companion.store import StoreError
from companion.ui.screen_view import component
from companion.ui.squads.parts import choice_row, colour_field, own, problem_line, text_field
from companion.ui.squads.typed_problems import typed_problems
from companion.ui.store_problems import store_error_text
from companion.ui.widgets import big_button, heading, tagged
from rules.squads.models import (
    MAP_KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SquadSetup,
    colour_words,
    setup_clash,
)

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp


@dataclass(frozen=True)
class Seat:
    name: str = ""
    boss: str = ""
    princess: str = ""


@dataclass(frozen=True)
class Dealt:
    kind: str = "kidnap"
    color: str = ""


def card_choices(app: TableApp, kinds: tuple[str, ...] = MAP_KINDS) -> list[tuple[str, str]]:
    return [(kind, app.tr(f"squads.card.{kind}")) for kind in kinds]


def problem(app: TableApp, seats: list[Seat], slots: list[Dealt]) -> str | None:
    """What keeps the form from being a set-up, in the player's words (None: nothing)."""
    tr = app.tr
    for number, seat in enumerate(seats, 1):
        for field, value in (("name", seat.name), ("boss", seat.boss), ("princess", seat.princess)):
            if not value.strip():
                return tr(f"squads.new.missing_{field}", number=number)
    for number, slot in enumerate(slots, 1):
        if not slot.color.strip():
            return tr("squads.new.missing_slot", slot=number)
    clash = setup_clash([s.name for s in seats], [s.boss for s in seats])
    return None if clash is None else tr(f"squads.new.{clash}")


@component  # drawn keyed, within its screen or alone (``screen_view.keyed``)
def NewSquadGame(app: TableApp) -> ft.Control:
    tr = app.tr
    seats, set_seats = ft.use_state([Seat(), Seat(), Seat()])
    slots, set_slots = ft.use_state([Dealt(), Dealt(kind="bullyhulk")])
    error, set_error = ft.use_state("")
    busy, set_busy = ft.use_state(False)

    # Updates made from the state as it is then, not as this render saw it: two edits
    # before the next render both count.
    def edit_seat(index: int, **change: str) -> None:
        set_seats(
            lambda now: [replace(s, **change) if i == index else s for i, s in enumerate(now)]
        )

    def edit_slot(index: int, **change: str) -> None:
        set_slots(
            lambda now: [replace(d, **change) if i == index else d for i, d in enumerate(now)]
        )

    async def start(_event: object) -> None:
        if busy:
            return
        wrong = problem(app, seats, slots)
        if wrong is not None:
            set_error(wrong)
            return
        try:
            setup = SquadSetup.model_validate(
                {
                    "players": [
                        {"name": s.name, "boss": s.boss, "princess": s.princess} for s in seats
                    ],
                    "slot1": {"kind": slots[0].kind, "color": slots[0].color},
                    "slot2": {"kind": slots[1].kind, "color": slots[1].color},
                }
            )
        except ValidationError as invalid:
            set_error(tr("squads.new.invalid", problem=typed_problems(tr, invalid)))
            return
        set_busy(True)
        try:
            await app.start_game(setup)
        except StoreError as failed:
            set_error(store_error_text(app, None, failed))
            set_busy(False)

    def seat_card(index: int, seat: Seat) -> ft.Control:
        n = index + 1
        remove = (
            [
                big_button(
                    f"sq-player-{n}-remove",
                    tr("squads.new.remove_player"),
                    own(
                        lambda _e: set_seats(
                            lambda now: [s for i, s in enumerate(now) if i != index]
                        )
                    ),
                    icon=ft.Icons.PERSON_REMOVE,
                )
            ]
            if len(seats) > MIN_PLAYERS
            else []
        )
        return tagged(
            f"sq-player-{n}",
            ft.Column(
                [
                    ft.Text(tr("squads.new.player", number=n), size=18, weight=ft.FontWeight.BOLD),
                    text_field(
                        f"sq-player-{n}-name",
                        tr("squads.new.name"),
                        seat.name,
                        lambda v: edit_seat(index, name=v),
                    ),
                    text_field(
                        f"sq-player-{n}-boss",
                        tr("squads.new.boss"),
                        seat.boss,
                        lambda v: edit_seat(index, boss=v),
                    ),
                    text_field(
                        f"sq-player-{n}-princess",
                        tr("squads.new.princess"),
                        seat.princess,
                        lambda v: edit_seat(index, princess=v),
                    ),
                    *remove,
                ],
                spacing=8,
            ),
        )

    def slot_card(index: int, slot: Dealt) -> ft.Control:
        n = index + 1
        return tagged(
            f"sq-slot-{n}",
            ft.Column(
                [
                    ft.Text(tr(f"squads.new.slot{n}"), size=18, weight=ft.FontWeight.BOLD),
                    choice_row(
                        f"sq-slot-{n}-kind",
                        card_choices(app),
                        slot.kind,
                        lambda v: edit_slot(index, kind=v),
                    ),
                    # The princesses' colours typed above: a slot's card is often one.
                    colour_field(
                        f"sq-slot-{n}-color",
                        tr("squads.color"),
                        slot.color,
                        lambda v: edit_slot(index, color=v),
                        colour_words(s.princess for s in seats),
                    ),
                ],
                spacing=8,
            ),
        )

    add = (
        [
            big_button(
                "sq-add-player",
                tr("squads.new.add_player"),
                own(lambda _e: set_seats(lambda now: [*now, Seat()])),
                icon=ft.Icons.PERSON_ADD,
            )
        ]
        if len(seats) < MAX_PLAYERS
        else []
    )
    return ft.Column(
        [
            heading(tr("squads.new.players")),
            *(seat_card(i, s) for i, s in enumerate(seats)),
            *add,
            heading(tr("squads.new.slots")),
            *(slot_card(i, s) for i, s in enumerate(slots)),
            problem_line("sq-new-error", error),
            big_button(
                "sq-start", tr("new.start"), own(start), icon=ft.Icons.PLAY_ARROW, primary=True
            ),
        ],
        spacing=16,
    )
