"""The squad game's turn as data: the phases each kind of order may be given in.

One table, read by the engine (a command out of its phases is refused, R-SQ-TURN) and by
``rules.squads.flow`` (what may be done now, for the screens), so the two cannot part.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.squads import commands as cmd
from rules.squads.models import SUPPORT_PHASES, Phase

#: The phases of the active player's orders: a Support or a Retreat ends the ones before
#: it (R-SQ-TURN); End turn may come in any of them.
ORDERS: tuple[Phase, ...] = ("deploy", "support", "retreat")
RESOLVE: tuple[Phase, ...] = ("resolve",)

PHASES_OF: dict[type[BaseModel], tuple[Phase, ...]] = {
    cmd.Capture: RESOLVE,
    cmd.ResolveAction: RESOLVE,
    cmd.FinishResolve: RESOLVE,
    cmd.Deploy: ("deploy",),
    cmd.Support: SUPPORT_PHASES,
    cmd.Retreat: ORDERS,
    cmd.EndTurn: ORDERS,
}
