"""Town: the Hero line, oldest first, and the Heroes revealed at the start of a turn.

Each new Hero is picked from the catalogue by name or entered as treasure + Health +
Epic. The number of slots is the engine's (``reveal_count``); ``RevealHeroes`` sends them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, NamedTuple

import flet as ft
from pydantic import Field, TypeAdapter

from companion.catalogue import HeroCard as CatalogueHero
from companion.table_cards import heroes_offered
from companion.theme import TOUCH, TREASURE_LOOKS, treasure_badge, treasure_letter
from companion.ui.matches_in_view import MATCHES_IN_VIEW
from companion.ui.own_card_names import own_names
from companion.ui.redraw import focus_when_shown
from companion.ui.table.components import memo_component
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.items_panel import ItemRevealForm, town_items, with_carried_item
from companion.ui.table.rulings import rule_link
from companion.ui.table.table_form import TableForm
from companion.ui.typed_numbers import read_typed
from companion.ui.widgets import (
    Refusal,
    big_button,
    drawn_switch_row,
    on_tap,
    tagged,
    toggle_tile,
)
from rules import flow
from rules.commands import RevealHeroes
from rules.items import items_due
from rules.models import TREASURES, GameState, Hero, HeroCard, Treasure

SLOT = "reveal-heroes"


#: The largest Health the form takes: more than any Hero card prints, and what the
#: message names ("error.hero_health").
MAX_HEALTH = 99
TYPED_HEALTH: TypeAdapter[int] = TypeAdapter(Annotated[int, Field(ge=1, le=MAX_HEALTH)])


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
        if read_typed(TYPED_HEALTH, self.health) is None:
            out.append(("error.hero_health", {"health": self.health.strip()}))
        return out

    def to_card(self) -> HeroCard:
        return HeroCard(
            name=self.name.strip()[:60],
            treasure=tuple(self.treasure),
            health=TYPED_HEALTH.validate_python(self.health.strip()),  # read in ``problems``
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
            slot = self.slots[index + 1]
            focus_when_shown(self.ctx.app, lambda: slot.name_field)

    def _clear(self) -> None:
        self.slots = []
        self.turn_of_drafts = -1


class HeroSlot(TableForm):
    """One new Hero's form, drawn from its draft (``drawn_form.py``)."""

    def __init__(
        self,
        ctx: TableContext,
        index: int,
        draft: HeroDraft,
        on_picked: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__(ctx, index, f"new-hero-{index + 1}")
        self.draft = draft
        self.on_picked = on_picked

    def _draw(self) -> None:
        tr = self.ctx.app.tr
        p = self.prefix
        self._lang = tr.lang
        self.name_field = self.typing.name_field(
            self.draft.name,
            self._on_name,
            tr("table.hero_name"),
            tr("table.hero_name_hint"),
            scroll_padding=MATCHES_IN_VIEW,
        )
        health_field = self.typing.field(
            "health",
            self.draft.health,
            self._on_health,
            label=tr("table.hero_health"),
            width=170,  # room for the German label, Lebenspunkte
            keyboard_type=ft.KeyboardType.NUMBER,
            text_size=18,
        )
        column = ft.Column(
            [
                ft.Text(tr("table.new_hero_n", n=self.index + 1), size=16),
                tagged(f"{p}-name", self.name_field),
                ft.Column(self.options, spacing=4),
                # Five 52 px tiles fit one line inside a Hero card on a 360 px phone.
                ft.Row(self._tiles(), wrap=True, spacing=5, run_spacing=5),
                tagged(f"{p}-health", health_field),
                drawn_switch_row(f"{p}-epic", self.draft.epic, tr("table.epic"), self._on_epic),
            ],
            spacing=8,
        )
        self.control = tagged(
            p,
            ft.Container(
                column,
                padding=10,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ),
        )

    def _take_typed(self, name: str, text: str) -> None:
        if name == "health":
            self.draft.health = text
        else:
            self.draft.name = text

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.name = event.control.value
        self.draft.card_id = None
        self.draft.star = False
        self._suggest()
        self.changed()

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
                option = f"{self.prefix}-option-{card.id}"
                button = big_button(
                    option,
                    tr(
                        "table.hero_option",
                        name=card.name,
                        health=card.health,
                        epic=tr("table.epic") if card.epic else "",
                    ),
                    on_tap(self.pick, card),
                    key=option,  # found again as the next key's matches arrive
                )
                options.append(button)
        self.options = options

    def pick(self, card: CatalogueHero) -> None:
        self.draft.pick(card)
        self.options = []
        self.changed()
        if self.on_picked is not None:
            self.on_picked(self.index)

    def _on_health(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.health = event.control.value

    def _on_epic(self, value: bool) -> None:
        self.draft.epic = value
        self.changed()

    def toggle(self, treasure: Treasure) -> None:
        self.draft.toggle(treasure)
        self.changed()

    def _tiles(self) -> list[ft.Control]:
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
        return tiles


class TownShows(NamedTuple):
    """What the town shows: the props it is drawn again for. The town is drawn by its
    panel from the screen (``TownPanel.view``: the Heroes, the Items, the forms), so these
    must hold all it reads: the state but the players and the walk (a Room built, a bonus
    changed or a Hero hurt in a Room leaves the town as it is), the errors, the panel's
    drafts and the language."""

    state: GameState  # the players, the version and the walk left out
    errors: tuple[tuple[str, Refusal], ...]
    drafts: int
    lang: str


@memo_component
def Town(view: Callable[[], ft.Control], shows: TownShows) -> ft.Control:
    """The town (``TownPanel.view``), drawn again only when ``shows`` changed."""
    return view()
