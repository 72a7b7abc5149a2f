"""Adventure: the Hero walking now, damage against Health, and the table's interventions.

Every button builds one engine command (AdvanceHero, DamageHero, HealHero, KillHero,
SendHeroBack, SkipRoom, FinishWalk, FinishAdventure); Rooms are destroyed or
deactivated from the dungeon cards. The rulings of the last step show above.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.ui.table.components import memo_component, table_app
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.items_panel import with_carried_item
from companion.ui.table.rulings import card_label
from companion.ui.table.town import hero_chip
from companion.ui.widgets import big_button, on_tap, tagged
from rules import flow
from rules.commands import (
    AdvanceHero,
    Command,
    DamageHero,
    FinishAdventure,
    FinishWalk,
    HealHero,
    KillHero,
    SendHeroBack,
    SkipRoom,
)
from rules.models import Hero
from rules.rulings import capitalized

SLOT = "adventure"
MAX_EXTRA = 99


class AdvButton(NamedTuple):
    """One of the Adventure's buttons whose words and command stay the same all walk."""

    identifier: str
    words: str  # its i18n key
    command: Command
    icon: ft.IconData | None = None
    primary: bool = False
    expand: bool = False
    args: tuple[tuple[str, int], ...] = ()  # for the words


NEXT = AdvButton(
    "adv-next",
    "table.adv_next",
    AdvanceHero(go_on=True),
    ft.Icons.ARROW_FORWARD,
    primary=True,
    expand=True,
)
DAMAGE_1 = AdvButton("adv-damage-1", "table.adv_damage", DamageHero(amount=1), args=(("n", 1),))
HEAL = AdvButton("adv-heal", "table.adv_heal", HealHero(amount=1))
SEND = (
    AdvButton("adv-kill", "table.adv_kill", KillHero(), ft.Icons.DANGEROUS),
    AdvButton("adv-skip", "table.adv_skip", SkipRoom()),
    AdvButton("adv-send-town", "table.adv_send_town", SendHeroBack(to="town")),
    AdvButton("adv-send-entrance", "table.adv_send_entrance", SendHeroBack(to="entrance")),
)
FINISH = (
    AdvButton(
        "adv-finish-walk",
        "table.adv_finish_walk",
        FinishWalk(go_on=True),
        ft.Icons.FAST_FORWARD,
        expand=True,
    ),
    AdvButton(
        "adv-finish-all",
        "table.adv_finish_all",
        FinishAdventure(go_on=True),
        ft.Icons.DONE_ALL,
        expand=True,
    ),
)


class AdventurePanel:
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    def view(self) -> ft.Control:
        ctx = self.ctx
        tr = ctx.app.tr
        state = ctx.state
        walk = state.walk
        if walk is None:
            return section("adventure", tr("phase.adventure"), [ft.Text(tr("table.no_walk"))])
        hero = state.hero(walk.hero)
        dungeon = state.player(walk.player).dungeon
        if walk.room is None:
            where = tr("table.at_entrance_of", player=walk.player)
        else:
            top = dungeon[walk.room].top if walk.room < len(dungeon) else None
            name = (top.name or tr(f"room.kind.{top.kind}")) if top else "?"
            where = tr("table.in_room", n=walk.room + 1, room=name, player=walk.player)
        dying = flow.lethal(state)
        damage = tagged(
            "walk-damage",
            ft.Text(
                tr(
                    "table.damage_of_health",
                    damage=walk.damage,
                    health=hero.card.health + walk.extra_health,  # Health cards added
                ),
                size=40,
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.ERROR if dying else None,
                text_align=ft.TextAlign.CENTER,
            ),
        )
        queue = [
            _waiting(ctx, state.hero(h), f"entrance-hero-{n}")
            for n, h in enumerate(state.entrance(walk.player), 1)
        ]
        in_room = walk.room is not None

        act = self.act

        def kept(b: AdvButton) -> ft.Control:
            # The same words and command all Adventure long: built once, not at every tap
            # (a damage tap is the one a table makes most often, #13).
            return ctx.memo(
                b.identifier,
                (),
                lambda: big_button(
                    b.identifier,
                    tr(b.words, **dict(b.args)),
                    on_tap(act, b.command),
                    icon=b.icon,
                    primary=b.primary,
                    expand=b.expand,
                ),
                sealed=True,
            )

        # The +N amount is the stepper's own state: its − and + draw it alone again.
        lang = ctx.app.settings.lang
        stepper = ctx.place(
            "adv-damage-n-group", lambda: DamageStepper(lang, self.act, key="adv-damage-n")
        )
        row1: list[ft.Control] = [
            kept(DAMAGE_1),
            stepper,
            kept(HEAL),
        ]
        body: list[ft.Control] = [
            _chip(ctx, hero, "walk-hero"),
            tagged("walk-where", ft.Text(where, size=18)),
            damage,
            ft.Text(tr("table.damage_label"), size=14, italic=True, text_align=ft.TextAlign.CENTER),
        ]
        if walk.skip_next:
            body.append(ft.Text(tr("table.skip_armed"), size=16, italic=True))
        body += [
            kept(NEXT),
            ft.Row(row1 if in_room else [], wrap=True, spacing=6, run_spacing=6),
            ft.Row([kept(b) for b in SEND], wrap=True, spacing=6, run_spacing=6),
            ft.Column([kept(b) for b in FINISH], spacing=6),
            slot_error(ctx, SLOT),
        ]
        if queue:
            body += [ft.Text(tr("table.waiting_at_entrance"), size=15, italic=True), *queue]
        return section("adventure", tr("table.adventure_in", player=walk.player), body)

    def act(self, command: Command) -> None:
        """Send one of the Adventure's commands (a refusal shows under its buttons)."""
        self.ctx.play(SLOT, command)


@memo_component
def DamageStepper(lang: str, act: Callable[[Command], None]) -> ft.Control:
    """The +N damage button between − and +, for the amount chosen now (2 at first).

    The amount is this component's state: − and + draw the stepper alone again and send
    its label, without the screen being built again (no game change, no engine). ``lang``
    is a prop so a language change draws it again; the words come from the tab's app."""
    tr = table_app().tr
    amount, set_amount = ft.use_state(2)

    def step(delta: int) -> None:
        set_amount(max(1, min(MAX_EXTRA, amount + delta)))
        # Flet draws this component again on its own: nothing else on the page changed.
        ft.context.mark_update_called()  # type: ignore[no-untyped-call]

    return tagged(
        "adv-damage-n-group",
        ft.Container(
            ft.Row(
                [
                    tagged(
                        "adv-amount-minus",
                        ft.IconButton(ft.Icons.REMOVE, on_click=lambda _e: step(-1)),
                        label=tr("table.adv_amount_minus"),
                    ),
                    big_button(
                        "adv-damage-n",
                        tr("table.adv_damage", n=amount),
                        lambda _e: act(DamageHero(amount=amount)),
                    ),
                    tagged(
                        "adv-amount-plus",
                        ft.IconButton(ft.Icons.ADD, on_click=lambda _e: step(1)),
                        label=tr("table.adv_amount_plus"),
                    ),
                ],
                spacing=0,
                tight=True,
            ),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            border_radius=28,
        ),
    )


def _waiting(ctx: TableContext, hero: Hero, identifier: str) -> ft.Control:
    """A Hero waiting at the entrance, in one line of words: "Fighter Hero #3 · 4 Health"
    (and the Item it carries under it). Two controls, not the full line's eleven: a Bait
    tap puts one on screen per Hero queuing (#31); its treasure did its work at the Bait,
    and its full line comes when it walks in."""
    tr = ctx.app.tr

    def build() -> ft.Control:
        label = capitalized(card_label(tr, hero.label()))
        line = ft.Text(f"{label} · {tr('table.health', health=hero.card.health)}", size=16)
        return tagged(identifier, with_carried_item(ctx, hero, identifier, line))

    # Kept while the Hero and the Items are the same, as the full line was: a damage tap
    # changes neither.
    return ctx.memo(identifier, (hero, ctx.state.items), build, sealed=True)


def _chip(ctx: TableContext, hero: Hero, identifier: str) -> ft.Control:
    """``hero_chip``, built again only when the Hero or the Items changed (the line shows
    the Item a Hero carries): a damage tap changes the walk's damage, not the Hero."""
    key = (hero, ctx.state.items)
    return ctx.memo(identifier, key, lambda: hero_chip(ctx, hero, identifier), sealed=True)
