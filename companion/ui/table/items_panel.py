"""Items (Tools of Hero-Kind, R-ITEM): revealed before the Heroes, carried by Heroes, won
by the Bosses.

- At the beginning of a turn the town asks for this turn's Items first (``RevealItems``):
  each picked from the catalogue by name, or entered as the Hero class(es) it fits or
  "any Hero". The number of slots is the engine's (``item_reveal_count``).
- Items nobody has taken wait in town; an Item a Hero carries shows under that Hero,
  wherever the Hero is (town, entrance, walking).
- Each player's Items, face up or face down: a face-up one may be used once in the Build
  or Adventure phase (``UseItem``); after winning one while another lay face up the
  player may pick which stays up (``ChooseFaceUpItem``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from companion.catalogue import ItemCard as CatalogueItem
from companion.i18n import Translator
from companion.theme import TREASURE_LOOKS, ink_on, treasure_letter
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.table_form import TableForm
from companion.ui.widgets import Refusal, big_button, on_tap, tagged, toggle_tile
from rules import flow
from rules.commands import ChooseFaceUpItem, RevealItems, UseItem
from rules.item_models import ItemTable
from rules.items import item_reveal_count, open_choice
from rules.models import Hero, Item, ItemCard, ItemClass, PlayerState

SLOT = "reveal-items"
ITEM_CLASSES: tuple[ItemClass, ...] = ("cleric", "fighter", "mage", "thief", "explorer", "any")
ITEM_COLOUR = "#8D6E63"  # a leather-brown tag, apart from every treasure colour


def item_name(tr: Translator, item: Item) -> str:
    """The Item's card name, or what it fits ("Mage Item", "Item for any Hero")."""
    card = item.card
    if card.name:
        return card.name
    if card.universal:
        return tr("item.universal")
    return tr("item.of_class", classes="/".join(tr(f"treasure.{t}") for t in card.treasure))


def _class_word(tr: Translator, cls: ItemClass) -> str:
    return tr("item.any_hero") if cls == "any" else tr(f"treasure.{cls}")


def item_tag(tr: Translator, item: Item, identifier: str, face_up: bool = True) -> ft.Control:
    """An Item as a small tag: bag icon, #number and name (greyed when face down)."""
    colour = ITEM_COLOUR if face_up else "#9E9E9E"
    ink = ink_on(colour)
    return tagged(
        identifier,
        ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.BACKPACK, size=18, color=ink),
                    ft.Text(
                        f"#{item.id + 1} {item_name(tr, item)}",
                        size=15,
                        color=ink,
                        weight=ft.FontWeight.BOLD,
                    ),
                ],
                spacing=4,
                tight=True,
            ),
            bgcolor=colour,
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        ),
    )


def with_carried_item(
    ctx: TableContext, hero: Hero, identifier: str, line: ft.Control
) -> ft.Control:
    """A Hero's line, with the Item it carries under it (R-ITEM: the Item rides along)."""
    return with_item(ctx.app.tr, carried_item(ctx.state.items, hero), identifier, line)


def carried_item(items: ItemTable, hero: Hero) -> Item | None:
    """The Item ``hero`` carries, if any: all of the Items a Hero's line shows."""
    item_id = items.carried_by(hero.id)
    return None if item_id is None else items.item(item_id)


def with_item(tr: Translator, item: Item | None, identifier: str, line: ft.Control) -> ft.Control:
    """``line`` with ``item`` (the one its Hero carries) under it; just ``line`` without."""
    if item is None:
        return line
    carries = ft.Row(
        [
            ft.Text(tr("item.carries"), size=14, italic=True),
            item_tag(tr, item, f"{identifier}-item"),
        ],
        wrap=True,
        spacing=6,
    )
    return ft.Column([line, carries], spacing=2)


def town_items(ctx: TableContext) -> list[ft.Control]:
    """The Items waiting in town for a Hero that can carry them (nothing without Items)."""
    state = ctx.state
    if not state.setup.ruleset.items:
        return []
    tr = ctx.app.tr
    waiting = [
        item_tag(tr, state.items.item(i), f"town-item-{n}")
        for n, i in enumerate(state.items.waiting, 1)
    ]
    if not waiting:
        text = tr("item.none_waiting", left=state.items.deck_left)
        return [tagged("town-items", ft.Text(text, size=14))]
    return [
        tagged(
            "town-items",
            ft.Column(
                [
                    ft.Text(tr("item.waiting", left=state.items.deck_left), size=15),
                    ft.Row(waiting, wrap=True, spacing=6, run_spacing=6),
                ],
                spacing=4,
            ),
        )
    ]


# --- revealing --------------------------------------------------------------------------


@dataclass
class ItemDraft:
    """One Item being entered: from the catalogue, or the classes it fits."""

    name: str = ""
    card_id: str | None = None
    classes: list[ItemClass] = field(default_factory=list)

    def pick(self, card: CatalogueItem) -> None:
        self.name = card.name
        self.card_id = card.id
        self.classes = list(card.treasure)

    def toggle(self, cls: ItemClass) -> None:
        """Up to two classes; "any Hero" stands alone (a universal Item names no class)."""
        if cls in self.classes:
            self.classes.remove(cls)
        elif cls == "any":
            self.classes = ["any"]
        else:
            self.classes = [c for c in self.classes if c != "any"]
            if len(self.classes) < 2:
                self.classes.append(cls)
        self.card_id = None

    def problem(self) -> str | None:
        """The i18n key of what is missing, or None."""
        return None if self.classes else "error.item_class"

    def to_card(self) -> ItemCard:
        return ItemCard(
            name=self.name.strip()[:60], treasure=tuple(self.classes), card_id=self.card_id
        )


class ItemSlot(TableForm):
    """One new Item's form, drawn from its draft (``drawn_form.py``)."""

    def __init__(self, ctx: TableContext, index: int) -> None:
        super().__init__(ctx, index, f"new-item-{index + 1}")
        self.draft = ItemDraft()

    def _draw(self) -> None:
        tr = self.ctx.app.tr
        self._lang = tr.lang
        name_field = self.typing.name_field(
            self.draft.name, self._on_name, tr("item.name"), tr("item.name_hint")
        )
        column = ft.Column(
            [
                ft.Text(tr("item.new_n", n=self.index + 1), size=16),
                tagged(f"{self.prefix}-name", name_field),
                ft.Column(self.options, spacing=4),
                ft.Text(tr("item.fits"), size=14),
                ft.Row(self._tiles(), wrap=True, spacing=6, run_spacing=6),
            ],
            spacing=8,
        )
        self.control = tagged(
            self.prefix,
            ft.Container(
                column,
                padding=10,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ),
        )

    def _take_typed(self, _name: str, text: str) -> None:
        self.draft.name = text

    def _on_name(self, event: ft.Event[ft.TextField]) -> None:
        self.draft.name = event.control.value
        self.draft.card_id = None
        self._suggest()
        self.changed()

    def _suggest(self) -> None:
        tr = self.ctx.app.tr
        query = self.draft.name.strip()
        options: list[ft.Control] = []
        if len(query) >= 2:
            for match in self.ctx.app.catalogue.search(
                query, kinds=["item"], sets=self.ctx.app.card_sets(), limit=4
            ):
                card = match.card
                if not isinstance(card, CatalogueItem):
                    continue
                fits = ", ".join(_class_word(tr, c) for c in card.treasure)
                option = f"{self.prefix}-option-{card.id}"
                button = big_button(
                    option,
                    tr("item.option", name=card.name, fits=fits),
                    on_tap(self.pick, card),
                    key=option,  # found again as the next key's matches arrive
                )
                options.append(button)
        self.options = options

    def pick(self, card: CatalogueItem) -> None:
        self.draft.pick(card)
        self.options = []
        self.changed()

    def toggle(self, cls: ItemClass) -> None:
        self.draft.toggle(cls)
        self.changed()

    def _tiles(self) -> list[ft.Control]:
        tr = self.ctx.app.tr
        tiles: list[ft.Control] = []
        for cls in ITEM_CLASSES:
            if cls == "any":
                colour, icon, letter = ITEM_COLOUR, ft.Icons.GROUPS, "*"
            else:
                look = TREASURE_LOOKS[cls]
                colour, icon = look.colour, look.icon
                letter = treasure_letter(cls, _class_word(tr, cls))
            tiles.append(
                toggle_tile(
                    f"{self.prefix}-class-{cls}",
                    _class_word(tr, cls),
                    (colour, icon, letter),
                    cls in self.draft.classes,
                    on_tap(self.toggle, cls),
                )
            )
        return tiles


class ItemRevealForm:
    """This turn's Items, entered before the Heroes (R-ITEM)."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.slots: list[ItemSlot] = []
        self.turn_of_drafts = -1

    def view(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        state = ctx.state
        count = item_reveal_count(state)
        if self.turn_of_drafts != state.turn or len(self.slots) != count:
            self.slots = [ItemSlot(ctx, i) for i in range(count)]
            self.turn_of_drafts = state.turn
        rows: list[ft.Control] = [
            ft.Text(tr("item.reveal_now", count=count), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(tr("item.reveal_note"), size=15),
            *(slot.view() for slot in self.slots),
            big_button(
                "reveal-items",
                tr("item.reveal", count=count),
                lambda _e: self._reveal(),
                icon=ft.Icons.BACKPACK,
                primary=True,
                expand=True,
            ),
            slot_error(ctx, SLOT),
        ]
        return ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _reveal(self) -> None:
        ctx = self.ctx
        tr = ctx.app.tr
        problems = [
            tr("item.new_n", n=i + 1) + ": " + tr(key)
            for i, slot in enumerate(self.slots)
            if (key := slot.draft.problem()) is not None
        ]
        if problems:
            ctx.errors[SLOT] = Refusal(" · ".join(problems))
            ctx.redraw()
            return
        cards = tuple(slot.draft.to_card() for slot in self.slots)
        ctx.play(SLOT, RevealItems(items=cards), then=self._clear)

    def _clear(self) -> None:
        self.slots = []
        self.turn_of_drafts = -1


# --- a player's Items ---------------------------------------------------------------------


def player_items(ctx: TableContext, player: PlayerState, prefix: str) -> list[ft.Control]:
    """The Items a player has won, face up first, with Use and Keep-face-up buttons."""
    state = ctx.state
    if not state.setup.ruleset.items:
        return []
    tr = ctx.app.tr
    slot = f"{prefix}-items"
    if not player.items:
        return [tagged(slot, ft.Text(tr("item.player_none"), size=15, italic=True))]
    may_use = flow.may(state, UseItem, player.name)
    choice = open_choice(state, player)
    rows: list[ft.Control] = [ft.Text(tr("item.player_items"), size=16, weight=ft.FontWeight.BOLD)]
    for owned in sorted(player.items, key=lambda o: not o.face_up):
        item = state.items.item(owned.item)
        p = f"{prefix}-item-{owned.item + 1}"
        side = tr("item.face_up") if owned.face_up else tr("item.face_down")
        line: list[ft.Control] = [
            item_tag(tr, item, f"{p}-tag", face_up=owned.face_up),
            ft.Text(side, size=14, italic=not owned.face_up),
        ]
        buttons: list[ft.Control] = []
        if owned.face_up and may_use:
            buttons.append(
                big_button(
                    f"{p}-use",
                    tr("item.use"),
                    on_tap(ctx.play, slot, UseItem(player=player.name, item=owned.item)),
                    icon=ft.Icons.BOLT,
                )
            )
        if not owned.face_up and owned.item in choice:
            buttons.append(
                big_button(
                    f"{p}-keep-up",
                    tr("item.keep_up"),
                    on_tap(ctx.play, slot, ChooseFaceUpItem(player=player.name, item=owned.item)),
                    icon=ft.Icons.FLIP,
                )
            )
        rows.append(
            tagged(
                p,
                ft.Row(
                    [*line, *buttons],
                    wrap=True,
                    spacing=6,
                    run_spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            )
        )
    if choice:
        rows.append(ft.Text(tr("item.choice_open"), size=14, italic=True))
    rows.append(slot_error(ctx, slot))
    return [tagged(slot, ft.Column(rows, spacing=6))]
