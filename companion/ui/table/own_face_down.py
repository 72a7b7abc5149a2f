"""A Room placed face down, as the device that placed it sees it: its name, so a seated
player can check what they put down before the reveal. Every other device sees only that
a Room lies there (``sees_face_down``: the owner's seat, or a host or table device for a
player without a phone of their own, R-BUILD-ONE).
"""

from __future__ import annotations

from companion.ui.sync_link import sees_face_down
from companion.ui.table.context import TableContext
from companion.ui.table.rulings import card_label
from rules.models import PendingBuild, PlayerState


def own_face_down_name(ctx: TableContext, player: PlayerState) -> str | None:
    """The face-down Room's name on a device that may see it; None elsewhere."""
    pending = player.pending
    if pending is None or not sees_face_down(ctx.app, player.name):
        return None
    return card_label(ctx.app.tr, pending.room.label())


def gift_name(ctx: TableContext, gift: PendingBuild) -> str | None:
    """A Room placed in another's dungeon (Surprise Gift), named on a device that may see
    what its giver placed face down; None elsewhere."""
    if gift.by is None or not sees_face_down(ctx.app, gift.by):
        return None
    return card_label(ctx.app.tr, gift.room.label())
