"""The network address a tab really connects from, as the server's socket saw it.

Flet copies the websocket's peer address into ``page.client_ip`` when a session starts,
but ``client_ip`` is an ordinary page property: the browser may overwrite it with a
props message at any time, before the app first reads it. A device that claimed
127.0.0.1 that way counted as the server's own computer (and took over games with no
host), and one that claimed a new address for each try escaped the join-code throttle.

So the address is read once, in Flet's ``before_main`` hook: it runs right after the
server set ``client_ip`` from the socket and before the server reads another message
from that browser. It is kept here, on the server, keyed by the tab's session; the app
asks ``peer_of`` and never reads ``page.client_ip`` itself.
"""

from __future__ import annotations

import weakref
from typing import Any

import flet as ft

#: Session -> peer address. Weak keys: a closed tab's entry goes with its session.
_PEERS: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def note_peer(page: ft.Page) -> None:
    """Flet's ``before_main`` hook: remember the address the server gave this tab."""
    _PEERS[page.session] = page.client_ip or ""


def peer_of(page: ft.Page) -> str | None:
    """The address this tab connects from, or None when the server recorded none (the
    app started without ``note_peer``, e.g. by ``flet run``): such a tab is never taken
    for the server's own computer."""
    try:
        session = page.session
    except (AttributeError, RuntimeError):  # a page with no session (a test page)
        return None
    return _PEERS.get(session) or None
