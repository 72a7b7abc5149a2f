"""What a card played from the hand asks its caster to name (R-CARD-EFFECT): a Room, a
Hero, a Soul, a player, a treasure, an Item, a Room card to place. The Spell panel asks
this, so that which question a card puts is read from its ability here, once, and the
screen knows no effect kind or target name.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.card_effects import effects_of
from rules.effect_groups import ROOM_AIMS
from rules.effect_kinds import GiftRoom, MinibossBought, MoveHero, RemoveHero, RoomTreasure
from rules.effects import PLAYED_TRIGGERS
from rules.item_kinds import FlipItem
from rules.played_cards import spell_ability
from rules.spell_effects import player_instead

#: The targets that name one Room of a dungeon (``CastSpell.target`` and ``room``): those a
#: Room's button aims at, and three only a card from the hand names.
ROOM_TARGETS = ROOM_AIMS | {
    "advanced_room_any_dungeon",  # Frostman Lander, from the hand
    "own_room",
    "opponent_room",
}


class SpellAsks(BaseModel):
    """The questions a card played from the hand puts to its caster."""

    model_config = ConfigDict(frozen=True)

    #: What it is aimed at: a Room ("room"), a Hero in town ("hero"), one of the caster's
    #: face-down Heroes ("soul": Undead Minion), or nothing named that way (None).
    aim: Literal["room", "hero", "soul"] | None = None
    #: A player it names instead: any dungeon's owner ("dungeon": Party Up), an opponent
    #: whose entrance a Hero goes to ("opponent": Another Castle), or none (None).
    names: Literal["dungeon", "opponent"] | None = None
    #: One of its "OR" choices names a player instead of a Room (Meddling Kids!).
    player_instead: bool = False
    #: The caster picks a Cleric, Fighter, Mage or Thief (Secret Stash).
    treasure: bool = False
    #: An Item of a scorekeeping area is turned over (Excavation).
    item: bool = False
    #: A Miniboss is built on a Room of the caster's it names (Traitor).
    over: bool = False
    #: A Room card of the caster's is placed in an opponent's dungeon (Surprise Gift).
    gift: bool = False


def spell_asks(card_id: str) -> SpellAsks:
    """What ``card_id``, played from the hand, asks its caster to name. A card that is not
    played from the hand asks nothing."""
    card = effects_of(card_id)
    if card is None or not any(a.trigger in PLAYED_TRIGGERS for a in card.abilities):
        return SpellAsks()
    ability = spell_ability(card_id)
    effects = ability.effects
    aim: Literal["room", "hero", "soul"] | None = None
    if any(isinstance(e, RemoveHero) and e.damage_its_health for e in effects):
        aim = "soul"
    elif ability.target in ROOM_TARGETS:
        aim = "room"
    elif ability.target == "hero_in_town":
        aim = "hero"
    names: Literal["dungeon", "opponent"] | None = None
    if ability.target == "any_dungeon":
        names = "dungeon"
    elif any(isinstance(e, MoveHero) and e.to == "opponent_entrance" for e in effects):
        names = "opponent"
    return SpellAsks(
        aim=aim,
        names=names,
        player_instead=player_instead(card),
        treasure=any(isinstance(e, RoomTreasure) and e.chosen for e in effects),
        item=any(isinstance(e, FlipItem) for e in effects),
        over=any(isinstance(e, MinibossBought) for e in effects),
        gift=any(isinstance(e, GiftRoom) for e in effects),
    )
