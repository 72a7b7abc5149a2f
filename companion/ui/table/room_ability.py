"""A Room's activated ability as its own button on the Room ("Use Bottomless Pit: destroy
this Room to kill that Hero."), R-CARD-EFFECT.

The engine says when it may be used (``rules.activated.usable``: the phase, a Hero in the
Room where the card aims at one, once per turn); the button is there only then. A cost
that destroys another Room gets one button per Room it may take, an ability aimed at a
Room in any dungeon one button per Room it may aim at, and one that turns an Item of the
owner's over one button per Item it may turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label, ruling_text
from companion.ui.widgets import tagged
from rules import flow
from rules.activated import again_rooms, aims, other_rooms, usable
from rules.card_effects import ability_ref
from rules.card_text import ability_words
from rules.coin_gifts import gift_ability
from rules.commands import Command, GiveCoins, UseBossAbility, UseRoomAbility
from rules.effect_groups import ROOM_AIMS
from rules.effect_kinds import AbilityAgain
from rules.hold_kinds import KeepAtEntrance
from rules.holds import entrance_heroes
from rules.item_flips import attachable, flippable
from rules.item_kinds import AttachItem, FlipItem
from rules.models import GameState, PlayerState

# What a Room's button may aim at besides a Room: nothing, the Hero standing in it or the
# one walking any dungeon, or an opponent whose cards the players handle (Elder Portal).
AIMS = ("opponent", *ROOM_AIMS)


Choice = tuple[str, str, UseRoomAbility | GiveCoins]  # a button: tag, words, command
Play = Callable[[str, Command], object]  # sends a command, its refusal shown at a slot


class AbilityShows(NamedTuple):
    """What a Room's ability shows on its tile: each button (``Choice``) and, over a
    button per Hero, Item or Room it may aim at, the card and what it does (said once)."""

    lead: tuple[str, str] | None
    choices: tuple[Choice, ...]


def room_ability_shows(
    ctx: TableContext, player: PlayerState, index: int, prefix: str
) -> AbilityShows:
    """The Room's "Use ..." button(s) as values (none when its ability may not be used
    now): a prop of its tile, so a button goes once its ability is spent or what it aims
    at changes."""
    choices = _gifts(ctx, player, index, prefix) + _uses(ctx, player, index, prefix)
    # A button per Hero, Item or Room it may aim at names only that; what the ability
    # does is said once above them (five Rooms made five long sentences).
    aimed = any(tag.startswith(f"{prefix}-room-{index + 1}-use-") for tag, _, _ in choices)
    return AbilityShows(_ability_words(ctx, player, index) if aimed else None, choices)


def room_ability_buttons(
    tr: Callable[..., str], play: Play, shows: AbilityShows, slot: str
) -> list[ft.Control]:
    """The Room's "Use ..." button(s) drawn from ``shows``; a refusal shows at ``slot``."""
    buttons = [ability_button(play, *c, slot) for c in shows.choices]
    if shows.lead is not None:
        return [ability_lead(tr, shows.lead), *buttons]
    return buttons


def ability_lead(tr: Callable[..., str], words: tuple[str, str]) -> ft.Control:
    """The card and what its ability does, said once above a button per target."""
    card, does = words
    return ft.Text(tr("table.ability_lead", card=card, does=does), size=15)


def _ability_words(ctx: TableContext, player: PlayerState, index: int) -> tuple[str, str]:
    """The Room's name and what its ability usable now does, in the table's words."""
    ability = usable(ctx.state, player.name, index)
    room = player.dungeon[index].top
    assert ability is not None and room.card_id is not None  # it has buttons now
    tr = ctx.app.tr
    does = ability_words(ability_ref(room.card_id, ability), lambda k, a: ruling_text(tr, k, a))
    return card_label(tr, room.label()), does


def _gifts(ctx: TableContext, player: PlayerState, index: int, prefix: str) -> tuple[Choice, ...]:
    """Another player's Coin for this Room (Paywall): a button per other player."""
    stack, state = player.dungeon[index], ctx.state
    if gift_ability(player, index) is None:
        return ()
    name = card_label(ctx.app.tr, stack.top.label())
    return tuple(
        (
            f"{prefix}-room-{index + 1}-give-{ctx.seat(other.name)}",
            ctx.app.tr("table.give_coin", player=other.name, owner=player.name, card=name),
            GiveCoins(player=other.name, to=player.name, index=index),
        )
        for other in coin_givers(state, player.name)
    )


def coin_givers(state: GameState, owner: str) -> list[PlayerState]:
    """The players who may give ``owner`` Coins now: the others, when the engine takes a
    ``GiveCoins`` of theirs (Paywall's Room, Scott's Boss)."""
    return [p for p in state.players if p.name != owner and flow.may(state, GiveCoins, p.name)]


def _uses(ctx: TableContext, player: PlayerState, index: int, prefix: str) -> tuple[Choice, ...]:
    """The Room's own ability used at will: a button per thing it may aim at."""
    ability = usable(ctx.state, player.name, index)
    room = player.dungeon[index].top
    if (
        ability is None
        or room.card_id is None
        or (
            ability.target not in ("none", "hero_in_this_room", "hero_in_any_dungeon", *AIMS)
            and not ability.activated_by_engine
        )  # another Room of the owner's (The Omega 42)
    ):
        return ()  # nothing to use now, or it aims at something the table picks by hand
    tr = ctx.app.tr
    name, does = _ability_words(ctx, player, index)
    tag = f"{prefix}-room-{index + 1}-use"
    if any(isinstance(e, KeepAtEntrance) for e in ability.effects):  # one per Hero waiting
        return tuple(
            (
                f"{tag}-hero-{hero + 1}",
                tr("table.use_ability_hero", card=name, hero=_hero(ctx, hero)),
                UseRoomAbility(player=player.name, index=index, hero=hero),
            )
            for hero in entrance_heroes(ctx.state, player.name)
        )
    if any(isinstance(e, AttachItem) for e in ability.effects):  # one per Item and Hero
        return tuple(
            (
                f"{tag}-item-{item + 1}-hero-{hero + 1}",
                tr(
                    "table.use_ability_attach",
                    card=name,
                    item=_item(ctx, item),
                    hero=_hero(ctx, hero),
                ),
                UseRoomAbility(player=player.name, index=index, item=item, hero=hero),
            )
            for item, hero in attachable(ctx.state)
        )
    flips = [e for e in ability.effects if isinstance(e, FlipItem)]
    if flips:  # one button per Item of the owner's it may turn over (Burial Mound)
        return tuple(
            (
                f"{tag}-item-{item + 1}",
                tr("table.use_ability_item", card=name, item=_item(ctx, item)),
                UseRoomAbility(player=player.name, index=index, item=item),
            )
            for item in flippable(player, flips[0])
        )
    if any(isinstance(e, AbilityAgain) for e in ability.effects):  # one per Room of theirs
        return tuple(
            (
                f"{tag}-{player.name}-{room + 1}",
                tr("table.use_ability_on", card=name, player=player.name, room_n=room + 1),
                UseRoomAbility(player=player.name, index=index, target=player.name, room=room),
            )
            for room in again_rooms(player, index)
        )
    if ability.target in ROOM_AIMS:  # one button per Room it may aim at (Frostbat Cave)
        return tuple(
            (
                f"{tag}-{target}-{room + 1}",
                tr("table.use_ability_on", card=name, player=target, room_n=room + 1),
                UseRoomAbility(player=player.name, index=index, target=target, room=room),
            )
            for target, room in aims(ctx.state, ability)
            if not (target == player.name and room == index and ability.cost == "destroy_this")
        )
    if ability.cost not in ("destroy_another", "destroy_own_monster_room"):
        command = UseRoomAbility(player=player.name, index=index)
        return ((tag, tr("table.use_ability", card=name, does=does), command),)
    return tuple(
        (
            f"{tag}-{other + 1}",
            tr("table.use_ability_destroying", card=name, room_n=other + 1),
            UseRoomAbility(player=player.name, index=index, other=other),
        )
        for other in other_rooms(player, index, ability)
    )


def _hero(ctx: TableContext, hero: int) -> str:
    return card_label(ctx.app.tr, ctx.state.hero(hero).label())


def _item(ctx: TableContext, item: int) -> str:
    return card_label(ctx.app.tr, ctx.state.items.item(item).label())


def ability_button(
    play: Play,
    tag: str,
    words: str,
    command: UseRoomAbility | UseBossAbility | GiveCoins,
    slot: str,
) -> ft.Control:
    """A card ability's "Use ..." button (a Room's or a Boss's); a refusal shows at
    ``slot``."""
    return tagged(
        tag,
        ft.TextButton(
            content=ft.Text(words, size=15),  # grows to the words' lines: none is cut off
            icon=ft.Icons.BOLT,
            on_click=lambda _e: play(slot, command),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=14, horizontal=12)),
        ),
    )
