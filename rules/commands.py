"""What a player can ask the referee to do: one frozen model per command.

Commands are imperative (``BuildRoom``); the engine decides whether they are legal and
answers with events. A game is its set-up plus the list of commands made, so commands
are plain data that serialise to JSON through ``COMMANDS``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.models import (
    Frozen,
    HeroCard,
    ItemCard,
    MinibossCard,
    Name,
    NonNegative,
    Room,
    Treasure,
)

Amount = Annotated[int, Field(ge=1, le=99)]


class BuildRoom(Frozen):
    """Place a Room face down: at the entrance end (``over`` None) or over Room ``over``."""

    type: Literal["build_room"] = "build_room"
    player: Name
    room: Room
    over: NonNegative | None = None


class RevealRooms(Frozen):
    """End the Build phase (or set-up): every face-down Room is revealed together."""

    type: Literal["reveal_rooms"] = "reveal_rooms"
    #: The steps that follow by themselves come in the same command, up to the next
    #: moment the table may act (``rules.follows``, R-FOLLOWS). False: this step alone
    #: (so a game saved before R-FOLLOWS replays as it was played).
    go_on: bool = False


class RevealHeroes(Frozen):
    """Beginning of turn: the Heroes just turned over join the back of the town line."""

    type: Literal["reveal_heroes"] = "reveal_heroes"
    heroes: tuple[HeroCard, ...] = Field(default=(), max_length=6)


class ResolveBait(Frozen):
    type: Literal["resolve_bait"] = "resolve_bait"
    #: The steps that follow by themselves come in the same command, up to the next
    #: moment the table may act (``rules.follows``, R-FOLLOWS). False: this step alone
    #: (so a game saved before R-FOLLOWS replays as it was played).
    go_on: bool = False


class AdvanceHero(Frozen):
    """The walking Hero leaves its Room (dying there if damaged enough) for the next one."""

    type: Literal["advance_hero"] = "advance_hero"
    #: The steps that follow by themselves come in the same command, up to the next
    #: moment the table may act (``rules.follows``, R-FOLLOWS). False: this step alone
    #: (so a game saved before R-FOLLOWS replays as it was played).
    go_on: bool = False


class FinishWalk(Frozen):
    """No more spells for this Hero: walk it to its death or to the Boss."""

    type: Literal["finish_walk"] = "finish_walk"
    #: The steps that follow by themselves come in the same command, up to the next
    #: moment the table may act (``rules.follows``, R-FOLLOWS). False: this step alone
    #: (so a game saved before R-FOLLOWS replays as it was played).
    go_on: bool = False


class FinishAdventure(Frozen):
    """No more spells this Adventure phase: walk every remaining Hero."""

    type: Literal["finish_adventure"] = "finish_adventure"
    #: The steps that follow by themselves come in the same command, up to the next
    #: moment the table may act (``rules.follows``, R-FOLLOWS). False: this step alone
    #: (so a game saved before R-FOLLOWS replays as it was played).
    go_on: bool = False


class DamageHero(Frozen):
    type: Literal["damage_hero"] = "damage_hero"
    amount: Amount


class HealHero(Frozen):
    type: Literal["heal_hero"] = "heal_hero"
    amount: Amount


class KillHero(Frozen):
    type: Literal["kill_hero"] = "kill_hero"


class SendHeroBack(Frozen):
    type: Literal["send_hero_back"] = "send_hero_back"
    to: Literal["town", "entrance"] = "town"


class SkipRoom(Frozen):
    """The walking Hero will pass the next Room without entering it."""

    type: Literal["skip_room"] = "skip_room"


class DestroyRoom(Frozen):
    type: Literal["destroy_room"] = "destroy_room"
    player: Name
    index: NonNegative


class DeactivateRoom(Frozen):
    type: Literal["deactivate_room"] = "deactivate_room"
    player: Name
    index: NonNegative


class SetTreasureBonus(Frozen):
    """A bonus from a spell or ability to one treasure type (may be negative)."""

    type: Literal["set_treasure_bonus"] = "set_treasure_bonus"
    player: Name
    treasure: Treasure
    amount: Annotated[int, Field(ge=-20, le=20)]


class HealWound(Frozen):
    """Flip one face-up Hero face down (R-HEAL); ``hero`` None: the most valuable one."""

    type: Literal["heal_wound"] = "heal_wound"
    player: Name
    hero: NonNegative | None = None


class CorrectScore(Frozen):
    """A manual correction of Souls or Wounds, logged as such."""

    type: Literal["correct_score"] = "correct_score"
    player: Name
    souls: Annotated[int, Field(ge=-20, le=20)] = 0
    wounds: Annotated[int, Field(ge=-20, le=20)] = 0
    reason: str = Field(default="correction", max_length=120)


class EndTurn(Frozen):
    type: Literal["end_turn"] = "end_turn"


# --- Tools of Hero-Kind (R-ITEM) ----------------------------------------------------------


class RevealItems(Frozen):
    """Beginning of turn, before the Heroes: the Items just turned over go to town."""

    type: Literal["reveal_items"] = "reveal_items"
    items: tuple[ItemCard, ...] = Field(default=(), max_length=3)


class UseItem(Frozen):
    """Use a face-up Item's Boss effect once (Build or Adventure phase); it turns face down.
    The effect itself is entered with the table's usual commands."""

    type: Literal["use_item"] = "use_item"
    player: Name
    item: NonNegative


class ChooseFaceUpItem(Frozen):
    """After winning an Item while another lay face up: keep ``item`` face up instead."""

    type: Literal["choose_face_up_item"] = "choose_face_up_item"
    player: Name
    item: NonNegative


# --- Rise of the Minibosses (R-MINI) ------------------------------------------------------


class GainCoins(Frozen):
    type: Literal["gain_coins"] = "gain_coins"
    player: Name
    amount: Amount = 1


class PayCoins(Frozen):
    type: Literal["pay_coins"] = "pay_coins"
    player: Name
    amount: Amount = 1


class PlaceCoinOnRoom(Frozen):
    """Move Coins from the hoard onto Room ``index`` (lost if it is covered or destroyed)."""

    type: Literal["place_coin_on_room"] = "place_coin_on_room"
    player: Name
    index: NonNegative
    amount: Amount = 1


class TakeCoinsFromRoom(Frozen):
    """Move Coins lying on Room ``index`` back to the hoard."""

    type: Literal["take_coins_from_room"] = "take_coins_from_room"
    player: Name
    index: NonNegative
    amount: Amount = 1


class GiveCoins(Frozen):
    """Give ``to`` Coins from the hoard for their Room ``index``, whose card says what they
    buy (Paywall: -1 damage per Coin until end of turn); no ``index``: for their Boss's
    Level Up (Scott: one Coin cancels it until end of turn)."""

    type: Literal["give_coins"] = "give_coins"
    player: Name
    to: Name
    index: NonNegative | None = None
    amount: Amount = 1


class BuildMiniboss(Frozen):
    """Place a Miniboss face down on Room ``over`` instead of building a Room this phase."""

    type: Literal["build_miniboss"] = "build_miniboss"
    player: Name
    over: NonNegative
    miniboss: MinibossCard = MinibossCard()


class DeclineMiniboss(Frozen):
    """Don't pay for the face-down Miniboss: it is discarded (otherwise the reveal pays)."""

    type: Literal["decline_miniboss"] = "decline_miniboss"
    player: Name


class PromoteMiniboss(Frozen):
    """Pay 1 Coin to raise the Miniboss on Room ``index`` one level (once per turn)."""

    type: Literal["promote_miniboss"] = "promote_miniboss"
    player: Name
    index: NonNegative


class UseMinibossLevel3(Frozen):
    """The Miniboss on Room ``index`` uses its Level 3 ability and drops back to Level 1;
    what it aims at (``rules.miniboss_level3``): ``target`` a player's dungeon, with
    ``room`` one of its Rooms, or ``hero`` a Hero; ``amount`` the +1 or -1 picked."""

    type: Literal["use_miniboss_level3"] = "use_miniboss_level3"
    player: Name
    index: NonNegative
    target: Name | None = None
    room: NonNegative | None = None
    hero: NonNegative | None = None
    amount: Literal[-1, 1] | None = None


class UseMinibossLevel2(Frozen):
    """The Miniboss on Room ``index`` uses its Level 2 ability, used at will from Level 2
    on (``rules.miniboss_level2``): it stays at its level."""

    type: Literal["use_miniboss_level2"] = "use_miniboss_level2"
    player: Name
    index: NonNegative


class DiscardRoomForCoin(Frozen):
    """Mixed sets: discard a Room card from the hand for a Coin (once per turn, Build)."""

    type: Literal["discard_room_for_coin"] = "discard_room_for_coin"
    player: Name


class CastSpell(Frozen):
    """Play a Spell card, named by its catalogue id (R-CARD-EFFECT). ``target`` names the
    player whose Room ``room`` it aims at; ``hero`` a Hero in town; ``treasure`` the
    treasure type the caster picks (Secret Stash); ``item`` an Item in a scorekeeping area
    (Excavation); ``over`` the caster's own Room a Miniboss it takes is built on (Traitor);
    ``build`` the Room card it places over Room ``room`` of ``target`` (Surprise Gift)."""

    type: Literal["cast_spell"] = "cast_spell"
    player: Name
    card_id: str = Field(pattern=r"^[A-Z]{3}\d{3}$")
    target: Name | None = None
    room: NonNegative | None = None
    hero: NonNegative | None = None
    treasure: Treasure | None = None
    item: NonNegative | None = None
    over: NonNegative | None = None
    build: Room | None = None


class AnswerCardEffect(Frozen):
    """Take or decline an ability offered when it fired ("Vampire Bordello: heal a Wound?").
    Taking one that aims names its target: ``hero`` a Hero in town, ``room`` one of the
    answering player's Rooms, or (``target``) of that player's, for a Room in any dungeon;
    ``count`` the number a player states (Coins to place, Minibosses revealed)."""

    type: Literal["answer_card_effect"] = "answer_card_effect"
    player: Name
    card_id: str
    accept: bool
    hero: NonNegative | None = None
    room: NonNegative | None = None
    target: Name | None = None
    count: NonNegative | None = None  # the number stated, for an offer that asks one
    item: NonNegative | None = None  # the face-up Item whose Reward is copied (Magic Mirror)
    # Rooms moved (R-CARD-EFFECT): the dungeon's new order, each the old place of the Room
    # now there; a covered Room's place in its stack (0 the bottom) to bring to the top.
    order: tuple[NonNegative, ...] | None = Field(default=None, max_length=20)
    covered: NonNegative | None = None
    # A Room card built at once (Brassknuckle's Level 2): over Room ``room``, or a new place.
    build: Room | None = None


class UseRoomAbility(Frozen):
    """Use a Room's activated ability ("Destroy this Room: kill a Hero in this Room"),
    R-CARD-EFFECT: ``index`` is the Room in ``player``'s dungeon; ``other`` the Room of
    theirs a "destroy another Room" cost takes; ``target`` and ``room`` the Room an
    ability aims at in any dungeon; ``item`` the Item of the player's it turns over;
    ``hero`` the Hero at the player's entrance it keeps there."""

    type: Literal["use_room_ability"] = "use_room_ability"
    player: Name
    index: NonNegative
    other: NonNegative | None = None
    target: Name | None = None
    room: NonNegative | None = None
    item: NonNegative | None = None
    hero: NonNegative | None = None


class UseBossAbility(Frozen):
    """Use the player's Boss's Level Up ability that works at will, from the Level Up on
    (R-CARD-EFFECT; "once per turn you may pay 2 Coins to ..."): ``target`` the player it
    aims at (an opponent, or whose dungeon gains ``treasure``), ``room`` the Room of the
    player's whose Miniboss it promotes, ``hero`` the Hero in town it keeps there."""

    type: Literal["use_boss_ability"] = "use_boss_ability"
    player: Name
    target: Name | None = None
    room: NonNegative | None = None
    treasure: Treasure | None = None
    hero: NonNegative | None = None


Command = Annotated[
    BuildRoom
    | RevealRooms
    | RevealHeroes
    | ResolveBait
    | AdvanceHero
    | FinishWalk
    | FinishAdventure
    | DamageHero
    | HealHero
    | KillHero
    | SendHeroBack
    | SkipRoom
    | DestroyRoom
    | DeactivateRoom
    | SetTreasureBonus
    | HealWound
    | CorrectScore
    | EndTurn
    | RevealItems
    | UseItem
    | ChooseFaceUpItem
    | GainCoins
    | PayCoins
    | PlaceCoinOnRoom
    | TakeCoinsFromRoom
    | GiveCoins
    | BuildMiniboss
    | DeclineMiniboss
    | PromoteMiniboss
    | UseMinibossLevel2
    | UseMinibossLevel3
    | DiscardRoomForCoin
    | CastSpell
    | AnswerCardEffect
    | UseRoomAbility
    | UseBossAbility,
    Field(discriminator="type"),
]

COMMANDS: TypeAdapter[Command] = TypeAdapter(Command)
COMMAND_LIST: TypeAdapter[list[Command]] = TypeAdapter(list[Command])
