"""The compact turn view: what the phase needs first, then one summary row per dungeon.

On a phone the game page used to stack every panel (the last step, the phase's action,
the town, then one full dungeon card per player): about five screens, and the second and
third player's build forms at the bottom. Here the page opens on what the phase asks of
the table now, and the dungeons follow as summary rows (``dungeon_summary``), each
opening to its full card; the scores stay pinned above the bottom bar
(``pinned_scores``). The order follows the phase the engine is in:

- Heroes: the town (its form reveals the new Heroes), then the last step;
- Build: the build forms of the players who build (the engine says who may,
  ``flow.may``), each with its Bait forecast, Reveal Rooms, then the town's Heroes and
  the last step;
- Bait and End: the phase's own button first, as before;
- Adventure: its buttons, then the dungeon walked now (its card open, the Hero in its
  Room), then the rest.

A question the engine asks of the table (``offer_questions.offers_view``) comes before the
Bait and the end of the turn, since those wait for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from rules.models import GameState


@dataclass
class TurnParts:
    """The parts of the Play tab, built by the game screen; ``arrange`` orders them."""

    #: The phase's own action: the Bait button and forecast, the Adventure, End turn.
    action: list[ft.Control] = field(default_factory=list)
    #: A question from a card's ability (R-CARD-EFFECT), or None.
    offers: ft.Control | None = None
    #: The rulings of the latest step, or None.
    last: ft.Control | None = None
    spells: ft.Control | None = None
    bait_results: ft.Control | None = None
    town: ft.Control | None = None
    #: The Build phase's forms (one per player building) and Reveal Rooms.
    build: list[ft.Control] = field(default_factory=list)
    #: One summary row per dungeon, each with its card (open or hidden).
    dungeons: list[ft.Control] = field(default_factory=list)
    #: The row and card of the dungeon the Adventure walks now (not in ``dungeons``).
    walked: list[ft.Control] = field(default_factory=list)


def arrange(state: GameState, parts: TurnParts) -> list[ft.Control]:
    """The Play tab top to bottom for the phase ``state`` is in."""
    out: list[ft.Control] = []

    def put(*controls: ft.Control | None) -> None:
        out.extend(c for c in controls if c is not None)

    phase = state.phase
    if phase == "beginning":
        # The form the phase waits for comes first (the town reveals the Heroes): its
        # first field is in view as the phase opens, the rulings of the step before
        # follow it.
        put(parts.offers, parts.town, parts.last, parts.spells)
    elif phase == "build":
        # The build forms, each with its Bait forecast (where each Hero would go), then
        # the town's Heroes: a form's button stays in reach without a scroll.
        put(parts.offers, *parts.build, parts.town, parts.last, parts.spells)
    elif phase in ("bait", "end"):
        # A must-do question first: the phase's button waits while the engine refuses it.
        put(parts.offers, *parts.action, parts.last, parts.spells, parts.town)
    else:  # the Adventure: the walked dungeon's Rooms right under its buttons
        put(*parts.action, *parts.walked, parts.offers, parts.last, parts.spells)
        put(parts.bait_results, parts.town)
    put(*parts.dungeons)
    return out
