"""The table format of ``python -m rules turn``: a table as it stands after the Build
phase, validated at the boundary and turned into a game state (and back, for export).
Refereeing it to the end of the turn, and the answer, are :mod:`rules.table_turn`.

Expansion fields are optional and left out of the output when unused, so a table without
them reads and answers exactly as before: ``item`` on a town Hero (Tools of Hero-Kind,
R-ITEM) and ``coins`` on a player (Rise of the Minibosses, R-MINI). A table with Items
gets an ``items`` list in its answer: where each Item went.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from rules.card_effects import effects_of
from rules.input_errors import StrictInput
from rules.items import crash_landing_in_play
from rules.models import (
    CardName,
    GameSetup,
    GameState,
    Hero,
    HeroCard,
    Item,
    ItemCard,
    ItemClass,
    ItemTable,
    PlayerName,
    PlayerSetup,
    PlayerState,
    Room,
    RoomStack,
    Ruleset,
    Treasure,
)

# Far beyond any real table, and small enough that every sum a turn makes of the numbers
# stays an ordinary number in the answer.
TABLE_MAX = 1_000_000
Count = Annotated[int, Field(ge=0, le=TABLE_MAX)]
#: Heroes in town: more than every Hero deck of every set together holds, so no real
#: table reaches it; a town past it is refused before a Bait spends time on it.
MAX_TOWN = 200


class TableError(ValueError):
    """A valid table that has no turn to referee (every player is already out)."""


def without_defaults(data: Any, **defaults: Any) -> Any:
    """``data`` without the optional fields that hold their default (so old tables and
    answers keep their exact shape)."""
    if isinstance(data, dict):
        for name, default in defaults.items():
            if name in data and data[name] == default:
                del data[name]
    return data


def known_card(value: str | None, kind: str) -> str | None:
    """``value`` if it names a catalogue card of ``kind`` whose abilities are known."""
    if value is not None:
        card = effects_of(value)
        if card is None or card.kind != kind:
            raise ValueError(f"{value!r} is not a {kind.title()} whose abilities are known")
    return value


class TableRoom(StrictInput):
    name: CardName | None = None
    # The card's catalogue id ("BMA015"): its abilities apply (R-CARD-EFFECT).
    id: str | None = Field(default=None, pattern=r"^[A-Z]{3}\d{3}$")
    treasure: list[Treasure] = Field(max_length=4)
    damage: Count
    kind: Literal["monster", "trap"] = "monster"
    advanced: bool = False
    deactivated: bool = False
    # Face down (placed, not yet revealed): a blank place like a deactivated Room, with no
    # treasure, damage or ability this turn (R-DEACTIVATE, R-CARD-EFFECT).
    face_down: bool = False
    counters: Annotated[int, Field(ge=0, le=99)] = 0  # +1 counters on it (R-CARD-EFFECT)
    coins: Count = 0  # Coins lying on the Room (R-MINI): some cards' damage counts them

    @field_validator("id")
    @classmethod
    def _known_room(cls, value: str | None) -> str | None:
        return known_card(value, "room")

    @model_serializer(mode="wrap")
    def _drop_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_defaults(handler(self), id=None, face_down=False, counters=0, coins=0)

    def room(self) -> Room:
        """The Room card this table Room shows (its deactivation is its stack's)."""
        return Room(
            name=self.name or "",
            treasure=tuple(self.treasure),
            damage=self.damage,
            kind=self.kind,
            advanced=self.advanced,
            card_id=self.id,
        )


class TablePlayer(StrictInput):
    name: PlayerName
    xp: Count
    boss_treasure: list[Treasure] = Field(default_factory=list, max_length=3)
    rooms: list[TableRoom] = Field(default_factory=list, max_length=5)
    treasure_bonus: dict[Treasure, Annotated[int, Field(ge=-TABLE_MAX, le=TABLE_MAX)]] = Field(
        default_factory=dict
    )
    souls: Count = 0
    wounds: Count = 0
    eliminated: bool = False
    coins: Count = 0  # the hoard (R-MINI)
    # The Boss's catalogue id ("KSA005"): once it has levelled up (five Rooms), its "for
    # the rest of the game" Level Up applies (R-CARD-EFFECT).
    boss_id: str | None = Field(default=None, pattern=r"^[A-Z]{3}\d{3}$")
    # The Boss card whose Level Up the Boss has too, once it copied one (Klonos).
    copied_boss_id: str | None = Field(default=None, pattern=r"^[A-Z]{3}\d{3}$")

    @field_validator("boss_id", "copied_boss_id")
    @classmethod
    def _known_boss(cls, value: str | None) -> str | None:
        return known_card(value, "boss")

    @model_serializer(mode="wrap")
    def _drop_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_defaults(handler(self), coins=0, boss_id=None, copied_boss_id=None)


class TableItem(StrictInput):
    """An Item a town Hero carries: the classes on the card, or ["any"] (R-ITEM)."""

    name: CardName | None = None
    treasure: list[ItemClass] = Field(min_length=1, max_length=2)

    @model_validator(mode="after")
    def _any_alone(self) -> TableItem:
        if "any" in self.treasure and len(self.treasure) > 1:
            raise ValueError("a universal Item ('any') names no other class")
        return self


class TableHero(StrictInput):
    name: CardName | None = None
    treasure: list[Treasure] = Field(min_length=1, max_length=2)
    health: Annotated[int, Field(ge=1, le=TABLE_MAX)]
    epic: bool = False
    star: bool = False  # a starred (★) Hero: it never takes an Item (R-ITEM)
    item: TableItem | None = None

    @model_validator(mode="after")
    def _no_item_on_a_star(self) -> TableHero:
        if self.star and self.item is not None:
            raise ValueError("a starred (★) Hero never takes an Item (R-ITEM): drop its item")
        return self

    @model_serializer(mode="wrap")
    def _drop_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_defaults(handler(self), item=None, star=False)


class Table(StrictInput):
    players: list[TablePlayer] = Field(min_length=2, max_length=6)
    town: list[TableHero] = Field(default_factory=list, max_length=MAX_TOWN)
    variant: Literal["standard", "unlimited_lives"] = "standard"
    hero_deck_empty: bool = False
    # The card sets on the table (data/cards/ file names); none named: every set. Crash
    # Landing decides whether Explorer Items are in the game (R-ITEM).
    card_sets: list[Annotated[str, Field(pattern=r"^[a-z_]{1,40}$")]] = Field(
        default_factory=list, max_length=20
    )

    @model_validator(mode="after")
    def _explorer_items_need_crash_landing(self) -> Table:
        if crash_landing_in_play(len(self.players), self.card_sets):
            return self
        for n, hero in enumerate(self.town):
            if hero.item is not None and "explorer" in hero.item.treasure:
                raise ValueError(
                    f"town[{n}].item: an Explorer Item comes only with Crash Landing, which"
                    " card_sets leaves out (R-ITEM)"
                )
        return self

    @model_serializer(mode="wrap")
    def _drop_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_defaults(handler(self), card_sets=[])

    @field_validator("players")
    @classmethod
    def _unique_names(cls, players: list[TablePlayer]) -> list[TablePlayer]:
        # Case aside, as the game's set-up compares them (names are already stripped).
        seen: dict[str, str] = {}
        for player in players:
            other = seen.get(player.name.casefold())
            if other is not None:
                names = repr(other) if other == player.name else f"{other!r} and {player.name!r}"
                raise ValueError(
                    f"two players are called {names}; names must differ"
                    " (case and surrounding spaces aside)"
                )
            seen[player.name.casefold()] = player.name
        return players


def state_from_table(table: Table) -> GameState:
    """The game state the table describes, at the start of the Bait phase of a turn."""
    setup = GameSetup(
        players=tuple(
            PlayerSetup(
                name=p.name, xp=p.xp, boss_treasure=tuple(p.boss_treasure), boss_card_id=p.boss_id
            )
            for p in table.players
        ),
        ruleset=Ruleset(
            variant=table.variant,
            items=any(h.item is not None for h in table.town),
            minibosses=any("coins" in p.model_fields_set for p in table.players)
            or any(r.coins for p in table.players for r in p.rooms),
        ),
        card_sets=tuple(table.card_sets),
    )
    players = tuple(
        PlayerState(
            name=p.name,
            xp=p.xp,
            boss_treasure=tuple(p.boss_treasure),
            dungeon=tuple(
                RoomStack(
                    rooms=(r.room(),),
                    deactivated=r.deactivated or r.face_down,
                    counters=r.counters,
                    coins=r.coins,
                )
                for r in p.rooms
            ),
            treasure_bonus=tuple((t, a) for t, a in p.treasure_bonus.items() if a),
            souls_adjust=p.souls,
            wounds_adjust=p.wounds,
            souls_at_turn_start=p.souls,
            eliminated=p.eliminated,
            leveled_up=len(p.rooms) >= 5,
            coins=p.coins,
            boss_card_id=p.boss_id,
            copied_boss=p.copied_boss_id,
        )
        for p in table.players
    )
    heroes = tuple(
        Hero(
            id=i,
            card=HeroCard(
                name=h.name or "",
                treasure=tuple(h.treasure),
                health=h.health,
                epic=h.epic,
                star=h.star,
            ),
        )
        for i, h in enumerate(table.town)
    )
    # Items on town Heroes, numbered in town order (R-ITEM); the Item deck is not known.
    carriers = [i for i, h in enumerate(table.town) if h.item is not None]
    items = ItemTable(
        revealed=tuple(
            Item(
                id=n,
                card=ItemCard(name=item.name or "", treasure=tuple(item.treasure)),
            )
            for n, h in enumerate(table.town[i] for i in carriers)
            if (item := h.item) is not None
        ),
        carried=tuple((hero, n) for n, hero in enumerate(carriers)),
        revealed_turn=1,
    )
    return GameState(
        setup=setup,
        players=players,
        heroes=heroes,
        town=tuple(h.id for h in heroes),
        turn=1,
        phase="bait",
        # The table does not say how many Heroes are left, only whether any are.
        ordinary_left=0 if table.hero_deck_empty else 1,
        epic_left=0,
        deck_emptied_turn=1 if table.hero_deck_empty else None,
        items=items,
    )


def table_from_state(state: GameState) -> Table:
    """The table in the same format (for export): visible Rooms and the town line."""
    return Table(
        players=[
            TablePlayer(
                name=p.name,
                xp=p.xp,
                boss_treasure=list(p.boss_treasure),
                rooms=[
                    TableRoom(
                        name=s.top.name or None,
                        id=s.top.card_id if effects_of(s.top.card_id) else None,
                        treasure=list(s.top.treasure),
                        damage=s.top.damage,
                        kind=s.top.kind,
                        advanced=s.top.advanced,
                        deactivated=s.deactivated,
                        counters=s.counters,
                        coins=s.coins,
                    )
                    for s in p.dungeon
                ],
                treasure_bonus=dict(p.treasure_bonus),
                souls=max(0, state.souls(p.name)),
                wounds=max(0, state.wounds(p.name)),
                eliminated=p.eliminated,
                coins=p.coins,
                boss_id=p.boss_card_id if effects_of(p.boss_card_id) else None,
                copied_boss_id=p.copied_boss if effects_of(p.copied_boss) else None,
            )
            for p in state.players
        ],
        town=[
            TableHero(
                name=state.hero(h).card.name or None,
                treasure=list(state.hero(h).card.treasure),
                health=state.hero(h).card.health,
                epic=state.hero(h).card.epic,
                star=state.hero(h).card.star,
                item=_table_item(state, h),
            )
            for h in state.town
        ],
        variant=state.setup.ruleset.variant,
        hero_deck_empty=state.deck_empty,
        card_sets=list(state.setup.card_sets),
    )


def _table_item(state: GameState, hero: int) -> TableItem | None:
    item_id = state.items.carried_by(hero)
    if item_id is None:
        return None
    card = state.items.item(item_id).card
    return TableItem(name=card.name or None, treasure=list(card.treasure))
