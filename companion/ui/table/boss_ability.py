"""A Boss's Level Up used at will as its own button ("Use Ravenus: pay 2 Coins to choose
one of your Monster Rooms: its damage is doubled until end of turn."), R-CARD-EFFECT.

The engine says when it may be used (``rules.boss_actions.usable``: after the Level Up,
once per turn, the phase, 2 Coins in the hoard, something to act on); the button is there
only then. An ability that promotes a Miniboss gets one button per Room whose Miniboss
may go up a level, one that puts a counter on a Room one per active Room; one that keeps a
Hero in town, one per Hero there; one that gives a dungeon a treasure icon, a row of
treasure tiles per player (whose dungeon, which icon).
"""

from __future__ import annotations

import flet as ft

from companion.theme import TREASURE_LOOKS, treasure_letter
from companion.ui.table.context import TableContext, slot_error
from companion.ui.table.room_ability import ability_button, ability_lead, coin_givers
from companion.ui.table.rulings import card_label, ruling_text
from companion.ui.widgets import on_tap, toggle_tile
from rules import boss_rooms, flow, minibosses
from rules.boss_actions import usable
from rules.boss_kinds import AddTreasure, PromoteFree
from rules.boss_level_up import boss_card
from rules.card_effects import ability_ref
from rules.card_text import ability_words
from rules.coin_gifts import boss_gift
from rules.commands import GiveCoins, UseBossAbility
from rules.effect_kinds import RoomCounters
from rules.hold_kinds import KeepInTown
from rules.holds import town_heroes
from rules.items import treasures_in_play
from rules.models import PlayerState


def boss_ability_buttons(ctx: TableContext, player: PlayerState, prefix: str) -> list[ft.Control]:
    """The Boss's "Use ..." button(s), or nothing when its ability may not be used now;
    before them, the other players' Coin for it (Scott)."""
    state = ctx.state
    gifts = _gifts(ctx, player, prefix)
    ability = usable(state, player.name)
    boss = boss_card(state, player.name)
    if ability is None or boss is None:
        return gifts
    tr = ctx.app.tr
    name, card = boss
    does = ability_words(ability_ref(card.id, ability), lambda k, a: ruling_text(tr, k, a))
    label = card_label(tr, name)
    slot = f"{prefix}-boss-use"
    words = tr("table.use_ability", card=label, does=does)
    kinds = {type(e) for e in ability.effects}
    if PromoteFree in kinds or RoomCounters in kinds:
        # one button per Miniboss that may go up a level (Calabeza), per Room (Chase)
        rooms = (
            minibosses.promotable(state, player)
            if PromoteFree in kinds
            else boss_rooms.counter_rooms(player)
        )
        controls = [
            ability_lead(tr, (label, does)),  # said once; each button names its Room
            *(
                ability_button(
                    ctx.play,
                    f"{slot}-room-{i + 1}",
                    tr("table.use_ability_on", card=label, player=player.name, room_n=i + 1),
                    UseBossAbility(player=player.name, room=i),
                    slot,
                )
                for i in rooms
            ),
        ]
    elif KeepInTown in kinds:  # one button per Hero in town it may keep (Doc Scarecrow)
        controls = [
            ability_lead(tr, (label, does)),  # said once; each button names its Hero
            *(
                ability_button(
                    ctx.play,
                    f"{slot}-hero-{h + 1}",
                    tr(
                        "table.use_ability_hero",
                        card=label,
                        hero=card_label(tr, state.hero(h).label()),
                    ),
                    UseBossAbility(player=player.name, hero=h),
                    slot,
                )
                for h in town_heroes(state)
            ),
        ]
    elif AddTreasure in kinds:  # whose dungeon, which icon (Kirax)
        controls = [ft.Text(words, size=15), *_treasure_rows(ctx, player, slot)]
    else:
        controls = [ability_button(ctx.play, slot, words, UseBossAbility(player=player.name), slot)]
    return [*gifts, *controls, slot_error(ctx, slot)]


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


def _treasure_rows(ctx: TableContext, player: PlayerState, slot: str) -> list[ft.Control]:
    """Per player still playing, a row of treasure tiles: a tap adds that icon there."""
    state, tr = ctx.state, ctx.app.tr
    treasures = treasures_in_play(state)
    rows: list[ft.Control] = []
    for other in state.players:
        if flow.is_out(state, other.name):
            continue
        tiles: list[ft.Control] = []
        for t in treasures:
            look, word = TREASURE_LOOKS[t], tr(f"treasure.{t}")
            command = UseBossAbility(player=player.name, target=other.name, treasure=t)
            tiles.append(
                toggle_tile(
                    f"{slot}-{other.name}-{t}",
                    tr("table.boss_treasure_for", treasure=word, player=other.name),
                    (look.colour, look.icon, treasure_letter(t, word)),
                    False,
                    on_tap(ctx.play, slot, command),
                )
            )
        rows += [ft.Text(other.name, size=15), ft.Row(tiles, wrap=True, spacing=6)]
    return rows
