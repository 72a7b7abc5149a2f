"""Which devices are connected to which game right now (one server process, in memory).

A tab is *here* while its browser is connected and it shows a game; a phone that sleeps
drops out and comes back on reconnect. A seat held by a device that is not here can be
taken over by another device (the player swapped phones). Tabs may leave a callback to
hear when someone arrives at or leaves their game.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Here:
    game_id: str
    device: str
    on_change: Callable[[], None] | None = None


class Presence:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tabs: dict[str, Here] = {}

    def arrive(
        self, tab: str, game_id: str, device: str, on_change: Callable[[], None] | None = None
    ) -> None:
        with self._lock:
            before = self._tabs.get(tab)
            self._tabs[tab] = Here(game_id, device, on_change)
        if before is None or before.game_id != game_id:
            self._tell(game_id, but=tab)

    def leave(self, tab: str) -> None:
        with self._lock:
            gone = self._tabs.pop(tab, None)
        if gone is not None:
            self._tell(gone.game_id, but=tab)

    def _tell(self, game_id: str, but: str) -> None:
        with self._lock:
            calls = [
                h.on_change
                for t, h in self._tabs.items()
                if h.game_id == game_id and t != but and h.on_change is not None
            ]
        for call in calls:
            try:
                call()
            except Exception:  # one closed tab must not keep the others from hearing
                log.warning("a presence listener failed", exc_info=True)

    def online(self, game_id: str) -> set[str]:
        """The devices with at least one connected tab on ``game_id``."""
        with self._lock:
            return {h.device for h in self._tabs.values() if h.game_id == game_id}

    def count(self, game_id: str) -> int:
        """Connected devices on ``game_id`` (two tabs of one browser are one device)."""
        return len(self.online(game_id))
