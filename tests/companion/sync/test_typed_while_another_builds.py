"""A Room name typed while another device's change arrives stays as typed.

In a browser run six phones built in private (``tests/e2e/test_sync.py``,
``test_six_devices_build_in_private_reveal_and_undo_together``): Brann waited until his
phone showed "Ada: ready", then typed "Room 2X" key by key. Once revealed, his Room read
"oom 2X": the first letter was gone.

The browser reports each key in two messages: the field's new text (Flet writes it into
the field's control as it arrives) and the change event (handled in its turn). A redraw
that comes between them must draw the field with the text the browser reported, never
with the older text in the form's draft (``typed_ahead.py``), or the browser is sent
that older text under the typing finger.

Here Ada's and Brann's tabs talk to Flet's own websocket handler
(``tests/companion/sync/socket_tabs.py``). Brann's keys go out as the browser sends
them, and something happens at a chosen place among them: Ada builds (the change the
browser run waited for), or another device opens the game (the devices line changes).
Brann's field is kept as his
browser keeps it (``ClientMirror``): the texts he typed, and every message the server
sent him, in the order his browser saw them. No message may change the text he sees, and
the Room he builds is the one he typed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.app import AppConfig, make_main
from tests.companion.sync.socket_tabs import (
    Main,
    Tab,
    asks_device,
    has,
    seated,
    settle,
    shown_text,
    until,
)
from tests.companion.ui.flet_harness import BrowserSocket, ClientMirror, tagged_control
from tests.e2e.sync_seed import SeededGame, device_id, seed

ADA = device_id(61)
BRANN = device_id(62)
CYRA = device_id(63)
NAME = "Room 2X"


@dataclass
class BrowserField:
    """A text field as the browser holds it: each text typed, after the server messages
    the browser had received when it was typed."""

    tab: Tab
    control: ft.TextField
    typed: list[tuple[int, str]] = field(default_factory=list)

    def key(self, text: str) -> None:
        """A key: the browser shows ``text`` and writes it into the field's control."""
        self.typed.append((len(self.tab.socket.received), text))
        self.tab.socket.props(self.control, {"value": text})

    def change(self, text: str) -> None:
        """The key's change event, sent after its text."""
        self.tab.socket.event(self.control, "change", text)

    def drawn_over(self) -> list[tuple[str, object]]:
        """Each server message that changed the text the browser showed: (shown, sent)."""
        mirror = ClientMirror()
        field_id = self.control._i
        typed = list(self.typed)
        shown: str | None = None
        over: list[tuple[str, object]] = []
        for n, (action, body) in enumerate(self.tab.socket.received):
            while typed and typed[0][0] <= n:
                shown = typed.pop(0)[1]
                mirror.controls[field_id]["value"] = shown
            mirror.receive(action.value, body)
            now = mirror.controls.get(field_id, {}).get("value")
            if shown is not None and now != shown:
                over.append((shown, now))
                shown = str(now)
        assert not mirror.errors, mirror.errors
        return over


def keeping(device: str, stored: dict[str, object]) -> Callable[[BrowserSocket], None]:
    """A browser that keeps what the app stores in it (the games its device joined), as a
    phone does across a sleep: another tab of it comes back to its seat."""

    def answer(socket: BrowserSocket) -> None:
        def get(args: Any) -> object:
            return device if asks_device("get", args) else stored.get(args["key"])

        def keep(args: Any) -> bool:
            stored[args["key"]] = args["value"]
            return True

        socket.answers.update({"get": get, "set": keep, "contains_key": True})

    return answer


async def _seated(
    main: Main, route: str, device: str, seat: int, stored: dict[str, object] | None = None
) -> tuple[Tab, ft.Page]:
    return await seated(main, route, seat, keeping(device, {} if stored is None else stored))


def _brann_types_while(tmp_path: Path, between: str, at: int, gap: int) -> None:
    """Brann types ``NAME`` key by key (text, then change event, per key), with
    ``between`` happening before his ``at``-th message; ``gap``: the loop's turns
    (tens of ms) the server is given after each message."""
    data = tmp_path / "data"
    game = seed(data, 3, ADA, "Typed")
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        ada, ada_page = await _seated(main, f"/join?game={game.game_id}", ADA, 1)
        brann, page = await _seated(main, f"/join?code={game.code}", BRANN, 2)
        cyra_phone: dict[str, object] = {}
        cyra, _ = await _seated(main, f"/join?code={game.code}", CYRA, 3, cyra_phone)
        if between == "cyra-returns":  # her phone went to sleep: it comes back while he types
            await cyra.close()
            await settle()
        ada_name = tagged_control(ada_page, "build-p1-name")
        ada.socket.props(ada_name, {"value": "Room 1X"})
        ada.socket.event(ada_name, "change", "Room 1X")
        ada.socket.event(tagged_control(ada_page, "build-p1-treasure-fighter"), "click")
        await settle()
        name = BrowserField(brann, tagged_control(page, "build-p2-name"))
        others: list[Tab] = []

        def happen() -> None:
            if between == "ada-builds":
                ada.socket.event(tagged_control(ada_page, "build-p1-go"), "click")
            elif between == "cyra-returns":
                route = f"/game/{game.game_id}"
                others.append(Tab(main, "127.0.0.1", route, {}, keeping(CYRA, cyra_phone)))
            else:  # Cyra's phone goes to sleep while he types
                cyra.socket.close()

        steps: list[tuple[str, str]] = []
        for n in range(1, len(NAME) + 1):
            steps += [("key", NAME[:n]), ("change", NAME[:n])]
        steps.insert(at, ("between", ""))
        for kind, text in steps:
            if kind == "key":
                name.key(text)
            elif kind == "change":
                name.change(text)
            else:
                happen()
            await settle(gap)
        await settle(100)
        if between == "ada-builds":
            assert "Ada: ready" in shown_text(page), "Ada's build never reached Brann's phone"
        else:  # "devices connected" changed under his typing
            count = 3 if between == "cyra-returns" else 2
            assert f"connected:\u00a0{count}" in shown_text(page), shown_text(page)
        assert name.drawn_over() == [], "the server sent older text over what was typed"
        assert tagged_control(page, "build-p2-name").value == NAME
        brann.socket.event(tagged_control(page, "build-p2-treasure-mage"), "click")
        await settle()
        brann.socket.event(tagged_control(page, "build-p2-go"), "click")
        # His own face-down Room says its name on his phone.
        assert await until(lambda: has(page, "p2-face-down"), 10), shown_text(page)
        tile = shown_text(page)
        assert f"{NAME} · At the entrance" in tile, tile
        for tab in others:
            await tab.started()  # it did open the game (and count as a device)
        if between == "ada-builds":
            others.append(cyra)
        elif between == "cyra-leaves":
            await asyncio.wait_for(cyra.task, 10)
        for tab in [*others, brann, ada]:
            await tab.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(("at", "gap"), [(1, 0), (1, 1), (3, 0), (3, 1), (14, 0)])
def test_a_name_typed_as_another_device_builds_stays_as_typed(
    tmp_path: Path, at: int, gap: int
) -> None:
    """``at`` 1: Ada's Room arrives between the first key's text and its change event (3:
    the second key's; 14: after the last)."""
    _brann_types_while(tmp_path, "ada-builds", at, gap)


@pytest.mark.parametrize("between", ["cyra-returns", "cyra-leaves"])
def test_a_name_typed_as_another_device_comes_or_goes_stays_as_typed(
    tmp_path: Path, between: str
) -> None:
    _brann_types_while(tmp_path, between, 1, 0)


def test_the_check_sees_older_text_sent_over_what_was_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser's side is checked for real: with the form blind to text typed ahead,
    a tap handled between a key's text and its change event sends the older text."""
    from companion.ui.typed_ahead import TypedAhead

    monkeypatch.setattr(TypedAhead, "ahead", lambda _self: {})
    data = tmp_path / "data"
    game: SeededGame = seed(data, 3, ADA, "Typed")
    main = make_main(AppConfig(data_dir=data))

    async def scenario() -> None:
        brann, page = await _seated(main, f"/join?code={game.code}", BRANN, 2)
        name = BrowserField(brann, tagged_control(page, "build-p2-name"))
        name.key("R")
        brann.socket.event(tagged_control(page, "build-p2-treasure-fighter"), "click")
        name.change("R")
        await settle(50)
        assert name.drawn_over() == [("R", "")]
        await brann.close()

    asyncio.run(scenario())


def test_the_check_sees_a_form_drawn_anew_under_the_typing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were Brann's build form made anew by another device's change (an empty draft),
    Ada's Room arriving while he types would send "" over his first keys: the browser
    run's "oom 2X". The check above sees it. Which keys depends on when her save's
    worker thread ends: "R" on a quiet machine, "Ro" in a loaded CI run, so the check's
    message is matched for any of his keys, not the first one alone."""
    from companion.ui.table.game_screen import GameScreen

    drawn = GameScreen.game_changed

    def forgetful(self: GameScreen, change: Any) -> bool:
        if change.origin is not self.app:
            for panel in self.dungeons.values():
                panel.build_form.picker = None
        return drawn(self, change)

    monkeypatch.setattr(GameScreen, "game_changed", forgetful)
    with pytest.raises(AssertionError, match=r"(?s)older text.*\('R[^']*', ''\)"):
        _brann_types_while(tmp_path, "ada-builds", 1, 1)
