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
from companion.i18n import Lang
from companion.theme import TOUCH, TREASURE_LOOKS, treasure_badge, treasure_letter
from companion.ui.kept_form import KeptForm
from companion.ui.matches_in_view import keep_matches_in_view
from companion.ui.new_game_form import FormError, FormErrors, treasure_order
from companion.ui.own_card_names import own_names
from companion.ui.widgets import big_button, on_tap, show_options, switch_row, tagged, toggle_tile
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
        damage = self.damage.strip()
        if not damage.isdigit():
            problems.append(
                FormError(f"{prefix}-damage", "error.damage_number", {"damage": damage})
            )
        elif int(damage) > MAX_DAMAGE:
            problems.append(FormError(f"{prefix}-damage", "error.damage_big"))
        return problems

    def to_room(self, prefix: str = "room") -> Room:
        problems = self.errors(prefix)
        if problems:
            raise FormErrors(problems)
        return Room(
            name=self.name.strip()[:60],
            treasure=tuple(self.treasure),
            damage=int(self.damage.strip()),
            kind=self.kind,
            advanced=self.advanced,
            card_id=self.card_id,
        )


class RoomPicker(KeptForm):
    """The controls for one `RoomDraft`; identifiers start with `prefix`."""

    def __init__(
        self,
        app: TableApp,
        prefix: str,
        owned_sets: list[str] | None,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.prefix = prefix
        self.owned_sets = owned_sets
        self.draft = RoomDraft()
        self.on_change = on_change
        self.suggestions = ft.Column(spacing=4)
        self.details = ft.Column(spacing=8)
        self.name_field = keep_matches_in_view(
            ft.TextField(prefix_icon=ft.Icons.SEARCH, on_change=self._on_name, text_size=18)
        )
        self.control = ft.Column(
            [tagged(f"{prefix}-name", self.name_field), self.suggestions, self.details],
            spacing=8,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self._label()

    def _language(self) -> Lang:
        return self.app.tr.lang

    def _label(self) -> None:
        tr = self.app.tr
        self.name_field.label = tr("room.name")
        self.name_field.hint_text = tr("room.name_hint")
        self._draw_details()  # the details in the new words; it remembers the language

    def set_error(self, field_name: str, message: str | None) -> None:
        if field_name == f"{self.prefix}-damage":
            self.damage_field.error = message

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        query = event.control.value
        picked = self.draft.card_id is not None
        self.draft.type_name(query)
        self._edited()
        self._suggest()
        if picked:  # no card any more: its details come back, to be set by hand
            self._fold()
            self.app.refresh(self.suggestions, self.details)
            return
        self.app.refresh(self.suggestions)  # not the whole page per keystroke (#13)

    def _suggest(self) -> None:
        query = self.name_field.value or ""
        options: list[ft.Control] = []
        if len(query.strip()) >= 2:
            own = own_names(self.app)
            for match in self.app.catalogue.search(
                query, kinds=["room"], sets=self.owned_sets, limit=4, own=own
            ):
                card = match.card
                assert isinstance(card, RoomCard)
                options.append(
                    big_button(
                        f"{self.prefix}-option-{card.id}",
                        self.app.tr(
                            "room.option",
                            name=card_title(
                                card, self.app.catalogue, self.app.tr, own_names(self.app)
                            ),
                            damage=card.damage if card.damage is not None else "?",
                            kind=self.app.tr(f"room.kind.{card.room_type}"),
                        ),
                        on_tap(self.pick, card),
                    )
                )
        show_options(self.suggestions, options)

    def pick(self, card: RoomCard) -> None:
        self.draft.pick(card)
        self.name_field.value = card.name
        self.suggestions.controls.clear()
        self._show_draft()
        self._changed(self.control)

    def _changed(self, part: ft.Control) -> None:
        """Send what changed in ``part`` of the picker, and only that: a treasure tap
        used to build the whole form anew and compare the whole page (#13)."""
        self._edited()
        self.app.refresh(part)

    def _edited(self) -> None:
        """Tell the form the Room changed (e.g. to drop a refusal about the old one)."""
        if self.on_change:
            self.on_change()

    def _draw_details(self) -> None:
        """The treasure, damage, kind and Advanced controls, built once: a change of the
        draft sets their values (``_show_draft``), so the damage field typed into keeps
        its place and only what changed goes to the browser."""
        tr = self.app.tr
        d = self.draft
        p = self.prefix

        def on_damage(event: ft.Event[ft.TextField]) -> None:
            d.damage = event.control.value
            self._edited()

        def on_kind(event: ft.Event[ft.SegmentedButton]) -> None:
            if event.control.selected and event.control.selected[0] in ("monster", "trap"):
                d.kind = event.control.selected[0]  # type: ignore[assignment]
                self._edited()

        def on_advanced(event: ft.Event[ft.Switch]) -> None:
            d.advanced = bool(event.control.value)
            self._edited()

        self._lang = tr.lang
        self.damage_field = ft.TextField(
            label=tr("room.damage"),
            keyboard_type=ft.KeyboardType.NUMBER,
            width=120,
            on_change=on_damage,
            text_size=18,
        )
        self.kind_field = ft.SegmentedButton(
            segments=[
                ft.Segment(value=k, label=ft.Text(tr(f"room.kind.{k}")))
                for k in ("monster", "trap")
            ],
            selected=[d.kind],
            on_change=on_kind,
        )
        self.advanced_switch = ft.Switch(on_change=on_advanced)
        self.tiles = ft.Row(wrap=True, spacing=5, run_spacing=5)
        self.icons = ft.Row(
            wrap=True, spacing=4, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER
        )
        #: What is set by hand: folded away while a catalogue card fills it (its printed
        #: treasure, damage, kind); its icons stay in view.
        self.by_hand: list[ft.Control] = [
            ft.Text(tr("room.treasure"), size=15),
            self.tiles,
            ft.Row(
                [tagged(f"{p}-damage", self.damage_field), tagged(f"{p}-kind", self.kind_field)],
                wrap=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            switch_row(f"{p}-advanced", self.advanced_switch, tr("room.advanced")),
        ]
        self.details.controls = [
            *self.by_hand[:2],
            tagged(f"{p}-icons", self.icons),
            *self.by_hand[2:],
        ]
        self._show_draft()

    def _fold(self) -> None:
        """Show the controls set by hand only while no catalogue card is picked: a picked
        card's facts are printed on it, and the form stays short enough to reach its
        button without a scroll on a phone (compact turn view, issue 32). Typing another
        name, or taking an icon off, unpicks the card and brings them back."""
        for control in self.by_hand:
            control.visible = self.draft.card_id is None

    def _show_draft(self, treasure: Treasure | None = None) -> None:
        """Show the draft in the controls: all of it, or after a tap on ``treasure`` only
        that type's tile and the icons."""
        if self._lang != self.app.tr.lang:  # the labels too: build them again
            self._label()
            return
        d = self.draft
        self.icons.controls = self._chosen()
        self._fold()
        if treasure is not None:
            self.tiles.controls[TREASURES.index(treasure)] = self._tile(treasure)
        else:
            self.tiles.controls = [self._tile(t) for t in TREASURES]
            self.damage_field.value = d.damage
            self.kind_field.selected = [d.kind]
            self.advanced_switch.value = d.advanced

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
        self._show_draft(treasure)
        self._changed(self.details)

    def _remove(self, treasure: Treasure) -> None:
        self.draft.remove_treasure(treasure)
        self._show_draft(treasure)
        self._changed(self.details)
