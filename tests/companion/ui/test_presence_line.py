"""The line counting the devices at a game follows them as they come and go: it is drawn
from the count, not changed in place (Flet freezes what a component draws)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import companion.app as app_module
from companion.ui.routes import route_game_id
from tests.companion.ui.flet_harness import Harness, unsent
from tests.companion.ui.table.conftest import walk
from tests.companion.ui.test_memo_parts import two_tabs_at_build


def devices_line(tab: Harness) -> str:
    words = [getattr(c, "value", None) for c in walk(tab.find("sync-role"))]
    return " ".join(w for w in words if isinstance(w, str))


def test_a_phone_arriving_and_leaving_is_counted_on_the_open_tabs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hubs: list[Any] = []
    real = app_module.SyncHub

    def keep(*args: Any, **kwargs: Any) -> Any:
        hubs.append(real(*args, **kwargs))
        return hubs[-1]

    monkeypatch.setattr(app_module, "SyncHub", keep)
    tabs = two_tabs_at_build(tmp_path, monkeypatch)  # two tabs of the host's browser
    first = tabs[0]
    game_id = route_game_id(first.page.route)
    assert game_id is not None
    presence = hubs[0].presence
    try:
        assert "connected:\u00a01" in devices_line(first)  # one device, two tabs
        presence.arrive("phone-tab", game_id, "phone-device-000000")
        for tab in tabs:
            tab.settle()
            assert "connected:\u00a02" in devices_line(tab)
            assert unsent(tab.page.views[-1]) == []
        presence.leave("phone-tab")
        first.settle()
        assert "connected:\u00a01" in devices_line(first)
        # The tab still acts on the controls it shows.
        first.tap("p1-bonus-toggle")
        assert first.has("p1-bonus-cleric-plus")
    finally:
        for tab in tabs:
            tab.close()
