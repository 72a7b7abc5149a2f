"""Adventure: the Hero walking now, damage against Health, and the table's interventions.

Every button builds one engine command (AdvanceHero, DamageHero, HealHero, KillHero,
SendHeroBack, SkipRoom, FinishWalk, FinishAdventure); Rooms are destroyed or
deactivated from the dungeon cards. The rulings of the last step show above.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.i18n import Translator
from companion.theme import TOUCH, TREASURE_LOOKS, ink_on, treasure_letter
from companion.ui.table.components import memo_component, table_app
from companion.ui.table.context import TableContext, section, slot_error
from companion.ui.table.items_panel import carried_item, with_item
from companion.ui.table.rulings import card_label
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
        """The Hero walking, where, its damage against its Health, then the buttons a
        table taps all through a walk (Next, damage, Finish); the rarely used ones wait
        behind "More" (``MoreActions``). A Bait tap puts the whole panel on screen, and
        each control it sends costs the tap time on the server and in the browser (#31):
        the Hero is one line of words, the damage one text, nothing is drawn hidden."""
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
        # The damage over its Health, big, and what the two numbers are under it, small:
        # one text.
        damage = tagged(
            "walk-damage",
            ft.Text(
                tr(
                    "table.damage_of_health",
                    damage=walk.damage,
                    health=state.health_of(walk),  # cards' Health added too
                ),
                size=40,
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.ERROR if dying else None,
                text_align=ft.TextAlign.CENTER,
                spans=[
                    ft.TextSpan(
                        f"\n{tr('table.damage_label')}",
                        ft.TextStyle(size=14, italic=True, weight=ft.FontWeight.NORMAL),
                    )
                ],
            ),
        )
        lang = ctx.app.settings.lang
        items = state.items
        queue = [
            _waiting(ctx, state.hero(h), f"entrance-hero-{n}")
            for n, h in enumerate(state.entrance(walk.player), 1)
        ]
        in_room = walk.room is not None

        act = self.act

        def kept(b: AdvButton) -> ft.Control:
            # Drawn plainly at each tap: keyed by its identifier, Flet's diff finds it again
            # and sends nothing of it (a component each would add one control per button
            # to the Bait tap, which puts the whole panel on screen, #31).
            return adv_button(tr, b, act)

        body: list[ft.Control] = [
            tagged(
                "walk-hero",
                with_item(tr, carried_item(items, hero), "walk-hero", walking_line(tr, hero)),
            ),
            tagged("walk-where", ft.Text(where, size=18)),
            damage,
        ]
        if walk.skip_next:
            body.append(ft.Text(tr("table.skip_armed"), size=16, italic=True))
        body.append(kept(NEXT))
        if in_room:  # damage is dealt in a Room (none at the entrance: no row for it)
            # The +N amount is the stepper's own state: its − and + draw it alone again.
            stepper = DamageStepper(lang, act, key="adv-damage-n")
            body.append(ft.Row([kept(DAMAGE_1), stepper], wrap=True, spacing=6, run_spacing=6))
        body += [
            *(kept(b) for b in FINISH),
            MoreActions(lang, in_room, act, key="adv-more"),
            slot_error(ctx, SLOT),
        ]
        if queue:
            body += [ft.Text(tr("table.waiting_at_entrance"), size=15, italic=True), *queue]
        return section("adventure", tr("table.adventure_in", player=walk.player), body)

    def act(self, command: Command) -> None:
        """Send one of the Adventure's commands (a refusal shows under its buttons)."""
        self.ctx.play(SLOT, command)


def adv_button(tr: Translator, b: AdvButton, act: Callable[[Command], None]) -> ft.Control:
    """One of the Adventure's buttons, in words, sending its command."""
    return big_button(
        b.identifier,
        tr(b.words, **dict(b.args)),
        on_tap(act, b.command),
        icon=b.icon,
        primary=b.primary,
        expand=b.expand,
    )


@memo_component
def MoreActions(lang: str, in_room: bool, act: Callable[[Command], None]) -> ft.Control:
    """The Adventure's rarely used buttons (heal, kill, skip a Room, send the Hero back)
    behind one "More" button: drawn only once it is tapped open, folded again after one
    of them acted.

    Whether it is open is this component's own state: opening it draws it alone again
    (no game change, no engine). ``lang`` is a prop so a language change draws it again;
    ``in_room``, since healing is for a Hero in a Room."""
    tr = table_app().tr
    opened, set_opened = ft.use_state(False)

    def flip(_e: object) -> None:
        set_opened(not opened)
        # Flet draws this component again on its own: nothing else on the page changed,
        # so no compare of the page after this handler (it is this tap's alone).
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]

    def acted(command: Command) -> None:
        set_opened(False)
        act(command)

    more = tagged(
        "adv-more",
        ft.TextButton(
            content=tr("table.adv_more_hide" if opened else "table.adv_more"),
            icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
            on_click=flip,
            height=TOUCH,
        ),
    )
    if not opened:
        return more
    rare = [HEAL, *SEND] if in_room else list(SEND)
    return ft.Column(
        [
            more,
            ft.Row([adv_button(tr, b, acted) for b in rare], wrap=True, spacing=6, run_spacing=6),
        ],
        spacing=6,
    )


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
        # Flet draws this component again on its own: nothing else on the page changed,
        # so no compare of the page after this handler (it is this tap's alone).
        ft.context.disable_auto_update()  # type: ignore[no-untyped-call]

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
    label = capitalized(card_label(tr, hero.label()))
    line = ft.Text(f"{label} · {tr('table.health', health=hero.card.health)}", size=16)
    return tagged(identifier, with_item(tr, carried_item(ctx.state.items, hero), identifier, line))


def walking_line(tr: Translator, hero: Hero) -> ft.Control:
    """The Hero walking, in one line of words: its name and number, its treasure (a
    coloured letter each, read by name), its Health and whether it is Epic, "Tieg #3 M
    · 6 Health". One text, not a row of eleven controls: a Bait tap puts it on screen
    (#31)."""
    card = hero.card
    spans = [
        ft.TextSpan(
            f" {treasure_letter(t, tr(f'treasure.{t}'))} ",
            ft.TextStyle(bgcolor=TREASURE_LOOKS[t].colour, color=ink_on(TREASURE_LOOKS[t].colour)),
            semantics_label=tr(f"treasure.{t}"),
        )
        for t in card.treasure
    ]
    rest = f" · {tr('table.health', health=card.health)}"
    if card.epic and card.name:  # an unnamed one is labelled "Epic ... Hero"
        rest += f" · {tr('table.epic')}"
    spans.append(ft.TextSpan(rest, ft.TextStyle(weight=ft.FontWeight.NORMAL)))
    label = capitalized(card_label(tr, hero.label()))
    return ft.Text(f"{label} ", size=17, weight=ft.FontWeight.BOLD, spans=spans)
