"""The History screen: past games in numbers (``companion.stats``), for everyone or one
player, Souls and Wounds over the turns of a game as a plot, and the numbers as CSV.

The screen is a Flet component. It opens at once with "Counting past games…"; the saved
games' facts are read (and, for a game whose log changed since, replayed) on a worker
thread, never on the event loop that serves every tab. A device sees only the games it
may open (a game under live sync is listed for its host and seats only).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import flet as ft
import flet_charts as fch  # type: ignore[import-untyped]

from companion.stats import (
    GameFacts,
    NameQuestion,
    Summary,
    csv_text,
    everyone,
    name_questions,
    summarize,
)
from companion.stats_cache import saved_facts
from companion.stats_names import Names, answer, load_names
from companion.ui.component_updates import start_component_updates
from companion.ui.widgets import big_button, heading, note, tagged

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

EVERYONE = "*"
#: One colour per player's line (Souls solid, Wounds dashed, in the same colour).
LINE_COLOURS = (
    ft.Colors.BLUE,
    ft.Colors.RED,
    ft.Colors.GREEN,
    ft.Colors.ORANGE,
    ft.Colors.PURPLE,
    ft.Colors.TEAL,
)


@dataclass(frozen=True)
class Counted:
    """What the worker thread found: the games this device may see, the names' answers."""

    games: tuple[GameFacts, ...]
    unreadable: int
    names: Names
    #: Everyone's numbers, the names asked about and every player, counted with the
    #: games (the screen's first view); None: counted again on the loop (a name answered).
    summary: Summary | None = None
    questions: tuple[NameQuestion, ...] | None = None
    players: tuple[str, ...] | None = None


def _visible(app: TableApp, game_id: str) -> bool:
    sync = app.sync
    if sync is None:
        return True
    try:
        return sync.access(game_id).role != "none"
    except Exception:  # a record that can't be read: the game is not shown (as on Games)
        return False


#: data folder -> what was counted there last: counted again only when the games shown
#: (the same facts, seen by this device) or the names' answers differ.
_last_counted: dict[Path, Counted] = {}


def count_games(app: TableApp) -> Counted:
    """Runs on a worker thread: every saved game's facts, and the names' answers."""
    assert app.sessions is not None
    store = app.sessions.store
    found = saved_facts(store)
    visible = [g for g in found.games if _visible(app, g.game_id)]
    shown = found.games if len(visible) == len(found.games) else tuple(visible)
    names = load_names(store.layout.root)
    last = _last_counted.get(store.layout.root)
    if (
        last is not None
        and last.games == shown  # the same facts are the very same objects: quick
        and last.unreadable == found.unreadable
        and last.names == names
    ):
        return last
    counted = Counted(
        shown,
        found.unreadable,
        names,
        summarize(shown, None, names.same),
        name_questions(shown, names.same, names.different),
        everyone(shown, names.same),
    )
    _last_counted[store.layout.root] = counted
    return counted


def _summary_lines(app: TableApp, s: Summary) -> list[ft.Control]:
    tr = app.tr
    none = tr("history.none_yet")

    def pairs(counts: dict[str, int]) -> str:
        unnamed = tr("history.unnamed")
        said = (f"{name if name not in ('', '?') else unnamed} {n}" for name, n in counts.items())
        return ", ".join(said) or none

    # German writes 5,7 where English writes 5.7.
    turns = none if s.average_turns is None else f"{s.average_turns:g}"
    if tr.lang == "de":
        turns = turns.replace(".", ",")
    room = (
        tr("history.room_kills", room=s.deadliest_room, count=s.deadliest_kills)
        if s.deadliest_room
        else none
    )
    rows = [
        ("games", tr("history.games", games=s.games, finished=s.finished)),
        ("wins-player", tr("history.wins_player", wins=pairs(s.wins_by_player))),
        ("wins-boss", tr("history.wins_boss", wins=pairs(s.wins_by_boss))),
        ("turns", tr("history.average_turns", turns=turns)),
        ("room", tr("history.deadliest", room=room)),
        ("heroes", tr("history.heroes", killed=s.killed, escaped=s.escaped)),
    ]
    return [tagged(f"history-{key}", ft.Text(text, size=16)) for key, text in rows]


def souls_and_wounds(app: TableApp, game: GameFacts) -> ft.Control:
    """Each player's Souls (solid) and Wounds (dashed) at the end of every turn."""
    series: list[fch.LineChartData] = []
    top = 1
    for n, scores in enumerate(game.scores.values()):
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        souls = [fch.LineChartDataPoint(s.turn, s.souls) for s in scores]
        wounds = [fch.LineChartDataPoint(s.turn, s.wounds) for s in scores]
        top = max([top, *(s.souls for s in scores), *(s.wounds for s in scores)])
        series.append(fch.LineChartData(points=souls, color=colour, stroke_width=3))
        series.append(
            fch.LineChartData(points=wounds, color=colour, stroke_width=2, dash_pattern=[6, 4])
        )
    last = max((s.turn for scores in game.scores.values() for s in scores), default=1)
    chart = fch.LineChart(
        data_series=series,
        min_x=1,
        max_x=max(2, last),
        min_y=0,  # a score is never below zero (R-SCORE-CORRECT refuses it)
        max_y=top + 1,
        # Whole numbers only: a score has no halves (the chart's own steps gave "0.5", cut
        # into two lines at a phone's width).
        left_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=v, label=str(v)) for v in range(0, top + 2)],
            label_size=28,
        ),
        bottom_axis=fch.ChartAxis(
            title=ft.Text(app.tr("history.turn")),
            labels=[fch.ChartAxisLabel(value=t, label=str(t)) for t in range(1, last + 1)],
            label_size=24,
        ),
        interactive=False,
        height=220,
        expand=True,
    )
    legend: list[ft.Control] = [
        ft.Text(
            app.tr("history.legend", player=player),
            color=LINE_COLOURS[n % len(LINE_COLOURS)],
            size=14,
        )
        for n, player in enumerate(game.scores)
    ]
    return tagged(
        "history-plot",
        ft.Column(
            [tagged("history-chart", chart), ft.Row(legend, wrap=True, spacing=12)], spacing=4
        ),
    )


def _show_csv(app: TableApp, text: str) -> None:
    tr = app.tr
    field = ft.TextField(value=text, multiline=True, read_only=True, max_lines=12, text_size=13)
    app.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(tr("history.csv_title")),
            content=tagged("history-csv", field),
            actions=[ft.TextButton(tr("history.close"), on_click=lambda _e: app.page.pop_dialog())],
        )
    )


def _question(app: TableApp, q: NameQuestion, answered: Any) -> ft.Control:
    tr = app.tr
    return tagged(
        "history-name-question",
        ft.Container(
            ft.Column(
                [
                    ft.Text(tr("history.same_person", first=q.first, second=q.second), size=16),
                    ft.Row(
                        [
                            big_button(
                                "history-same", tr("history.same"), lambda _e: answered(q, True)
                            ),
                            big_button(
                                "history-different",
                                tr("history.different"),
                                lambda _e: answered(q, False),
                            ),
                        ],
                        wrap=True,
                    ),
                ]
            ),
            padding=8,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ),
    )


@ft.component
def HistoryView(app: TableApp) -> ft.Control:
    counted, set_counted = ft.use_state(cast(Counted | None, None))
    player, set_player = ft.use_state(EVERYONE)
    chosen, set_chosen = ft.use_state("")

    async def count() -> None:
        found = await asyncio.to_thread(count_games, app)
        set_counted(found)

    ft.use_effect(count, [])
    tr = app.tr
    if counted is None:
        return tagged(
            "history-counting",
            ft.Row(
                [ft.ProgressRing(width=24, height=24), ft.Text(tr("history.counting"), size=16)]
            ),
        )
    found: Counted = counted
    names = found.names
    who = None if player == EVERYONE else player
    summary = (
        found.summary
        if who is None and found.summary is not None
        else summarize(found.games, who, names.same)
    )

    def answered(q: NameQuestion, same: bool) -> None:
        assert app.sessions is not None
        root = app.sessions.store.layout.root

        async def write() -> None:
            # On a worker thread: the answers are read, then written with an fsync.
            try:
                kept = await asyncio.to_thread(answer, root, q, same)
            except OSError:
                kept = Names(
                    {**names.same, q.second: q.first} if same else names.same,
                    names.different | {frozenset((q.first, q.second))},
                )
            set_counted(Counted(found.games, found.unreadable, kept))

        app.page.run_task(write)

    controls: list[ft.Control] = []
    questions = (
        found.questions
        if found.questions is not None
        else name_questions(found.games, names.same, names.different)
    )
    players = found.players if found.players is not None else everyone(found.games, names.same)
    if questions:
        controls.append(_question(app, questions[0], answered))
    filter_box = ft.Dropdown(
        label=tr("history.player"),
        value=player,
        options=[
            ft.DropdownOption(key=EVERYONE, text=tr("history.everyone")),
            *(ft.DropdownOption(key=n, text=n) for n in players),
        ],
        on_select=lambda e: set_player(e.control.value or EVERYONE),
    )
    controls.append(tagged("history-player", filter_box))
    controls += _summary_lines(app, summary)
    if found.unreadable:
        controls.append(note(tr("history.unreadable", count=found.unreadable)))
    games = (
        found.games
        if who is None
        else [g for g in found.games if who in [names.same.get(p, p) for p in g.players]]
    )
    if games:
        # ‹ › step through the games (newest first): any game, one tap per game, and no
        # list of a thousand names sent to the phone.
        at = next((n for n, g in enumerate(games) if g.game_id == chosen), 0)
        game = games[at]
        controls.append(heading(tr("history.plot_title")))
        controls.append(
            tagged(
                "history-game",
                ft.Row(
                    [
                        tagged(
                            "history-newer",
                            ft.IconButton(
                                ft.Icons.CHEVRON_LEFT,
                                disabled=at == 0,
                                tooltip=tr("history.newer"),
                                on_click=lambda _e: set_chosen(games[max(0, at - 1)].game_id),
                            ),
                        ),
                        ft.Text(
                            tr("history.game_of", name=game.name, n=at + 1, count=len(games)),
                            size=16,
                            expand=True,
                        ),
                        tagged(
                            "history-older",
                            ft.IconButton(
                                ft.Icons.CHEVRON_RIGHT,
                                disabled=at == len(games) - 1,
                                tooltip=tr("history.older"),
                                on_click=lambda _e: set_chosen(
                                    games[min(len(games) - 1, at + 1)].game_id
                                ),
                            ),
                        ),
                    ]
                ),
            )
        )
        controls.append(souls_and_wounds(app, game))
    controls.append(
        big_button(
            "history-export",
            tr("history.export"),
            lambda _e: _show_csv(app, csv_text(summary, found.games, names.same)),
            icon=ft.Icons.DOWNLOAD,
            expand=True,
        )
    )
    return ft.Column(controls, spacing=10)


class HistoryScreen:
    """``/history``: the History of the saved games this device may see. Drawn under the
    shell's components (``screen_view.py``): ``HistoryView`` is a component of their
    drawing, and keeps its state from one drawing to the next."""

    route = "/history"
    components = True

    def __init__(self, app: TableApp, route: str = "/history") -> None:
        self.app = app
        self.route = route

    def title(self) -> str:
        return self.app.tr("history.title")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        # The count comes back to the component (its effect, then its state), which
        # Flet's scheduler draws: started from the first drawing on.
        start_component_updates(self.app)
        return [HistoryView(self.app)]
