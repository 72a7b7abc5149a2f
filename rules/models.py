"""The table as frozen values: set-up, players, dungeons, Heroes, and the game state.

Every model is immutable (pydantic ``frozen=True`` with tuples), so a state can be shared,
compared and replayed without anyone changing it behind the engine's back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, Literal

from pydantic import Field, model_validator

from rules.frozen import Frozen as Frozen
from rules.frozen import NonNegative as NonNegative
from rules.item_models import Item as Item
from rules.item_models import ItemCard as ItemCard
from rules.item_models import ItemChoice as ItemChoice
from rules.item_models import ItemClass as ItemClass
from rules.item_models import ItemTable as ItemTable
from rules.item_models import OwnedItem as OwnedItem
from rules.names import CardName as CardName
from rules.names import PlayerName as PlayerName
from rules.offer_kinds import OfferKind
from rules.outcome import Outcome

Treasure = Literal["cleric", "fighter", "mage", "thief", "explorer"]
TREASURES: tuple[Treasure, ...] = ("cleric", "fighter", "mage", "thief", "explorer")

Phase = Literal["setup", "beginning", "build", "bait", "adventure", "end", "over"]

Name = Annotated[str, Field(min_length=1, max_length=40)]


class Room(Frozen):
    """A Room card as it lies in a dungeon (its printed facts, no card text)."""

    name: str = Field(default="", max_length=60)
    treasure: tuple[Treasure, ...] = Field(default=(), max_length=4)
    damage: NonNegative = 0
    kind: Literal["monster", "trap"] = "monster"
    advanced: bool = False
    card_id: str | None = None

    def label(self) -> str:
        return self.name or f"{self.kind} Room"


class MinibossCard(Frozen):
    """A Miniboss card's printed facts (Rise of the Minibosses): its name and levels."""

    name: str = Field(default="", max_length=60)
    levels: Annotated[int, Field(ge=1, le=3)] = 3
    card_id: str | None = None

    def label(self) -> str:
        return self.name or "Miniboss"


class Miniboss(Frozen):
    """A Miniboss on the top Room of a place (R-MINI): face down until the Rooms are
    revealed, then at ``level`` 1–3. It belongs to that Room: covering or destroying the
    Room loses it."""

    card: MinibossCard
    level: Annotated[int, Field(ge=1, le=3)] = 1
    face_down: bool = True


class RoomStack(Frozen):
    """One place in a dungeon: Rooms built over each other, the top one visible.

    ``miniboss`` and ``coins`` belong to the top Room (R-MINI): both are lost when it is
    covered or destroyed.
    """

    rooms: tuple[Room, ...] = Field(min_length=1)
    deactivated: bool = False
    boost: int = 0  # more (or less) damage until end of turn, from a Spell (R-CARD-EFFECT)
    miniboss: Miniboss | None = None
    coins: NonNegative = 0
    counters: NonNegative = 0  # +1 counters on the top Room: +1 damage each (R-CARD-EFFECT)
    extra_treasure: tuple[Treasure, ...] = Field(default=(), max_length=8)  # until end of turn
    no_treasure: bool = False  # until end of turn it shows none (Decapitator)
    ability_off: bool = False  # until end of turn its ability text is ignored (Sabotage!)
    ability_off_while: int | None = None  # ...while this Hero walks the dungeon (Cheat Code)

    @property
    def top(self) -> Room:
        return self.rooms[-1]

    @property
    def ability_ignored(self) -> bool:
        """Whether the top Room's ability text is ignored now (``rules.ability_off``)."""
        return self.ability_off or self.ability_off_while is not None


class HeroCard(Frozen):
    """A Hero card's printed facts, as revealed in town."""

    name: str = Field(default="", max_length=60)
    treasure: tuple[Treasure, ...] = Field(min_length=1, max_length=2)
    health: Annotated[int, Field(ge=1)]
    epic: bool = False
    card_id: str | None = None
    star: bool = False  # a starred Hero never takes an Item (R-ITEM)

    @property
    def worth(self) -> int:
        """Souls (or Wounds) this Hero is worth: Epic Heroes count twice (R-ADV-DEATH)."""
        return 2 if self.epic else 1

    def label(self) -> str:
        kind = "Epic " if self.epic else ""
        return self.name or f"{kind}{'/'.join(self.treasure)} Hero"


class Hero(Frozen):
    """A revealed Hero; ``id`` is its reveal order in this game (0 = first revealed)."""

    id: NonNegative
    card: HeroCard

    def label(self) -> str:
        return f"{self.card.label()} #{self.id + 1}"


class ScoredHero(Frozen):
    """A Hero in a scorekeeping area: face down is Souls, face up is Wounds."""

    hero: NonNegative
    face_up: bool


class PendingBuild(Frozen):
    """A Room placed face down this Build phase, revealed with everyone else's."""

    room: Room
    over: NonNegative | None = None  # index of the Room stack it covers; None: entrance end
    by: str | None = None  # a gift: the player who placed it here (Surprise Gift); None: own


class PlayerSetup(Frozen):
    name: PlayerName
    boss: str = Field(default="", max_length=60)
    xp: NonNegative
    boss_treasure: tuple[Treasure, ...] = Field(default=(), max_length=3)
    boss_card_id: str | None = None


class Ruleset(Frozen):
    """Printing, variants and expansions, fixed when the game starts."""

    printing: Literal["next_level", "original"] = "next_level"
    variant: Literal["standard", "unlimited_lives"] = "standard"
    hard_mode: bool = False
    classic_mode: bool = False
    machinations: bool = False
    i_choose_you: bool = False
    # R-END-XP: lowest XP wins a tie; the 10th-anniversary printing gives it to the highest.
    xp_tiebreak: Literal["lowest", "highest"] = "lowest"
    items: bool = False
    minibosses: bool = False
    # R-MINI, mixed with other sets: once per turn in the Build phase a Room card may be
    # discarded for a Coin.
    coin_for_room: bool = False


class GameSetup(Frozen):
    players: tuple[PlayerSetup, ...] = Field(min_length=2, max_length=6)
    ruleset: Ruleset = Ruleset()
    ordinary_heroes: NonNegative | None = None  # None: the count R-SETUP-HEROES gives
    epic_heroes: NonNegative | None = None
    item_deck: NonNegative | None = None  # None: the 20 Items of Tools of Hero-Kind
    #: The card sets on the table (data/cards/ file names), so card pickers offer only
    #: those. Empty: every set (a game saved before the sets were kept).
    card_sets: tuple[Annotated[str, Field(pattern=r"^[a-z_]{1,40}$")], ...] = Field(
        default=(), max_length=20
    )

    @model_validator(mode="after")
    def _unique_names(self) -> GameSetup:
        seen: set[str] = set()
        for player in self.players:
            key = player.name.casefold()
            if key in seen:
                raise ValueError(f"two players are called {player.name!r}; names must differ")
            seen.add(key)
        return self


class PlayerState(Frozen):
    name: str
    boss: str = ""
    xp: NonNegative
    boss_treasure: tuple[Treasure, ...] = ()
    dungeon: tuple[RoomStack, ...] = ()  # entrance first, the stack next to the Boss last
    pending: PendingBuild | None = None
    gifts: tuple[PendingBuild, ...] = ()  # Rooms others placed face down here this phase
    built_this_phase: bool = False
    treasure_bonus: tuple[tuple[Treasure, int], ...] = ()
    scored: tuple[ScoredHero, ...] = ()
    souls_adjust: int = 0  # manual corrections and table-entered scores (R-SCORE-CORRECT)
    wounds_adjust: int = 0
    eliminated: bool = False
    eliminated_turn: int | None = None
    leveled_up: bool = False
    souls_at_turn_start: int = 0
    coins: NonNegative = 0  # the hoard (R-MINI)
    items: tuple[OwnedItem, ...] = ()  # Items won, in the order won (R-ITEM)
    promoted_turn: NonNegative = 0  # the last turn a Miniboss was promoted
    coin_for_room_turn: NonNegative = 0  # the last turn a Room card was discarded for a Coin
    boss_card_id: str | None = None  # its lasting Level Up applies (R-CARD-EFFECT)
    copied_boss: str | None = None  # the Boss card whose Level Up it has (Klonos)

    @property
    def boss_ability_card(self) -> str | None:
        """The Boss card whose Level Up abilities this Boss has: the one it copied (Klonos,
        whose own Level Up is the copying), else its own."""
        return self.copied_boss or self.boss_card_id

    @property
    def has_built(self) -> bool:
        """Whether this player made this phase's one build, a Room or a Miniboss, face down
        or already revealed (R-BUILD-ONE)."""
        return self.built_this_phase or self.pending is not None

    @property
    def healable(self) -> tuple[ScoredHero, ...]:
        """The Heroes scored face up: the Wounds a heal may flip to Souls (R-HEAL).
        Wounds entered by hand (``wounds_adjust``) have no card to flip."""
        return tuple(s for s in self.scored if s.face_up)

    def face_up_item(self) -> int | None:
        return next((o.item for o in self.items if o.face_up), None)

    def bonus(self, treasure: Treasure) -> int:
        return sum(amount for kind, amount in self.treasure_bonus if kind == treasure)

    def face_down_at(self, index: int) -> bool:
        """Whether a Room placed face down this phase covers place ``index``: nothing is
        built over it, destroyed or deactivated there until the reveal (R-BUILD-WHERE)."""
        return any(b.over == index for b in (self.pending, *self.gifts) if b is not None)

    def face_down_moved(self, place: Callable[[int], int]) -> dict[str, object]:
        """The Rooms placed face down here (own and gifts), each following the place it
        covers to ``place(index)`` as the Rooms slide or are rearranged."""

        def moved(build: PendingBuild) -> PendingBuild:
            if build.over is None:
                return build
            return build.model_copy(update={"over": place(build.over)})

        pending = None if self.pending is None else moved(self.pending)
        return {"pending": pending, "gifts": tuple(moved(g) for g in self.gifts)}

    def active_rooms(self) -> Iterator[tuple[int, RoomStack]]:
        return ((i, s) for i, s in enumerate(self.dungeon) if not s.deactivated)

    @property
    def miniboss_count(self) -> int:
        """The Minibosses in this player's dungeon, face up or down (R-MINI)."""
        return sum(1 for s in self.dungeon if s.miniboss is not None)


class CardOffer(Frozen):
    """A card ability that fired and waits for its owner's yes or no (R-CARD-EFFECT)."""

    player: str
    card_id: str
    card: str  # the card's label, for the question
    offer: OfferKind
    owner: str = ""  # whose card it is, when another player answers (Robobo's opponents)
    mandatory: bool = False  # not optional on the card: answered with a target, never a No

    @property
    def takes_town_hero(self) -> bool:
        """Whether it picks a Hero in town (so it is answered before the Bait phase lures)."""
        return self.offer in (
            "ordinary_hero_to_entrance",
            "town_hero_to_entrance",
            "kill_town_hero",
        )


class Walk(Frozen):
    """The Hero walking a dungeon right now. ``room`` None: still at the entrance."""

    player: str
    hero: NonNegative
    room: NonNegative | None = None
    damage: int = 0
    skip_next: NonNegative = 0  # how many Rooms it skips next (Shortcut!: two)
    extra_health: NonNegative = 0  # Health a card gave it this turn (Assassin), R-CARD-EFFECT


class GameState(Frozen):
    setup: GameSetup
    version: NonNegative = 0
    turn: NonNegative = 0
    phase: Phase = "setup"
    players: tuple[PlayerState, ...]
    heroes: tuple[Hero, ...] = ()
    town: tuple[int, ...] = ()
    entrances: tuple[tuple[str, tuple[int, ...]], ...] = ()
    walk: Walk | None = None
    walked: tuple[str, ...] = ()  # players whose Adventure phase is over this turn
    # Damage kept this turn by Heroes sent back to an entrance (R-ADV-RESET): hero -> damage.
    carried: tuple[tuple[int, int], ...] = ()
    ordinary_left: NonNegative = 0
    epic_left: NonNegative = 0
    deck_emptied_turn: int | None = None
    outcome: Outcome | None = None  # how the game ended, once it has (R-END-…)
    items: ItemTable = ItemTable()
    # Card abilities fired this turn (once per turn, first entry), cleared as a turn starts.
    card_uses: tuple[str, ...] = ()
    survived: tuple[tuple[str, int], ...] = ()  # (dungeon, Hero) survived this turn
    offers: tuple[CardOffer, ...] = ()  # abilities waiting for a yes or no
    lured: tuple[tuple[str, int], ...] = ()  # (player, Heroes this turn's Bait lured there)

    # --- look-ups -----------------------------------------------------------------------

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def with_player(self, name: str, **changes: object) -> GameState:
        """This state with ``changes`` made to the player called ``name``."""
        players = tuple(p.model_copy(update=changes) if p.name == name else p for p in self.players)
        return self.model_copy(update={"players": players})

    def placed_face_down(self) -> frozenset[str]:
        """The players with a card of theirs face down this phase: a Room (in their own
        dungeon or, a gift, in another's) or a Miniboss; only they may see what it is."""
        own = {
            p.name
            for p in self.players
            if p.pending is not None
            or any(s.miniboss is not None and s.miniboss.face_down for s in p.dungeon)
        }
        return frozenset(own | {g.by for p in self.players for g in p.gifts if g.by is not None})

    def has_player(self, name: str) -> bool:
        return any(p.name == name for p in self.players)

    def hero(self, hero_id: int) -> Hero:
        return self.heroes[hero_id]

    def entrance(self, name: str) -> tuple[int, ...]:
        for owner, queue in self.entrances:
            if owner == name:
                return queue
        return ()

    def xp_order(self) -> tuple[PlayerState, ...]:
        """Players highest XP first; equal XP keeps seating order (input order)."""
        return tuple(sorted(self.players, key=lambda p: -p.xp))

    def in_game(self) -> tuple[PlayerState, ...]:
        return tuple(p for p in self.players if not p.eliminated)

    def opponents(self, name: str) -> tuple[str, ...]:
        """The names of ``name``'s opponents still in the game."""
        return tuple(p.name for p in self.in_game() if p.name != name)

    @property
    def five_six(self) -> bool:
        """5–6 player rules (Crash Landing) apply, decided by the number at the table."""
        return len(self.players) >= 5

    @property
    def game_over(self) -> bool:
        return self.phase == "over"

    @property
    def winner(self) -> str | None:
        """The one winner of a game that is over (None: not over, or a shared victory)."""
        return None if self.outcome is None else self.outcome.winner

    def health_of(self, walk: Walk) -> int:
        """A walking Hero's Health: its card's, and what cards gave it this turn
        (R-CARD-EFFECT). The one place it is summed: rulings, death and screens ask it."""
        return self.hero(walk.hero).card.health + walk.extra_health

    @property
    def walk_lethal(self) -> bool:
        """The walking Hero has damage at least its Health: leaving its Room, it dies
        there (R-ADV-DEATH)."""
        walk = self.walk
        return walk is not None and walk.damage >= self.health_of(walk)

    def hero_stands_in(self, player: str, index: int) -> bool:
        """Whether the walking Hero stands in ``player``'s Room at ``index``."""
        walk = self.walk
        return walk is not None and walk.player == player and walk.room == index

    @property
    def deck_empty(self) -> bool:
        return self.ordinary_left == 0 and self.epic_left == 0

    def soul_heroes(self, name: str) -> tuple[int, ...]:
        """The Heroes ``name`` scored face down: their Souls (a Wound is face up)."""
        return tuple(s.hero for s in self.player(name).scored if not s.face_up)

    def souls(self, name: str) -> int:
        p = self.player(name)
        return p.souls_adjust + sum(self.heroes[h].card.worth for h in self.soul_heroes(name))

    def wounds(self, name: str) -> int:
        p = self.player(name)
        return p.wounds_adjust + sum(self.heroes[s.hero].card.worth for s in p.scored if s.face_up)

    def can_heal(self, name: str) -> bool:
        """May this player heal a Wound now, phase aside (R-HEAL; not once out, R-END-ELIM)?"""
        p = self.player(name)
        return not p.eliminated and bool(p.healable)

    def hero_place(self, hero_id: int) -> str:
        """Where a Hero is: 'town', 'entrance:<player>', 'walk', 'scored:<player>'."""
        if hero_id in self.town:
            return "town"
        for owner, queue in self.entrances:
            if hero_id in queue:
                return f"entrance:{owner}"
        if self.walk is not None and self.walk.hero == hero_id:
            return "walk"
        for p in self.players:
            if any(s.hero == hero_id for s in p.scored):
                return f"scored:{p.name}"
        raise KeyError(hero_id)
