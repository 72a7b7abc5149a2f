"""The base of every event: a frozen fact with the ruling that explains it.

A module of its own so that events kept apart from ``rules.events`` (``rules.room_events``)
share it, while ``rules.events`` names them all in its ``Event`` union.
"""

from __future__ import annotations

from rules.models import Frozen
from rules.rulings import Ruling


class EventBase(Frozen):
    ruling: Ruling
