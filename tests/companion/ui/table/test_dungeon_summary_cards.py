"""The compact dungeon row's damage total is the walk's: it counts a Boss's bonus that
depends on its owner's Wounds (Killa, TNL004: levelled up, with 3 Wounds, the last Room
+3), R-CARD-EFFECT."""

from __future__ import annotations

from companion.ui.table.dungeon_summary import dungeon_facts
from rules.models import RoomStack
from tests.companion.ui.table.conftest import room
from tests.rules.referee_fixtures import bait_state, t_player


def test_the_rows_damage_counts_killas_bonus_with_three_wounds() -> None:
    """Five Rooms of 1 damage: 5 in all, 8 once Killa's owner has 3 Wounds."""
    state = bait_state([t_player("Ann", 900), t_player("Bo", 100)])
    ann = state.player("Ann").model_copy(
        update={
            "dungeon": tuple(RoomStack(rooms=(room("fighter", 1),)) for _ in range(5)),
            "boss_card_id": "TNL004",
            "leveled_up": True,
        }
    )
    for wounds, total in ((2, 5), (3, 8)):
        a = ann.model_copy(update={"wounds_adjust": wounds})
        now = state.model_copy(update={"players": (a, state.players[1])})
        assert dungeon_facts(now, a, "p1").damage == total
