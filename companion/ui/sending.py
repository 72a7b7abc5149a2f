"""A screen hands a change to the game's session, and hears back once it is saved.

``Sender`` is a tab's side of it: the requests it has under way, what each place on its
screen says after a tap that was not carried out, and which drawing of the game its
commands were made on. A panel's tap goes from here to the session and back, and the
tab is redrawn from here once answered (``TableApp.render_top``).

On a server the request runs on its own task (``TableSession.submit``: the save runs off
the event loop, so the other tabs and phones are served meanwhile) and the screen hears
back when the change is saved or refused; the tap's own handler returns at once. A page
with no event loop (the screen tests' page) is answered before ``send`` returns.

Every refusal a player can meet comes back as the error, to be shown where the tap was
(``refusal``): a rule, a table another device changed first, a device that may
only watch, a save that failed. Anything else is a bug and is raised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

import flet as ft

from companion.session import Change, Request
from companion.store import StoreError
from companion.sync.hub import WatchOnly
from companion.ui.at_table import tick
from companion.ui.redraw import page_loop
from companion.ui.store_problems import store_error_text
from companion.ui.sync_link import SYNC_SLOT, access_of, device_id, refusal_for, stale_text
from companion.ui.table.rulings import refused_by_rule
from companion.ui.widgets import Refusal
from rules.commands import Command
from rules.errors import RulesError, StaleCommand

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp

#: The errors a request may be answered with (shown to the player, nothing changed).
REFUSALS = (RulesError, StoreError, WatchOnly)
Answer = Callable[[Exception | None], None]


def send(app: TableApp, request: Request, answer: Answer) -> None:
    """Hand ``request`` to the app's game; ``answer(None)`` once it is saved and every
    screen has heard of it, or ``answer(error)`` with one of ``REFUSALS``."""
    session = app.session
    if session is None:
        raise RuntimeError("no game has been started")
    if not access_of(app).can_change:  # a device that only watches changes nothing
        answer(WatchOnly(app.tr("sync.watch_only")))
        return
    if page_loop(app.page) is None:
        try:
            session.apply(request, app)
        except REFUSALS as error:
            answer(error)
            return
        answer(None)
        return

    async def submit() -> None:
        try:
            await session.submit(request, app)
        except REFUSALS as error:
            answer(error)
            return
        answer(None)

    app.page.run_task(submit)
    # Nothing changed yet: Flet need not compare the page after the tap's handler.
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]


class Sender:
    """One tab's requests: sent, answered, and what its screen says of them."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        #: What each place on screen says after a tap that was not carried out.
        self.errors: dict[str, Refusal] = {}
        #: Requests of this tab under way: their own change is redrawn when answered.
        self.acting = 0
        #: (revision, version) of the game as last drawn here, and as the browser last
        #: confirmed showing it: commands say what they were made on (the confirmed one).
        self.rendered: tuple[int, int] | None = None
        self.confirmed: tuple[int, int] | None = None

    def play(self, slot: str, command: Command, then: Callable[[], None] | None = None) -> bool:
        """``TableContext.play``: send ``command``, a refusal shown at ``slot``."""
        refused = refusal_for(self.app, command)
        if refused is not None:  # a spectator, someone else's Room, a reveal too early
            return self.refuse(slot, refused)
        tick(self.app)  # a short haptic tick on a phone (at_table.py)
        return self.act(slot, self._request("play", command), then)

    def step(self, kind: Literal["undo", "redo"], then: Callable[[], None] | None = None) -> None:
        """Undo or redo the game's last step (a refusal shown at the undo bar's place)."""
        refused = refusal_for(self.app, kind)
        if refused is not None:
            self.refuse("undo", refused)
            return
        self.act("undo", self._request(kind, None), then)

    def _request(self, kind: Literal["play", "undo", "redo"], command: Command | None) -> Request:
        """The request, made on the game as this device last showed it (``seen``)."""
        revision, version = self.seen()
        return Request(kind, command, version, revision, device_id(self.app))

    def seen(self) -> tuple[int, int]:
        """The game as this device last showed it (not as it is now: that may be newer)."""
        if self.confirmed is not None:
            return self.confirmed
        if self.rendered is not None:
            return self.rendered
        session = self.app.session
        return (session.revision, session.game.version) if session else (0, 0)

    def confirm_shown(self, mark: tuple[int, int]) -> None:
        """The browser shows the game as drawn at ``mark`` (see ``when_shown``)."""
        if self.confirmed is None or mark > self.confirmed:
            self.confirmed = mark

    def own(self, change: Change) -> bool:
        """Is ``change`` this tab's own, under way? Then it is redrawn when answered, not
        when the session tells every tab."""
        return bool(self.acting) and change.origin is self.app

    def refuse(self, slot: str, refused: Refusal) -> bool:
        """Show ``refused`` at ``slot`` (and nothing elsewhere), nothing sent: False."""
        self.errors.clear()
        self.errors[slot] = refused
        self.app.render_top()
        return False

    def act(self, slot: str, request: Request, then: Callable[[], None] | None = None) -> bool:
        """Send ``request``; the tab is redrawn once it is saved or refused. False when it
        was refused before returning (a page with no event loop); on a server the answer
        comes later."""
        self.errors.clear()
        self.acting += 1
        answered: list[bool] = []

        def answer(error: Exception | None) -> None:
            self.acting -= 1
            if error is None:
                if then is not None:
                    then()
            else:
                # A table another device changed first is said at the top of the screen.
                where = SYNC_SLOT if isinstance(error, StaleCommand) else slot
                self.errors[where] = refusal(self.app, error)
            answered.append(error is None)
            self.app.render_top()  # the game or the errors changed

        send(self.app, request, answer)
        return answered[0] if answered else True


def refusal(app: TableApp, error: Exception) -> Refusal:
    """What the player is told about one of ``REFUSALS``: why, and the rule or the file."""
    if isinstance(error, StaleCommand):  # another device was first
        return Refusal(stale_text(app, error))
    if isinstance(error, WatchOnly):
        return Refusal(str(error))
    if isinstance(error, RulesError):
        return refused_by_rule(app.tr, error)
    game_id = app.session.game_id if app.session is not None else None
    reason = store_error_text(app, game_id, error)  # names the file where it may
    return Refusal(app.tr("table.save_failed", reason=reason))
