"""Conditions, counters and lasting changes of card abilities (R-CARD-EFFECT).

The passive side: what a Room's damage gains from its own condition (Alien Ooze: another
Explorer Room in the dungeon), from its +1 counters, and from its Boss's "for the rest of
the game" Level Up (Scythe: the last Room +3; Imperiatrix: +1 per Explorer icon). What
fires is ``rules.lasting_effects``.

It looks cards up in the card table itself, so ``rules.card_effects`` may ask it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules import card_table
from rules.effect_kinds import (
    DamageIfOthers,
    DamagePerTreasure,
    RoomDamagePlus,
)
from rules.effects import Ability, CardEffects
from rules.models import PlayerState, RoomStack


def _card(card_id: str | None) -> CardEffects | None:
    return None if card_id is None else card_table.table().get(card_id)


def lasting_boss(player: PlayerState) -> tuple[str, tuple[Ability, ...]]:
    """The Boss's name and its "for the rest of the game" abilities, once it has levelled
    up (none before, or for a Boss not from the catalogue): its own card's, or the one it
    copied (Klonos)."""
    card = _card(player.boss_ability_card)
    if card is None or not player.leveled_up:
        return "", ()
    found = tuple(a for a in card.abilities if a.trigger == "from_level_up")
    return player.boss or (_card(player.boss_card_id) or card).name, found


def cancelled_mark(player: str, card_id: str) -> str:
    """The turn's mark that ``player``'s Boss's lasting Level Up is cancelled (Scott: an
    opponent's Coin, until end of turn)."""
    return f"{player}:boss:{card_id}:cancelled"


def needs_wounds(player: PlayerState) -> bool:
    """Whether a bonus of this player's Boss depends on its Wounds (Killa)."""
    return any(a.condition == "three_wounds" for a in lasting_boss(player)[1])


def damage_bonuses(
    player: PlayerState,
    index: int,
    active: Iterable[tuple[int, RoomStack]],
    wounds: int = 0,
    uses: tuple[str, ...] = (),
) -> Iterator[tuple[str, int]]:
    """What the Room at ``index`` (active) deals more, each with the card it comes from:
    its own condition, its counters, its Boss's lasting Level Up (with its condition on the
    owner's ``wounds``; none while cancelled this turn, per ``uses``)."""
    stack = player.dungeon[index]
    room = stack.top
    own = None if stack.ability_ignored else _card(room.card_id)  # its text ignored (Sabotage!)
    others = [s.top for i, s in active if i != index]
    for ability in own.abilities if own is not None else ():
        if ability.trigger != "always":
            continue
        for effect in ability.effects:
            if isinstance(effect, DamageIfOthers):
                showing = sum(1 for r in others if effect.treasure in r.treasure)
                if showing >= effect.at_least:
                    yield room.label(), effect.amount
    if stack.counters:
        yield room.label(), stack.counters
    boss, lasting = lasting_boss(player)
    card_id = player.boss_ability_card
    if card_id and cancelled_mark(player.name, card_id) in uses:
        lasting = ()  # an opponent's Coin switched it off until end of turn (Scott)
    last = len(player.dungeon) - 1
    for ability in lasting:
        if ability.condition == "three_wounds" and wounds < 3:
            continue  # Killa: only while its owner has 3 Wounds or more
        for effect in ability.effects:
            if isinstance(effect, RoomDamagePlus) and effect.rooms == "last" and index == last:
                yield boss, effect.amount
            elif (
                isinstance(effect, RoomDamagePlus)
                and effect.rooms == "all_own"
                and effect.room_type in ("any", room.kind)
            ):  # Scott: every Trap Room of the owner's
                yield boss, effect.amount
            elif isinstance(effect, DamagePerTreasure):
                icons = room.treasure.count(effect.treasure)
                if icons:
                    yield boss, effect.amount * icons
