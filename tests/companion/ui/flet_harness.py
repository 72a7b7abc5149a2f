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
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

import flet as ft
import msgpack
from flet.components.component import Component
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.object_patch import get_control_key
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


class InlineExecutor(ThreadPoolExecutor):
    """Runs what the loop hands to a worker thread (a game's save, ``TableSession.submit``)
    at once, in the caller: a tap is answered within the rounds ``Harness.settle`` runs,
    as it would be on a server within a few milliseconds. (asyncio takes only a
    ``ThreadPoolExecutor`` as the loop's default.) ``test_saves_off_the_loop`` runs the
    real thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to the awaiting task, as a thread would
            future.set_exception(error)
        return future


class ClientMirror:
    """The page as the browser's Flet client holds it, kept by applying each message as
    the client does (``Control.applyPatch`` in Flet's Dart client): a patch the client
    could not apply (a path to no list, a control it never got) is kept in ``errors``, as
    the browser would throw it as a page error and stop drawing that part."""

    def __init__(self) -> None:
        self.controls: dict[int, dict[Any, Any]] = {}
        self.errors: list[str] = []
        #: The path of the last patch target looked for (said in an error).
        self.path: list[Any] = []

    def receive(self, action: int, body: Any) -> None:
        try:
            if action == MessageAction.REGISTER_CLIENT.value:
                self._register(body["page_patch"])
            elif action == MessageAction.PATCH_CONTROL.value:
                self._patch(body["id"], body["patch"])
        except Exception as error:
            where = ""
            if action == MessageAction.PATCH_CONTROL.value:
                root = self.controls.get(body["id"], {})
                where = f" (in {root.get('_c')}#{body['id']})"
            self.errors.append(f"{type(error).__name__}: {error}{where}")

    def _register(self, value: Any) -> None:
        if isinstance(value, dict):
            if "_c" in value and "_i" in value:
                self.controls[value["_i"]] = value
            for item in value.values():
                self._register(item)
        elif isinstance(value, list):
            for item in value:
                self._register(item)

    def _patch(self, control_id: int, patch: list[Any]) -> None:
        root = self.controls.get(control_id)
        if root is None:
            raise LookupError(f"a patch for control {control_id}, never sent")
        paths: dict[int, list[Any]] = {}

        def index(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            if len(node) > 1 and isinstance(node[1], dict):
                for key, child in node[1].items():
                    index(child, [*path, key])

        index(patch[0], [])

        def target(node: int) -> Any:
            obj: Any = root
            self.path = paths[node]
            for step in paths[node]:
                if isinstance(obj, dict):
                    obj = obj.get(step)
                elif isinstance(obj, list) and isinstance(step, int) and step < len(obj):
                    obj = obj[step]
                else:
                    obj = None
            return obj

        for op in patch[1:]:
            kind = op[0]
            if kind == 0:  # replace
                obj, key, value = target(op[1]), op[2], op[3]
                if isinstance(obj, list) and not (isinstance(key, int) and key < len(obj)):
                    raise IndexError(f"replace at {key} of a list of {len(obj)}: {op[:3]}")
                if not isinstance(obj, dict | list):
                    raise TypeError(f"replace in no list or map: {op[:3]} at {self.path}")
                obj[key] = value
                self._register(value)
            elif kind == 1:  # add
                obj, key, value = target(op[1]), op[2], op[3]
                if isinstance(obj, dict):
                    obj[key] = value
                elif isinstance(obj, list):
                    if key > len(obj):
                        raise IndexError(f"add at {key} of a list of {len(obj)}: {op[:3]}")
                    obj.insert(key, value)
                else:
                    raise TypeError(f"add in no list or map: {op[:3]} at {self.path}")
                self._register(value)
            elif kind == 2:  # remove
                obj, key = target(op[1]), op[2]
                if isinstance(obj, list) and isinstance(key, int) and key < len(obj):
                    obj.pop(key)
                elif isinstance(obj, dict):
                    obj.pop(key, None)
                else:
                    raise TypeError(f"Remove operation can be applied to lists or maps: {op}")
            elif kind == 3:  # move
                source, at, dest, to = target(op[1]), op[2], target(op[3]), op[4]
                if isinstance(source, list) and isinstance(dest, list) and at < len(source):
                    dest.insert(to, source.pop(at))
                elif isinstance(source, dict) and isinstance(dest, dict):
                    dest[to] = source.pop(at)
                else:
                    raise TypeError(f"Move operation can only be applied to lists or maps: {op}")


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
        #: Each message as it went to the client (what a test may search for words).
        self.encoded: list[bytes] = []
        self.sent_bytes = 0
        self.session: Session | None = None
        self.answers: dict[str, Any] = {}
        self.calls: list[tuple[str, Any]] = []
        #: The page as the client holds it (``ClientMirror``).
        self.client = ClientMirror()

    def send_message(self, message: Message) -> None:
        body = msgpack.packb([message.action, message.body], default=_encode)
        self.sent_bytes += len(body)
        self.messages.append(message)
        self.encoded.append(body)
        self.client.receive(*msgpack.unpackb(body, strict_map_key=False))
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


def drawn(control: Any) -> Any:
    """What a control shows: a component's drawing (a component drawing another one, that
    one's), drawn here if Flet has not drawn it yet (a page that sends nothing does not);
    any other control as it is."""
    while isinstance(control, ft.Component):
        if control._b is None:
            control.before_update()
        control = control._b
    return control


def controls_in(root: BaseControl) -> Iterator[ft.Control]:
    """Every control under ``root`` (itself included), depth first."""
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

    yield from visit(root)


def tagged_in(root: BaseControl, identifier: str, kind: type[C] | None = None) -> Any:
    """The control wrapped by `Semantics(identifier=...)` under ``root`` (a view: the top
    one is ``Harness.find``'s)."""
    ids: list[str] = []
    for control in controls_in(root):
        if isinstance(control, ft.Semantics) and control.identifier:
            if control.identifier == identifier:
                content = control.content
                if isinstance(content, Component):  # a component's control: the one it drew
                    content = next(iter(controls_in(content)), content)
                if kind is not None and not isinstance(content, kind):
                    raise AssertionError(
                        f"{identifier!r} wraps a {type(content).__name__}, not {kind.__name__}"
                    )
                return content
            ids.append(control.identifier)
    raise AssertionError(f"no control tagged {identifier!r}; have: {sorted(ids)}")


def unsent(root: BaseControl) -> list[str]:
    """Changes on screen that never reached the client, one line each: a value set since
    the last update (``_dirty``), or a list or nested value that differs from the snapshot
    Flet took when it last sent the control. Empty after every update when each changed
    part of the page was diffed (a sealed part skipped by mistake shows up here)."""
    out: list[str] = []
    for control in controls_in(root):
        name = f"{type(control).__name__}#{control._i}"
        dirty = getattr(control, "_dirty", None)
        if dirty:
            out.append(f"{name}: {sorted(dirty)} set but not sent")
        for field_name, sent in getattr(control, "__prev_lists", {}).items():
            now = getattr(control, field_name, None)
            if (
                not isinstance(now, list)
                or len(now) != len(sent)
                or any(a is not b for a, b in zip(now, sent, strict=True))
            ):
                out.append(f"{name}: list {field_name!r} changed but not sent")
        for field_name, sent in getattr(control, "__prev_classes", {}).items():
            if getattr(control, field_name, None) is not sent:
                out.append(f"{name}: {field_name!r} replaced but not sent")
    return out


def duplicate_keys(root: BaseControl) -> list[str]:
    """Keys met twice among one list's controls, one line each. Flet matches a list's
    controls to the ones on screen by key, and the browser's Flutter refuses two siblings
    of one key (an error on the page, the list no longer drawn)."""
    out: list[str] = []
    for control in controls_in(root):
        for name in getattr(type(control), "__dataclass_fields__", {}):
            if name.startswith("on_") or name in ("parent", "page", "_parent"):
                continue
            items = getattr(control, name, None)
            if not isinstance(items, list):
                continue
            keys = [get_control_key(c) for c in items if isinstance(c, BaseControl)]
            twice = sorted({str(k) for k in keys if k is not None and keys.count(k) > 1})
            if twice:
                out.append(f"{type(control).__name__}#{control._i}.{name}: {twice}")
    return out


class Harness:
    """One session with a page of the given size; drive it with `tap` and `type`."""

    def __init__(
        self, width: int = 390, height: int = 844, route: str = "/", check_sent: bool = True
    ) -> None:
        #: After each tap, fail if something on screen changed and was not sent (a
        #: benchmark turns it off: it walks the whole page).
        self.check_sent = check_sent
        #: After each tap, fail if the browser could not have applied a message sent
        #: (``ClientMirror``).
        self.check_client = True
        self.loop = asyncio.new_event_loop()
        self.loop.set_default_executor(InlineExecutor(max_workers=1))
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

    def until(self, done: Callable[[], object], timeout: float = 10.0) -> None:
        """Turn the loop until ``done()`` is true: a worker thread (a save, a join record)
        answers meanwhile. ``timeout`` bounds a hang; it is not a speed."""
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, "the tap was never answered"
            self.run(asyncio.sleep(0.001))

    def close(self) -> None:
        self.settle()
        for task in asyncio.all_tasks(self.loop):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.close()

    # --- finding controls ---------------------------------------------------------

    def walk(self) -> Iterator[ft.Control]:
        """Every control on the top view, depth first."""
        return controls_in(self.page.views[-1])

    def ids(self) -> list[str]:
        return [c.identifier for c in self.walk() if isinstance(c, ft.Semantics) and c.identifier]

    def find(self, identifier: str, kind: type[C] | None = None) -> Any:
        """The control wrapped by `Semantics(identifier=...)` on the top view."""
        return tagged_in(self.page.views[-1], identifier, kind)

    def has(self, identifier: str) -> bool:
        return identifier in self.ids()

    def texts(self) -> str:
        """All visible text on the top view, one string (for `in` assertions)."""
        parts: list[str] = []
        for control in self.walk():
            if not control.visible:
                continue
            if isinstance(control, ft.Text) and (control.value or control.spans):
                # A text's spans carry words too (a Bait result's why, after its heading).
                spans = "".join(s.text or "" for s in control.spans or [])
                parts.append(str(control.value or "") + spans)
            elif isinstance(control, ft.TextField) and control.value:
                parts.append(control.value)
            elif isinstance(control, ft.AppBar) and isinstance(control.title, str):
                parts.append(control.title)
        return "\n".join(parts)

    # --- acting ---------------------------------------------------------------------

    def _dispatch(self, control: BaseControl, event: str, data: Any = None) -> None:
        self.run(self.session.dispatch_event(control._i, event, data))
        self.assert_not_crashed()
        if self.check_sent and self.page.views:
            left = unsent(self.page.views[-1])
            assert not left, f"after {event} on {control}, not sent: {left[:5]}"
            twice = duplicate_keys(self.page.views[-1])
            assert not twice, f"after {event} on {control}, keys twice in a list: {twice[:5]}"

    def assert_not_crashed(self) -> None:
        """A handler that raised shows "Error running app" in the browser: fail loudly."""
        for message in self.conn.messages:
            if message.action == MessageAction.SESSION_CRASHED:
                raise AssertionError(f"the session crashed:\n{message.body.message}")
        errors = self.conn.client.errors
        if self.check_client:
            assert not errors, f"the browser could not apply what was sent: {errors[:3]}"

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
        if not isinstance(control, ft.Switch):  # a switch on its row (widgets.switch_row)
            control = next(c for c in controls_in(control) if isinstance(c, ft.Switch))
        self.session.apply_patch(control._i, {"value": value})
        self._dispatch(control, "change", str(value).lower())

    def check(self, identifier: str, value: bool) -> None:
        """Tick or untick the checkbox inside the tagged control (it may sit in a box)."""
        control = self.find(identifier)
        while not isinstance(control, ft.Checkbox):
            control = control.content
        self.session.apply_patch(control._i, {"value": value})
        self._dispatch(control, "change", str(value).lower())

    def select(self, identifier: str, value: str) -> None:
        control = self.find(identifier, ft.SegmentedButton)
        self.session.apply_patch(control._i, {"selected": [value]})
        self._dispatch(control, "change", [value])


# --- a browser on the other end of Flet's real websocket handler ------------------------


class _Peer:
    def __init__(self, host: str) -> None:
        self.host = host
        self.port = 50000


class BrowserSocket:
    """A browser tab talking to Flet's own websocket handler (``flet_web``'s ``FletApp``)
    through a fake socket: the real handshake, session, props messages and method calls,
    from a chosen network address.

    ``connect`` registers like the Flutter client (sending ``page`` props with it), then
    ``first`` (page props sent before anything else, as a hostile client can) and
    ``queued`` (messages the client held while reconnecting: the Flutter client sends its
    queue right after the handshake) go out at once. Client method calls are answered
    with ``answers[name]`` (a value, or a function of the call's args; default None),
    each ``late(name, args)`` seconds later if set (a slow, loaded browser).
    """

    def __init__(self, peer: str, user_agent: str = "harness") -> None:
        from starlette.datastructures import URL

        self.client = _Peer(peer)
        self.headers = {"user-agent": user_agent}
        self.cookies: dict[str, str] = {}
        self.url = URL("ws://127.0.0.1:8550/ws")
        self.answers: dict[str, Any] = {}
        self.received: list[tuple[MessageAction, Any]] = []
        self.page_id: int | None = None
        self.session_id: str | None = None
        #: Props for the page, sent the moment the server answered the handshake.
        self.first: dict[str, Any] = {}
        self.queued: list[tuple[MessageAction, dict[str, Any]]] = []
        self.late: Callable[[str, Any], float] | None = None
        self._incoming: asyncio.Queue[bytes | None] = asyncio.Queue()

    # --- what FletApp calls -----------------------------------------------------------

    async def accept(self) -> None:
        return None

    async def receive_bytes(self) -> bytes:
        from fastapi import WebSocketDisconnect

        data = await self._incoming.get()
        if data is None:
            raise WebSocketDisconnect()
        return data

    async def send_bytes(self, data: bytes) -> None:
        from flet.messaging.protocol import decode_ext_from_msgpack

        action, body = msgpack.unpackb(
            data[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False
        )
        action = MessageAction(action)
        self.received.append((action, body))
        if action == MessageAction.REGISTER_CLIENT:
            self.session_id = body["session_id"]
            self.page_id = body["page_patch"]["_i"]
            if self.first:
                self.send(
                    MessageAction.UPDATE_CONTROL_PROPS, {"id": self.page_id, "props": self.first}
                )
            for queued_action, queued_body in self.queued:
                self.send(queued_action, queued_body)
        elif action == MessageAction.INVOKE_METHOD:
            answer = self.answers.get(body["name"])
            reply = {
                "control_id": body["control_id"],
                "call_id": body["call_id"],
                "result": answer(body.get("args")) if callable(answer) else answer,
                "error": None,
            }
            delay = self.late(body["name"], body.get("args")) if self.late is not None else 0.0
            if delay > 0:
                asyncio.get_running_loop().call_later(
                    delay, self.send, MessageAction.INVOKE_METHOD, reply
                )
            else:
                self.send(MessageAction.INVOKE_METHOD, reply)

    # --- what the test does -----------------------------------------------------------

    def send(self, action: MessageAction, body: dict[str, Any]) -> None:
        self._incoming.put_nowait(b"\x00" + msgpack.packb([action.value, body]))

    def connect(self, route: str, page_props: dict[str, Any] | None = None) -> None:
        page = {"route": route, "width": 390, "height": 844, "web": True, **(page_props or {})}
        self.send(
            MessageAction.REGISTER_CLIENT,
            {"session_id": self.session_id or "", "page_name": "", "page": page},
        )

    def close(self) -> None:
        self._incoming.put_nowait(None)

    def event(self, control: BaseControl, name: str, data: Any = None) -> None:
        self.send(MessageAction.CONTROL_EVENT, {"target": control._i, "name": name, "data": data})

    def props(self, control: BaseControl, props: dict[str, Any]) -> None:
        self.send(MessageAction.UPDATE_CONTROL_PROPS, {"id": control._i, "props": props})

    def crashed(self) -> list[str]:
        return [
            str(body.get("message", body))
            for action, body in self.received
            if action == MessageAction.SESSION_CRASHED
        ]


def serve_socket(main: Any, before_main: Any, socket: BrowserSocket) -> asyncio.Task[None]:
    """Run Flet's websocket handler for one connection (on the running loop)."""
    from flet_web.fastapi import FletApp
    from flet_web.fastapi.flet_app_manager import app_manager

    app = FletApp(
        loop=asyncio.get_running_loop(),
        executor=app_manager.executor,
        main=main,
        before_main=before_main,
    )
    return asyncio.get_running_loop().create_task(app.handle(socket))  # type: ignore[arg-type]


def tagged_control(page: ft.Page, identifier: str) -> Any:
    """The control wrapped by ``Semantics(identifier=...)`` on the page's top view."""
    for control in controls_in(page.views[-1]) if page.views else ():
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            return control.content
    raise AssertionError(f"no control tagged {identifier!r} on the page")
