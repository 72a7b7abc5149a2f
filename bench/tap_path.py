"""The modules a Bait tap passes through, from the button to the engine and back to every
tab at the table (issue #31: "count the module transitions").

Two tabs show one game at its Bait (the screen tests' fake page: no browser, so a save and
another tab's redraw run at once, in the same order the server runs them). The Bait button
of the first tab is tapped, and the call stack is taken, project frames only (``rules/``
and ``companion/``), at three moments:

* tap to engine: when the engine applies the command (``rules.engine.apply``);
* back to the tapping tab, and to the other tab: when each starts drawing its screen
  again (``TableApp.render_top``), from the frame where the two paths part from the way in.

A transition is a call from one module into another along such a stack (consecutive
frames of one module count once). Printed: each path's modules in order, its transitions,
and the total (the goal in #31: 8 or fewer).

Run: ``python bench/tap_path.py`` (a second). No pass/fail here; the goal is held by
``tests/companion/ui/test_tap_path.py``, which runs ``measure``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.session import Sessions  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.ui.table.game_screen import GameScreen  # noqa: E402
from rules.commands import (  # noqa: E402
    BuildRoom,
    ResolveBait,
    RevealRooms,
)
from tests.companion.ui.table.conftest import (  # noqa: E402
    IN_BUILD,
    FakePage,
    find,
    make_app,
    room,
    start,
)

#: Where a stack is taken: the engine deciding, a tab starting to draw its screen.
ENGINE = ("rules/engine.py", "apply")
REDRAW = ("companion/ui/shell.py", "render_top")


def project_stack(frame: FrameType | None) -> list[tuple[str, str]]:
    """(module file, function) of each project frame, outermost first."""
    out: list[tuple[str, str]] = []
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        try:
            relative = path.resolve().relative_to(ROOT)
        except ValueError:
            relative = None
        if relative is not None and relative.parts[0] in ("rules", "companion"):
            out.append((str(relative), frame.f_code.co_name))
        frame = frame.f_back
    return out[::-1]


#: A path's modules in order, each with its functions along the stack.
ModuleRuns = list[tuple[str, list[str]]]


def runs(stack: list[tuple[str, str]]) -> ModuleRuns:
    """The modules along ``stack`` with their functions, consecutive frames of one module
    as one run."""
    out: ModuleRuns = []
    for module, function in stack:
        if not out or out[-1][0] != module:
            out.append((module, []))
        out[-1][1].append(function)
    return out


def measure() -> list[tuple[str, ModuleRuns]]:
    """Each path (tap to engine, then back to each redrawn tab) as its modules in order,
    each with the functions of it along the stack."""
    with tempfile.TemporaryDirectory() as folder:
        sessions = Sessions(GameStore(Path(folder) / "data", fsync=False))
        tapping, watching = FakePage(), FakePage()
        app = make_app(tapping, sessions)
        builds = [
            BuildRoom(player="Ann", room=room("mage", 1, "Lab")),
            BuildRoom(player="Bo", room=room("fighter", 1, "Den")),
            RevealRooms(),
        ]
        screen = start(app, sessions, [*IN_BUILD, *builds])
        other = make_app(watching, sessions)
        other.start(f"/game/{screen.game_id}")
        assert isinstance(other.current, GameScreen)
        assert ResolveBait in screen.legal()

        taken: list[tuple[str, list[tuple[str, str]]]] = []

        def profile(frame: FrameType, event: str, _arg: Any) -> None:
            if event != "call":
                return
            where = (Path(frame.f_code.co_filename).resolve(), frame.f_code.co_name)
            for name, (file, function) in (("engine", ENGINE), ("redraw", REDRAW)):
                if where == ((ROOT / file).resolve(), function):
                    taken.append((name, project_stack(frame)))

        button = find(tapping, "resolve-bait")  # type: ignore[arg-type]
        handler = button.content.on_click
        sys.setprofile(profile)
        try:
            handler(None)
        finally:
            sys.setprofile(None)

    engine = next(stack for name, stack in taken if name == "engine")
    redraws = [stack for name, stack in taken if name == "redraw"]
    paths = [("tap -> engine", engine)]
    for n, stack in enumerate(redraws, 1):
        # From the last frame this redraw's stack shares with the way in to the engine.
        shared = 0
        while shared < min(len(stack), len(engine)) and stack[shared] == engine[shared]:
            shared += 1
        paths.append((f"back -> redraw {n}", stack[max(shared - 1, 0) :]))
    return [(label, runs(stack)) for label, stack in paths]


def main() -> None:
    paths = measure()
    total = 0
    for label, along in paths:
        transitions = len(along) - 1
        total += transitions
        print(f"{label}: {transitions} transitions")
        for module, functions in along:
            print(f"    {module}  ({', '.join(functions)})")
    print(f"total: {total} module transitions ({len(paths) - 1} tabs redrawn)")


if __name__ == "__main__":
    main()
