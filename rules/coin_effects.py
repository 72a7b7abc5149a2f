"""Rise of the Minibosses' card abilities carried out (R-MINI with R-CARD-EFFECT): Coins
gained or paid when an ability fires, a Boss's lasting gains from its Level Up,
Minibosses built on a higher level, Coins fed to a Room, a Room's bonus per treasure icon.

``rules.expansions.after`` hands every event of a game with Minibosses to ``after``: an
ability that fired (``CardEffectFired``, its ruling naming the ability) gains its Coins
there, whichever path fired it (a Hero dying or surviving, a Room built or used, a
Spell). The moments the base triggers do not cover (a Room built next to this one, a Room
destroyed in any dungeon, an opponent's Miniboss) are fired here too. The vocabulary is
``rules.coin_kinds``; the questions these abilities ask are ``rules.coin_questions``.
"""

from __future__ import annotations

from rules import build, minibosses
from rules import events as ev
from rules.boss_level_up import boss_card
from rules.card_effects import abilities, ability_ref, effects_of, use_mark
from rules.coin_kinds import (
    LURED,
    STATED_COUNTS,
    DamagePerLured,
    FeedCoin,
    GainCoins,
    HealthPerCoin,
    LastingCoins,
    LastingWhen,
    MinibossStartLevel,
    PayCoins,
    TreasureBoost,
)
from rules.effect_kinds import KillHero
from rules.effects import Ability, CardEffects, Trigger
from rules.models import GameState, PlayerState
from rules.rulings import Arg, Ruling

SPELL_CAST_KEYS = ("card.spell_cast", "card.spell_by_hand")


def _ability(ref: object) -> tuple[CardEffects, Ability] | None:
    """The card and ability a ruling's ``does`` names ("RMB051:0")."""
    card_id, _, n = str(ref).partition(":")
    card = effects_of(card_id)
    if card is None or not n.isdigit() or int(n) >= len(card.abilities):
        return None
    return card, card.abilities[int(n)]


def _counted(state: GameState, owner: PlayerState, effect: GainCoins) -> int:
    """How many Coins ``effect`` gains its owner now (a stated count is asked instead)."""
    if effect.per == "wound":
        return effect.amount * state.wounds(owner.name)
    if effect.per == "other_room":
        return effect.amount * max(len(owner.dungeon) - 1, 0)
    if effect.per == "multi_treasure_room":
        return effect.amount * sum(1 for s in owner.dungeon if len(s.top.treasure) >= 2)
    return effect.amount


def gained(
    owner: PlayerState, card: str, amount: int, key: str = "coins.card_gained"
) -> ev.EventBase:
    args: dict[str, Arg] = {
        "player": owner.name,
        "card": card,
        "amount": amount,
        "total": owner.coins + amount,
    }
    if amount == 0:
        return ev.Noted(ruling=Ruling(rule="R-MINI", key="coins.card_none", args=args))
    return ev.CoinsChanged(
        player=owner.name, amount=amount, ruling=Ruling(rule="R-MINI", key=key, args=args)
    )


def gains(state: GameState, owner: PlayerState, card: str, ability: Ability) -> list[ev.EventBase]:
    """The Coins an ability that fired gains its owner (none for a stated count: asked)."""
    total = sum(
        _counted(state, owner, e)
        for e in ability.effects
        if isinstance(e, GainCoins) and e.per not in STATED_COUNTS
        if not e.if_hoard_empty or owner.coins == 0
    )
    if not any(isinstance(e, GainCoins) and e.per not in STATED_COUNTS for e in ability.effects):
        return []
    return [gained(owner, card, total)]


def _fired(state: GameState, event: ev.CardEffectFired) -> list[ev.EventBase]:
    found = _ability(event.ruling.args.get("does", ""))
    owner = event.owner or event.player
    if found is None or not state.has_player(owner):
        return []
    player, card = state.player(owner), event.card or found[0].name
    paid: list[ev.EventBase] = []
    if found[1].cost == "pay_coin" and event.use:  # used (the mark), not just described
        args: dict[str, Arg] = {"player": owner, "card": card, "total": player.coins - 1}
        ruling = Ruling(rule="R-MINI", key="coins.card_paid", args=args)
        paid = [ev.CoinsChanged(player=owner, amount=-1, ruling=ruling)]
    for pay in (e for e in found[1].effects if isinstance(e, PayCoins)):
        args = {"player": owner, "card": card, "amount": pay.amount, "total": player.coins}
        if player.coins < pay.amount:  # nothing paid, nothing bought
            paid.append(ev.Noted(ruling=Ruling(rule="R-MINI", key="coins.card_short", args=args)))
            continue
        args["total"] = player.coins - pay.amount
        ruling = Ruling(rule="R-MINI", key="coins.card_paid_n", args=args)
        paid.append(ev.CoinsChanged(player=owner, amount=-pay.amount, ruling=ruling))
    fed = _fed(state, player, found[0], found[1])
    return [
        *paid,
        *gains(state, player, card, found[1]),
        *_boosts(player, found[0], found[1]),
        *fed,
    ]


def _fed(
    state: GameState, player: PlayerState, fired: CardEffects, ability: Ability
) -> list[ev.EventBase]:
    """The Dreadmill: a Coin of the hoard onto it, or (none left) the Room destroyed."""
    if not any(isinstance(e, FeedCoin) for e in ability.effects):
        return []
    index = room_of(player, fired.id)
    if index is None or player.dungeon[index].deactivated:
        return []
    if player.coins >= 1:
        return minibosses.place_coins(player, index, 1)
    args: dict[str, Arg] = {"player": player.name, "card": fired.name}
    destroyed = build.destroy(state, player, index)
    ruling = Ruling(rule="R-MINI", key="coins.feed_none", args=args)
    return [destroyed.model_copy(update={"ruling": ruling})]


def _boosts(player: PlayerState, fired: CardEffects, ability: Ability) -> list[ev.EventBase]:
    """Until end of turn, +amount per treasure icon to each other Room of the type (not
    the card's own Room: Dragon's Nest)."""
    card = fired.name
    out: list[ev.EventBase] = []
    for effect in (e for e in ability.effects if isinstance(e, TreasureBoost)):
        for i, s in player.active_rooms():
            if s.top.card_id == fired.id or effect.room_type not in ("any", s.top.kind):
                continue
            amount = effect.amount * len(s.top.treasure)
            args: dict[str, Arg] = {"card": card, "room": s.top.label(), "room_n": i + 1}
            ruling = Ruling(
                rule="R-CARD-EFFECT", key="card.room_boosted", args={**args, "amount": amount}
            )
            if amount:
                out.append(
                    ev.RoomBoosted(player=player.name, index=i, amount=amount, ruling=ruling)
                )
    return out


def cost_payable(state: GameState, player: PlayerState, index: int, ability: Ability) -> bool:
    """Whether an activated ability's price can be paid now: a Coin in the hoard, another
    Monster Room to destroy, and a Hero in the Room within the card's Health limit."""
    if ability.cost == "pay_coin" and player.coins < 1:
        return False
    if ability.cost == "destroy_own_monster_room" and not any(
        s.top.kind == "monster" for i, s in enumerate(player.dungeon) if i != index
    ):
        return False
    limit = min(
        (e.max_health for e in ability.effects if isinstance(e, KillHero) and e.max_health),
        default=None,
    )
    walk = state.walk
    return limit is None or (walk is not None and state.hero(walk.hero).card.health <= limit)


# --- moments fired here ------------------------------------------------------------------


def _fire(
    state: GameState,
    player: str,
    index: int,
    trigger: Trigger,
    key: str,
    args: dict[str, Arg],
) -> list[ev.EventBase]:
    """The ``trigger`` abilities of ``player``'s Room at ``index`` (active, face up),
    once per turn where the card says so; each names what it does; a "may" is asked."""
    p = state.player(player)
    if index >= len(p.dungeon) or p.dungeon[index].deactivated:
        return []
    room = p.dungeon[index].top
    if room.card_id is None or p.face_down_at(index):
        return []
    out: list[ev.EventBase] = []
    for ability in abilities(p.dungeon[index], trigger):
        mark = f"{use_mark(player, index, room.card_id)}:{trigger}"
        if ability.once_per_turn and mark in state.card_uses:
            continue
        does = ability_ref(room.card_id, ability)
        out.append(
            ev.CardEffectFired(
                player=player,
                card_id=room.card_id,
                use=mark if ability.once_per_turn else "",
                offer="may" if ability.optional else None,  # asked Yes or No
                card=room.label(),
                ruling=Ruling(
                    rule="R-CARD-EFFECT",
                    key=key,
                    args={**args, "player": player, "card": room.label(), "does": does},
                ),
            )
        )
    return out


def _built_next_to(state: GameState, event: ev.RoomRevealed) -> list[ev.EventBase]:
    """'Whenever you build a Room next to this Room' (state: the Room is revealed)."""
    player = state.player(event.player)
    index = 0 if event.build.over is None else event.build.over
    if index >= len(player.dungeon):
        return []
    args: dict[str, Arg] = {"room": event.build.room.label()}
    return [
        e
        for j in minibosses.neighbours(player, index)
        for e in _fire(state, player.name, j, "you_build_adjacent", "card.built_next_to", args)
    ]


def _destroyed_anywhere(state: GameState, event: ev.RoomDestroyed) -> list[ev.EventBase]:
    """'When a Room (in any dungeon) is destroyed' abilities of every player's Rooms; the
    Room uncovered in its place is not the one destroyed."""
    args: dict[str, Arg] = {"owner": event.player}
    return [
        e
        for p in state.players
        if not p.eliminated
        for i in range(len(p.dungeon))
        if not (p.name == event.player and i == event.index)
        for e in _fire(state, p.name, i, "room_destroyed", "card.room_destroyed", args)
    ]


def _opponent_miniboss(state: GameState, player: str) -> list[ev.EventBase]:
    """'When an opponent plays or promotes a Miniboss' abilities of the others' Rooms."""
    args: dict[str, Arg] = {"owner": player}
    return [
        e
        for p in state.players
        if p.name != player and not p.eliminated
        for i in range(len(p.dungeon))
        for e in _fire(state, p.name, i, "opponent_miniboss", "card.opponent_miniboss", args)
    ]


def lured(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """A Hero lured to a dungeon where a Room counts them (Doppelganger Hive): the mark
    (with or without Coins in the game)."""
    if not isinstance(event, ev.HeroLured):
        return []
    player = state.player(event.player)
    counting = next(
        (
            s.top
            for _, s in player.active_rooms()
            for a in abilities(s, "always")
            if any(isinstance(e, DamagePerLured) for e in a.effects)
        ),
        None,
    )
    if counting is None or counting.card_id is None:
        return []
    args: dict[str, Arg] = {
        "card": counting.label(),
        "hero": state.hero(event.hero).label(),
        "player": player.name,
    }
    return [
        ev.CardEffectFired(
            player=player.name,
            card_id=counting.card_id,
            use=f"{LURED}{player.name}:{event.hero}",
            card=counting.label(),
            ruling=Ruling(rule="R-CARD-EFFECT", key="card.lured_counted", args=args),
        )
    ]


# --- a Boss's lasting abilities (from its Level Up on) ----------------------------------


def _boss(state: GameState, player: str) -> CardEffects | None:
    """The leveled-up Boss card of ``player`` (None: not leveled up, or not a known card)."""
    if not state.has_player(player) or not state.player(player).leveled_up:
        return None
    boss = boss_card(state, player)
    return boss[1] if boss is not None else None


def _lasting(state: GameState, player: str, when: LastingWhen) -> list[ev.EventBase]:
    boss = _boss(state, player)
    if boss is None:
        return []
    owner = state.player(player)
    out: list[ev.EventBase] = []
    for n, ability in enumerate(boss.abilities):
        for effect in ability.effects:
            if not isinstance(effect, LastingCoins) or effect.when != when:
                continue
            mark = f"{player}:boss:{boss.id}:{n}:{when}"
            if effect.once_per_turn and mark in state.card_uses:
                continue
            if effect.once_per_turn:
                out.append(
                    ev.CardEffectFired(
                        player=player,
                        card_id=boss.id,
                        use=mark,
                        card=boss.name,
                        ruling=Ruling(
                            rule="R-CARD-EFFECT", key="card.marked", args={"card": boss.name}
                        ),
                    )
                )
            out.append(gained(owner, boss.name, effect.amount, "coins.boss_gained"))
    return out


def _start_level(state: GameState, event: ev.MinibossRevealed) -> list[ev.EventBase]:
    """A Miniboss revealed by a Boss whose Level Up has it start higher."""
    boss = _boss(state, event.player)
    if boss is None:
        return []
    level = max(
        (e.level for a in boss.abilities for e in a.effects if isinstance(e, MinibossStartLevel)),
        default=1,
    )
    stack = state.player(event.player).dungeon[event.index]
    if level == 1 or stack.miniboss is None:
        return []
    return [
        ev.MinibossLevelSet(
            player=event.player,
            index=event.index,
            level=min(level, stack.miniboss.card.levels),
            ruling=Ruling(
                rule="R-MINI",
                key="mini.start_level",
                args={
                    "player": event.player,
                    "card": boss.name,
                    "miniboss": stack.miniboss.card.label(),
                    "level": min(level, stack.miniboss.card.levels),
                },
            ),
        )
    ]


def after(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """What Rise of the Minibosses' abilities add after ``event`` (``state`` includes it)."""
    if isinstance(event, ev.CardEffectFired):
        return _fired(state, event) if event.offer is None else []
    if isinstance(event, ev.RoomRevealed):
        kind = event.build.room.kind
        lasting: LastingWhen = "build_monster_room" if kind == "monster" else "build_trap_room"
        return [*_built_next_to(state, event), *_lasting(state, event.player, lasting)]
    if isinstance(event, ev.RoomDestroyed):
        return _destroyed_anywhere(state, event)
    if isinstance(event, ev.HeroKilled):
        return _lasting(state, event.player, "kill_hero")
    if isinstance(event, ev.Noted) and event.ruling.key in SPELL_CAST_KEYS:
        return _lasting(state, str(event.ruling.args.get("player", "")), "cast_spell")
    if isinstance(event, ev.MinibossRevealed):
        return [*_start_level(state, event), *_opponent_miniboss(state, event.player)]
    if isinstance(event, ev.MinibossLevelSet) and event.promoted:
        return _opponent_miniboss(state, event.player)
    return []


# --- a Spell cast ---------------------------------------------------------------------------


def cast(
    state: GameState, caster: PlayerState, card: CardEffects, ability: Ability
) -> list[ev.EventBase]:
    """A Spell's Coins (Windfall: only into an empty hoard), in a game with Coins; Coins
    to spend on it are asked (Armor Up!)."""
    args: dict[str, Arg] = {"player": caster.name, "card": card.name}
    if not state.setup.ruleset.minibosses:
        return [ev.Noted(ruling=Ruling(rule="R-MINI", key="coins.card_off", args=args))]
    asked: list[ev.EventBase] = []
    if any(isinstance(e, HealthPerCoin) for e in ability.effects):
        ruling = Ruling(rule="R-MINI", key="coins.spend_asked", args=args)
        asked.append(
            ev.CardEffectFired(
                player=caster.name,
                card_id=card.id,
                offer="count",
                card=card.name,
                mandatory=True,
                ruling=ruling,
            )
        )
    return [*gains(state, caster, card.name, ability), *asked]


def room_of(player: PlayerState, card_id: str) -> int | None:
    """Where the card ``card_id`` stands on top in ``player``'s dungeon (None: not there)."""
    return next((i for i, s in enumerate(player.dungeon) if s.top.card_id == card_id), None)
