"""Rise of the Minibosses: Coins in each Boss's hoard and on Rooms, Minibosses built on
Rooms, revealed for a Coin, promoted and reset (R-MINI).

How the project reads the rule where the rulebooks leave room or disagree:

- Building a Miniboss is the player's one build of the Build phase (R-BUILD-ONE). It goes
  on a visible, upright Room that has no Miniboss and whose neighbours have none; a
  deactivated neighbour is not adjacent (R-DEACTIVATE). Only the building is restricted:
  a Room destroyed between two Minibosses may leave them side by side.
- At the reveal the Miniboss is paid for automatically if the hoard holds a Coin, and
  discarded if it holds none; a player who does not want to pay says so first with
  ``DeclineMiniboss`` (the card is discarded; the build is spent).
- Promotion: once per turn per player, in the Build phase, 1 Coin raises one Miniboss
  one level, up to its top level (3). Using Level 3 costs nothing (the Coin was paid to
  reach it; the summary's "pay to use" is not followed) and sets it back to Level 1; it
  may be used in any phase of a turn but not while its Room is deactivated.
- A Room covered or destroyed loses its Miniboss and its Coins (``rulings.md`` says lost;
  the summary's FAQ would move it to the new top Room: not followed).
- Coins placed on a Room come from the owner's hoard.
"""

from __future__ import annotations

from rules import events as ev
from rules.errors import BuildError, RulesError
from rules.models import GameState, Miniboss, MinibossCard, PlayerState, RoomStack
from rules.rulings import Ruling


def _stack(player: PlayerState, index: int) -> RoomStack:
    if index >= len(player.dungeon):
        raise BuildError("R-MINI", "err.build_no_stack", player=player.name, index=index + 1)
    return player.dungeon[index]


def _where(stack: RoomStack, index: int, name: str = "room") -> dict[str, str | int]:
    """A Room named by its card and its place (``room``, ``room_n``): the message, in
    each language, says "(Room 2)" or "(Raum 2)" itself."""
    return {name: stack.top.label(), f"{name}_n": index + 1}


def _mini_args(player: PlayerState, index: int) -> dict[str, str | int]:
    stack = player.dungeon[index]
    label = stack.miniboss.card.label() if stack.miniboss is not None else "Miniboss"
    return {"player": player.name, "miniboss": label, **_where(stack, index)}


def check_pay(player: PlayerState, amount: int) -> None:
    if player.coins < amount:
        raise RulesError(
            "R-MINI", "err.coins_short", player=player.name, coins=player.coins, amount=amount
        )


# --- Coins -----------------------------------------------------------------------------------


def gain(player: PlayerState, amount: int) -> list[ev.EventBase]:
    args = {"player": player.name, "amount": amount, "total": player.coins + amount}
    return [
        ev.CoinsChanged(
            player=player.name,
            amount=amount,
            ruling=Ruling(rule="R-MINI", key="coins.gained", args=args),
        )
    ]


def pay(player: PlayerState, amount: int) -> list[ev.EventBase]:
    check_pay(player, amount)
    args = {"player": player.name, "amount": amount, "total": player.coins - amount}
    return [
        ev.CoinsChanged(
            player=player.name,
            amount=-amount,
            ruling=Ruling(rule="R-MINI", key="coins.paid", args=args),
        )
    ]


def place_coins(player: PlayerState, index: int, amount: int) -> list[ev.EventBase]:
    stack = _stack(player, index)
    check_pay(player, amount)
    args = {"player": player.name, "amount": amount, **_where(stack, index)}
    return [
        ev.CoinsMoved(
            player=player.name,
            index=index,
            amount=amount,
            ruling=Ruling(rule="R-MINI", key="coins.placed", args=args),
        )
    ]


def take_coins(player: PlayerState, index: int, amount: int) -> list[ev.EventBase]:
    stack = _stack(player, index)
    if stack.coins < amount:
        raise RulesError(
            "R-MINI",
            "err.room_coins_short",
            **_where(stack, index),
            coins=stack.coins,
            amount=amount,
        )
    args = {"player": player.name, "amount": amount, **_where(stack, index)}
    return [
        ev.CoinsMoved(
            player=player.name,
            index=index,
            amount=-amount,
            ruling=Ruling(rule="R-MINI", key="coins.taken", args=args),
        )
    ]


def discard_room_for_coin(state: GameState, player: PlayerState) -> list[ev.EventBase]:
    if not state.setup.ruleset.coin_for_room:
        raise RulesError("R-MINI", "err.coin_for_room_off")
    if player.coin_for_room_turn == state.turn:
        raise RulesError("R-MINI", "err.coin_for_room_twice", player=player.name)
    return [
        ev.RoomDiscardedForCoin(
            player=player.name,
            ruling=Ruling(rule="R-MINI", key="coins.room_discarded", args={"player": player.name}),
        )
    ]


# --- Minibosses ------------------------------------------------------------------------------


def neighbours(player: PlayerState, index: int) -> tuple[int, ...]:
    """Places next to ``index`` (R-DEACTIVATE: a deactivated Room has no neighbours)."""
    if player.dungeon[index].deactivated:
        return ()
    return tuple(
        j
        for j in (index - 1, index + 1)
        if 0 <= j < len(player.dungeon) and not player.dungeon[j].deactivated
    )


def build(
    state: GameState, player: PlayerState, over: int, card: MinibossCard
) -> list[ev.EventBase]:
    """BuildMiniboss: face down on Room ``over``, as the player's one build this phase."""
    if player.has_built:
        raise BuildError("R-BUILD-ONE", "err.build_twice", player=player.name)
    return [placed(player, over, card)]


def placed(player: PlayerState, over: int, card: MinibossCard, extra: bool = False) -> ev.EventBase:
    """A Miniboss placed face down on Room ``over`` (refused where one may not stand);
    ``extra``: besides the phase's build (Internship)."""
    stack = _stack(player, over)
    if stack.deactivated:
        raise BuildError("R-BUILD-WHERE", "err.build_deactivated", room=stack.top.label())
    if player.face_down_at(over):  # nothing goes over a face-down card (a gift's place)
        raise BuildError("R-BUILD-WHERE", "err.face_down", room=stack.top.label())
    if stack.miniboss is not None:
        raise BuildError("R-MINI", "err.mini_there", **_where(stack, over))
    for j in neighbours(player, over):
        if player.dungeon[j].miniboss is not None:
            raise BuildError(
                "R-MINI",
                "err.mini_adjacent",
                **_where(stack, over),
                **_where(player.dungeon[j], j, "other"),
            )
    return ev.MinibossPlaced(
        player=player.name,
        index=over,
        miniboss=card,
        extra=extra,
        ruling=Ruling(
            rule="R-MINI", key="mini.placed", args={"player": player.name, **_where(stack, over)}
        ),
    )


def built_at_once(player: PlayerState, over: int) -> list[ev.EventBase]:
    """A Miniboss built at once on Room ``over`` besides the phase's build (Internship):
    placed, then shown at Level 1 for its Coin (R-MINI), as at a reveal."""
    check_pay(player, 1)
    place = placed(player, over, MinibossCard(), extra=True)
    shown = Ruling(rule="R-MINI", key="mini.revealed", args=_mini_args(player, over))
    return [place, ev.MinibossRevealed(player=player.name, index=over, ruling=shown)]


def _face_down(player: PlayerState) -> int | None:
    return next(
        (i for i, s in enumerate(player.dungeon) if s.miniboss and s.miniboss.face_down), None
    )


def decline(player: PlayerState) -> list[ev.EventBase]:
    index = _face_down(player)
    if index is None:
        raise RulesError("R-MINI", "err.no_face_down_mini", player=player.name)
    return [
        ev.MinibossDiscarded(
            player=player.name,
            index=index,
            ruling=Ruling(rule="R-MINI", key="mini.declined", args=_mini_args(player, index)),
        )
    ]


def reveal(state: GameState) -> list[ev.EventBase]:
    """RevealRooms: each face-down Miniboss is paid 1 Coin (Level 1) or discarded."""
    out: list[ev.EventBase] = []
    for player in state.xp_order():
        index = _face_down(player)
        if index is None:
            continue
        args = _mini_args(player, index)
        if player.coins >= 1:
            out.append(
                ev.MinibossRevealed(
                    player=player.name,
                    index=index,
                    ruling=Ruling(rule="R-MINI", key="mini.revealed", args=args),
                )
            )
        else:
            out.append(
                ev.MinibossDiscarded(
                    player=player.name,
                    index=index,
                    ruling=Ruling(rule="R-MINI", key="mini.unpaid", args=args),
                )
            )
    return out


def _shown(player: PlayerState, index: int) -> RoomStack:
    stack = _stack(player, index)
    if stack.miniboss is None:
        raise RulesError("R-MINI", "err.no_mini", **_where(stack, index))
    if stack.miniboss.face_down:
        raise RulesError("R-MINI", "err.mini_face_down", **_where(stack, index))
    return stack


def promote(
    state: GameState, player: PlayerState, index: int, instead: str | None = None
) -> list[ev.EventBase]:
    """PromoteMiniboss: 1 Coin raises the Miniboss one level, once per turn; ``instead``
    names the card whose price replaces the Coin (Calabeza: still the turn's promotion)."""
    stack = _shown(player, index)
    assert stack.miniboss is not None
    if player.promoted_turn == state.turn:
        raise RulesError("R-MINI", "err.promote_twice", player=player.name)
    if stack.miniboss.level >= stack.miniboss.card.levels:
        raise RulesError(
            "R-MINI",
            "err.mini_max",
            miniboss=stack.miniboss.card.label(),
            level=stack.miniboss.card.levels,
        )
    paid = 0 if instead else 1
    check_pay(player, paid)
    level = stack.miniboss.level + 1
    args: dict[str, str | int] = {**_mini_args(player, index), "level": level}
    return [
        ev.MinibossLevelSet(
            player=player.name,
            index=index,
            level=level,
            paid=paid,
            promoted=True,
            ruling=Ruling(
                rule="R-CARD-EFFECT" if instead else "R-MINI",
                key="card.promoted_free" if instead else "mini.promoted",
                args={**args, "card": instead} if instead else args,
            ),
        )
    ]


def may_rise(miniboss: Miniboss | None) -> bool:
    """Whether this Miniboss has a level to rise to (R-MINI): face up, below its top."""
    return miniboss is not None and not miniboss.face_down and miniboss.level < miniboss.card.levels


def promotable(state: GameState, player: PlayerState) -> tuple[int, ...]:
    """The Rooms whose Miniboss may be promoted now (R-MINI): face up, below its top
    level, while the player has not promoted one this turn."""
    if player.promoted_turn == state.turn:
        return ()
    return tuple(i for i, s in enumerate(player.dungeon) if may_rise(s.miniboss))


def use_level3(player: PlayerState, index: int) -> list[ev.EventBase]:
    stack = _shown(player, index)
    assert stack.miniboss is not None
    if stack.miniboss.level != 3:
        raise RulesError(
            "R-MINI",
            "err.mini_not_level3",
            miniboss=stack.miniboss.card.label(),
            level=stack.miniboss.level,
        )
    if stack.deactivated:
        raise RulesError("R-DEACTIVATE", "err.mini_deactivated", **_where(stack, index))
    return [
        ev.MinibossLevelSet(
            player=player.name,
            index=index,
            level=1,
            ruling=Ruling(rule="R-MINI", key="mini.level3_used", args=_mini_args(player, index)),
        )
    ]


# --- what covering or destroying a Room takes with it ------------------------------------


def lost_with_room(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """Before a Room is covered (revealed over it) or destroyed: its Miniboss and its
    Coins are lost (R-MINI)."""
    if isinstance(event, ev.RoomRevealed) and event.build.over is not None:
        name, index, how = event.player, event.build.over, "covered"
    elif isinstance(event, ev.RoomDestroyed):
        name, index, how = event.player, event.index, "destroyed"
    else:
        return []
    player = state.player(name)
    if index >= len(player.dungeon):
        return []
    stack = player.dungeon[index]
    out: list[ev.EventBase] = []
    if stack.miniboss is not None:
        out.append(
            ev.MinibossDiscarded(
                player=name,
                index=index,
                ruling=Ruling(rule="R-MINI", key=f"mini.{how}", args=_mini_args(player, index)),
            )
        )
    if stack.coins:
        out.append(
            ev.CoinsLost(
                player=name,
                index=index,
                ruling=Ruling(
                    rule="R-MINI",
                    key=f"coins.{how}",
                    args={"player": name, "coins": stack.coins, **_where(stack, index)},
                ),
            )
        )
    return out
