"""Building, revealing, destroying and deactivating Rooms (R-BUILD-…, R-DESTROY, …)."""

from __future__ import annotations

from rules import boss_level_up, card_effects, card_triggers
from rules import events as ev
from rules.errors import BuildError
from rules.models import GameState, PendingBuild, PlayerState, Room
from rules.rulings import RuleId, Ruling

MAX_ROOMS = 5


def _where(build: PendingBuild, player: PlayerState) -> tuple[str, dict[str, str | int]]:
    """Where a Room goes, as a message key's ending and its arguments: at the entrance end
    (``_end``), or over a Room named by card and place (``_over``: ``under``, ``under_n``)."""
    if build.over is None:
        return "_end", {}
    return "_over", {"under": player.dungeon[build.over].top.label(), "under_n": build.over + 1}


def check_build(state: GameState, player: PlayerState, room: Room, over: int | None) -> str | None:
    """Raise ``BuildError`` unless ``room`` may be placed there now; return the card that
    allows a placement the printed rules would refuse (R-CARD-EFFECT), if one does."""
    if player.has_built:
        raise BuildError("R-BUILD-ONE", "err.build_twice", player=player.name)
    return check_place(state, player, room, over)


def check_place(state: GameState, player: PlayerState, room: Room, over: int | None) -> str | None:
    """``check_build`` of ``player``'s dungeon without its one-build check: a Room another
    player places there (a gift) stands by this dungeon's rules (R-BUILD-WHERE)."""
    if over is None:
        if room.advanced:
            # R-BUILD-WHERE: an Advanced Room must cover a Room sharing a treasure type, so
            # it never starts a new place at the entrance end (hence the mulligan rule).
            raise BuildError("R-BUILD-WHERE", "err.build_advanced_end", room=room.label())
        if len(player.dungeon) >= MAX_ROOMS:
            raise BuildError("R-BUILD-MAX", "err.build_max", player=player.name)
        card_effects.check_build_beside(player, room, over)
        return None
    if over >= len(player.dungeon):
        raise BuildError("R-BUILD-WHERE", "err.build_no_stack", player=player.name, index=over + 1)
    target = player.dungeon[over]
    if player.face_down_at(over):  # no Room is built over a face-down card
        raise BuildError("R-BUILD-WHERE", "err.face_down", room=target.top.label())
    if target.miniboss is not None and target.miniboss.face_down:  # nor a face-down Miniboss
        raise BuildError("R-BUILD-WHERE", "err.face_down_mini", room=target.top.label())
    if target.deactivated:
        raise BuildError("R-BUILD-WHERE", "err.build_deactivated", room=target.top.label())
    card_effects.check_build_over(target, room)
    card_effects.check_build_beside(player, room, over)
    if room.advanced and not set(room.treasure) & set(target.top.treasure):
        card = card_effects.builds_over_any(state, player, room, target)
        if card is not None:
            return card  # Hypercube, Rocky, Zoning Board: whatever the treasure
        treasure = "+".join(target.top.treasure) or "no treasure"
        raise BuildError(
            "R-BUILD-WHERE",
            "err.build_advanced",
            room=target.top.label(),
            treasure=treasure,
        )
    return None


def place(state: GameState, player: PlayerState, room: Room, over: int | None) -> ev.RoomPlaced:
    card = check_build(state, player, room, over)
    build = PendingBuild(room=room, over=over)
    rule = "R-SETUP-FIRST" if state.phase == "setup" else "R-BUILD-WHERE"
    ending, where = _where(build, player)
    if card is not None:
        return ev.RoomPlaced(
            player=player.name,
            build=build,
            ruling=Ruling(
                rule="R-CARD-EFFECT",
                key="card.builds_over_any",
                args={"player": player.name, "card": card, **where},
            ),
        )
    return ev.RoomPlaced(
        player=player.name,
        build=build,
        ruling=Ruling(
            rule=rule, key=f"build.placed{ending}", args={"player": player.name, **where}
        ),
    )


def reveal(state: GameState) -> list[ev.EventBase]:
    """Every face-down Room is revealed together; Level Up resolves in XP order."""
    out: list[ev.EventBase] = []
    for player in state.xp_order():
        # Gifts first: over Rooms already standing, they keep the places they were given
        # before the owner's own Room may push every place one on (rules.gift_build).
        out += _gifts_revealed(state, player)
        build = player.pending
        added = 0
        if build is not None:
            added = 1 if build.over is None else 0
            rule = "R-SETUP-FIRST" if state.phase == "setup" else "R-BUILD-ONE"
            ending, where = _where(build, player)
            out.append(
                ev.RoomRevealed(
                    player=player.name,
                    build=build,
                    ruling=Ruling(
                        rule=rule,
                        key=f"build.revealed{ending}",
                        args={"player": player.name, "room": build.room.label(), **where},
                    ),
                )
            )
            out += card_triggers.built(state, player.name, build.room)
        # R-LEVELUP: the first time the dungeon counts five Rooms at the end of a Build
        # phase; a deactivated Room is not counted as a Room (R-DEACTIVATE).
        active_after = sum(1 for _ in player.active_rooms()) + added
        if not player.leveled_up and not player.eliminated and active_after >= MAX_ROOMS:
            out.append(
                ev.BossLeveledUp(
                    player=player.name,
                    ruling=Ruling(
                        rule="R-LEVELUP", key="build.levelup", args={"player": player.name}
                    ),
                )
            )
            out += boss_level_up.leveled_up(state, player.name)
    return out


def _gifts_revealed(state: GameState, player: PlayerState) -> list[ev.EventBase]:
    """Each Room another player placed in ``player``'s dungeon, revealed over the Room it
    was placed on; its "when you build" abilities are ``player``'s (``rules.gift_build``)."""
    out: list[ev.EventBase] = []
    for gift in player.gifts:
        args: dict[str, str | int] = {"player": player.name, "by": gift.by or ""}
        args |= {"room": gift.room.label(), **_where(gift, player)[1]}
        said = Ruling(rule="R-CARD-EFFECT", key="build.gift_revealed", args=args)
        out.append(ev.RoomRevealed(player=player.name, build=gift, ruling=said))
        # Seen as the owner's own face-down Room, its abilities fire where it lies.
        as_own = state.with_player(player.name, pending=gift.model_copy(update={"by": None}))
        out += card_triggers.built(as_own, player.name, gift.room)
    return out


def _refusal(player: PlayerState, index: int, rule: RuleId, upright_key: str) -> BuildError | None:
    """Why the Room at ``index`` may not be destroyed (``rule`` R-DESTROY) or deactivated
    (R-DEACTIVATE), or None: it must be there, face up and upright (``upright_key`` says
    it is not)."""
    if index >= len(player.dungeon):
        return BuildError(rule, "err.build_no_stack", player=player.name, index=index + 1)
    stack = player.dungeon[index]
    if player.face_down_at(index):
        # A Room placed face down this Build phase now tops that place: face-down Rooms
        # can't be destroyed or deactivated (R-DESTROY).
        return BuildError(rule, "err.face_down", room=stack.top.label())
    if stack.deactivated:
        return BuildError(rule, upright_key, room=stack.top.label())
    return None


def may_take_down(player: PlayerState, index: int) -> bool:
    """Whether the Room at ``index`` may be destroyed or deactivated: ``destroy`` and
    ``deactivate`` refuse the same Rooms (R-DESTROY, R-DEACTIVATE)."""
    return _refusal(player, index, "R-DESTROY", "err.destroy_deactivated") is None


def destroy(state: GameState, player: PlayerState, index: int) -> ev.RoomDestroyed:
    refused = _refusal(player, index, "R-DESTROY", "err.destroy_deactivated")
    if refused is not None:
        raise refused
    stack = player.dungeon[index]
    args: dict[str, str | int] = {"player": player.name, "room": stack.top.label()}
    if len(stack.rooms) > 1:
        key = "build.destroyed_uncovering"
        args["uncovered"] = stack.rooms[-2].label()
    else:
        key = "build.destroyed"
    return ev.RoomDestroyed(
        player=player.name,
        index=index,
        ruling=Ruling(rule="R-DESTROY", key=key, args=args),
    )


def deactivate(state: GameState, player: PlayerState, index: int) -> ev.RoomDeactivated:
    refused = _refusal(player, index, "R-DEACTIVATE", "err.deactivate_twice")
    if refused is not None:
        raise refused
    stack = player.dungeon[index]
    return ev.RoomDeactivated(
        player=player.name,
        index=index,
        ruling=Ruling(
            rule="R-DEACTIVATE",
            key="build.deactivated",
            args={"player": player.name, "room": stack.top.label()},
        ),
    )


def reactivate_all(state: GameState) -> list[ev.EventBase]:
    """End of turn: every deactivated Room is turned upright (R-DEACTIVATE)."""
    out: list[ev.EventBase] = []
    for player in state.players:
        for i, stack in enumerate(player.dungeon):
            if stack.deactivated:
                out.append(
                    ev.RoomReactivated(
                        player=player.name,
                        index=i,
                        ruling=Ruling(
                            rule="R-DEACTIVATE",
                            key="build.reactivated",
                            args={"player": player.name, "room": stack.top.label()},
                        ),
                    )
                )
    return out
