"""A Room's activated ability as its own button on the Room ("Use Bottomless Pit: destroy
this Room to kill that Hero."), R-CARD-EFFECT.

The rules say when it may be used and at what (``rules.room_uses``: the phase, a Hero in
the Room where the card aims at one, once per turn; one command per Hero, Item or Room it
may aim at, or per Room a "destroy another Room" cost may take); the table shows those
commands as buttons, named by what each aims at, and only while there are any.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label, ruling_text
from companion.ui.widgets import tagged
from rules import flow
from rules.activated import usable
from rules.card_effects import ability_ref
from rules.card_text import ability_words
from rules.coin_gifts import gift_ability
from rules.commands import Command, GiveCoins, UseBossAbility, UseRoomAbility
from rules.models import GameState, PlayerState
from rules.room_uses import room_ability_uses

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
    """The Room's own ability used at will: a button per command the rules say uses it now
    (``rules.room_uses``), named by what the command aims at."""
    uses = room_ability_uses(ctx.state, player.name, index)
    if not uses:
        return ()
    name, does = _ability_words(ctx, player, index)
    tag = f"{prefix}-room-{index + 1}-use"
    return tuple(_use(ctx, tag, name, does, command) for command in uses)


def _use(ctx: TableContext, tag: str, name: str, does: str, command: UseRoomAbility) -> Choice:
    """One use's button: its tag and words follow what the command names."""
    tr = ctx.app.tr
    hero, item, room, other = command.hero, command.item, command.room, command.other
    if item is not None and hero is not None:  # an Item attached to a Hero
        words = tr(
            "table.use_ability_attach", card=name, item=_item(ctx, item), hero=_hero(ctx, hero)
        )
        return (f"{tag}-item-{item + 1}-hero-{hero + 1}", words, command)
    if hero is not None:  # a Hero kept at the entrance
        return (
            f"{tag}-hero-{hero + 1}",
            tr("table.use_ability_hero", card=name, hero=_hero(ctx, hero)),
            command,
        )
    if item is not None:  # an Item turned over (Burial Mound)
        return (
            f"{tag}-item-{item + 1}",
            tr("table.use_ability_item", card=name, item=_item(ctx, item)),
            command,
        )
    if command.target is not None and room is not None:  # a Room (Frostbat Cave, The Omega 42)
        words = tr("table.use_ability_on", card=name, player=command.target, room_n=room + 1)
        return (f"{tag}-{command.target}-{room + 1}", words, command)
    if other is not None:  # another Room of the owner's destroyed for it
        return (
            f"{tag}-{other + 1}",
            tr("table.use_ability_destroying", card=name, room_n=other + 1),
            command,
        )
    return (tag, tr("table.use_ability", card=name, does=does), command)


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
