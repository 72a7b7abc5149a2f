"""A second Hero's Health typed right behind its treasure tap, heard in any order.

The browser test that reveals two Heroes a turn (``test_card_abilities_game.py``) types
the first Hero whole, then the second one's name key by key, taps its treasure tile and
types its Health at once. On a busy server each key's text is applied as it arrives
while the change events and the tap wait their turn, so the server may draw the form
again (for a late key of the name, or for the tap) before or after the Health arrived.
Whatever the order, the browser must still show the Health typed, in the field it was
typed into, and the Heroes revealed must be the ones entered (R-TURN-REVEAL).

The browser here aims each message at the control it showed when the player started on
the second Hero: a redraw that put a new field in its place would lose what was typed
into the old one, as a browser a drawing behind would.
"""

from __future__ import annotations

import itertools
import shutil
from dataclasses import dataclass
from pathlib import Path

import flet as ft
import pytest

from tests.companion.ui.conftest import AppFactory, saved_at
from tests.companion.ui.flet_harness import Harness

#: What the player does for the second Hero, as the browser reports it: each key of the
#: name (its text, then its change event), the Mage tile's tap, the Health's key.
NAME_KEYS = ("S", "Sa", "Sag", "Sage")
HEALTH = "3"


@dataclass(frozen=True)
class Report:
    """One message from the browser: ``text`` for a field (``change``) or a tap."""

    target: str
    text: str | None = None

    @property
    def is_tap(self) -> bool:
        return self.text is None


def reports() -> list[Report]:
    out = [Report("new-hero-2-name", text) for text in NAME_KEYS]
    return [*out, Report("new-hero-2-treasure-mage"), Report("new-hero-2-health", HEALTH)]


def orders() -> list[str]:
    """Every order in which the server may hear the last two keys of the name, the tap
    and the Health (the first two keys handled as they came): ``a`` the next message
    arrives (a key's text is applied at once), ``h`` the next event waiting is handled.
    Events are handled in the order they came, each after it came."""
    # What arrives: "Sag" and "Sage" (text, then change), the tile's tap, the Health.
    late = ["text", "event", "text", "event", "event", "text", "event"]
    events = late.count("event")
    out: list[str] = []
    for handled_at in itertools.combinations(range(len(late) + events), events):
        order, arrived, waiting = "", iter(late), 0
        for step in range(len(late) + events):
            if step in handled_at:
                waiting -= 1
                order += "h"
            else:
                waiting += next(arrived) == "event"
                order += "a"
            if waiting < 0:
                break
        else:
            out.append("aah" * 2 + order)
    return out


def aimed_at(harness: Harness, identifier: str) -> int:
    """The id of the control a tap on (or a key into) ``identifier`` reaches, as the
    browser shows it now."""
    target = harness.find(identifier)
    if isinstance(target, ft.Semantics):
        target = target.content
    return int(target._i)


def play_order(harness: Harness, order: str) -> dict[str, int]:
    """The browser sends ``reports()`` and the server hears them in ``order``; returns
    the ids of the fields the browser typed into."""
    aimed = {r.target: aimed_at(harness, r.target) for r in reports()}
    messages: list[tuple[str, Report]] = []
    for report in reports():
        if not report.is_tap:
            messages.append(("text", report))
        messages.append(("event", report))
    waiting: list[Report] = []
    for step in order:
        if step == "a":
            kind, report = messages.pop(0)
            if kind == "text":
                harness.session.apply_patch(aimed[report.target], {"value": report.text})
                harness.conn.client.controls[aimed[report.target]]["value"] = report.text
            else:
                waiting.append(report)
        else:
            report = waiting.pop(0)
            name, data = ("click", None) if report.is_tap else ("change", report.text)
            harness.run(harness.session.dispatch_event(aimed[report.target], name, data))
            harness.assert_not_crashed()
    assert not messages and not waiting
    return aimed


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A game at the start of a turn, three Heroes to reveal (made once: it is slow)."""
    data = tmp_path_factory.mktemp("saved") / "data"
    return data, saved_at(data, "beginning")


@pytest.mark.parametrize("order", orders())
def test_second_heros_health_typed_behind_its_treasure_tap_stays(
    table_app: AppFactory, tmp_path: Path, saved_game: tuple[Path, str], order: str
) -> None:
    data, game_id = saved_game
    shutil.copytree(data, tmp_path / "data")  # the tab's own copy: the test reveals
    harness, app = table_app(route=f"/game/{game_id}")
    for n, (name, treasure, health) in ((1, ("Brute", "fighter", "9")), (3, ("Ash", "thief", "5"))):
        harness.type(f"new-hero-{n}-name", name)
        harness.tap(f"new-hero-{n}-treasure-{treasure}")
        harness.type(f"new-hero-{n}-health", health)
    aimed = play_order(harness, order)
    typed_into = aimed["new-hero-2-health"]
    assert harness.find("new-hero-2-health", ft.TextField)._i == typed_into, "a new field"
    assert shown_at(harness, typed_into) == HEALTH, "the browser was sent other text"
    harness.tap("reveal-heroes")
    state = app.current.state  # type: ignore[attr-defined]
    revealed = {state.hero(h).card.name: state.hero(h).card for h in state.town}
    assert state.phase == "build", harness.texts()
    assert revealed["Sage"].health == int(HEALTH)
    assert revealed["Sage"].treasure == ("mage",)


def shown_at(harness: Harness, control_id: int) -> str:
    return str(harness.conn.client.controls[control_id].get("value") or "")
