"""The log: every step of the game with the rulings it caused, grouped by turn.

The whole game is here (not only the latest steps): the newest turn comes first and open,
its newest step on top; older turns are one row each ("Turn 3 · 14 steps"), opened with a
tap, so a long game's Log stays quick to draw. Chips above it show one player's steps
only (a step is a player's when it names them: their build, their Hero's walk, their
score), or everyone's.

The Log draws from ``ctx.history()`` and what this tab chose (``LogView``): no rule is
decided here.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

import flet as ft

from companion.ui.table.context import TableContext, section
from companion.ui.table.rulings import ruling_row
from companion.ui.widgets import big_button, on_tap, tagged
from rules import events as ev
from rules.commands import Command
from rules.events import EventBase

Step = tuple[Command, tuple[EventBase, ...]]


@dataclass
class LogView:
    """What this tab chose to see in the Log: one player's steps (None: everyone's), and
    the turns opened besides the newest."""

    player: str | None = None
    opened: set[int] = field(default_factory=set)


#: Each game screen's choice, kept as long as the screen lives.
_VIEWS: weakref.WeakKeyDictionary[object, LogView] = weakref.WeakKeyDictionary()


def _view_of(ctx: TableContext) -> LogView:
    view = _VIEWS.get(ctx)
    if view is None:
        view = _VIEWS[ctx] = LogView()
    return view


def command_title(ctx: TableContext, command_type: str) -> str:
    return ctx.app.tr(f"log.command.{command_type}")


def step_name(ctx: TableContext, command: Command) -> str:
    """A step as the table says it: its kind, and whose it is when it is one player's
    ("Room built face down (Ann)"); never a face-down card's name."""
    title = command_title(ctx, command.type)
    player = getattr(command, "player", None)
    if isinstance(player, str) and player:
        return ctx.app.tr("log.step_of", step=title, player=player)
    return title


@dataclass(frozen=True)
class Turn:
    """The steps of one turn (0: set-up), numbered from the game's first step."""

    turn: int
    steps: tuple[tuple[int, Step], ...]


def turns_of(history: Sequence[Step]) -> list[Turn]:
    """The history cut into turns, oldest first. A step is in the turn it was made in:
    the tap that ends a turn (and whose follow-on events start the next) closes its turn,
    with its scoring and eliminations; the next turn opens with the step after it."""
    out: list[Turn] = []
    turn = 0
    current: list[tuple[int, Step]] = []
    for number, step in enumerate(history, 1):
        current.append((number, step))
        started = [e.turn for e in step[1] if isinstance(e, ev.TurnStarted)]
        if started and started[-1] != turn:
            out.append(Turn(turn, tuple(current)))
            turn, current = started[-1], []
    if current:
        out.append(Turn(turn, tuple(current)))
    return out


def concerns(step: Step, player: str) -> bool:
    """Whether a step is ``player``'s: the command or one of its events names them."""
    command, events = step
    if getattr(command, "player", None) == player:
        return True
    return any(getattr(e, "player", None) == player for e in events)


def log_view(ctx: TableContext) -> ft.Control:
    tr = ctx.app.tr
    view = _view_of(ctx)
    history = ctx.history()
    if not history:
        return section("log", tr("table.log"), [ft.Text(tr("table.log_empty"), size=16)])
    turns = turns_of(history)
    rows: list[ft.Control] = [_filter_chips(ctx, view)]
    newest = turns[-1].turn
    for turn in reversed(turns):
        steps = [(n, s) for n, s in turn.steps if view.player is None or concerns(s, view.player)]
        if not steps:
            continue
        opened = turn.turn == newest or turn.turn in view.opened
        rows.append(_turn_heading(ctx, view, turn.turn, len(steps), opened))
        if opened:
            rows += [_step(ctx, number, step) for number, step in reversed(steps)]
    return section("log", tr("table.log"), rows)


def _filter_chips(ctx: TableContext, view: LogView) -> ft.Control:
    tr = ctx.app.tr
    choices: list[tuple[str, str | None, str]] = [("log-filter-all", None, tr("log.filter_all"))]
    choices += [
        (f"log-filter-p{number}", p.name, p.name) for number, p in enumerate(ctx.state.players, 1)
    ]

    def pick(player: str | None) -> None:
        view.player = player
        ctx.redraw()

    # A filled button for the choice shown, outlined for the others: 48 px, words alone.
    chips: list[ft.Control] = [
        big_button(
            identifier,
            words,
            on_tap(pick, player),
            icon=ft.Icons.CHECK if view.player == player else None,
            primary=view.player == player,
        )
        for identifier, player, words in choices
    ]
    return tagged(
        "log-filter",
        ft.Column(
            [
                ft.Text(tr("log.filter"), size=15, italic=True),
                ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            ],
            spacing=4,
        ),
    )


def _turn_heading(
    ctx: TableContext, view: LogView, turn: int, count: int, opened: bool
) -> ft.Control:
    tr = ctx.app.tr
    title = tr("log.turn", turn=turn) if turn else tr("log.before_turns")
    words = f"{title} · {tr('log.steps', count=count)}"

    def flip(_event: object) -> None:
        view.opened ^= {turn}
        ctx.redraw()

    return tagged(
        f"log-turn-{turn}",
        ft.ListTile(
            title=ft.Text(words, size=18, weight=ft.FontWeight.BOLD),
            trailing=ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE),
            on_click=flip,
            min_height=48,
            content_padding=ft.Padding.symmetric(horizontal=4),
        ),
        button=True,
    )


def _step(ctx: TableContext, number: int, step: Step) -> ft.Control:
    command, events = step
    shown: list[EventBase] = [e for e in events if e.ruling.key != "turn.phase"] or list(events)
    return tagged(
        f"log-{number}",
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        f"{number}. {step_name(ctx, command)}",
                        size=17,
                        weight=ft.FontWeight.BOLD,
                    ),
                    *(
                        ruling_row(ctx.app, e.ruling, f"log-{number}-{i}", size=15)
                        for i, e in enumerate(shown, 1)
                    ),
                ],
                spacing=2,
            ),
            padding=8,
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )
