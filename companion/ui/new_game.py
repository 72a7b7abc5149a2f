"""New game: players and their Bosses, printing, variants, expansions, owned sets.

The screen only edits a `NewGameForm` and shows its errors; the form builds the engine's
`GameSetup`, and the set-up screen shows what the engine makes of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.catalogue import TREASURES, BossCard, Treasure
from companion.store import StoreError
from companion.theme import TOUCH, TREASURE_LOOKS, ink_on, treasure_letter
from companion.ui.new_game_form import ALL_SETS, FormError, FormErrors, NewGameForm, PlayerDraft
from companion.ui.squads.screens import game_choice
from companion.ui.store_problems import store_error_text
from companion.ui.widgets import (
    ErrorBanner,
    big_button,
    heading,
    icon_action,
    on_tap,
    one_at_a_time,
    show_options,
    switch_row,
    tagged,
)

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

BOSS_SUGGESTIONS = 4
PLAYERS_KEY = "players"


class NewGameScreen:
    route = "/new"

    def __init__(self, app: TableApp, route: str = "/new") -> None:
        self.app = app
        self.form = NewGameForm()
        self.players_column = ft.ResponsiveRow(spacing=12, run_spacing=12)
        self.error = ErrorBanner("new-game-error")
        self.problems: list[FormError] = []
        self._start = one_at_a_time(self._on_start)  # kept across rebuilds of the form

    def title(self) -> str:
        return self.app.tr("new.title")

    def phase(self) -> str | None:
        return "setup"

    # --- layout -------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        tr = self.app.tr
        self.error = ErrorBanner("new-game-error")
        self._rebuild_players()
        form = self.form
        return [
            game_choice(self.app, "boss_monster"),  # or the squad game (ui/squads/)
            tagged(
                "players-heading",
                ft.Text(tr("new.players"), size=22, weight=ft.FontWeight.BOLD),
                key=ft.ScrollKey(PLAYERS_KEY),  # type: ignore[call-arg]  # lazy dataclass
            ),
            self.players_column,
            big_button(
                "add-player",
                tr("new.add_player"),
                self._on_add_player,
                icon=ft.Icons.PERSON_ADD,
            ),
            heading(tr("new.printing")),
            tagged(
                "printing",
                ft.SegmentedButton(
                    segments=[
                        ft.Segment(value=p, label=ft.Text(tr(f"new.printing.{p}")))
                        for p in ("next_level", "original")
                    ],
                    selected=[form.printing],
                    on_change=self._on_printing,
                ),
            ),
            heading(tr("new.variants")),
            self._switch("variant-classic", "new.variant.classic", "classic_mode"),
            self._switch("variant-hard", "new.variant.hard", "hard_mode"),
            self._switch("variant-machinations", "new.variant.machinations", "machinations"),
            self._switch("variant-unlimited", "new.variant.unlimited", "unlimited_lives"),
            self._switch("variant-i-choose-you", "new.variant.i_choose_you", "i_choose_you"),
            ft.Text(tr("new.tiebreak"), size=16),
            tagged(
                "xp-tiebreak",
                ft.SegmentedButton(
                    segments=[
                        ft.Segment(value=t, label=ft.Text(tr(f"new.tiebreak.{t}")))
                        for t in ("lowest", "highest")
                    ],
                    selected=[form.xp_tiebreak],
                    on_change=self._on_tiebreak,
                ),
            ),
            heading(tr("new.expansions")),
            self._switch("expansion-items", "new.expansion.items", "items"),
            self._switch("expansion-minibosses", "new.expansion.minibosses", "minibosses"),
            self._switch("expansion-coin-for-room", "new.expansion.coin_for_room", "coin_for_room"),
            ft.Text(tr("new.owned_sets"), size=16),
            ft.Row(
                [self._set_checkbox(set_id) for set_id in ALL_SETS],
                wrap=True,
                spacing=4,
            ),
            self.error.control,
            big_button(
                "start-game",
                tr("new.start"),
                self._start,
                icon=ft.Icons.PLAY_ARROW,
                primary=True,
                expand=True,
            ),
        ]

    def _switch(self, identifier: str, key: str, attribute: str) -> ft.Control:
        def changed(event: ft.Event[ft.Switch]) -> None:
            setattr(self.form, attribute, bool(event.control.value))

        switch = ft.Switch(value=bool(getattr(self.form, attribute)), on_change=changed)
        return switch_row(identifier, switch, self.app.tr(key))

    def _set_checkbox(self, set_id: str) -> ft.Control:
        def changed(event: ft.Event[ft.Checkbox]) -> None:
            self.form.toggle_set(set_id, bool(event.control.value))

        return tagged(
            f"owned-set-{set_id}",
            ft.Container(
                ft.Checkbox(
                    label=self.app.tr(f"set.{set_id}"),
                    value=set_id in self.form.owned_sets,
                    on_change=changed,
                ),
                height=TOUCH,
            ),
        )

    def _rebuild_players(self) -> None:
        self.players_column.controls = [
            PlayerCard(self, index, draft).control for index, draft in enumerate(self.form.players)
        ]

    # --- handlers -----------------------------------------------------------------

    def _on_add_player(self, _event: object) -> None:
        self.form.add_player()
        self._rebuild_players()
        self.app.refresh()

    def remove_player(self, index: int) -> None:
        self.form.remove_player(index)
        self._rebuild_players()
        self.app.refresh()

    def _on_printing(self, event: ft.Event[ft.SegmentedButton]) -> None:
        if event.control.selected and event.control.selected[0] in ("next_level", "original"):
            self.form.printing = event.control.selected[0]  # type: ignore[assignment]

    def _on_tiebreak(self, event: ft.Event[ft.SegmentedButton]) -> None:
        if event.control.selected and event.control.selected[0] in ("lowest", "highest"):
            self.form.xp_tiebreak = event.control.selected[0]  # type: ignore[assignment]

    async def _on_start(self, _event: object) -> None:
        try:
            setup = self.form.to_setup()
        except FormErrors as exc:
            self.problems = exc.errors
            self._show_problems()
            self.app.refresh()
            return
        self.problems = []
        try:
            await self.app.start_game(setup)
        except StoreError as error:  # nothing was started; the form keeps what was typed
            reason = store_error_text(self.app, None, error)
            self.error.show(self.app.tr("new.not_saved", reason=reason))
            self.app.refresh()

    def _show_problems(self) -> None:
        tr = self.app.tr
        self._rebuild_players()
        general = [tr(p.key, **p.args) for p in self.problems]
        message = tr("new.fix_these", count=len(general)) + " " + " · ".join(general)
        self.error.show(message if self.problems else "")
        if any(p.where.startswith("player-") for p in self.problems):
            # The fields to fix may be far above the Start button: bring them into view.
            # (A ScrollKey only on this heading: a keyed control that is later replaced
            # comes back frozen from Flet's diff, and its fields could not be edited.)
            view = self.app.page.views[-1]
            self.app.page.run_task(view.scroll_to, scroll_key=PLAYERS_KEY, duration=300)

    def problem(self, field: str) -> str | None:
        found = next((p for p in self.problems if p.where == field), None)
        return self.app.tr(found.key, **found.args) if found else None


class PlayerCard:
    """One player's name, Boss (search the catalogue or type it), XP and treasure."""

    def __init__(self, screen: NewGameScreen, index: int, draft: PlayerDraft) -> None:
        self.screen = screen
        self.app = screen.app
        self.draft = draft
        self.number = index + 1
        self.index = index
        tr = self.app.tr
        n = self.number
        self.suggestions = ft.Column(spacing=4)
        self.xp = ft.TextField(
            label=tr("new.xp"),
            value=draft.xp,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=self._on_xp,
            error=screen.problem(f"player-{n}-xp"),
            text_size=18,
        )
        self.boss = ft.TextField(
            label=tr("new.boss"),
            hint_text=tr("new.boss_hint"),
            value=draft.boss,
            on_change=self._on_boss,
            prefix_icon=ft.Icons.SEARCH,
            text_size=18,
        )
        self.treasure_row = ft.Row(wrap=True, spacing=5, run_spacing=5)
        self._draw_treasures()
        header: list[ft.Control] = [
            ft.Text(tr("new.player_n", n=n), size=18, weight=ft.FontWeight.BOLD, expand=True)
        ]
        if screen.form.can_remove_player():
            header.append(
                icon_action(
                    f"player-{n}-remove",
                    ft.Icons.PERSON_REMOVE,
                    tr("new.remove_player", n=n),
                    lambda _e: screen.remove_player(self.index),
                )
            )
        treasure_error = screen.problem(f"player-{n}-treasure")
        self.treasure_error = ft.Text(
            treasure_error or "", color=ft.Colors.ERROR, visible=bool(treasure_error)
        )
        self.control = tagged(
            f"player-{n}",
            ft.Card(
                ft.Container(
                    ft.Column(
                        [
                            ft.Row(header),
                            tagged(
                                f"player-{n}-name",
                                ft.TextField(
                                    label=tr("new.name"),
                                    value=draft.name,
                                    on_change=self._on_name,
                                    error=screen.problem(f"player-{n}-name"),
                                    text_size=18,
                                ),
                            ),
                            tagged(f"player-{n}-boss", self.boss),
                            self.suggestions,
                            tagged(f"player-{n}-xp", self.xp),
                            ft.Text(tr("new.treasure"), size=16),
                            self.treasure_row,
                            self.treasure_error,
                        ],
                        spacing=10,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                    ),
                    padding=12,
                )
            ),
            col={"xs": 12, "lg": 6},
        )

    def _draw_treasures(self) -> None:
        tr = self.app.tr
        self.treasure_row.controls = [
            treasure_choice(
                f"player-{self.number}-treasure-{t}",
                t,
                tr(f"treasure.{t}"),
                t == self.draft.treasure,
                self._choose_treasure,
            )
            for t in TREASURES
        ]

    def _choose_treasure(self, treasure: Treasure) -> None:
        self.draft.treasure = treasure
        self.treasure_error.visible = False
        self._draw_treasures()
        self.app.refresh()

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.name = event.control.value
        event.control.error = None  # the old complaint no longer applies to the new text

    def _on_xp(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.xp = event.control.value
        event.control.error = None

    def _on_boss(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.type_boss(event.control.value)
        self.show_suggestions(event.control.value)

    def show_suggestions(self, query: str) -> None:
        tr = self.app.tr
        options: list[ft.Control] = []
        if len(query.strip()) >= 2:
            matches = self.app.catalogue.search(
                query,
                kinds=["boss"],
                sets=self.screen.form.card_sets(),  # none ticked: none offered
                limit=BOSS_SUGGESTIONS,
            )
            for match in matches:
                card = match.card
                assert isinstance(card, BossCard)
                options.append(
                    big_button(
                        f"player-{self.number}-boss-option-{card.id}",
                        tr(
                            "new.boss_option",
                            name=card.name,
                            xp=card.xp,
                            treasure=tr(f"treasure.{card.treasure[0]}"),
                            set=tr(f"set.{card.set_id}"),
                        ),
                        on_tap(self.pick, card),
                        icon=TREASURE_LOOKS[card.treasure[0]].icon,
                    )
                )
        show_options(self.suggestions, options)

    def pick(self, card: BossCard) -> None:
        self.draft.pick_boss(card)
        self.boss.value = card.name
        self.xp.value = str(card.xp)
        self.xp.error = None
        self.treasure_error.visible = False
        self.suggestions.controls.clear()
        self._draw_treasures()
        self.app.refresh()


def treasure_choice(
    identifier: str,
    treasure: Treasure,
    label: str,
    selected: bool,
    on_pick: object,
) -> ft.Control:
    """A 48 px tile for one treasure type: its colour, icon and letter; a ring when chosen."""
    look = TREASURE_LOOKS[treasure]
    ink = ink_on(look.colour)

    def clicked(_event: object) -> None:
        on_pick(treasure)  # type: ignore[operator]

    return ft.Semantics(
        identifier=identifier,
        label=label,
        button=True,
        selected=selected,
        exclude_semantics=True,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(look.icon, color=ink, size=20),
                    ft.Text(
                        treasure_letter(treasure, label),
                        color=ink,
                        size=16,
                        weight=ft.FontWeight.BOLD,
                    ),
                ],
                spacing=2,
                tight=True,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            width=TOUCH + 4,
            height=TOUCH,
            bgcolor=look.colour,
            border_radius=10,
            border=ft.Border.all(4, ft.Colors.ON_SURFACE) if selected else None,
            on_click=clicked,
            ink=True,
        ),
    )
