"""The questions the engine asks the table (R-CARD-EFFECT): an ability fired at a moment
waits for its player's answer, a yes or no or one button per thing it may take (a town
Hero, a Room, a player, an Item), under the question's words."""

from __future__ import annotations

import flet as ft
from pydantic import BaseModel

from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.drawn_build import drawn_picker, drawn_places
from companion.ui.table.room_picks import room_picks
from companion.ui.table.rulings import card_label
from companion.ui.widgets import Handler, big_button, tagged
from rules.boss_level_up import boss_name
from rules.card_answers import has_target
from rules.card_offers import (
    ANY_DUNGEON_OFFERS,
    BOSS_OFFERS,
    OWN_ROOM_OFFERS,
    boss_choices,
    offer_heroes,
    offer_places,
    offer_rooms,
)
from rules.coin_questions import count_choices, count_question, hoard_partners
from rules.commands import AnswerCardEffect, EndTurn, ResolveBait
from rules.item_rewards import copyable
from rules.models import CardOffer
from rules.room_kinds import ROOM_OFFERS
from rules.rulings import capitalized

OFFER_SLOT = "offers"


def offers_view(ctx: TableContext, legal: tuple[type[BaseModel], ...]) -> ft.Control | None:
    """The abilities waiting for a yes or no, one question each (None: nothing waits).
    ``legal``: the commands the engine allows now; a phase's step it holds back is
    explained above the questions."""
    tr = ctx.app.tr
    offers = ctx.state.offers
    if not offers:
        return None
    rows: list[ft.Control] = []
    if ctx.state.phase == "bait" and ResolveBait not in legal:
        # Fired at the reveal, so answered before the Bait lures (R-BUILD-ONE).
        rows.append(ft.Text(tr("table.offers_before_bait"), italic=True))
    if ctx.state.phase == "end" and EndTurn not in legal:
        # A must-do would lapse with the turn (R-CARD-EFFECT).
        rows.append(ft.Text(tr("table.offers_before_end"), italic=True))
    for n, offer in enumerate(offers, 1):
        no = AnswerCardEffect(player=offer.player, card_id=offer.card_id, accept=False)
        # A number only the player knows: its question says which (Rise of the Minibosses).
        question = count_question(offer) if offer.offer == "count" else f"table.offer.{offer.offer}"
        rows.append(
            tagged(f"offer-{n}", ft.Text(tr(question, card=offer.card, player=offer.player)))
        )
        if offer.offer == "build_drawn_room":  # the Room card drawn: its name first
            rows.append(drawn_picker(ctx))
        targets = _targets(ctx, n, offer)
        if targets is None:  # a plain yes or no
            yes = AnswerCardEffect(player=offer.player, card_id=offer.card_id, accept=True)
            targets = [
                big_button(
                    f"offer-{n}-yes",
                    tr("table.offer_yes"),
                    _answer(ctx, yes),
                    primary=True,
                    expand=True,
                )
            ]
        # A must-do ability is answered with a target, never a No, unless none is left.
        if not offer.mandatory or not has_target(ctx.state, offer):
            no_button = big_button(
                f"offer-{n}-no", tr("table.offer_no"), _answer(ctx, no), expand=True
            )
            targets = [*targets, no_button]
        rows.append(ft.Row(targets, spacing=6, wrap=True, run_spacing=6))
    rows.append(slot_error(ctx, OFFER_SLOT))
    return section("card-offers", tr("table.offers"), rows)


def _targets(ctx: TableContext, n: int, offer: CardOffer) -> list[ft.Control] | None:
    """One button per thing the answer may name (a town Hero, one of the answering
    player's Rooms, a Room in any dungeon); None for an offer answered yes or no."""
    state = ctx.state
    tr = ctx.app.tr
    yes = AnswerCardEffect(player=offer.player, card_id=offer.card_id, accept=True)
    picks: list[tuple[str, str, AnswerCardEffect]]
    if offer.offer in OWN_ROOM_OFFERS:
        rooms = state.player(offer.player).dungeon
        picks = [
            (
                f"offer-{n}-room-{i + 1}",
                f"{i + 1} · {card_label(tr, rooms[i].top.label())}",
                yes.model_copy(update={"room": i}),
            )
            for i in offer_rooms(state, offer.player, offer.offer, offer.card_id)
        ]
    elif offer.offer in ANY_DUNGEON_OFFERS:  # a Room in any dungeon: "Bert 2 · Pit"
        picks = [
            (
                f"offer-{n}-{who}-room-{i + 1}",
                f"{who} {i + 1} · {card_label(tr, state.player(who).dungeon[i].top.label())}",
                yes.model_copy(update={"target": who, "room": i}),
            )
            for who, i in offer_places(state, offer.offer, offer.player)
        ]
    elif offer.offer in (*ROOM_OFFERS, "swap_soul"):  # Rooms moved, a die, a Soul swapped
        picks = room_picks(state, n, offer, tr)
    elif offer.offer == "build_drawn_room":  # Brassknuckle: the Room drawn, and where
        return drawn_places(ctx, OFFER_SLOT, offer)
    elif offer.offer == "count":  # one button per number allowed: "0", "1", "2"…
        picks = [
            (f"offer-{n}-count-{k}", str(k), yes.model_copy(update={"count": k}))
            for k in count_choices(state, offer)
        ]
    elif offer.offer in ("swap_hoard_with", "coin_for_spell"):  # one per other player
        picks = [
            (f"offer-{n}-player-{who}", who, yes.model_copy(update={"target": who}))
            for who in hoard_partners(state, offer.player)
        ]
    elif offer.offer in (
        "heal_wound",
        "may",
        "double_treasure",
        "damage_entrance",
        "counter_on_built",
        "double_aimed_room",  # Rage!'s doubling (rules.spell_coins)
    ):
        return None
    elif offer.offer == "copy_item_reward":  # Magic Mirror: "Goblin Suit · Bo"
        owners = {o.item: p.name for p in state.players for o in p.items}
        picks = [
            (
                f"offer-{n}-item-{item + 1}",
                f"{card_label(tr, state.items.item(item).label())} · {owners[item]}",
                yes.model_copy(update={"item": item}),
            )
            for item in copyable(state)
        ]
    elif offer.offer in BOSS_OFFERS:  # Mirrax: "Bo · Mage", its treasure; Klonos: "Bo · Jarin"
        copies = offer.offer == "copy_boss_level_up"
        picks = [
            (
                f"offer-{n}-boss-{who}",
                f"{who} · {boss_name(state, who) if copies else _treasure_words(ctx, who)}",
                yes.model_copy(update={"target": who}),
            )
            for who in boss_choices(state, offer.offer, offer.player)
        ]
    else:
        picks = [
            (
                f"offer-{n}-hero-{h + 1}",
                capitalized(card_label(tr, state.hero(h).label())),  # a button's words
                yes.model_copy(update={"hero": h}),
            )
            for h in offer_heroes(state, offer.offer, offer.player)
        ]
    return [
        big_button(identifier, label, _answer(ctx, answer), primary=True)
        for identifier, label, answer in picks
    ]


def _treasure_words(ctx: TableContext, player: str) -> str:
    """The treasure icons ``player``'s Boss shows ("Mage", "Cleric+Thief")."""
    return "+".join(ctx.app.tr(f"treasure.{t}") for t in ctx.state.player(player).boss_treasure)


def _answer(ctx: TableContext, command: AnswerCardEffect) -> Handler:
    return lambda _e: ctx.play(OFFER_SLOT, command) and None
