"""What happened, in the past tense. Each event carries the ruling that explains it.

``evolve`` folds events into a new state; the log a player reads is the events' rulings.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.ability_off import DungeonAbilitiesBack, DungeonAbilitiesOff, RoomAbilityOff
from rules.boss_copy import BossCopied
from rules.event_base import EventBase as EventBase
from rules.models import Hero, Item, MinibossCard, NonNegative, PendingBuild, Phase, Treasure
from rules.offer_kinds import OfferKind
from rules.room_events import RoomsRearranged, RoomUncovered


class Noted(EventBase):
    """A ruling that changes nothing on the table (a Hero stays in town, no winner yet…)."""

    type: Literal["noted"] = "noted"


class RoomPlaced(EventBase):
    type: Literal["room_placed"] = "room_placed"
    player: str
    build: PendingBuild


class RoomRevealed(EventBase):
    type: Literal["room_revealed"] = "room_revealed"
    player: str
    build: PendingBuild


class BossLeveledUp(EventBase):
    type: Literal["boss_leveled_up"] = "boss_leveled_up"
    player: str


class PhaseChanged(EventBase):
    type: Literal["phase_changed"] = "phase_changed"
    phase: Phase


class TurnStarted(EventBase):
    type: Literal["turn_started"] = "turn_started"
    turn: NonNegative


class HeroRevealed(EventBase):
    type: Literal["hero_revealed"] = "hero_revealed"
    hero: Hero


class HeroLured(EventBase):
    type: Literal["hero_lured"] = "hero_lured"
    hero: NonNegative
    player: str


class HeroStayed(EventBase):
    type: Literal["hero_stayed"] = "hero_stayed"
    hero: NonNegative


class WalkStarted(EventBase):
    type: Literal["walk_started"] = "walk_started"
    player: str
    hero: NonNegative
    damage: int = 0  # damage it already took this turn (sent back to the entrance)


class HeroEnteredRoom(EventBase):
    type: Literal["hero_entered_room"] = "hero_entered_room"
    room: NonNegative
    damage: int
    use: str = ""  # a card ability that moved it here fired (R-CARD-EFFECT)


class CardEffectFired(EventBase):
    """A card's triggered ability fires (R-CARD-EFFECT). ``use`` marks it as used this
    turn; ``offer`` names what the owner may now do through a command (a heal is
    ``HealWound``); without an offer it is a reminder the players carry out."""

    type: Literal["card_effect_fired"] = "card_effect_fired"
    player: str
    card_id: str
    use: str = ""
    offer: OfferKind | None = None
    card: str = ""  # its label, for the question the offer asks
    owner: str = ""  # whose card it is, when ``player`` (who answers) is another player
    mandatory: bool = False  # the card says it must be done: the offer can't be declined


class CardEffectAnswered(EventBase):
    """The owner took (``accepted``) or declined an offered ability; the offer is gone."""

    type: Literal["card_effect_answered"] = "card_effect_answered"
    player: str
    card_id: str
    accepted: bool


class RoomBoosted(EventBase):
    """A Room deals ``amount`` more damage until end of turn (a Spell, R-CARD-EFFECT)."""

    type: Literal["room_boosted"] = "room_boosted"
    player: str
    index: NonNegative
    amount: int


class HeroSkippedRoom(EventBase):
    type: Literal["hero_skipped_room"] = "hero_skipped_room"
    room: NonNegative


class SkipArmed(EventBase):
    type: Literal["skip_armed"] = "skip_armed"
    rooms: int = Field(default=1, ge=1, le=2)  # how many Rooms in a row it skips


class HeroDamageChanged(EventBase):
    """Extra damage (positive) or healing (negative) while the Hero stands in a Room."""

    type: Literal["hero_damage_changed"] = "hero_damage_changed"
    amount: int


class HeroKilled(EventBase):
    type: Literal["hero_killed"] = "hero_killed"
    player: str
    hero: NonNegative
    room: NonNegative | None
    damage: int


class HeroSurvived(EventBase):
    type: Literal["hero_survived"] = "hero_survived"
    player: str
    hero: NonNegative
    damage: int


class HeroSentBack(EventBase):
    type: Literal["hero_sent_back"] = "hero_sent_back"
    hero: NonNegative
    to: Literal["town", "entrance"]
    player: str
    damage: int


class AdventureDone(EventBase):
    """A player's Adventure phase is over (every Hero at the entrance processed)."""

    type: Literal["adventure_done"] = "adventure_done"
    player: str


class RoomDestroyed(EventBase):
    type: Literal["room_destroyed"] = "room_destroyed"
    player: str
    index: NonNegative


class RoomDeactivated(EventBase):
    type: Literal["room_deactivated"] = "room_deactivated"
    player: str
    index: NonNegative


class RoomReactivated(EventBase):
    type: Literal["room_reactivated"] = "room_reactivated"
    player: str
    index: NonNegative


class TreasureBonusSet(EventBase):
    type: Literal["treasure_bonus_set"] = "treasure_bonus_set"
    player: str
    treasure: Treasure
    amount: int


class WoundHealed(EventBase):
    type: Literal["wound_healed"] = "wound_healed"
    player: str
    hero: NonNegative


class ScoreCorrected(EventBase):
    type: Literal["score_corrected"] = "score_corrected"
    player: str
    souls: int
    wounds: int


class PlayerEliminated(EventBase):
    type: Literal["player_eliminated"] = "player_eliminated"
    player: str


class GameEnded(EventBase):
    """The game is over: ``winners`` is one name, or every player sharing the victory."""

    type: Literal["game_ended"] = "game_ended"
    winners: tuple[str, ...] = Field(min_length=1, max_length=6)

    @property
    def winner(self) -> str | None:
        """The one winner, or None when the victory is shared."""
        return self.winners[0] if len(self.winners) == 1 else None


# --- Tools of Hero-Kind (R-ITEM) ----------------------------------------------------------


class ItemRevealed(EventBase):
    """An Item goes to town, waiting for a Hero to take it."""

    type: Literal["item_revealed"] = "item_revealed"
    item: Item


class ItemTaken(EventBase):
    type: Literal["item_taken"] = "item_taken"
    item: NonNegative
    hero: NonNegative


class ItemScored(EventBase):
    """A Hero's Item goes to the player whose dungeon killed it (face up) or that it
    reached (face down). ``turned_down`` is a face-up Item that turns down to make room;
    ``choice`` the Items the player may still pick to keep face up."""

    type: Literal["item_scored"] = "item_scored"
    player: str
    item: NonNegative
    hero: NonNegative
    face_up: bool
    turned_down: NonNegative | None = None
    choice: tuple[NonNegative, ...] = ()


class FaceUpItemChosen(EventBase):
    type: Literal["face_up_item_chosen"] = "face_up_item_chosen"
    player: str
    item: NonNegative | None  # None: only ``turned_down`` turns (a card flips it down)
    turned_down: NonNegative | None = None


class ItemUsed(EventBase):
    type: Literal["item_used"] = "item_used"
    player: str
    item: NonNegative


# --- Rise of the Minibosses (R-MINI) ------------------------------------------------------


class CoinsChanged(EventBase):
    """Coins gained (positive) or paid (negative) from a player's hoard."""

    type: Literal["coins_changed"] = "coins_changed"
    player: str
    amount: int


class CoinsMoved(EventBase):
    """Coins moved from the hoard onto Room ``index`` (positive) or back (negative)."""

    type: Literal["coins_moved"] = "coins_moved"
    player: str
    index: NonNegative
    amount: int


class CoinsLost(EventBase):
    """The Coins on Room ``index`` are lost: the Room is covered or destroyed."""

    type: Literal["coins_lost"] = "coins_lost"
    player: str
    index: NonNegative


class MinibossPlaced(EventBase):
    type: Literal["miniboss_placed"] = "miniboss_placed"
    player: str
    index: NonNegative
    miniboss: MinibossCard
    extra: bool = False  # besides the phase's one build (Internship)
    level: NonNegative = 0  # 1-3: face up at that level, nothing paid (bought: Traitor)


class MinibossRevealed(EventBase):
    """The Rooms are revealed and the player pays 1 Coin: the Miniboss shows Level 1."""

    type: Literal["miniboss_revealed"] = "miniboss_revealed"
    player: str
    index: NonNegative


class MinibossDiscarded(EventBase):
    """The Miniboss on Room ``index`` is gone: unpaid, declined, covered or destroyed."""

    type: Literal["miniboss_discarded"] = "miniboss_discarded"
    player: str
    index: NonNegative


class MinibossLevelSet(EventBase):
    """Promoted (``paid`` 1 Coin) or sent back to Level 1 after using Level 3."""

    type: Literal["miniboss_level_set"] = "miniboss_level_set"
    player: str
    index: NonNegative
    level: int
    paid: NonNegative = 0
    promoted: bool = False


class RoomDiscardedForCoin(EventBase):
    type: Literal["room_discarded_for_coin"] = "room_discarded_for_coin"
    player: str


# --- counters on Rooms (R-CARD-EFFECT) -----------------------------------------------------


class RoomCountersChanged(EventBase):
    """+1 counters put on (``amount`` > 0) or taken off the top Room at ``index``."""

    type: Literal["room_counters_changed"] = "room_counters_changed"
    player: str
    index: NonNegative
    amount: int


class RoomTreasureChanged(EventBase):
    """Until end of turn the top Room at ``index`` shows ``treasure`` more icons, or (with
    ``removed``) none at all."""

    type: Literal["room_treasure_changed"] = "room_treasure_changed"
    player: str
    index: NonNegative
    treasure: tuple[Treasure, ...] = Field(default=(), max_length=8)
    removed: bool = False


class EntranceHeroDamaged(EventBase):
    """A Hero waiting at ``player``'s entrance takes ``amount`` damage, kept for its walk
    (R-ADV-RESET's carried damage)."""

    type: Literal["entrance_hero_damaged"] = "entrance_hero_damaged"
    player: str
    hero: NonNegative
    amount: int = Field(ge=1)


class HeroHealthGained(EventBase):
    """The walking Hero has ``amount`` more Health until end of turn (R-CARD-EFFECT)."""

    type: Literal["hero_health_gained"] = "hero_health_gained"
    amount: int = Field(ge=1)


class ScoredHeroTaken(EventBase):
    """A Hero ``scorer`` scored moves face down to ``player``'s scorekeeping area."""

    type: Literal["scored_hero_taken"] = "scored_hero_taken"
    player: str
    scorer: str
    hero: NonNegative


class HeroRemoved(EventBase):
    """A Hero leaves the game: no Soul, no Wound (Pity), R-CARD-EFFECT."""

    type: Literal["hero_removed"] = "hero_removed"
    hero: NonNegative


Event = Annotated[
    Noted
    | RoomPlaced
    | RoomRevealed
    | BossLeveledUp
    | PhaseChanged
    | TurnStarted
    | HeroRevealed
    | HeroLured
    | HeroStayed
    | WalkStarted
    | HeroEnteredRoom
    | CardEffectFired
    | CardEffectAnswered
    | RoomBoosted
    | HeroSkippedRoom
    | SkipArmed
    | HeroDamageChanged
    | HeroKilled
    | HeroSurvived
    | HeroSentBack
    | AdventureDone
    | RoomDestroyed
    | RoomDeactivated
    | RoomReactivated
    | TreasureBonusSet
    | WoundHealed
    | ScoreCorrected
    | PlayerEliminated
    | GameEnded
    | ItemRevealed
    | ItemTaken
    | ItemScored
    | FaceUpItemChosen
    | ItemUsed
    | CoinsChanged
    | CoinsMoved
    | CoinsLost
    | MinibossPlaced
    | MinibossRevealed
    | MinibossDiscarded
    | MinibossLevelSet
    | RoomDiscardedForCoin
    | RoomCountersChanged
    | RoomTreasureChanged
    | EntranceHeroDamaged
    | HeroHealthGained
    | ScoredHeroTaken
    | HeroRemoved
    | RoomsRearranged  # Rooms moved within a dungeon (rules.room_events)
    | RoomUncovered
    | RoomAbilityOff  # a Room's ability text ignored until end of turn (rules.ability_off)
    | DungeonAbilitiesOff  # ...while a Hero walks the dungeon (Cheat Code)
    | DungeonAbilitiesBack
    | BossCopied,  # a Boss has another Boss's Level Up ability (rules.boss_copy)
    Field(discriminator="type"),
]

EVENTS: TypeAdapter[Event] = TypeAdapter(Event)
