"""The new-game form as plain data: what has been typed and picked, and its checks.

No Flet here. The screen edits a `NewGameForm`; `to_setup()` turns it into the engine's
`GameSetup` or raises `FormErrors`, each error naming the field (for the screen to show it
next to that field) and an i18n key with arguments (so it reads in the player's language).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import ValidationError

from companion.catalogue import TREASURES, BossCard, Treasure
from companion.ui.typed_numbers import WHOLE, read_typed
from rules.models import GameSetup, PlayerSetup, Ruleset
from rules.printable import is_control

MIN_PLAYERS = 2
MAX_PLAYERS = 6
Printing = Literal["next_level", "original"]
Tiebreak = Literal["lowest", "highest"]
ALL_SETS: tuple[str, ...] = (
    "base",
    "next_level",
    "crash_landing",
    "minibosses",
    "tools_of_hero_kind",
    "promos",
)


def treasure_order(treasure: Treasure) -> int:
    """Sort key keeping treasure lists in the catalogue's order."""
    return TREASURES.index(treasure)


@dataclass(frozen=True)
class FormError:
    """One problem: which field (`player-2-xp`, `players`), an i18n key and its args."""

    where: str
    key: str
    args: dict[str, str | int] = field(default_factory=dict)


class FormErrors(ValueError):
    def __init__(self, errors: list[FormError]) -> None:
        super().__init__("; ".join(f"{e.where}: {e.key}" for e in errors))
        self.errors = errors

    def for_field(self, name: str) -> FormError | None:
        return next((e for e in self.errors if e.where == name), None)


@dataclass
class PlayerDraft:
    name: str = ""
    #: The Boss's name as typed or picked from the catalogue.
    boss: str = ""
    boss_card_id: str | None = None
    #: XP as typed (validated in `to_setup`).
    xp: str = ""
    treasure: Treasure | None = None

    def pick_boss(self, card: BossCard) -> None:
        """Fill name, XP and treasure from a catalogue Boss."""
        self.boss = card.name
        self.boss_card_id = card.id
        self.xp = str(card.xp)
        self.treasure = card.treasure[0]

    def type_boss(self, name: str) -> None:
        """A typed name no longer matches the picked card: forget the card id."""
        self.boss = name
        self.boss_card_id = None


@dataclass
class NewGameForm:
    players: list[PlayerDraft] = field(default_factory=lambda: [PlayerDraft(), PlayerDraft()])
    printing: Printing = "next_level"
    classic_mode: bool = False
    hard_mode: bool = False
    machinations: bool = False
    unlimited_lives: bool = False
    i_choose_you: bool = False
    xp_tiebreak: Tiebreak = "lowest"
    items: bool = False
    minibosses: bool = False
    #: R-MINI mixed with other sets: a Room card may be discarded for a Coin (Minibosses only).
    coin_for_room: bool = False
    #: The sets the players own: the catalogue search only offers these cards.
    owned_sets: set[str] = field(default_factory=lambda: {"base", "next_level"})

    def can_add_player(self) -> bool:
        return len(self.players) < MAX_PLAYERS

    def can_remove_player(self) -> bool:
        return len(self.players) > MIN_PLAYERS

    def add_player(self) -> None:
        if self.can_add_player():
            self.players.append(PlayerDraft())

    def remove_player(self, index: int) -> None:
        if self.can_remove_player():
            del self.players[index]

    def toggle_set(self, set_id: str, owned: bool) -> None:
        if set_id not in ALL_SETS:
            raise ValueError(f"unknown set {set_id!r}")
        if owned:
            self.owned_sets.add(set_id)
        else:
            self.owned_sets.discard(set_id)

    def card_sets(self) -> tuple[str, ...]:
        """The sets the game's card pickers offer: the ticked ones, plus the set an
        expansion switched on comes in (its Items or Minibosses are on the table)."""
        sets = set(self.owned_sets)
        if self.items:
            sets.add("tools_of_hero_kind")
        if self.minibosses:
            sets.add("minibosses")
        return tuple(s for s in ALL_SETS if s in sets)

    def ruleset(self) -> Ruleset:
        return Ruleset(
            printing=self.printing,
            variant="unlimited_lives" if self.unlimited_lives else "standard",
            hard_mode=self.hard_mode,
            classic_mode=self.classic_mode,
            machinations=self.machinations,
            i_choose_you=self.i_choose_you,
            xp_tiebreak=self.xp_tiebreak,
            items=self.items,
            minibosses=self.minibosses,
            coin_for_room=self.minibosses and self.coin_for_room,
        )

    def errors(self) -> list[FormError]:
        """Everything that keeps this form from starting a game (empty = fine)."""
        problems: list[FormError] = []
        seen: dict[str, int] = {}
        for number, player in enumerate(self.players, start=1):
            name = player.name.strip()
            if not name:
                problems.append(FormError(f"player-{number}-name", "error.name_missing"))
            elif len(name) > 40:
                problems.append(FormError(f"player-{number}-name", "error.name_long"))
            elif any(is_control(char) for char in name):
                # A pasted escape or line break would print raw on a terminal and could
                # reorder a name on screen (a right-to-left override).
                problems.append(FormError(f"player-{number}-name", "error.name_control"))
            elif name.casefold() in seen:
                problems.append(
                    FormError(
                        f"player-{number}-name",
                        "error.name_twice",
                        {"name": name, "other": seen[name.casefold()]},
                    )
                )
            else:
                seen[name.casefold()] = number
            xp = player.xp.strip()
            if not xp:
                problems.append(FormError(f"player-{number}-xp", "error.xp_missing"))
            elif read_typed(WHOLE, xp) is None:
                problems.append(FormError(f"player-{number}-xp", "error.xp_number", {"xp": xp}))
            if player.treasure not in TREASURES:
                problems.append(FormError(f"player-{number}-treasure", "error.treasure_missing"))
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            problems.append(FormError("players", "error.player_count"))
        if not self.card_sets():  # a game with no set would offer every card in searches
            problems.append(FormError("sets", "error.no_sets"))
        return problems

    def to_setup(self) -> GameSetup:
        """The engine's set-up for this form, or FormErrors saying what to fix."""
        problems = self.errors()
        if problems:
            raise FormErrors(problems)
        try:
            return GameSetup(
                players=tuple(
                    PlayerSetup(
                        name=p.name.strip(),
                        boss=p.boss.strip(),
                        xp=WHOLE.validate_python(p.xp.strip()),  # read above
                        boss_treasure=(p.treasure,) if p.treasure else (),
                        boss_card_id=p.boss_card_id,
                    )
                    for p in self.players
                ),
                ruleset=self.ruleset(),
                card_sets=self.card_sets(),
            )
        except ValidationError as exc:
            # The form's own checks should catch everything; if the engine still refuses,
            # show its words rather than nothing.
            first = exc.errors()[0]
            raise FormErrors(
                [FormError("players", "error.engine_refused", {"reason": str(first["msg"])})]
            ) from exc
