"""The squad game's table and turn: slots and TIMER, every player's squads and
princesses, the active player's actions, the Resolve phase with its verdicts (who wins a
colour, who beats a squad) and the rulings of each change, each with its rule id.

Every verdict and refusal comes from the engine (``rules.squads``); the component only
shows the state it is given and sends commands through the session."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import flet as ft
from pydantic import TypeAdapter, ValidationError

from companion.session import Request
from companion.ui.screen_view import component
from companion.ui.sending import refusal, send
from companion.ui.squads.end import SquadEnd
from companion.ui.squads.invite import invite_part
from companion.ui.squads.parts import (
    Act,
    choice_row,
    colour_field,
    found_by_form,
    own,
    problem_line,
    squad_label,
    text_field,
)
from companion.ui.squads.resolving import ResolvePanel
from companion.ui.squads.typed_problems import typed_problems
from companion.ui.sync_link import device_id
from companion.ui.table.rulings import refusal_link, ruling_row
from companion.ui.typed_numbers import read_typed
from companion.ui.widgets import Refusal, big_button, on_tap, tagged
from rules.events import EventBase
from rules.game_kinds import AnyCommand
from rules.printable import shortened
from rules.rulings import Ruling
from rules.squads import commands as cmd
from rules.squads import flow
from rules.squads.engine import setup_rulings
from rules.squads.game import SquadGame
from rules.squads.models import MAX_STRENGTH, SquadPlayer, SquadState, Strength

if TYPE_CHECKING:
    from companion.session import TableSession
    from companion.ui.sync_link import TableApp

#: How many of the latest changes the log shows (the saved game keeps them all).
LOG_SHOWN = 40
LEADERS = ("army", "mercenary", "megagrump", "action")
#: How much of a bad number a message quotes.
QUOTED = 12
#: A strength as typed ("3", "03"; not "three", "-2" or "150"): pydantic's lax mode reads
#: the text against the model's own bounds.
TYPED_STRENGTH: TypeAdapter[int] = TypeAdapter(Strength)


def _player_panel(app: TableApp, state: SquadState, player: SquadPlayer, n: int) -> ft.Control:
    tr = app.tr
    princesses = ", ".join(player.princesses) or tr("squads.none")
    lines: list[ft.Control] = [
        ft.Text(f"{player.name} ({player.boss})", size=18, weight=ft.FontWeight.BOLD),
        tagged(f"sq-p{n}-princesses", ft.Text(tr("squads.princesses", list=princesses))),
    ]
    if player.recruits:
        names = ", ".join(tr(f"squads.recruit.{r}") for r in player.recruits)
        lines.append(ft.Text(tr("squads.recruits", list=names)))
    if player.finale:
        lines.append(ft.Text(tr("squads.finale_held"), weight=ft.FontWeight.BOLD))
    lines += [tagged(f"sq-squad-{s.number}", ft.Text(squad_label(app, s))) for s in player.squads]
    active = state.active_player.name == player.name
    return tagged(
        f"sq-player-{n}",
        ft.Container(
            ft.Column(lines, spacing=4),
            padding=10,
            border=ft.Border.all(
                3 if active else 1, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE
            ),
            border_radius=8,
        ),
    )


@ft.component
def OrdersPanel(
    app: TableApp, state: SquadState, act: Act, forget: Callable[[], None]
) -> ft.Control:
    """Deploy, Support and Retreat, then End turn: the active player's orders."""
    tr = app.tr
    player = state.active_player
    leader, set_leader = ft.use_state("army")
    color, set_color = ft.use_state("")
    strength, set_strength = ft.use_state("")
    catapult, set_catapult = ft.use_state("")
    problem, set_problem = ft.use_state("")  # what is wrong with the order typed
    found = found_by_form(forget, set_problem)

    def deploy(_event: object) -> None:
        # What is typed is checked before anything is sent: a word or a number out of
        # range is named under the form, and nothing is deployed.
        number = _typed_number(strength) if leader in ("army", "mercenary") else 0
        if number is None:
            found(tr("squads.bad_strength", typed=_shown(strength), max=MAX_STRENGTH))
            return
        try:
            order = cmd.Deploy.model_validate(
                {
                    "player": player.name,
                    "color": None if leader == "action" or not color.strip() else color,
                    "strength": number,
                    "recruit": leader if leader in ("mercenary", "megagrump") else None,
                    "action": "recruit" if leader == "action" else None,
                }
            )
        except ValidationError as invalid:  # a colour too long, a control character
            found(tr("squads.bad_order", problem=typed_problems(tr, invalid)))
            return
        set_problem("")

        def clear() -> None:
            set_color("")
            set_strength("")

        act(order, clear)

    legal = flow.legal(state)
    out: list[ft.Control] = []
    if cmd.Deploy in legal:
        form: list[ft.Control] = [
            ft.Text(tr("squads.deploy"), size=18, weight=ft.FontWeight.BOLD),
            choice_row(
                "sq-leader",
                [(k, tr(f"squads.leader.{k}")) for k in LEADERS],
                leader,
                set_leader,
            ),
        ]
        if leader != "action":
            form.append(
                colour_field(
                    "sq-deploy-color", tr("squads.color"), color, set_color, flow.colours(state)
                )
            )
        if leader in ("army", "mercenary"):
            form.append(
                text_field(
                    "sq-deploy-strength", tr("squads.strength"), strength, set_strength, number=True
                )
            )
        form.append(
            big_button("sq-deploy", tr("squads.deploy_button"), own(deploy), icon=ft.Icons.ADD)
        )
        if problem:
            form.append(problem_line("sq-deploy-error", problem))
        out.append(tagged("sq-deploy-form", ft.Column(form, spacing=8)))
    # A Catapult never leads; played face up under a squad it adds its printed number:
    # under the squads the engine would take one now (one held, not yet face up; the
    # squad without one), asked with a stand-in number before one is typed.
    catapults = {
        squad.number
        for squad in player.squads
        if flow.why_not(state, _with_catapult(player, squad.number, 1)) is None
    }
    played_strength = _typed_number(catapult) if catapult.strip() else None
    if catapults:
        out.append(
            text_field(
                "sq-catapult-strength",
                tr("squads.catapult_strength"),
                catapult,
                set_catapult,
                number=True,
            )
        )
        if catapult.strip() and played_strength is None:
            wrong = tr("squads.bad_strength", typed=_shown(catapult), max=MAX_STRENGTH)
            out.append(problem_line("sq-catapult-error", wrong))
    for squad in player.squads:
        # Not expanded: the row wraps (a Flutter Wrap), where a child cannot expand.
        row: list[ft.Control] = [ft.Text(squad_label(app, squad))]
        if squad.number in catapults and played_strength is not None:
            played = _with_catapult(player, squad.number, played_strength)
            row.append(
                big_button(
                    f"sq-catapult-{squad.number}",
                    tr("squads.catapult_button"),
                    own(on_tap(act, played)),
                )
            )
        for kind, word in ((cmd.Support, "support"), (cmd.Retreat, "retreat")):
            if kind in legal:  # +1 support, Retreat: where the turn allows them now
                order = kind(player=player.name, squad=squad.number)
                button = big_button(
                    f"sq-{word}-{squad.number}", tr(f"squads.{word}"), own(on_tap(act, order))
                )
                row.append(button)
        out.append(ft.Row(row, wrap=True))
    out.append(
        big_button(
            "sq-end-turn",
            tr("squads.end_turn"),
            own(on_tap(act, cmd.EndTurn(player=player.name))),
            icon=ft.Icons.SKIP_NEXT,
            primary=True,
        )
    )
    return ft.Column(out, spacing=10)


def _typed_number(text: str) -> int | None:
    """A printed strength as typed: an empty field is 0; None when the model's
    ``Strength`` takes no whole number from it (the screen names it; nothing is clamped or
    guessed)."""
    return read_typed(TYPED_STRENGTH, text) if text.strip() else 0


def _shown(typed: str) -> str:
    """What was typed, as a message quotes it: a long paste cut short."""
    return shortened(typed.strip(), QUOTED)


def _with_catapult(player: SquadPlayer, squad: int, strength: int) -> cmd.Support:
    """A Catapult played face up under ``squad``, with its printed number."""
    return cmd.Support(player=player.name, squad=squad, cards=0, catapult=strength)


def _return_panel(app: TableApp, state: SquadState, act: Act) -> ft.Control:
    name = state.returning or ""
    held = sorted(set(state.player(name).recruits))
    return tagged(
        "sq-return",
        ft.Column(
            [
                ft.Text(app.tr("squads.return_recruit", player=name), size=18),
                choice_row(
                    "sq-return",
                    [(r, app.tr(f"squads.recruit.{r}")) for r in held],
                    None,
                    lambda r: act(cmd.ReturnRecruit.model_validate({"player": name, "recruit": r})),
                ),
            ]
        ),
    )


def rulings_of(events: Sequence[EventBase]) -> list[Ruling]:
    """The rulings of one change, each once (a capture and its squad's retreat share one)."""
    out: list[Ruling] = []
    for event in events:
        if event.ruling not in out:
            out.append(event.ruling)
    return out


def _log(app: TableApp, game: SquadGame) -> ft.Control:
    rows: list[ft.Control] = []
    for step, (_command, events) in enumerate(reversed(game.history()[-LOG_SHOWN:])):
        for i, ruling in enumerate(rulings_of(events)):
            rows.append(ruling_row(app, ruling, f"sq-log-{step}-{i}", size=15))
    # The set-up's rulings come first in the game, so last here (R-SQ-SETUP).
    for i, ruling in enumerate(setup_rulings(game.setup)):
        rows.append(ruling_row(app, ruling, f"sq-log-setup-{i}", size=15))
    return tagged(
        "sq-log",
        ft.Column([ft.Text(app.tr("table.log"), size=20, weight=ft.FontWeight.BOLD), *rows]),
    )


class SquadView(Protocol):
    """The screen a squad turn is drawn on (``screens.SquadScreen``), as the turn uses it."""

    @property
    def app(self) -> TableApp: ...

    @property
    def session(self) -> TableSession: ...


@component  # drawn keyed, within its screen or alone (``screen_view.keyed``)
def SquadTurn(screen: SquadView) -> ft.Control:
    app = screen.app
    session = screen.session
    game = session.game  # the game as saved: ``SquadScreen.game_changed`` redraws this
    nothing_refused: Refusal | None = None
    shown_refusal, set_refusal = ft.use_state(nothing_refused)
    assert isinstance(game, SquadGame)
    state = game.state
    tr = app.tr

    def answer(error: Exception | None) -> None:
        set_refusal(None if error is None else refusal(app, error))

    def forget_refusal() -> None:  # a form found a problem of its own (``found_by_form``)
        set_refusal(None)

    def request(
        kind: str, command: AnyCommand | None = None, accepted: Callable[[], None] | None = None
    ) -> None:
        made = Request(kind, command, game.version, session.revision, device_id(app))  # type: ignore[arg-type]

        def answered(error: Exception | None) -> None:
            answer(error)
            if error is None and accepted is not None:
                accepted()

        send(app, made, answered)

    def act(command: AnyCommand, accepted: Callable[[], None] | None = None) -> None:
        request("play", command, accepted)

    phase = tr(f"squads.phase.{state.phase}")
    parts: list[ft.Control] = [
        tagged(
            "sq-status",
            ft.Text(
                tr("squads.turn", turn=state.turn, player=state.active_player.name, phase=phase),
                size=20,
                weight=ft.FontWeight.BOLD,
            ),
        ),
        tagged("sq-timer", ft.Text(tr("squads.timer", left=state.timer_left))),
    ]
    for n, card in enumerate(state.slots, 1):
        text = (
            tr("squads.slot_empty", slot=n)
            if card is None
            else tr("squads.slot", slot=n, card=tr(f"squads.card.{card.kind}"), color=card.color)
        )
        parts.append(tagged(f"sq-slot-{n}", ft.Text(text, size=17)))
    if isinstance(shown_refusal, Refusal):
        link = refusal_link(app, shown_refusal, "sq-refusal-rule")
        parts.append(
            tagged(
                "sq-refusal",
                ft.Column(
                    [problem_line(None, shown_refusal.text)] + ([link] if link is not None else [])
                ),
            )
        )
    if game.history():
        latest = game.history()[-1][1]
        parts.append(
            tagged(
                "sq-rulings",
                ft.Column(
                    [ruling_row(app, r, f"sq-ruling-{i}") for i, r in enumerate(rulings_of(latest))]
                ),
            )
        )
    legal = flow.legal(state)  # which panel: what the rules allow now
    if flow.over(state):
        parts.append(SquadEnd(app, state, act))
    elif cmd.ReturnRecruit in legal:
        parts.append(_return_panel(app, state, act))
    elif cmd.FinishResolve in legal:
        parts.append(ResolvePanel(app, state, act, forget_refusal))
    else:
        parts.append(OrdersPanel(app, state, act, forget_refusal))
    parts += [_player_panel(app, state, p, i) for i, p in enumerate(state.players, 1)]
    parts.append(
        ft.Row(
            [
                big_button(
                    "sq-undo", tr("table.undo"), own(lambda _e: request("undo")), icon=ft.Icons.UNDO
                ),
                big_button(
                    "sq-redo", tr("table.redo"), own(lambda _e: request("redo")), icon=ft.Icons.REDO
                ),
            ],
            wrap=True,
        )
    )
    parts += invite_part(app)
    parts.append(_log(app, game))
    return ft.Column(parts, spacing=14)
