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

from rules import card_table
from rules import events as ev
from rules.card_text import phrases
from rules.effects import (
    Ability,
    CardEffects,
    DamageEqualsCount,
    DamagePerCount,
    EffectsFile,
    HealWound,
    MoveHero,
    NoBuildAdjacent,
    NoBuildOver,
    OfferKind,
    RoomDamagePlus,
    RoomType,
    TreasurePlus,
    Trigger,
)
from rules.errors import BuildError
from rules.models import GameState, PlayerState, Room, RoomStack, Treasure
from rules.rulings import MESSAGES, Ruling

EFFECTS_DIR = Path(__file__).resolve().parent.parent / "data" / "cards" / "effects"


class EffectsError(ValueError):
    """A card-effects file that cannot be used, naming the file and the problem."""


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


def abilities(room: Room, trigger: Trigger) -> Iterator[Ability]:
    card = effects_of(room.card_id)
    if card is not None:
        yield from (a for a in card.abilities if a.trigger == trigger)


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


def room_damage(player: PlayerState, index: int) -> RoomDamage:
    """The damage the Room at ``index`` deals a Hero entering it: the one number the
    Adventure walk uses and the dungeon card shows. A deactivated Room is a blank space
    and deals none (R-DEACTIVATE); passive effects and a Spell's boost count."""
    dungeon = player.dungeon
    stack = dungeon[index]
    room = stack.top
    if stack.deactivated:
        return RoomDamage(room.damage, 0, ())
    damage = room.damage
    notes: list[str] = []
    active = [(i, s) for i, s in enumerate(dungeon) if not s.deactivated]
    for ability in abilities(room, "always"):
        for effect in ability.effects:
            if isinstance(effect, DamageEqualsCount):
                damage = sum(1 for _, s in active if _fits(s.top, effect.room_type))
                notes.append(f"{room.label()} = {damage}")
            elif isinstance(effect, DamagePerCount):
                others = sum(1 for i, s in active if i != index and _fits(s.top, effect.room_type))
                damage += effect.amount * others
                notes.append(f"{room.label()} +{effect.amount * others}")
    for i, other in active:
        if i == index:
            continue
        for ability in abilities(other.top, "always"):
            for effect in ability.effects:
                if not isinstance(effect, RoomDamagePlus) or not _fits(room, effect.room_type):
                    continue
                near = (effect.rooms == "adjacent" and abs(i - index) == 1) or (
                    effect.rooms == "next" and index == i + 1
                )
                if near or effect.rooms == "all_own":
                    damage += effect.amount
                    notes.append(f"{other.top.label()} +{effect.amount}")
    if stack.boost:
        notes.append(f"{room.label()} +{stack.boost}")  # a Spell's, until end of turn
        damage += stack.boost
    return RoomDamage(room.damage, max(damage, 0), tuple(notes))


def dungeon_damage(player: PlayerState) -> tuple[RoomDamage, ...]:
    """Every Room's damage, entrance first, as the walk would deal it now."""
    return tuple(room_damage(player, i) for i in range(len(player.dungeon)))


# --- treasure (R-BAIT-TOTAL with R-CARD-EFFECT) -------------------------------------------


def treasure_bonus(player: PlayerState, treasure: Treasure) -> int:
    """Treasure that active visible cards add to the dungeon's printed icons."""
    total = 0
    for _, stack in player.active_rooms():
        for ability in abilities(stack.top, "always"):
            total += sum(
                e.amount
                for e in ability.effects
                if isinstance(e, TreasurePlus) and e.treasure == treasure
            )
    return total


# --- building (R-BUILD-WHERE with R-CARD-EFFECT) ------------------------------------------


def check_build_over(target: RoomStack, room: Room) -> None:
    """Raise ``BuildError`` if the Room on top of ``target`` forbids ``room`` on it."""
    for ability in abilities(target.top, "always"):
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
        for ability in abilities(neighbour, "always"):
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


def builds_over_any(state: GameState, player: PlayerState, room: Room) -> str | None:
    """The card that lets the Advanced Room ``room`` go over any Room whatever its treasure
    (its own passive, Hypercube; or a Spell its builder cast this turn, Zoning Board), or
    None."""
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


def _use(player: str, index: int, card_id: str, hero: int | None = None) -> str:
    return f"{player}:{index}:{card_id}" + ("" if hero is None else f":{hero}")


def sends_back(state: GameState, index: int) -> tuple[str, str] | None:
    """The card that sends the walking Hero back one Room as it enters the Room at
    ``index`` (its label, and the mark that it fired), or None. It fires the first time
    each Hero enters it in a turn, and not when there is no previous Room or that Room is
    deactivated (a blank space)."""
    walk = state.walk
    if walk is None or index == 0:
        return None
    dungeon = state.player(walk.player).dungeon
    room = dungeon[index].top
    for ability in abilities(room, "hero_enters_first"):
        if not any(isinstance(e, MoveHero) and e.to == "back_one_room" for e in ability.effects):
            continue
        assert room.card_id is not None  # abilities() found it by its id
        use = _use(walk.player, index, room.card_id, walk.hero)
        if use in state.card_uses or dungeon[index - 1].deactivated:
            return None
        return room.label(), use
    return None


def died_here(state: GameState, player: str, index: int, hero: int) -> list[ev.EventBase]:
    """The abilities of the Room a Hero died in that fire for its owner (once per turn
    where the card says so). They are offered, not applied: a heal is the owner's
    ``HealWound``; an off-table effect is a reminder."""
    p = state.player(player)
    if index >= len(p.dungeon) or p.dungeon[index].deactivated:
        return []
    stack = p.dungeon[index]
    room = stack.top
    out: list[ev.EventBase] = []
    for ability in abilities(room, "hero_dies_here"):
        assert room.card_id is not None
        args: dict[str, str | int] = {
            "hero": state.hero(hero).label(),
            "card": room.label(),
            "room_n": index + 1,
            "player": player,
        }
        use = _use(player, index, room.card_id) if ability.once_per_turn else ""
        if use and use in state.card_uses:
            out.append(ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key="card.used_up", args=args)))
            continue
        heals = any(isinstance(e, HealWound) for e in ability.effects)
        if heals and not state.can_heal(player):
            out.append(
                ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key="card.heal_none", args=args))
            )
            continue
        out.append(
            ev.CardEffectFired(
                player=player,
                card_id=room.card_id,
                use=use,
                offer=ability.offer if heals else None,
                card=room.label(),
                mandatory=heals and not ability.optional,
                ruling=Ruling(rule="R-CARD-EFFECT", key="card.died_here", args=args),
            )
        )
    return out


def offer_heroes(state: GameState, offer: OfferKind) -> tuple[int, ...]:
    """The Heroes in town an offer may take (ordinary ones only, where the card says so)."""
    if offer == "ordinary_hero_to_entrance":
        return tuple(h for h in state.town if not state.hero(h).card.epic)
    if offer in ("town_hero_to_entrance", "kill_town_hero"):
        return state.town
    return ()


def _fire(
    state: GameState, player: str, card_id: str, card: str, ability: Ability, ruling: Ruling
) -> list[ev.EventBase]:
    """One ability firing at its moment: offered to its player when the engine can carry
    it out (to each opponent with a Room, for Robobo), noted when it has nothing to aim at,
    a reminder otherwise."""
    offer = ability.offer
    if offer == "destroy_own_room":
        return [
            ev.Noted(ruling=ruling),  # the Boss's Level Up, then each opponent's choice
            *(
                ev.CardEffectFired(
                    player=p.name,
                    card_id=card_id,
                    offer=offer,
                    card=card,
                    owner=player,
                    mandatory=not ability.optional,
                    ruling=Ruling(
                        rule="R-CARD-EFFECT",
                        key="card.offer_destroy",
                        args={"player": p.name, "card": card, "owner": player},
                    ),
                )
                for p in state.players
                if p.name != player and not p.eliminated and p.dungeon
            ),
        ]
    # An offer with nothing to take is noted instead of asked.
    if offer == "heal_wound" and not state.can_heal(player):
        nothing = "card.no_wound"
    elif offer is not None and offer != "heal_wound" and not offer_heroes(state, offer):
        nothing = "card.no_target"
    else:
        nothing = ""
    if nothing:
        args = {"player": player, "card": card}
        return [ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key=nothing, args=args))]
    return [
        ev.CardEffectFired(
            player=player,
            card_id=card_id,
            offer=offer,
            card=card,
            mandatory=offer is not None and not ability.optional,
            ruling=ruling,
        )
    ]


def built(state: GameState, player: str, room: Room) -> list[ev.EventBase]:
    """'When you build this Room' abilities of a Room just revealed (offers or reminders)."""
    if room.card_id is None:
        return []
    out: list[ev.EventBase] = []
    for ability in abilities(room, "you_build_this"):
        ruling = Ruling(
            rule="R-CARD-EFFECT",
            key="card.built",
            args={"player": player, "card": room.label()},
        )
        out += _fire(state, player, room.card_id, room.label(), ability, ruling)
    return out


def leveled_up(state: GameState, player: str) -> list[ev.EventBase]:
    """A Boss's Level Up ability, when its Boss came from the catalogue."""
    setup = next((p for p in state.setup.players if p.name == player), None)
    card = effects_of(setup.boss_card_id if setup else None)
    if setup is None or card is None:
        return []
    name = setup.boss or card.name
    out: list[ev.EventBase] = []
    for ability in card.abilities:
        if ability.trigger == "level_up":
            ruling = Ruling(
                rule="R-CARD-EFFECT",
                key="card.levelup",
                args={"player": player, "card": name},
            )
            out += _fire(state, player, card.id, name, ability, ruling)
    return out
