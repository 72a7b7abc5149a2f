"""The Bait phase: which dungeon lures each Hero in town (R-BAIT-…)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from rules.hold_kinds import held_heroes
from rules.models import GameState, Hero, PlayerState
from rules.rulings import Arg, Ruling
from rules.treasure import treasure_total


class Lure(BaseModel):
    """The Bait ruling for one Hero: where it goes (``player`` None: it stays in town)."""

    model_config = ConfigDict(frozen=True)

    hero: int
    player: str | None
    ruling: Ruling


def hero_total(
    state: GameState,
    player: PlayerState,
    hero: Hero,
    known: dict[tuple[str, str], int] | None = None,
) -> int:
    """R-BAIT-TOTAL / R-BAIT-HYBRID: a Hybrid compares the combined total of its types.

    ``known``: each dungeon's total per treasure type, filled as they are first needed.
    Every Hero in town is baited against the same totals (R-BAIT-ORDER), so each is
    counted once per Bait, not once per Hero: the Bait's cost grows with the Heroes, not
    with the Heroes times the dungeons' cards."""
    known = {} if known is None else known
    total = 0
    for treasure in dict.fromkeys(hero.card.treasure):
        key = (player.name, treasure)
        if key not in known:
            known[key] = treasure_total(state, player.name, treasure)
        total += known[key]
    return total


def _held(state: GameState, heroes: Sequence[Hero]) -> dict[int, Lure]:
    """The Heroes a card keeps from the Bait this turn: each stays in town."""
    held = held_heroes(state.card_uses)
    return {
        h.id: Lure(
            hero=h.id,
            player=None,
            ruling=Ruling(rule="R-CARD-EFFECT", key="bait.held", args={"hero": h.label()}),
        )
        for h in heroes
        if h.id in held
    }


def _treasure_words(hero: Hero) -> str:
    return "+".join(dict.fromkeys(hero.card.treasure))


def _others(totals: Sequence[tuple[PlayerState, int]], winner: str) -> str:
    rest = [f"{p.name} {t}" for p, t in totals if p.name != winner]
    return ", ".join(rest) if rest else "none"


def resolve(state: GameState, known: dict[tuple[str, str], int] | None = None) -> tuple[Lure, ...]:
    """Bait every Hero in town, in town order, against the same totals (R-BAIT-ORDER).

    Eliminated players lure nobody (R-BAIT-OUT). A single highest total above zero lures
    the Hero (R-BAIT-HIGHEST); ties stay in town, except in 5–6 player games where tied
    dungeons share the Heroes of that type, highest XP first (R-BAIT-SPLIT).

    ``known``: totals already counted, (player, treasure) -> total, as ``hero_total``
    keeps them (it fills in the rest): a total is its own dungeon's alone (R-BAIT-TOTAL),
    so one counted on another table holds where that player's state is the same.
    """
    contenders = [p for p in state.players if not p.eliminated]
    heroes = [state.hero(h) for h in state.town]
    decided = _held(state, heroes)  # a card keeps them in town this turn (Doc Scarecrow)
    # R-BAIT-SPLIT groups Heroes by their treasure signature and the tied set they face.
    split_groups: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Hero]] = {}
    split_info: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[list[PlayerState], int]] = {}

    known = {} if known is None else known
    # Every Hero is baited against the same totals (R-BAIT-ORDER), so Heroes with the same
    # treasure get the same ruling: it is made once per treasure, not once per Hero (a
    # crowded town would otherwise cost a Bait one ruling per Hero waiting).
    rulings: dict[tuple[str, ...], tuple[str | None, Ruling] | list[PlayerState]] = {}
    for hero in heroes:
        if hero.id in decided:
            continue
        signature = tuple(dict.fromkeys(hero.card.treasure))
        ruled = rulings.get(signature)
        if ruled is None:
            ruled = rulings[signature] = _ruled(state, contenders, hero, known)
        if isinstance(ruled, tuple):
            decided[hero.id] = Lure(hero=hero.id, player=ruled[0], ruling=ruled[1])
            continue
        # A tie that 5–6 players split: by the Hero's types and the players tied.
        top = ruled
        group_key: tuple[tuple[str, ...], tuple[str, ...]] = (
            tuple(sorted({str(t) for t in hero.card.treasure})),  # mage/thief = thief/mage
            tuple(p.name for p in top),
        )
        split_groups.setdefault(group_key, []).append(hero)
        split_info[group_key] = (top, hero_total(state, top[0], hero, known))

    for group_key, group in split_groups.items():
        tied, best = split_info[group_key]
        # Highest XP first; equal XP keeps seating order.
        order = sorted(tied, key=lambda p: -p.xp)
        names = ", ".join(p.name for p in order)
        treasure = "+".join(group_key[0])
        n = len(order)
        full_rounds = len(group) // n
        for i, hero in enumerate(group):
            if i < full_rounds * n:
                winner = order[i % n]
                decided[hero.id] = Lure(
                    hero=hero.id,
                    player=winner.name,
                    ruling=Ruling(
                        rule="R-BAIT-SPLIT",
                        key="bait.split",
                        args={
                            "players": names,
                            "total": best,
                            "treasure": treasure,
                            "player": winner.name,
                        },
                    ),
                )
            else:
                decided[hero.id] = Lure(
                    hero=hero.id,
                    player=None,
                    ruling=Ruling(
                        rule="R-BAIT-SPLIT",
                        key="bait.split_left",
                        args={"players": names, "total": best, "treasure": treasure},
                    ),
                )

    return tuple(decided[h.id] for h in heroes)


def _ruled(
    state: GameState,
    contenders: list[PlayerState],
    hero: Hero,
    known: dict[tuple[str, str], int],
) -> tuple[str | None, Ruling] | list[PlayerState]:
    """Where a Hero with this treasure goes and why, or, for a tie that 5–6 players split
    (R-BAIT-SPLIT), the players tied, as seated."""
    totals = [(p, hero_total(state, p, hero, known)) for p in contenders]
    best = max((t for _, t in totals), default=0)
    treasure = _treasure_words(hero)
    hybrid = len(set(hero.card.treasure)) > 1
    if best <= 0:
        rule = "R-BAIT-HYBRID" if hybrid else "R-BAIT-HIGHEST"
        return None, Ruling(rule=rule, key="bait.none", args={"treasure": treasure})
    top = [p for p, t in totals if t == best]
    if len(top) == 1:
        winner = top[0]
        key = "bait.lured_hybrid" if hybrid else "bait.lured"
        rule = "R-BAIT-HYBRID" if hybrid else "R-BAIT-HIGHEST"
        args: dict[str, Arg] = {
            "player": winner.name,
            "treasure": treasure,
            "total": best,
            "others": _others(totals, winner.name),
        }
        return winner.name, Ruling(rule=rule, key=key, args=args)
    if state.five_six:
        return top
    return None, Ruling(
        rule="R-BAIT-HIGHEST",
        key="bait.tie",
        args={"treasure": treasure, "total": best, "players": " and ".join(p.name for p in top)},
    )
