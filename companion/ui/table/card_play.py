"""Cards played from the hand at the table (R-CARD-EFFECT): the Spell panel.

It lists the Spells of the game's card sets that may be played in this phase, then the
Room cards discarded from the hand for their ability; the player picks who plays it, the
card, and its target (a Room, or a Hero in town) and the engine applies it
(``CastSpell``). Cards whose effect is off the table are marked "by hand". The questions
an ability asks when it fires are ``offer_questions``.
"""

from __future__ import annotations

import flet as ft

from companion.catalogue import Card
from companion.ui.room_picker import RoomPicker
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.rulings import card_label, ruling_text
from companion.ui.table.spell_gift import gift_choices, gift_room, new_picker
from companion.ui.table.spell_items import item_choices
from companion.ui.table.spell_over import over_choices
from companion.ui.table.spell_players import NO_ROOM, player_choices
from companion.ui.widgets import Refusal, big_button, tagged
from rules import flow
from rules.card_effects import effects_of
from rules.card_text import phrases, sentences
from rules.commands import CastSpell
from rules.models import TREASURES, Treasure
from rules.played_cards import carried_out, is_spell, playable_now, spell_ability
from rules.rulings import capitalized
from rules.spell_asks import SpellAsks, spell_asks

SLOT = "spell"


def card_text(ctx: TableContext, card_id: str) -> str:
    """What a card does, in the player's language, generated from its facts."""
    card = effects_of(card_id)
    if card is None:
        return ""
    tr = ctx.app.tr
    return sentences(
        ruling_text(tr, key, args) for ability in phrases(card) for key, args in ability
    )


class SpellPanel:
    """Play a Spell by name: who plays it, which one, at what. The draft survives redraws."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.open = False
        self.caster: str | None = None
        self.spell: str | None = None
        self.target: tuple[str, int] | None = None  # (player, Room index)
        self.hero: int | None = None
        self.treasure: Treasure | None = None  # the type a Spell gives (Secret Stash)
        self.item: int | None = None  # an Item it turns over (Excavation)
        self.over: int | None = None  # the caster's Room a Miniboss goes on (Traitor)
        self.gift: RoomPicker | None = None  # the Room card it places (Surprise Gift)

    def _spells(self) -> list[Card]:
        """The Spells, then the Room cards discarded from the hand for their ability, that
        may be played in this phase (the rules say)."""
        cards = self.ctx.app.catalogue.cards(kinds=["spell", "room"], sets=self.ctx.app.card_sets())
        cards.sort(key=lambda c: c.kind != "spell")  # stable: catalogue order within each
        return [c for c in cards if playable_now(self.ctx.state, c.id)]

    def view(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        if not self.open:
            return big_button(
                "spell-open",
                tr("table.spell_open"),
                lambda _e: self._set(open=True),
                icon=ft.Icons.AUTO_FIX_HIGH,
            )
        state = ctx.state
        body: list[ft.Control] = [ft.Text(tr("table.spell_who"), size=15)]
        body.append(
            self._row(
                [
                    self._choice(
                        f"spell-caster-{ctx.seat(name)}",
                        name,
                        self.caster == name,
                        lambda p=name: self._set(caster=p),
                    )
                    for name in flow.casters(state)
                ]
            )
        )
        body.append(ft.Text(tr("table.spell_which"), size=15))
        chips: list[ft.Control] = []
        for card in self._spells():
            label = card.name if is_spell(card.id) else tr("table.spell_hand_room", card=card.name)
            if not carried_out(spell_ability(card.id)):
                label = tr("table.spell_by_hand", spell=label)
            chips.append(
                self._choice(
                    f"spell-{card.id}",
                    label,
                    self.spell == card.id,
                    lambda i=card.id: self._set(spell=i),
                )
            )
        body.append(self._row(chips))
        if self.spell is not None:
            body.append(tagged("spell-text", ft.Text(card_text(ctx, self.spell), italic=True)))
        asks = self._asks()  # what the card asks its caster to name (the rules say)
        target, gift = asks.aim, asks.gift  # Surprise Gift: an opponent's Room, a Room card
        if target == "room":
            body.append(
                ft.Text(tr("table.spell_gift_where" if gift else "table.spell_room"), size=15)
            )
            rooms = [
                self._choice(
                    f"spell-room-{ctx.seat(name)}-{i + 1}",
                    tr(
                        "table.spell_room_label",
                        player=name,
                        n=i + 1,
                        room=card_label(tr, state.player(name).dungeon[i].top.label()),
                    ),
                    self.target == (name, i),
                    lambda t=(name, i): self._set(target=t),
                )
                for name, i in self._rooms()  # only those the card may aim at
            ]
            body.append(self._row(rooms) if rooms else ft.Text(tr("table.spell_no_room")))
        elif target == "soul" and self.caster is not None:  # Undead Minion: which Soul
            body += self._heroes("soul", self._named_heroes())
        elif target == "hero":
            body += self._heroes("hero", self._named_heroes())
        if gift:
            self.gift = self.gift or new_picker(ctx)
            body += gift_choices(ctx, self.gift)
        if asks.player_instead:  # Meddling Kids!: or a player
            players = self._players()
            body += player_choices(ctx, players, self.target, lambda t: self._set(target=t))
        if asks.item:  # Excavation: which Item
            body += item_choices(ctx, self.item, lambda i: self._set(item=i))
        if asks.over and self.caster is not None:  # Traitor: on which Room of theirs
            body += over_choices(ctx, self.caster, self.over, lambda i: self._set(over=i))
        if asks.treasure:  # Secret Stash: which treasure
            body.append(ft.Text(tr("table.spell_treasure"), size=15))
            body.append(
                self._row(
                    [
                        self._choice(
                            f"spell-treasure-{t}",
                            tr(f"treasure.{t}"),
                            self.treasure == t,
                            lambda t=t: self._set(treasure=t),
                        )
                        for t in TREASURES[:4]
                    ]
                )
            )
        whose = asks.names
        if whose:  # Another Castle, Agent of Evil: whose entrance; Party Up: whose dungeon
            body.append(ft.Text(tr(f"table.spell_{whose}"), size=15))
            body.append(
                self._row(
                    [
                        self._choice(
                            f"spell-opponent-{ctx.seat(name)}",
                            name,
                            self.target == (name, 0),
                            lambda t=(name, 0): self._set(target=t),
                        )
                        for name in self._players()
                    ]
                )
            )
        body += [
            ft.Row(
                [
                    big_button(
                        "spell-play",
                        tr("table.spell_play"),
                        lambda _e: self._play(),
                        primary=True,
                        expand=True,
                    ),
                    big_button(
                        "spell-close", tr("table.spell_close"), lambda _e: self._set(open=False)
                    ),
                ],
                spacing=6,
            ),
            slot_error(ctx, SLOT),
        ]
        return section("spells", tr("table.spell_title"), body)

    def _asks(self) -> SpellAsks:
        """What the card picked asks its caster to name (nothing while none is picked)."""
        return SpellAsks() if self.spell is None else spell_asks(self.spell)

    def _rooms(self) -> list[tuple[str, int]]:
        """The Rooms the card picked may be aimed at by the caster (the rules say)."""
        if self.spell is None:
            return []
        return flow.spell_rooms(self.ctx.state, self.caster, self.spell)

    def _players(self) -> list[str]:
        """The players the card picked may name by the caster (the rules say)."""
        return (
            []
            if self.spell is None
            else flow.spell_players(self.ctx.state, self.caster, self.spell)
        )

    def _named_heroes(self) -> list[int]:
        """The Heroes the card picked may name: in town, or the caster's Souls (the rules
        say)."""
        return (
            [] if self.spell is None else flow.spell_heroes(self.ctx.state, self.caster, self.spell)
        )

    def _room_aimed(self) -> bool:
        """Whether a Room is picked as the target (not a player named instead, nor a
        dungeon or an entrance by its player: those cards aim at no Room)."""
        aimed = self.target is not None and self.target[1] != NO_ROOM
        return aimed and self._asks().aim == "room"

    def _heroes(self, kind: str, heroes: list[int]) -> list[ft.Control]:
        """The question and one choice per Hero: in town ("hero"), or the caster's
        face-down ones ("soul")."""
        tr, state = self.ctx.app.tr, self.ctx.state
        choices = [
            self._choice(
                f"spell-{kind}-{h}",
                capitalized(card_label(tr, state.hero(h).label())),
                self.hero == h,
                lambda h=h: self._set(hero=h),
            )
            for h in heroes
        ]
        return [ft.Text(tr(f"table.spell_{kind}"), size=15), self._row(choices)]

    @staticmethod
    def _row(choices: list[ft.Control]) -> ft.Control:
        """A row of choices that wraps on a narrow screen."""
        return ft.Row(choices, wrap=True, spacing=6, run_spacing=6)

    def _choice(self, identifier: str, text: str, chosen: bool, pick: object) -> ft.Control:
        assert callable(pick)
        return big_button(identifier, text, lambda _e: pick(), primary=chosen)

    def _set(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self, name, value)
        if "spell" in changes:
            self.target, self.hero, self.treasure, self.item = None, None, None, None
            self.over, self.gift = None, None
        elif "caster" in changes and self._room_aimed() and self.target not in self._rooms():
            self.target = None  # a Room the new caster may not aim at (another's, Secret Stash)
        self.ctx.redraw()

    def _play(self) -> None:
        tr = self.ctx.app.tr
        if self.caster is None or self.spell is None:
            self.ctx.errors[SLOT] = Refusal(tr("table.spell_pick"))
            self.ctx.redraw()
            return
        build = gift_room(self.ctx, self.gift) if self._asks().gift else None
        if isinstance(build, Refusal):
            self.ctx.errors[SLOT] = build
            self.ctx.redraw()
            return
        command = CastSpell(
            player=self.caster,
            card_id=self.spell,
            target=self.target[0] if self.target else None,
            room=self.target[1] if self.target and self.target[1] != NO_ROOM else None,
            hero=self.hero,
            treasure=self.treasure,
            item=self.item,
            over=self.over,
            build=build,
        )

        def done() -> None:
            self.open, self.spell, self.target, self.hero = False, None, None, None
            self.treasure, self.item, self.over, self.gift = None, None, None, None

        self.ctx.play(SLOT, command, then=done)
