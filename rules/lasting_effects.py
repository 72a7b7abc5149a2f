"""Abilities that fire and land on their own Room or its owner (R-CARD-EFFECT): +1
counters put on or taken off (Elder Portal, Clock Tower, Spellslime Incubator, Hydra's
Mire), the Room's damage doubled until end of turn (Caged Gundarf), treasure shown until
end of turn (Decoy Garden; doubled: Jackpot Stash, Elicon), an uncovered Room's bonus from
its Boss (Eclipse), Souls gained for the rest of the game (Jarin), the Room destroying
itself once it has four counters. The engine carries them out when ``rules.card_triggers``
sees their moment; the passive side is ``rules.card_lasting``, what Spells and answers do
``rules.spell_effects``.
"""

from __future__ import annotations

from rules import events as ev
from rules.card_effects import hit
from rules.card_lasting import lasting_boss
from rules.effect_kinds import (
    DamageDouble,
    DestroyRoom,
    GainSouls,
    RoomCounters,
    RoomDamagePlus,
    RoomTreasure,
)
from rules.effects import Ability
from rules.evolve import evolve
from rules.models import CardOffer, GameState, PlayerState, Room
from rules.place_marks import ON_BUILT
from rules.rulings import Ruling
from rules.treasure import shown_treasure


def carry_out(
    state: GameState, player: str, index: int | None, ability: Ability, ruling: Ruling
) -> list[ev.EventBase]:
    """The events of an ability ``Ability.carried_lasting`` says the engine carries out,
    fired for the Room at ``index`` of ``player``'s dungeon (None: the Boss's)."""
    said = ruling.model_copy(update={"rule": "R-CARD-EFFECT"})
    p = state.player(player)
    stack = p.dungeon[index] if index is not None and index < len(p.dungeon) else None
    if ability.condition == "has_four_counters":
        if stack is None or stack.counters < 4:
            return []
        return [ev.RoomDestroyed(player=player, index=index or 0, ruling=said)]
    out: list[ev.EventBase] = []
    counters = stack.counters if stack is not None else 0
    for effect in ability.effects:
        if isinstance(effect, RoomCounters) and stack is not None:
            change = max(effect.amount, -counters)
            if change:
                counters += change
                out.append(
                    ev.RoomCountersChanged(
                        player=player, index=index or 0, amount=change, ruling=said
                    )
                )
        elif isinstance(effect, DamageDouble) and stack is not None and index is not None:
            now = hit(state, player, index).damage
            if now:
                out.append(ev.RoomBoosted(player=player, index=index, amount=now, ruling=said))
        elif isinstance(effect, RoomTreasure) and index is not None:
            out.append(treasure_changed(player, index, effect, said))
        elif isinstance(effect, GainSouls):
            out.append(ev.ScoreCorrected(player=player, souls=effect.amount, wounds=0, ruling=said))
        elif isinstance(effect, DestroyRoom) and stack is not None:
            out.append(ev.RoomDestroyed(player=player, index=index or 0, ruling=said))
    return out


def revealed(state: GameState, player: str) -> GameState:
    """``state`` with ``player``'s face-down Room revealed (the Room a "when you build this
    Room" ability fires for is then in its place)."""
    build = state.player(player).pending
    if build is None:
        return state
    # Never shown: only the state after it is read.
    shown = Ruling(rule="R-CARD-EFFECT", key="card.built", args={"player": player})
    return evolve(state, ev.RoomRevealed(player=player, build=build, ruling=shown))


def treasure_changed(
    player: str, index: int, effect: RoomTreasure, ruling: Ruling
) -> ev.RoomTreasureChanged:
    """Until end of turn the Room shows more treasure, or none (R-BAIT-TOTAL)."""
    more = () if effect.treasure is None else (effect.treasure,) * effect.amount
    return ev.RoomTreasureChanged(
        player=player, index=index, treasure=more, removed=effect.treasure is None, ruling=ruling
    )


def doubled(owner: PlayerState, skip: int | None, ruling: Ruling) -> list[ev.EventBase]:
    """Until end of turn each active Room of ``owner`` (not the one at ``skip``, the card
    itself) shows its treasure twice (Jackpot Stash, Elicon): R-BAIT-TOTAL."""
    return [
        ev.RoomTreasureChanged(
            player=owner.name, index=i, treasure=shown_treasure(stack), ruling=ruling
        )
        for i, stack in owner.active_rooms()
        if i != skip and shown_treasure(stack)
    ]


def boss_on_uncover(owner: PlayerState, index: int) -> list[ev.EventBase]:
    """A levelled-up Boss's "when a Room of yours is uncovered" bonus (Eclipse: +3 until
    end of turn to the uncovered Room)."""
    boss, lasting = lasting_boss(owner)
    out: list[ev.EventBase] = []
    for ability in lasting:
        for effect in ability.effects:
            if isinstance(effect, RoomDamagePlus) and effect.rooms == "uncovered":
                args: dict[str, str | int] = {
                    "card": boss,
                    "room": owner.dungeon[index].top.label(),
                    "room_n": index + 1,
                    "amount": effect.amount,
                }
                said = Ruling(rule="R-CARD-EFFECT", key="card.room_boosted", args=args)
                out.append(
                    ev.RoomBoosted(
                        player=owner.name, index=index, amount=effect.amount, ruling=said
                    )
                )
    return out


def entering_bonus(state: GameState, player: str, hero: int) -> list[ev.EventBase]:
    """Health a Spell gave each Hero entering ``player``'s dungeon this turn (Party Up),
    for ``hero``, which starts walking it now."""
    mark = f"{player}:entering_health:"
    more = sum(int(u[len(mark) :].split(":")[0]) for u in state.card_uses if u.startswith(mark))
    if not more:
        return []
    args = {"hero": state.hero(hero).label(), "player": player, "amount": more}
    said = Ruling(rule="R-CARD-EFFECT", key="card.entering_health_gained", args=args)
    return [ev.HeroHealthGained(amount=more, ruling=said)]


def boss_on_build(state: GameState, player: str, room: Room, index: int) -> list[ev.EventBase]:
    """A levelled-up Boss's "whenever you build a Monster Room, you may" (Greg: a +1
    counter on it), asked for the Room just built at ``index``; the place is kept in the
    turn's marks for the answer."""
    p = state.player(player)
    boss, lasting = lasting_boss(p)
    card_id = p.boss_ability_card  # its own, or the one it copied (Klonos)
    if room.kind != "monster" or card_id is None:
        return []
    out: list[ev.EventBase] = []
    for ability in lasting:
        if ability.offer == ON_BUILT:
            args: dict[str, str | int] = {"player": player, "card": boss, "room": room.label()}
            said = Ruling(rule="R-CARD-EFFECT", key="card.built_monster_room", args=args)
            out.append(
                ev.CardEffectFired(
                    player=player,
                    card_id=card_id,
                    use=f"{player}:{ON_BUILT}:{index}",
                    offer=ON_BUILT,
                    card=boss,
                    ruling=said,
                )
            )
    return out


def counter_on_built(state: GameState, offer: CardOffer, ruling: Ruling) -> list[ev.EventBase]:
    """The +1 counter its owner said Yes to, on the Room built (the last place marked)."""
    mark = f"{offer.player}:{ON_BUILT}:"
    places = [int(u[len(mark) :]) for u in state.card_uses if u.startswith(mark)]
    dungeon = state.player(offer.player).dungeon
    if not places or places[-1] >= len(dungeon):
        return []
    return [ev.RoomCountersChanged(player=offer.player, index=places[-1], amount=1, ruling=ruling)]
