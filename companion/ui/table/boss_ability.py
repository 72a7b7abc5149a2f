"""A Boss's Level Up used at will as its own button ("Use Ravenus: pay 2 Coins to choose
one of your Monster Rooms: its damage is doubled until end of turn."), R-CARD-EFFECT.

The rules say when it may be used and at what (``rules.boss_uses``: after the Level Up,
once per turn, the phase, 2 Coins in the hoard; one command per Room whose Miniboss may go
up a level or that may take a counter, per Hero in town it may keep, per player and
treasure icon it may give); the table shows those commands, named by what each aims at:
a button per Room or Hero, a row of treasure tiles per player (whose dungeon, which icon).
"""

from __future__ import annotations

import flet as ft

from companion.theme import TREASURE_LOOKS, treasure_letter
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.room_ability import ability_button, ability_lead, coin_givers
from companion.ui.table.rulings import card_label, ruling_text
from companion.ui.widgets import on_tap, toggle_tile
from rules.boss_actions import usable
from rules.boss_level_up import boss_card
from rules.boss_uses import boss_ability_uses
from rules.card_effects import ability_ref
from rules.card_text import ability_words
from rules.coin_gifts import boss_gift
from rules.commands import GiveCoins, UseBossAbility
from rules.models import PlayerState


def boss_ability_buttons(ctx: TableContext, player: PlayerState, prefix: str) -> list[ft.Control]:
    """The Boss's "Use ..." button(s), or nothing when its ability may not be used now;
    before them, the other players' Coin for it (Scott)."""
    state = ctx.state
    gifts = _gifts(ctx, player, prefix)
    uses = boss_ability_uses(state, player.name)  # the rules say what it may aim at
    if not uses:
        return gifts
    ability, boss = usable(state, player.name), boss_card(state, player.name)
    assert ability is not None and boss is not None  # it has uses now
    tr = ctx.app.tr
    name, card = boss
    does = ability_words(ability_ref(card.id, ability), lambda k, a: ruling_text(tr, k, a))
    label = card_label(tr, name)
    slot = f"{prefix}-boss-use"
    words = tr("table.use_ability", card=label, does=does)
    first = uses[0]
    if first.treasure is not None:  # whose dungeon, which icon (Kirax)
        controls = [ft.Text(words, size=15), *_treasure_rows(ctx, uses, slot)]
    elif first.room is None and first.hero is None:
        controls = [ability_button(ctx.play, slot, words, first, slot)]
    else:  # a button per Room (Calabeza, Chase) or per Hero in town (Doc Scarecrow)
        controls = [
            ability_lead(tr, (label, does)),  # said once; each button names what it aims at
            *(ability_button(ctx.play, *_aimed(ctx, slot, label, use), use, slot) for use in uses),
        ]
    return [*gifts, *controls, slot_error(ctx, slot)]


def _aimed(ctx: TableContext, slot: str, label: str, use: UseBossAbility) -> tuple[str, str]:
    """A use's tag and words: the Room of the Boss's player, or the Hero in town, it names."""
    tr = ctx.app.tr
    if use.room is not None:
        words = tr("table.use_ability_on", card=label, player=use.player, room_n=use.room + 1)
        return f"{slot}-room-{use.room + 1}", words
    assert use.hero is not None  # a use that names no Room names a Hero here
    hero = card_label(tr, ctx.state.hero(use.hero).label())
    return f"{slot}-hero-{use.hero + 1}", tr("table.use_ability_hero", card=label, hero=hero)


def _gifts(ctx: TableContext, player: PlayerState, prefix: str) -> list[ft.Control]:
    """Another player's Coin that cancels the Boss's Level Up this turn: a button per other
    player who may give one (the engine says whether the Boss takes it now)."""
    state = ctx.state
    gift = boss_gift(state, player)
    if gift is None:
        return []
    slot = f"{prefix}-boss-gift"
    name = card_label(ctx.app.tr, gift[0])
    buttons = [
        ability_button(
            ctx.play,
            f"{slot}-{ctx.seat(other.name)}",
            ctx.app.tr("table.give_coin_boss", player=other.name, owner=player.name, card=name),
            GiveCoins(player=other.name, to=player.name),
            slot,
        )
        for other in coin_givers(state, player.name)
    ]
    return [*buttons, slot_error(ctx, slot)] if buttons else []


def _treasure_rows(
    ctx: TableContext, uses: tuple[UseBossAbility, ...], slot: str
) -> list[ft.Control]:
    """Per player the icon may go to, a row of treasure tiles: a tap adds that icon there."""
    tr = ctx.app.tr
    rows: list[ft.Control] = []
    for target in dict.fromkeys(use.target for use in uses if use.target is not None):
        tiles: list[ft.Control] = []
        for use in uses:
            if use.target != target or use.treasure is None:
                continue
            t = use.treasure
            look, word = TREASURE_LOOKS[t], tr(f"treasure.{t}")
            tiles.append(
                toggle_tile(
                    f"{slot}-{target}-{t}",
                    tr("table.boss_treasure_for", treasure=word, player=target),
                    (look.colour, look.icon, treasure_letter(t, word)),
                    False,
                    on_tap(ctx.play, slot, use),
                )
            )
        rows += [ft.Text(target, size=15), ft.Row(tiles, wrap=True, spacing=6)]
    return rows
