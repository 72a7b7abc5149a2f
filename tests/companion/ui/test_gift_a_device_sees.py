"""A Room placed in another player's dungeon (Surprise Gift) on the table under live
sync: like one's own face-down Room (R-BUILD-ONE), it is named only on the device that
placed it; the receiver's phone and the others see that a card lies there, and whose."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.commands import CastSpell
from rules.models import Room
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.test_what_a_device_sees import ADA, BRANN, HOST, SECRET, Server, open_table


@pytest.fixture
def server(tmp_path: Path) -> Server:
    made = Server(tmp_path / "data")  # the folder the table_app fixture's store uses
    # Brann, from his phone, places the Secret Lair over Ada's Room 1.
    gift = Room(name=SECRET, treasure=("mage",), damage=3)
    made.play(CastSpell(player="Brann", card_id="TNL070", target="Ada", room=0, build=gift))
    return made


def test_the_giver_sees_the_name_of_the_room_placed_in_the_other_dungeon(
    table_app: AppFactory, server: Server
) -> None:
    ui = open_table(server, table_app, BRANN)
    assert ui.has("p1-gift-1") and SECRET in ui.texts()


@pytest.mark.parametrize("viewer", [HOST, ADA], ids=["host", "receiver"])
def test_the_receiver_and_the_host_see_only_that_a_gift_lies_face_down(
    table_app: AppFactory, server: Server, viewer: int
) -> None:
    ui = open_table(server, table_app, viewer)
    assert ui.has("p1-gift-1") and "gift from Brann" in ui.texts()
    assert SECRET not in ui.texts()
