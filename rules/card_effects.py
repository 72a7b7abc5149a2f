"""Card abilities at the table (R-CARD-EFFECT): which card does what, and its passive effects.

The facts are ``data/cards/effects/*.json`` (validated on load, see ``rules.effects``); a
Room, Boss or Spell is found by its catalogue id. Here the engine asks: how much damage
does this Room deal, may this Room be built there, what fires when a Hero enters or dies.
A deactivated Room is a blank space: it has no abilities and no Room is adjacent across it
(R-DEACTIVATE).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from rules import card_lasting, card_table
from rules.card_text import phrases
from rules.coin_kinds import CoinDamage, DamagePerLured, lured_count
from rules.effect_kinds import (
    DamageEqualsCount,
    DamagePerCount,
    HeroDamage,
    NoBuildAdjacent,
    NoBuildOver,
    RoomDamagePlus,
    RoomType,
    TreasurePlus,
)
from rules.effects import Ability, CardEffects, EffectsFile, Trigger
from rules.errors import BuildError
from rules.miniboss_kinds import BuildOverThis, IconDamage, IconsDoubled
from rules.miniboss_levels import level_abilities
from rules.models import (
    GameState,
    HeroCard,
    Miniboss,
    PlayerState,
    Room,
    RoomStack,
    Treasure,
)
from rules.rulings import MESSAGES, Arg, Ruling
from rules.walk_kinds import harmless

EFFECTS_DIR = Path(__file__).resolve().parent.parent / "data" / "cards" / "effects"


class EffectsError(ValueError):
    """A card-effects file that cannot be used, naming the file and the problem."""


def card_ruling(key: str, **args: Arg) -> Ruling:
    """A ruling under R-CARD-EFFECT, the engine's rule for what a card does."""
    return Ruling(rule="R-CARD-EFFECT", key=key, args=args)


def load_effects(directory: Path = EFFECTS_DIR) -> dict[str, CardEffects]:
    """Every card's abilities by id, from each ``*.json`` in ``directory``."""
    out: dict[str, CardEffects] = {}
    for path in sorted(directory.glob("*.json")):
        try:
            data = EffectsFile.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError, ValidationError) as error:
            raise EffectsError(f"{path.name}: {error}") from error
        for card in data.cards:
            if card.id in out:
                raise EffectsError(f"{path.name}: {card.id} already has effects in another file")
            for ability in phrases(card):
                for key, _ in ability:
                    if key not in MESSAGES:
                        raise EffectsError(f"{path.name}: {card.id} needs a phrase {key!r}")
            out[card.id] = card
    return out


def registry() -> Mapping[str, CardEffects]:
    """The card table the app or the command line handed in (``rules.card_table``)."""
    return card_table.table()


def effects_of(card_id: str | None) -> CardEffects | None:
    return None if card_id is None else registry().get(card_id)


def ability_ref(card_id: str, ability: Ability) -> str:
    """A ruling's reference to one ability of a card ("TNL019:0"), worded where shown."""
    card = registry()[card_id]
    return f"{card_id}:{card.abilities.index(ability)}"


def abilities(room: Room | RoomStack, trigger: Trigger) -> Iterator[Ability]:
    """The abilities of ``trigger`` of a Room, or of the top Room of a place: none while
    its ability text is ignored until end of turn (Sabotage!, ``rules.ability_off``)."""
    miniboss: Miniboss | None = None
    if isinstance(room, RoomStack):
        if room.ability_ignored:
            return
        miniboss = room.miniboss
        room = room.top
    card = effects_of(room.card_id)
    if card is not None:
        yield from (a for a in card.abilities if a.trigger == trigger)
    if miniboss is not None:  # its face-up levels' passives, after the Room's own (R-MINI)
        yield from level_abilities(effects_of(miniboss.card.card_id), miniboss, trigger)


def _fits(room: Room, room_type: RoomType) -> bool:
    return room_type == "any" or room.kind == room_type


# --- damage (R-ADV-WALK with R-CARD-EFFECT) ----------------------------------------------


class RoomDamage(NamedTuple):
    """What one Room deals a Hero entering it now: its printed number, the damage after
    card effects and Spells, and those effects (each naming its card and amount)."""

    printed: int
    damage: int
    cards: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.damage != self.printed


def room_damage(
    player: PlayerState, index: int, uses: tuple[str, ...] = (), wounds: int = 0
) -> RoomDamage:
    """The damage the Room at ``index`` deals a Hero entering it: the one number the
    Adventure walk uses and the dungeon card shows. A deactivated Room is a blank space
    and deals none (R-DEACTIVATE); passive effects and a Spell's boost count; a Room that
    deals no more damage this turn (``uses``, the turn's card marks) deals none.
    ``wounds``: the owner's Wounds, for a bonus that needs some (Killa)."""
    dungeon = player.dungeon
    stack = dungeon[index]
    room = stack.top
    if stack.deactivated:
        return RoomDamage(room.damage, 0, ())
    if room.card_id is not None and spent(player.name, index, room.card_id) in uses:
        return RoomDamage(room.damage, 0, (f"{room.label()} = 0",))
    if harmless(uses, player.name, index):  # a Spell's, until end of turn (Fairy Fountain)
        return RoomDamage(room.damage, 0, (f"{room.label()} = 0",))
    damage = room.damage
    notes: list[str] = []
    active = [(i, s) for i, s in enumerate(dungeon) if not s.deactivated]
    for ability in abilities(stack, "always"):
        for effect in ability.effects:
            if isinstance(effect, DamageEqualsCount):
                damage = sum(1 for _, s in active if _fits(s.top, effect.room_type))
                notes.append(f"{room.label()} = {damage}")
            elif isinstance(effect, DamagePerCount):
                others = sum(1 for i, s in active if i != index and _fits(s.top, effect.room_type))
                damage += effect.amount * others
                notes.append(f"{room.label()} +{effect.amount * others}")
            elif isinstance(effect, CoinDamage) and stack.coins:  # per Coin on it (R-MINI)
                damage += effect.amount * stack.coins
                notes.append(f"{room.label()} {effect.amount * stack.coins:+d}")
            elif isinstance(effect, RoomDamagePlus) and effect.rooms == "this" and stack.miniboss:
                damage += effect.amount  # "this Room has +1": its Miniboss's level (R-MINI)
                notes.append(f"{stack.miniboss.card.label()} +{effect.amount}")
            elif isinstance(effect, IconDamage) and stack.miniboss:  # per icon it shows
                icons = effect.amount * len(shown_treasure(stack))
                damage += icons
                notes.append(f"{stack.miniboss.card.label()} +{icons}")
            elif isinstance(effect, DamagePerLured):  # per Hero lured here this turn
                lured = effect.amount * lured_count(uses, player.name)
                damage += lured
                notes.append(f"{room.label()} +{lured}")
    for i, other in active:
        if i == index:
            continue
        for ability in abilities(other, "always"):
            for effect in ability.effects:
                if not isinstance(effect, RoomDamagePlus) or not _fits(room, effect.room_type):
                    continue
                if effect.advanced_only and not room.advanced:
                    continue
                near = (
                    (effect.rooms == "adjacent" and abs(i - index) == 1)
                    or (effect.rooms == "next" and index == i + 1)
                    or (effect.rooms == "previous" and index == i - 1)  # to its left
                )
                if near or effect.rooms == "all_own":
                    damage += effect.amount
                    notes.append(f"{other.top.label()} +{effect.amount}")
    for label, amount in card_lasting.damage_bonuses(player, index, active, wounds, uses):
        damage += amount
        notes.append(f"{label} +{amount}")
    if stack.boost:
        notes.append(f"{room.label()} {stack.boost:+d}")  # a Spell's, until end of turn
        damage += stack.boost
    return RoomDamage(room.damage, max(damage, 0), tuple(notes))


def against_hero(stack: RoomStack, hero: HeroCard, taken: int, hit: RoomDamage) -> RoomDamage:
    """``hit`` as the Room deals it to this Hero, having taken ``taken`` damage so far: a
    bonus against Epic Heroes or a Hero worn down to half its Health (R-CARD-EFFECT)."""
    damage, notes = hit.damage, list(hit.cards)
    if stack.deactivated:
        return hit
    for ability in abilities(stack, "hero_enters"):
        for e in ability.effects:
            if not isinstance(e, HeroDamage) or (e.epic and not hero.epic):
                continue
            if e.half_health_taken and 2 * taken < hero.health:
                continue
            notes.append(f"{stack.top.label()} " + ("x2" if e.double else f"+{e.plus}"))
            damage = damage * 2 if e.double else damage + e.plus
    return RoomDamage(hit.printed, damage, tuple(notes))


def dungeon_damage(
    player: PlayerState, uses: tuple[str, ...] = (), wounds: int = 0
) -> tuple[RoomDamage, ...]:
    """Every Room's damage, entrance first, as the walk would deal it now."""
    return tuple(room_damage(player, i, uses, wounds) for i in range(len(player.dungeon)))


def hit(state: GameState, name: str, index: int) -> RoomDamage:
    """``room_damage`` of ``name``'s Room at ``index`` in ``state`` (its card marks, its
    owner's Wounds, counted only for a Boss whose bonus needs them: a long walk must not
    recount every scored Hero at each Room)."""
    player = state.player(name)
    wounds = state.wounds(name) if card_lasting.needs_wounds(player) else 0
    return room_damage(player, index, state.card_uses, wounds)


def walk_damage(state: GameState, name: str) -> int:
    """The damage a Hero walking every Room of ``name``'s dungeon would be dealt now."""
    return sum(hit(state, name, i).damage for i in range(len(state.player(name).dungeon)))


# --- treasure (R-BAIT-TOTAL with R-CARD-EFFECT) -------------------------------------------


def shown_treasure(stack: RoomStack) -> tuple[Treasure, ...]:
    """The treasure icons a place counts for now: its top Room's, with those a card gave
    it until end of turn, or none (R-CARD-EFFECT). Here, below ``rules.treasure``, since a
    Miniboss's damage per icon needs it (Mageseeker)."""
    return () if stack.no_treasure else (*stack.top.treasure, *stack.extra_treasure)


def treasure_bonus(player: PlayerState, treasure: Treasure) -> int:
    """Treasure that active visible cards add to the dungeon's printed icons."""
    total = 0
    for _, stack in player.active_rooms():
        for ability in abilities(stack, "always"):
            total += sum(
                e.amount
                for e in ability.effects
                if isinstance(e, TreasurePlus) and e.treasure == treasure
            )
            if any(isinstance(e, IconsDoubled) for e in ability.effects):  # printed ones
                total += 0 if stack.no_treasure else stack.top.treasure.count(treasure)
    return total


# --- building (R-BUILD-WHERE with R-CARD-EFFECT) ------------------------------------------


def check_build_over(target: RoomStack, room: Room) -> None:
    """Raise ``BuildError`` if the Room on top of ``target`` forbids ``room`` on it."""
    for ability in abilities(target, "always"):
        for effect in ability.effects:
            if isinstance(effect, NoBuildOver) and (room.advanced or not effect.advanced):
                raise BuildError(
                    "R-CARD-EFFECT",
                    "err.card_no_advanced_over",
                    card=target.top.label(),
                    room=room.label(),
                )


def check_build_beside(player: PlayerState, room: Room, over: int | None) -> None:
    """Raise ``BuildError`` if an active Room next to where ``room`` goes forbids its kind
    beside it (Fetid Beast: no Monster Room next to it; it may itself go next to one)."""
    index = len(player.dungeon) if over is None else over
    for side in (index - 1, index + 1):
        if not 0 <= side < len(player.dungeon) or player.dungeon[side].deactivated:
            continue
        neighbour = player.dungeon[side].top
        for ability in abilities(player.dungeon[side], "always"):
            for effect in ability.effects:
                if isinstance(effect, NoBuildAdjacent) and _fits(room, effect.room_type):
                    raise BuildError(
                        "R-CARD-EFFECT",
                        "err.card_no_build_adjacent",
                        card=neighbour.label(),
                        room=room.label(),
                    )


BUILD_OVER_ANY = "build_over_any"


def spell_use(player: str, kind: str) -> str:
    """The mark a Spell leaves on its caster for the rest of the turn."""
    return f"{player}:{kind}"


def builds_over_any(
    state: GameState, player: PlayerState, room: Room, target: RoomStack
) -> str | None:
    """The card that lets the Advanced Room ``room`` go over ``target`` whatever its
    treasure (its own passive, Hypercube; the Miniboss on ``target``, Rocky; or a Spell its
    builder cast this turn, Zoning Board), or None."""
    mini = target.miniboss
    if mini is not None and not target.ability_ignored:
        passives = level_abilities(effects_of(mini.card.card_id), mini, "always")
        if any(isinstance(e, BuildOverThis) for a in passives for e in a.effects):
            return mini.card.label()
    own = effects_of(room.card_id)
    if own is not None and any(
        e.kind == BUILD_OVER_ANY for a in own.abilities if a.trigger == "always" for e in a.effects
    ):
        return own.name
    mark = spell_use(player.name, BUILD_OVER_ANY) + ":"
    cast = next((u for u in state.card_uses if u.startswith(mark)), None)
    if cast is None:
        return None
    card = effects_of(cast[len(mark) :])
    return card.name if card is not None else None


# --- triggers -----------------------------------------------------------------------------


def use_mark(player: str, index: int, card_id: str, hero: int | None = None) -> str:
    return f"{player}:{index}:{card_id}" + ("" if hero is None else f":{hero}")


def spent(player: str, index: int, card_id: str) -> str:
    """The mark of a Room that deals no more damage until end of turn."""
    return f"{use_mark(player, index, card_id)}:spent"
