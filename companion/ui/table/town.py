"""Town: the Hero line, oldest first, and the Heroes revealed at the start of a turn.

Each new Hero is picked from the catalogue by name or entered as treasure + Health +
Epic. The number of slots is the engine's (``reveal_count``); ``RevealHeroes`` sends them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from companion.catalogue import HeroCard as CatalogueHero
from companion.i18n import Lang
from companion.table_cards import heroes_offered
from companion.theme import TOUCH, TREASURE_LOOKS, treasure_badge, treasure_letter
from companion.ui.kept_form import KeptForm
from companion.ui.matches_in_view import keep_matches_in_view
from companion.ui.own_card_names import own_names
from companion.ui.redraw import focus_when_shown
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.items_panel import ItemRevealForm, town_items, with_carried_item
from companion.ui.table.rulings import rule_link
from companion.ui.widgets import (
    Refusal,
    big_button,
    on_tap,
    show_options,
    switch_row,
    tagged,
    toggle_tile,
)
from rules import flow
from rules.commands import RevealHeroes
from rules.items import items_due
from rules.models import TREASURES, Hero, HeroCard, Treasure

SLOT = "reveal-heroes"


@dataclass
class HeroDraft:
    """One Hero being entered: from the catalogue, or treasure + Health + Epic."""

    name: str = ""
    card_id: str | None = None
    treasure: list[Treasure] = field(default_factory=list)
    health: str = ""
    epic: bool = False
    star: bool = False  # a starred Hero never takes an Item (R-ITEM)

    def pick(self, card: CatalogueHero) -> None:
        self.name = card.name
        self.card_id = card.id
        self.treasure = list(card.treasure)
        self.health = str(card.health)
        self.epic = card.epic
        self.star = bool(card.star)

    def toggle(self, treasure: Treasure) -> None:
        if treasure in self.treasure:
            self.treasure.remove(treasure)
        elif len(self.treasure) < 2:
            self.treasure.append(treasure)
        self.card_id = None
        self.star = False

    def problems(self) -> list[tuple[str, dict[str, object]]]:
        out: list[tuple[str, dict[str, object]]] = []
        if not self.treasure:
            out.append(("error.hero_treasure", {}))
        health = self.health.strip()
        if not health.isdigit() or not 1 <= int(health) <= 99:
            out.append(("error.hero_health", {"health": health}))
        return out

    def to_card(self) -> HeroCard:
        return HeroCard(
            name=self.name.strip()[:60],
            treasure=tuple(self.treasure),
            health=int(self.health.strip()),
            epic=self.epic,
            card_id=self.card_id,
            star=self.star,
        )


def hero_chip(ctx: TableContext, hero: Hero, identifier: str) -> ft.Control:
    """A Hero as a line: number, name, treasure icons, Health, Epic."""
    tr = ctx.app.tr
    card = hero.card
    badges = [treasure_badge(t, tr(f"treasure.{t}")) for t in card.treasure]
    name = card.name or tr("table.hero_unnamed")
    # The Health is a heart and its number, read to a screen reader as "Health 5": two
    # controls fewer than a labelled row around them. A Bait tap puts one of these lines
    # on screen per Hero at the entrance, and one for the Hero walking (#31).
    parts: list[ft.Control] = [
        ft.Text(f"#{hero.id + 1}", size=16, weight=ft.FontWeight.BOLD),
        *badges,
        ft.Text(name, size=17, expand=True),
        ft.Icon(ft.Icons.FAVORITE, size=18, color=ft.Colors.ERROR),
        ft.Text(
            str(card.health),
            size=17,
            weight=ft.FontWeight.BOLD,
            semantics_label=tr("table.health", health=card.health),
        ),
    ]
    if card.epic:
        parts.append(
            ft.Container(
                ft.Text(tr("table.epic"), size=14, color=ft.Colors.ON_TERTIARY),
                bgcolor=ft.Colors.TERTIARY,
                border_radius=8,
                padding=ft.Padding.symmetric(horizontal=6, vertical=2),
            )
        )
    return tagged(
        identifier,
        # No wrap: an expanding name can't live in a wrapping row (Flutter can't lay it out).
        with_carried_item(
            ctx,
            hero,
            identifier,
            ft.Row(parts, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ),
    )


class TownPanel:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.slots: list[HeroSlot] = []
        self.turn_of_drafts = -1
        self.item_reveal = ItemRevealForm(ctx)

    def view(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        state = ctx.state
        line: list[ft.Control] = [
            hero_chip(ctx, state.hero(h), f"town-hero-{n}") for n, h in enumerate(state.town, 1)
        ]
        if not line:
            line = [ft.Text(tr("table.town_empty"), size=16, italic=True)]
        deck = ft.Text(
            tr("table.deck_left", ordinary=state.ordinary_left, epic=state.epic_left), size=14
        )
        body: list[ft.Control] = [ft.Text(tr("table.town_order"), size=14, italic=True), *line]
        body.append(deck)
        body += town_items(ctx)
        if state.phase == "beginning":
            # R-ITEM: this turn's Items are revealed before its Heroes.
            body.append(self.item_reveal.view() if items_due(state) else self._reveal_form())
            body.append(self._draw_room_reminder())
        return section("town", tr("table.town"), body)

    def _draw_room_reminder(self) -> ft.Control:
        """After the Heroes, every player draws a Room card (R-TURN-REVEAL): the app
        can't see hands, so it says so."""
        app = self.ctx.app
        return tagged(
            "draw-room-reminder",
            ft.Column(
                [
                    ft.Text(app.tr("table.draw_room"), size=16, weight=ft.FontWeight.BOLD),
                    rule_link(app, "R-TURN-REVEAL", "draw-room-reminder-rule"),
                ],
                spacing=0,
            ),
        )

    # --- revealing ----------------------------------------------------------------

    def _reveal_form(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        state = ctx.state
        count = flow.reveal_count(state)
        if self.turn_of_drafts != state.turn or len(self.slots) != count:
            self.slots = [
                HeroSlot(ctx, i, HeroDraft(epic=i >= state.ordinary_left), self._picked)
                for i in range(count)
            ]
            self.turn_of_drafts = state.turn
        rows: list[ft.Control] = [
            ft.Text(tr("table.reveal_now", count=count), size=18, weight=ft.FontWeight.BOLD)
        ]
        for slot in self.slots:
            rows.append(slot.view())
        rows.append(
            big_button(
                "reveal-heroes",
                tr("table.reveal_heroes", count=count),
                lambda _e: self._reveal(),
                icon=ft.Icons.VISIBILITY,
                primary=True,
                expand=True,
            )
        )
        rows.append(slot_error(ctx, SLOT))
        return ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _reveal(self, keep: bool = False) -> None:
        """Reveal the Heroes entered; ``keep``: the drafts stay, so that an Undo of a
        reveal made by itself brings the picks back to be put right."""
        ctx = self.ctx
        tr = ctx.app.tr
        problems = [
            tr("table.new_hero_n", n=i + 1) + ": " + tr(key, **args)
            for i, d in enumerate(s.draft for s in self.slots)
            for key, args in d.problems()
        ]
        if problems:
            ctx.errors[SLOT] = Refusal(" · ".join(problems))
            ctx.redraw()
            return
        heroes = tuple(s.draft.to_card() for s in self.slots)
        ctx.play(SLOT, RevealHeroes(heroes=heroes), then=None if keep else self._clear)

    def _picked(self, index: int) -> None:
        """A Hero came from the catalogue: the keyboard moves on to the next Hero's name
        (no tap to focus it). Once every Hero of the turn is a catalogue card, they are
        revealed: the Beginning of Turn leaves nothing else to do (R-FOLLOWS); Heroes
        entered by hand wait for the reveal button (their Health has no last keystroke)."""
        if all(s.draft.card_id for s in self.slots) and flow.heroes_reveal_on_entry(self.ctx.state):
            self._reveal(keep=True)
        elif index + 1 < len(self.slots):
            focus_when_shown(self.ctx.app, self.slots[index + 1].name_field)

    def _clear(self) -> None:
        self.slots = []
        self.turn_of_drafts = -1


class HeroSlot(KeptForm):
    """The controls for one new Hero, built once so typing is never interrupted."""

    def __init__(
        self,
        ctx: TableContext,
        index: int,
        draft: HeroDraft,
        on_picked: Callable[[int], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.draft = draft
        self.index = index
        self.on_picked = on_picked
        self.prefix = p = f"new-hero-{index + 1}"
        self.suggestions = ft.Column(spacing=4)
        # Five 52 px tiles fit one line inside a Hero card on a 360 px phone.
        self.tiles = ft.Row(wrap=True, spacing=5, run_spacing=5)
        self.name_field = keep_matches_in_view(
            ft.TextField(on_change=self._on_name, prefix_icon=ft.Icons.SEARCH, text_size=18)
        )
        self.health_field = ft.TextField(
            value=draft.health,
            width=170,  # room for the German label, Lebenspunkte
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=self._on_health,
            text_size=18,
        )
        self.epic_switch = ft.Switch(value=draft.epic, on_change=self._on_epic)
        self.column = ft.Column(spacing=8)
        self._label()
        self.control = tagged(
            p,
            ft.Container(
                self.column,
                padding=10,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ),
        )

    def _language(self) -> Lang:
        return self.ctx.app.tr.lang

    def _label(self) -> None:
        tr = self.ctx.app.tr
        p = self.prefix
        self._lang = tr.lang
        self.name_field.label = tr("table.hero_name")
        self.name_field.hint_text = tr("table.hero_name_hint")
        self.health_field.label = tr("table.hero_health")
        self._draw_tiles()
        self.column.controls = [
            ft.Text(tr("table.new_hero_n", n=self.index + 1), size=16),
            tagged(f"{p}-name", self.name_field),
            self.suggestions,
            self.tiles,
            tagged(f"{p}-health", self.health_field),
            switch_row(f"{p}-epic", self.epic_switch, tr("table.epic")),
        ]

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.name = event.control.value
        self.draft.card_id = None
        self.draft.star = False
        self._suggest()
        # The slot is built once: only its part of the page is compared, per keystroke.
        self.ctx.app.refresh(self.suggestions)

    def _suggest(self) -> None:
        tr = self.ctx.app.tr
        query = self.draft.name.strip()
        options: list[ft.Control] = []
        if len(query) >= 2:
            matches = self.ctx.app.catalogue.search(
                query,
                kinds=["hero"],
                sets=self.ctx.app.card_sets(),
                limit=12,
                own=own_names(self.ctx.app),
            )
            # Not a Hero out of this game's deck: the player count, the copies revealed.
            for card in heroes_offered(matches, self.ctx.state, limit=4):
                options.append(
                    big_button(
                        f"{self.prefix}-option-{card.id}",
                        tr(
                            "table.hero_option",
                            name=card.name,
                            health=card.health,
                            epic=tr("table.epic") if card.epic else "",
                        ),
                        on_tap(self.pick, card),
                    )
                )
        show_options(self.suggestions, options)

    def pick(self, card: CatalogueHero) -> None:
        self.draft.pick(card)
        self.name_field.value = card.name
        self.health_field.value = self.draft.health
        self.epic_switch.value = self.draft.epic
        self.suggestions.controls.clear()
        self._draw_tiles()
        self.ctx.app.refresh(self.control)
        if self.on_picked is not None:
            self.on_picked(self.index)

    def _on_health(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.health = event.control.value

    def _on_epic(self, event: ft.Event[ft.Switch]) -> None:
        self.draft.epic = bool(event.control.value)

    def toggle(self, treasure: Treasure) -> None:
        self.draft.toggle(treasure)
        self._draw_tiles()
        self.ctx.app.refresh(self.tiles)

    def _draw_tiles(self) -> None:
        tr = self.ctx.app.tr
        tiles: list[ft.Control] = []
        for t in TREASURES:
            look = TREASURE_LOOKS[t]
            tiles.append(
                toggle_tile(
                    f"{self.prefix}-treasure-{t}",
                    tr(f"treasure.{t}"),
                    (look.colour, look.icon, treasure_letter(t, tr(f"treasure.{t}"))),
                    t in self.draft.treasure,
                    on_tap(self.toggle, t),
                    width=TOUCH + 4,
                )
            )
        self.tiles.controls = tiles
