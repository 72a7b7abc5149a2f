"""A Room tile (``dungeon.RoomTile``, an ``ft.memo`` component) is drawn from its props
alone: they are the values it shows, not a summary kept by hand of what it reads from
the screen (issue 31)."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from companion.session import Sessions
from companion.ui.table import dungeon
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.table.conftest import SETUP
from tests.companion.ui.table.test_expansion_panels import MINIS, _promoted_next_turn


def test_a_room_tile_is_given_the_values_it_shows(
    table_app: AppFactory, sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's Spike (Level 1) on her first Room, in the Build phase: Promote is offered
    (R-MINI). The tile's props, besides its two handlers (a button's command sent,
    Destroy/Deactivate), are frozen values Flet's memo compares, and they hold the offers
    the tile shows: Promote there, then gone once the Rooms are revealed."""
    session = sessions.new_game(SETUP.model_copy(update={"ruleset": MINIS}))
    for command in _promoted_next_turn(0):
        session.play(command)
    given: dict[str, tuple[Any, ...]] = {}
    original = dungeon.RoomTile

    def recording(*args: Any, **kwargs: Any) -> Any:
        given[kwargs["key"]] = args
        return original(*args, **kwargs)

    monkeypatch.setattr(dungeon, "RoomTile", recording)
    harness, _app = table_app(route=f"/game/{session.game_id}")
    props = given["p1-room-1"]
    handlers = [p for p in props if callable(p)]
    assert len(handlers) == 2 and all(inspect.ismethod(h) for h in handlers)
    hash(tuple(p for p in props if not callable(p)))  # frozen all through
    name, _prefix, index, stack, _facts, extras, ability, _lang, _play, _act = props
    assert (name, index, stack.miniboss.card.name) == ("Ann", 0, "Spike")
    assert extras.promote and not stack.miniboss.face_down and ability.choices == ()
    assert harness.has("p1-room-1-mini-promote")

    harness.tap("reveal-rooms")  # the Bait: no more promoting
    assert not given["p1-room-1"][5].promote
    assert not harness.has("p1-room-1-mini-promote")
