"""Pick a Room: search the catalogue by name, or type its facts (treasure, damage, kind).

`RoomDraft` is the plain data behind the picker; `to_room()` gives the engine's `Room`.
The picker is reused wherever a Room is built (first Room at set-up, the Build phase).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import flet as ft

from companion.card_lookup import card_title
from companion.catalogue import TREASURES, RoomCard, Treasure
from companion.theme import TOUCH, TREASURE_LOOKS, treasure_badge, treasure_letter
from companion.ui.matches_in_view import MATCHES_IN_VIEW
from companion.ui.new_game_form import FormError, FormErrors, treasure_order
from companion.ui.own_card_names import own_names
from companion.ui.typed_ahead import TypedAhead
from companion.ui.typed_numbers import WHOLE, read_typed
from companion.ui.widgets import big_button, drawn_switch_row, on_tap, tagged, toggle_tile
from rules.models import Room

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

MAX_DAMAGE = 99
#: The most treasure icons a Room card carries (the engine's Room allows no more).
MAX_ICONS = 4


@dataclass
class RoomDraft:
    name: str = ""
    card_id: str | None = None
    treasure: list[Treasure] = field(default_factory=list)
    damage: str = "1"
    kind: Literal["monster", "trap"] = "monster"
    advanced: bool = False
    #: A typed name the player chose to keep although a catalogue card has it.
    kept_name: str | None = None

    def pick(self, card: RoomCard) -> None:
        self.name = card.name
        self.card_id = card.id
        self.treasure = list(card.treasure)
        # Variable damage (None in the catalogue) starts at 0: the table sets it.
        self.damage = str(card.damage if card.damage is not None else 0)
        self.kind = card.room_type
        self.advanced = card.advanced

    def type_name(self, name: str) -> None:
        self.name = name
        self.card_id = None

    def add_treasure(self, treasure: Treasure) -> None:
        """One more icon of this type (a Dark Altar has two cleric icons), up to the
        Room's four icons in all."""
        if len(self.treasure) < MAX_ICONS:
            self.treasure.append(treasure)
            self.treasure.sort(key=treasure_order)
        self.card_id = None

    def remove_treasure(self, treasure: Treasure) -> None:
        """One icon of this type fewer (none left: nothing happens)."""
        if treasure in self.treasure:
            self.treasure.remove(treasure)
        self.card_id = None

    def count(self, treasure: Treasure) -> int:
        return self.treasure.count(treasure)

    def errors(self, prefix: str) -> list[FormError]:
        problems: list[FormError] = []
        damage = read_typed(WHOLE, self.damage)  # the form caps it too
        if damage is None:
            typed = self.damage.strip()
            problems.append(FormError(f"{prefix}-damage", "error.damage_number", {"damage": typed}))
        elif damage > MAX_DAMAGE:
            problems.append(FormError(f"{prefix}-damage", "error.damage_big"))
        return problems

    def to_room(self, prefix: str = "room") -> Room:
        problems = self.errors(prefix)
        if problems:
            raise FormErrors(problems)
        return Room(
            name=self.name.strip()[:60],
            treasure=tuple(self.treasure),
            damage=WHOLE.validate_python(self.damage.strip()),  # read above
            kind=self.kind,
            advanced=self.advanced,
            card_id=self.card_id,
        )


class RoomPicker:
    """The controls for one `RoomDraft`; identifiers start with `prefix`.

    The picker keeps the draft and the catalogue matches on show, not its controls: it
    draws them from those (``_draw``) when they change, and the screen is drawn again
    (``redraw``). A control once on screen is never changed (Flet freezes what a component
    draws): the new drawing takes its place, Flet matching it to the one the browser shows,
    so a name being typed keeps its place and the keyboard. Unchanged, ``view`` hands back
    the very controls on screen, and Flet compares nothing of them."""

    def __init__(
        self,
        app: TableApp,
        prefix: str,
        owned_sets: list[str] | None,
        on_change: Callable[[], None] | None = None,
        redraw: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.prefix = prefix
        self.owned_sets = owned_sets
        self.draft = RoomDraft()
        self.on_change = on_change
        self.redraw = redraw
        #: The catalogue cards offered under the name.
        self.options: list[RoomCard] = []
        #: What is wrong with the damage typed (shown under its field).
        self.damage_error: str | None = None
        self.name_field: ft.TextField | None = None
        #: Its name and damage fields (``typed_ahead.py``).
        self.typing = TypedAhead()
        self._lang: str | None = None
        #: Changed since it was last drawn: drawn again in the next ``view``.
        self.stale = True

    def view(self) -> ft.Control:
        """The picker, in the app's language now (a language chosen since it was drawn
        draws it again, matches and all); drawn here, in the screen's drawing."""
        if self._lang is not None and self._lang != self.app.tr.lang:
            self._suggest()
            self.stale = True
        if self.stale:
            for name, text in self.typing.ahead().items():
                if name == "damage":
                    self.draft.damage = text
                else:
                    self.draft.type_name(text)
            self._draw()
            self.stale = False
        return self.control

    def set_error(self, field_name: str, message: str | None) -> None:
        if field_name == f"{self.prefix}-damage":
            self.damage_error = message
            self.stale = True

    def _draw(self) -> None:
        """Draw the picker from the draft: the name, its matches, and the treasure,
        damage, kind and Advanced controls."""
        tr = self.app.tr
        self._lang = tr.lang
        self.name_field = self.typing.name_field(
            self.draft.name,
            self._on_name,
            tr("room.name"),
            tr("room.name_hint"),
            scroll_padding=MATCHES_IN_VIEW,
        )
        self.control = ft.Column(
            [
                tagged(f"{self.prefix}-name", self.name_field),
                ft.Column([self._option(card) for card in self.options], spacing=4),
                ft.Column(self._details(), spacing=8),
            ],
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def _changed(self) -> None:
        """The draft changed: tell the form (e.g. to drop a refusal about the old Room),
        draw the picker again, and the screen."""
        if self.on_change:
            self.on_change()
        self.stale = True
        if self.redraw is not None:
            self.redraw()

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.type_name(event.control.value or "")
        self._suggest()
        self._changed()

    def _suggest(self) -> None:
        query = self.draft.name
        self.options = []
        if len(query.strip()) >= 2 and self.draft.card_id is None:
            own = own_names(self.app)
            for match in self.app.catalogue.search(
                query, kinds=["room"], sets=self.owned_sets, limit=4, own=own
            ):
                assert isinstance(match.card, RoomCard)
                self.options.append(match.card)

    def _option(self, card: RoomCard) -> ft.Control:
        identifier = f"{self.prefix}-option-{card.id}"
        return big_button(
            identifier,
            self.app.tr(
                "room.option",
                name=card_title(card, self.app.catalogue, self.app.tr, own_names(self.app)),
                damage=card.damage if card.damage is not None else "?",
                kind=self.app.tr(f"room.kind.{card.room_type}"),
            ),
            on_tap(self.pick, card),
            key=identifier,  # a tap made as the next key's matches arrive reaches it
        )

    def pick(self, card: RoomCard) -> None:
        self.draft.pick(card)
        self.options = []
        self._changed()

    def _details(self) -> list[ft.Control]:
        """The treasure, damage, kind and Advanced controls, showing the draft."""
        tr = self.app.tr
        d = self.draft
        p = self.prefix

        def on_damage(event: ft.Event[ft.TextField]) -> None:
            d.damage = event.control.value or ""
            self.damage_error = None
            self._changed()

        def on_kind(event: ft.Event[ft.SegmentedButton]) -> None:
            if event.control.selected and event.control.selected[0] in ("monster", "trap"):
                d.kind = event.control.selected[0]  # type: ignore[assignment]
                self._changed()

        def on_advanced(value: bool) -> None:
            d.advanced = value
            self._changed()

        damage_field = self.typing.field(
            "damage",
            d.damage,
            on_damage,
            label=tr("room.damage"),
            error=self.damage_error,
            keyboard_type=ft.KeyboardType.NUMBER,
            width=120,
            text_size=18,
        )
        kind_field = ft.SegmentedButton(
            segments=[
                ft.Segment(value=k, label=ft.Text(tr(f"room.kind.{k}")))
                for k in ("monster", "trap")
            ],
            selected=[d.kind],
            on_change=on_kind,
        )
        # What is set by hand is folded away while a catalogue card fills it (its printed
        # treasure, damage, kind): the form stays short enough to reach its button without
        # a scroll on a phone (compact turn view, issue 32). Its icons stay in view; typing
        # another name, or taking an icon off, unpicks the card and brings them back.
        by_hand = d.card_id is None
        return [
            ft.Text(tr("room.treasure"), size=15, visible=by_hand),
            ft.Row(
                [self._tile(t) for t in TREASURES],
                wrap=True,
                spacing=5,
                run_spacing=5,
                visible=by_hand,
            ),
            tagged(
                f"{p}-icons",
                ft.Row(
                    self._chosen(),
                    wrap=True,
                    spacing=4,
                    run_spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ),
            ft.Row(
                [tagged(f"{p}-damage", damage_field), tagged(f"{p}-kind", kind_field)],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                visible=by_hand,
            ),
            drawn_switch_row(
                f"{p}-advanced", d.advanced, tr("room.advanced"), on_advanced, by_hand
            ),
        ]

    def _tile(self, t: Treasure) -> ft.Control:
        tr = self.app.tr
        look = TREASURE_LOOKS[t]
        count = self.draft.count(t)
        return toggle_tile(
            f"{self.prefix}-treasure-{t}",
            tr("room.treasure_count", treasure=tr(f"treasure.{t}"), count=count),
            (look.colour, look.icon, treasure_letter(t, tr(f"treasure.{t}"))),
            count > 0,
            on_tap(self._add, t),
            width=TOUCH + 4,
            exclude_semantics=True,
            count=count,
        )

    def _chosen(self) -> list[ft.Control]:
        """The icons as on the card, as many as it has; a tap takes one off."""
        tr = self.app.tr
        chosen: list[ft.Control] = [
            tagged(
                f"{self.prefix}-icon-{n}",
                ft.Container(
                    ft.Row(
                        [
                            treasure_badge(t, tr(f"treasure.{t}")),
                            ft.Icon(ft.Icons.CLOSE, size=18),
                        ],
                        spacing=2,
                        tight=True,
                    ),
                    height=TOUCH,
                    padding=ft.Padding.symmetric(horizontal=4),
                    border_radius=10,
                    on_click=on_tap(self._remove, t),
                ),
                label=tr("room.treasure_remove", treasure=tr(f"treasure.{t}")),
                button=True,
            )
            for n, t in enumerate(self.draft.treasure, 1)
        ]
        return chosen or [ft.Text(tr("room.treasure_none"), size=15, italic=True)]

    def _add(self, treasure: Treasure) -> None:
        self.draft.add_treasure(treasure)
        self._changed()

    def _remove(self, treasure: Treasure) -> None:
        self.draft.remove_treasure(treasure)
        self._changed()
