"""Items as frozen values (Tools of Hero-Kind, R-ITEM): an Item card's printed facts,
a revealed Item, one in a player's scoring area, and where every revealed Item is.
``rules.models`` gathers them with the rest of the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from pydantic import Field, model_validator

from rules.frozen import Frozen, NonNegative


class Carrier(Protocol):
    """What an Item asks of the Hero that would take it (``rules.models.HeroCard``)."""

    @property
    def treasure(self) -> Sequence[str]: ...

    @property
    def star(self) -> bool: ...


ItemClass = Literal["cleric", "fighter", "mage", "thief", "explorer", "any"]


class ItemCard(Frozen):
    """An Item card's printed facts (Tools of Hero-Kind): the Hero classes that may take it,
    or ``("any",)`` for a universal Item."""

    name: str = Field(default="", max_length=60)
    treasure: tuple[ItemClass, ...] = Field(min_length=1, max_length=2)
    card_id: str | None = None

    @model_validator(mode="after")
    def _any_alone(self) -> ItemCard:
        if "any" in self.treasure and len(self.treasure) > 1:
            raise ValueError("a universal Item ('any') names no other class")
        return self

    @property
    def universal(self) -> bool:
        return self.treasure == ("any",)

    def fits(self, hero: Carrier) -> bool:
        """R-ITEM: a universal Item fits every Hero, others a Hero of a class they name;
        a starred Hero takes none."""
        if hero.star:
            return False
        return self.universal or bool(set(self.treasure) & set(hero.treasure))

    def label(self) -> str:
        if self.name:
            return self.name
        return "universal Item" if self.universal else f"{'/'.join(self.treasure)} Item"


class Item(Frozen):
    """A revealed Item; ``id`` is its reveal order in this game (0 = first revealed)."""

    id: NonNegative
    card: ItemCard

    def label(self) -> str:
        return f"{self.card.label()} #{self.id + 1}"


class OwnedItem(Frozen):
    """An Item in a player's scoring area: face up it may be used once (R-ITEM)."""

    item: NonNegative
    face_up: bool


class ItemChoice(Frozen):
    """A player who won an Item while another lay face up may turn any one of ``items``
    face up instead, until the player uses an Item or ``turn`` ends (R-ITEM)."""

    player: str
    items: tuple[NonNegative, ...]
    turn: NonNegative


class ItemTable(Frozen):
    """Where every revealed Item is (R-ITEM): waiting in town for a Hero, carried by a Hero,
    or (in ``PlayerState.items``) with a player. ``deck_left`` counts the unrevealed ones."""

    revealed: tuple[Item, ...] = ()
    waiting: tuple[NonNegative, ...] = ()  # revealed, no Hero has taken them yet
    carried: tuple[tuple[NonNegative, NonNegative], ...] = ()  # (hero, item)
    deck_left: NonNegative = 0
    revealed_turn: NonNegative = 0  # the last turn whose Items were revealed
    choices: tuple[ItemChoice, ...] = ()

    def item(self, item_id: int) -> Item:
        return self.revealed[item_id]

    def carried_by(self, hero_id: int) -> int | None:
        return next((i for h, i in self.carried if h == hero_id), None)

    def without_hero(self, hero_id: int) -> ItemTable:
        """The table once the Hero ``hero_id`` left the game (a Spell removed it): the Item
        it carried goes with it, neither won nor scored by any Boss."""
        return self.model_copy(
            update={"carried": tuple(c for c in self.carried if c[0] != hero_id)}
        )
