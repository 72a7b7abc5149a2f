"""The end of a squad game: each player's score (R-SQ-SCORE, R-SQ-PAIRS) and, for a tie
for the most points, the I WIN! race (R-SQ-IWIN): a phone sitting at a tied player's
seat shows that player's button; a phone without such a seat (one phone for the table)
shows every tied player's, and the players tap the one who shouted first. The first tap
that reaches the server wins; the engine refuses the others."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui.squads.parts import Act, own
from companion.ui.sync_link import access_of
from companion.ui.table.rulings import rule_link
from companion.ui.widgets import big_button, on_tap, tagged
from rules.squads import commands as cmd
from rules.squads import flow
from rules.squads.models import SquadState
from rules.squads.scoring import score

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp


@ft.component
def SquadEnd(app: TableApp, state: SquadState, act: Act) -> ft.Control:
    tr = app.tr
    out: list[ft.Control] = [ft.Text(tr("squads.scores"), size=20, weight=ft.FontWeight.BOLD)]
    for n, player in enumerate(state.players, 1):
        s = score(player.name, player.princesses, player.finale)
        out.append(
            tagged(
                f"sq-score-{n}",
                ft.Text(
                    tr(
                        "squads.score_line",
                        player=s.name,
                        points=s.points,
                        princesses=s.princesses,
                        pairs=s.pairs,
                        finale=int(s.finale),
                    ),
                    size=17,
                ),
            )
        )
    out.append(rule_link(app, "R-SQ-SCORE", "sq-score-rule"))
    if state.winner is not None:
        out.append(
            tagged(
                "sq-winner",
                ft.Text(
                    tr("squads.winner", player=state.winner), size=24, weight=ft.FontWeight.BOLD
                ),
            )
        )
    elif cmd.ShoutWin in flow.legal(state):  # the I WIN! race is on (R-SQ-IWIN)
        seat = access_of(app).seat
        racing = [seat] if seat in state.tied else list(state.tied)
        out.append(ft.Text(tr("squads.race", players=", ".join(state.tied)), size=17))
        for name in racing:
            index = state.tied.index(name) + 1
            out.append(
                big_button(
                    f"sq-iwin-{index}",
                    tr("squads.i_win", player=name),
                    own(on_tap(act, cmd.ShoutWin(player=name))),
                    primary=True,
                    expand=True,
                )
            )
        out.append(rule_link(app, "R-SQ-IWIN", "sq-iwin-rule"))
    return tagged("sq-end", ft.Column(out, spacing=10))
