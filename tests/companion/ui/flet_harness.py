"""Run the app's screens in-process, without a browser, through Flet's real Session.

The page lives in a real `flet.messaging.session.Session` (diffing, control index, event
dispatch) connected to a fake connection that records every message. The fake must
msgpack-encode each message as the real transports do: encoding snapshots each control's
lists and children, and the next diff compares against those snapshots; skip it and
later updates silently send nothing.

This relies on private Flet API (Session internals, the msgpack encoder, the page context
variable) and is pinned to the Flet version below: if Flet is upgraded, this module is
the one place to fix.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    InvokeMethodRequestBody,
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet.version import flet_version

PINNED_FLET = "1.0.5"
if flet_version != PINNED_FLET:  # pragma: no cover - guards an upgrade
    raise RuntimeError(
        f"tests/companion/ui/flet_harness.py is written for Flet {PINNED_FLET}, "
        f"found {flet_version}: check the private API it uses, then update PINNED_FLET"
    )

C = TypeVar("C", bound=ft.Control)
_encode = configure_encode_object_for_msgpack(BaseControl)


class RecordingConnection(Connection):
    """A connection to no client: encodes and keeps every message the session sends.

    Calls to client methods (`push_route`, SharedPreferences `get`/`set`, ...) are
    answered at once with `answers[name]` (default None), as a client would.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.pubsubhub = PubSubHub(loop=loop)
        self.messages: list[Message] = []
        self.sent_bytes = 0
        self.session: Session | None = None
        self.answers: dict[str, Any] = {}
        self.calls: list[tuple[str, Any]] = []

    def send_message(self, message: Message) -> None:
        body = msgpack.packb([message.action, message.body], default=_encode)
        self.sent_bytes += len(body)
        self.messages.append(message)
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            call: InvokeMethodRequestBody = message.body
            self.calls.append((call.name, call.args))
            self.loop.call_soon(
                self.session.handle_invoke_method_results,
                call.control_id,
                call.call_id,
                self.answers.get(call.name),
                None,
            )

    def patches(self) -> int:
        return sum(1 for m in self.messages if m.action == MessageAction.PATCH_CONTROL)


class Harness:
    """One session with a page of the given size; drive it with `tap` and `type`."""

    def __init__(self, width: int = 390, height: int = 844, route: str = "/") -> None:
        self.loop = asyncio.new_event_loop()
        self.conn = RecordingConnection(self.loop)
        self.session = Session(self.conn)
        self.conn.session = self.session
        self.page: ft.Page = self.session.page
        _context_page.set(self.page)
        self.session.apply_page_patch(
            {"route": route, "width": width, "height": height, "web": True}
        )
        # What the server answers a new client: the whole page, encoded. The encoding
        # takes the snapshots that every later diff is computed against.
        self.conn.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=self.session.id, page_patch=self.session.get_page_patch(), error=""
                ),
            )
        )

    def start(self, build: Callable[[ft.Page], None]) -> Harness:
        """Build the UI on the page (like `main(page)`), then let Flet send it."""
        _context_page.set(self.page)
        build(self.page)
        self.run(self.session.after_event(self.page))
        return self

    def run(self, awaitable: Any) -> Any:
        result = self.loop.run_until_complete(awaitable)
        self.settle()
        return result

    def settle(self, rounds: int = 20) -> None:
        """Let tasks the handlers scheduled (`page.run_task`, client calls) finish."""
        for _ in range(rounds):
            self.loop.run_until_complete(asyncio.sleep(0))
            pending = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
            if not pending:
                return

    def close(self) -> None:
        self.settle()
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()

    # --- finding controls ---------------------------------------------------------

    def walk(self) -> Iterator[ft.Control]:
        """Every control on the top view, depth first."""
        seen: set[int] = set()

        def visit(node: Any) -> Iterator[ft.Control]:
            if isinstance(node, BaseControl):
                if id(node) in seen:
                    return
                seen.add(id(node))
                if isinstance(node, ft.Control):
                    yield node
                for name in getattr(type(node), "__dataclass_fields__", {}):
                    if name.startswith("on_") or name in ("parent", "page", "_parent"):
                        continue
                    value = getattr(node, name, None)
                    if isinstance(value, BaseControl):
                        yield from visit(value)
                    elif isinstance(value, list):
                        for item in value:
                            yield from visit(item)

        yield from visit(self.page.views[-1])

    def ids(self) -> list[str]:
        return [c.identifier for c in self.walk() if isinstance(c, ft.Semantics) and c.identifier]

    def find(self, identifier: str, kind: type[C] | None = None) -> Any:
        """The control wrapped by `Semantics(identifier=...)` on the top view."""
        for control in self.walk():
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                content = control.content
                if kind is not None and not isinstance(content, kind):
                    raise AssertionError(
                        f"{identifier!r} wraps a {type(content).__name__}, not {kind.__name__}"
                    )
                return content
        raise AssertionError(f"no control tagged {identifier!r}; have: {sorted(self.ids())}")

    def has(self, identifier: str) -> bool:
        return identifier in self.ids()

    def texts(self) -> str:
        """All visible text on the top view, one string (for `in` assertions)."""
        parts: list[str] = []
        for control in self.walk():
            if not control.visible:
                continue
            if isinstance(control, ft.Text) and control.value:
                parts.append(str(control.value))
            elif isinstance(control, ft.TextField) and control.value:
                parts.append(control.value)
            elif isinstance(control, ft.AppBar) and isinstance(control.title, str):
                parts.append(control.title)
        return "\n".join(parts)

    # --- acting ---------------------------------------------------------------------

    def _dispatch(self, control: BaseControl, event: str, data: Any = None) -> None:
        self.run(self.session.dispatch_event(control._i, event, data))
        self.assert_not_crashed()

    def assert_not_crashed(self) -> None:
        """A handler that raised shows "Error running app" in the browser: fail loudly."""
        for message in self.conn.messages:
            if message.action == MessageAction.SESSION_CRASHED:
                raise AssertionError(f"the session crashed:\n{message.body.message}")

    def tap(self, identifier: str) -> None:
        target = self.find(identifier)
        if isinstance(target, ft.Semantics):
            target = target.content
        self._dispatch(target, "click")

    def type(self, identifier: str, text: str) -> None:
        field = self.find(identifier, ft.TextField)
        # What the client does: set the value, then report the change.
        self.session.apply_patch(field._i, {"value": text})
        self._dispatch(field, "change", text)

    def toggle(self, identifier: str, value: bool) -> None:
        control = self.find(identifier)
        self.session.apply_patch(control._i, {"value": value})
        self._dispatch(control, "change", str(value).lower())

    def select(self, identifier: str, value: str) -> None:
        control = self.find(identifier, ft.SegmentedButton)
        self.session.apply_patch(control._i, {"selected": [value]})
        self._dispatch(control, "change", [value])
